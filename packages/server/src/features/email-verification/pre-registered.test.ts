/**
 * Pre-account hijacking through the verification mail, on every database. A stranger signs up
 * with the owner's address and a password of their own; anyone can have the verification mail
 * sent. The owner who followed it verified the stranger's account, and the stranger kept the
 * password and sessions of an account now verified as the owner's (they could then turn two-factor
 * on, so that the owner's later reset asked for the stranger's app, and see the invitations
 * addressed to the owner). Now a browser that did not ask for the link is asked first, on the web
 * app's /confirm-email page: "not mine" claims the address as a reset link would; "mine" (the
 * honest person who signed up on a laptop and reads mail on a phone) verifies, signed out there.
 */
import { expect, it } from 'vitest';
import { toDate } from '../../core/db/values.ts';
import { openedFromMail, sentByAnotherSite } from '../../test/browser-requests.ts';
import { BASE_URL, describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';
import { lastLink } from '../../test/mail-links.ts';
import { mailCount, snapshot, tokenOf } from '../../test/mailbox-proof.ts';

await describeOnDatabases(
  'a verification link of an account someone else may have set up',
  { emailVerification: { sendOnSignUp: true } },
  (t) => {
    const linkOf = (email: string) => lastLink(t.app, email, 'verify-email', '/verify-email');
    const userRow = (id: string) =>
      t.db.handle.db.selectFrom('user').select(['emailVerified']).where('id', '=', id).executeTakeFirstOrThrow();
    const sessionOf = async (browser: ReturnType<typeof t.app.client>) =>
      (await browser.get('/get-session')).json?.user?.id ?? null;

    it("the owner who did not set the account up says so: the stranger's password and sessions go", async () => {
      const stranger = await signUpUser(t.app, { callbackURL: '/in' });
      expect(await sessionOf(stranger.client)).toBe(stranger.userId);
      const link = linkOf(stranger.email);
      const owner = t.app.client();
      const before = await snapshot(t.db);

      const opened = await owner.get(link, openedFromMail);
      const page = new URL(opened.location ?? '');
      expect(`${page.origin}${page.pathname}`).toBe(`${BASE_URL}/confirm-email`);
      const described = await owner.post('/verify-email/describe', { token: tokenOf(link) });
      const created = await t.db.handle.db
        .selectFrom('user')
        .select('createdAt')
        .where('id', '=', stranger.userId)
        .executeTakeFirstOrThrow();
      // when it was set up, so that the owner can tell whether it was them
      expect([described.status, described.json]).toEqual([
        200,
        { email: stranger.email, createdAt: toDate(created.createdAt).toISOString() },
      ]);
      // opening the page, and reading it, changes nothing (a mail scanner opens links too)
      expect(await snapshot(t.db)).toBe(before);

      const answer = await owner.post('/verify-email/confirm', { token: tokenOf(link), mine: false });
      expect([answer.status, answer.json]).toEqual([200, { redirect: null }]);
      expect(Boolean((await userRow(stranger.userId)).emailVerified)).toBe(true);
      expect(await sessionOf(stranger.client)).toBeNull();
      const again = await t.app.client().post('/sign-in/email', { email: stranger.email, password: PASSWORD });
      expect([again.status, again.json?.code]).toEqual([401, 'INVALID_EMAIL_OR_PASSWORD']);
      expect(mailCount(t.app, stranger.email, 'security-unproven-access-removed')).toBe(1);
      expect(await sessionOf(owner)).toBeNull();

      // one answer per link
      const spent = await snapshot(t.db);
      const replay = await owner.post('/verify-email/confirm', { token: tokenOf(link), mine: true });
      expect([replay.status, replay.json?.code]).toEqual([401, 'INVALID_TOKEN']);
      expect(await snapshot(t.db)).toBe(spent);

      // the address is the owner's: a reset sets a password of their own
      await t.app.client().post('/request-password-reset', { email: stranger.email, redirectTo: '/reset' });
      const reset = new URL(lastLink(t.app, stranger.email, 'reset-password', '/reset-password/')).pathname
        .split('/')
        .at(-1);
      const chosen = await t.app
        .client()
        .post('/reset-password', { token: reset, newPassword: 'owner chose this one 42' });
      expect(chosen.status).toBe(200);
    });

    it('the person who signed up elsewhere says "mine": verified, not signed in on this device, the password works', async () => {
      const person = await signUpUser(t.app, { callbackURL: '/welcome' });
      const link = linkOf(person.email);
      const phone = t.app.client();
      expect((await phone.get(link, openedFromMail)).location).toMatch(/\/confirm-email\?/);
      const answer = await phone.post('/verify-email/confirm', {
        token: tokenOf(link),
        mine: true,
        callbackURL: '/welcome',
      });
      expect([answer.status, answer.json]).toEqual([200, { redirect: '/welcome' }]);
      expect(Boolean((await userRow(person.userId)).emailVerified)).toBe(true);
      expect(await sessionOf(phone)).toBeNull();
      // the laptop's session and password are untouched
      expect(await sessionOf(person.client)).toBe(person.userId);
      const signIn = await t.app.client().post('/sign-in/email', { email: person.email, password: PASSWORD });
      expect(signIn.status).toBe(200);
      expect(mailCount(t.app, person.email, 'security-unproven-access-removed')).toBe(0);
    });

    it('another site cannot post the answer, and nothing changes', async () => {
      const stranger = await signUpUser(t.app);
      const link = linkOf(stranger.email);
      const before = await snapshot(t.db);
      const browser = t.app.client();
      for (const mine of [true, false]) {
        const crossSite = await browser.post(
          '/verify-email/confirm',
          { token: tokenOf(link), mine },
          { origin: 'https://evil.example', ...sentByAnotherSite },
        );
        expect([crossSite.status, crossSite.json?.code]).toEqual([403, 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED']);
        const foreign = await browser.post(
          '/verify-email/confirm',
          { token: tokenOf(link), mine },
          { origin: 'https://evil.example' },
        );
        expect([foreign.status, foreign.json?.code]).toEqual([403, 'INVALID_ORIGIN']);
      }
      expect(await snapshot(t.db)).toBe(before);
    });

    it('asks nobody who asked for the link, is signed in to the account, or is an API client', async () => {
      // the browser that signed up holds the binding
      const a = await signUpUser(t.app, { callbackURL: '/a' });
      expect((await a.client.get(linkOf(a.email), openedFromMail)).location).toBe('/a');
      expect(Boolean((await userRow(a.userId)).emailVerified)).toBe(true);

      // a browser signed in to the account, without the binding
      const b = await signUpUser(t.app, { callbackURL: '/b' });
      const other = t.app.client();
      expect((await other.post('/sign-in/email', { email: b.email, password: PASSWORD })).status).toBe(200);
      expect((await other.get(linkOf(b.email), openedFromMail)).location).toBe('/b');
      expect(Boolean((await userRow(b.userId)).emailVerified)).toBe(true);

      // an API client: no page navigation (the contract's GET, and better-auth's verifyEmail)
      const c = await signUpUser(t.app, { callbackURL: '/c' });
      expect((await t.app.client().get(linkOf(c.email), { headers: { accept: '*/*' } })).location).toBe('/c');
      expect(Boolean((await userRow(c.userId)).emailVerified)).toBe(true);
    });

    it('a dead link is refused to callbackURL as before, not asked about', async () => {
      const stranger = await signUpUser(t.app, { callbackURL: '/in' });
      const link = linkOf(stranger.email);
      t.app.clock.advance(3601);
      const before = await snapshot(t.db);
      expect((await t.app.client().get(link, openedFromMail)).location).toBe('/in?error=token_expired');
      expect(await snapshot(t.db)).toBe(before);
    });
  },
);
