/**
 * Races on, and abuse of, the confirming posts of the pages that ask before a mailed link is
 * followed (POST /magic-link/confirm, POST /verify-email/confirm), on every database: a racer
 * posting one link many times at once, or against the other ways the same account moves (the
 * asking browser's GET, the stranger's own sign-in, the owner's own reset), and a malicious user
 * posting `mine: false` with links and tokens that must not claim anything. One link gives one
 * answer; a claim is whole or absent; every refusal leaves the database as it was.
 */
import { expect, it } from 'vitest';
import { isEmailVerified, openedFromMail } from '../test/browser-requests.ts';
import type { TestClient } from '../test/client.ts';
import { describeOnDatabases, PASSWORD, signUpUser, signUpVerifiedUser } from '../test/harness.ts';
import { lastLink } from '../test/mail-links.ts';
import { magicLinkOf, mailCount, snapshot, tokenOf } from '../test/mailbox-proof.ts';
import { enrolledUser } from '../test/two-factor.ts';

const fresh = () => `lcr-${Math.random().toString(36).slice(2, 10)}@example.test`;
const RACERS = 50;

await describeOnDatabases(
  'racing and abusing the confirming posts of mailed links',
  { emailVerification: { sendOnSignUp: true }, plugins: { magicLink: {} } },
  (t) => {
    const verifyTokenOf = (email: string) => tokenOf(lastLink(t.app, email, 'verify-email', '/verify-email'));
    const sessionsOf = async (userId: string) =>
      (await t.db.handle.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).length;
    const credentialsOf = async (userId: string) =>
      (
        await t.db.handle.db
          .selectFrom('account')
          .select('id')
          .where('userId', '=', userId)
          .where('providerId', '=', 'credential')
          .execute()
      ).length;
    const verifiedOf = (userId: string) => isEmailVerified(t.db, userId);
    const sessionOf = async (browser: TestClient) => (await browser.get('/get-session')).json?.user?.id ?? null;

    it(`${RACERS} confirming clicks on one magic link: one 200, one session`, async () => {
      const owner = await signUpVerifiedUser(t.app);
      await t.app.client().post('/sign-in/magic-link', { email: owner.email });
      const token = tokenOf(magicLinkOf(t.app, owner.email));
      const sessionsBefore = await sessionsOf(owner.userId);
      const browsers = Array.from({ length: RACERS }, () => t.app.client());
      const answers = await Promise.all(
        browsers.map((b) => b.post('/magic-link/confirm', { token, callbackURL: '/in' })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.json?.code))).toEqual(
        new Set(['INVALID_TOKEN']),
      );
      expect(await sessionsOf(owner.userId)).toBe(sessionsBefore + 1);
    });

    it('the confirming click races the GET of the browser that asked: one of them signs in', async () => {
      const email = fresh();
      const asker = t.app.client();
      await asker.post('/sign-in/magic-link', { email, name: 'New' });
      const link = magicLinkOf(t.app, email);
      const others = Array.from({ length: 10 }, () => t.app.client());
      const [own, ...clicks] = await Promise.all([
        asker.get(link, openedFromMail),
        ...others.map((b) => b.post('/magic-link/confirm', { token: tokenOf(link) })),
      ]);
      const users = await t.db.handle.db.selectFrom('user').select('id').where('email', '=', email).execute();
      expect(users).toHaveLength(1);
      const signedIn = [own?.location === '/' ? 1 : 0, ...clicks.map((c) => (c.status === 200 ? 1 : 0))];
      expect(signedIn.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await sessionsOf(users[0]?.id ?? '')).toBe(1);
    });

    it(`${RACERS} answers "mine" and "not mine" at once on one verification link: a whole claim, one mail`, async () => {
      const stranger = await signUpUser(t.app);
      const token = verifyTokenOf(stranger.email);
      const browsers = Array.from({ length: RACERS }, () => t.app.client());
      const answers = await Promise.all(
        browsers.map((b, i) => b.post('/verify-email/confirm', { token, mine: i % 2 === 0 })),
      );
      expect(answers.every((a) => a.status === 200 || a.json?.code === 'INVALID_TOKEN')).toBe(true);
      const claims = answers.filter((a, i) => a.status === 200 && i % 2 === 1);
      expect(claims.length).toBeLessThanOrEqual(1);
      expect(await verifiedOf(stranger.userId)).toBe(true);
      const mails = mailCount(t.app, stranger.email, 'security-unproven-access-removed');
      expect(mails).toBeLessThanOrEqual(1);
      const [credentials, sessions] = [await credentialsOf(stranger.userId), await sessionsOf(stranger.userId)];
      // never half: claimed (no password, no session, one mail) or not (both kept, no mail)
      expect([credentials, sessions, mails]).toEqual(mails === 1 ? [0, 0, 1] : [1, 1, 0]);
    });

    it('"not mine" racing the stranger\'s own sign-ins: the claim leaves the stranger no session', async () => {
      const stranger = await signUpUser(t.app);
      const token = verifyTokenOf(stranger.email);
      const signIns = Array.from({ length: 8 }, () => t.app.client());
      const owner = t.app.client();
      const [claim] = await Promise.all([
        owner.post('/verify-email/confirm', { token, mine: false }),
        ...signIns.map((b) => b.post('/sign-in/email', { email: stranger.email, password: PASSWORD })),
      ]);
      expect(claim?.status).toBe(200);
      expect(await credentialsOf(stranger.userId)).toBe(0);
      // a password checked before the claim committed must not open a session after it
      expect(await sessionsOf(stranger.userId)).toBe(0);
      for (const b of [stranger.client, ...signIns]) expect(await sessionOf(b)).toBeNull();
    });

    it('"not mine" racing the owner\'s own reset: the password the owner chose stays, one mail', async () => {
      const stranger = await signUpUser(t.app);
      const token = verifyTokenOf(stranger.email);
      await t.app.client().post('/request-password-reset', { email: stranger.email, redirectTo: '/reset' });
      const reset = /\/reset-password\/([A-Za-z0-9]+)/.exec(
        lastLink(t.app, stranger.email, 'reset-password', '/reset-password/'),
      )?.[1];
      const chosen = 'owner chose this one 42';
      const [claim, resetAnswer] = await Promise.all([
        t.app.client().post('/verify-email/confirm', { token, mine: false }),
        t.app.client().post('/reset-password', { token: reset, newPassword: chosen }),
      ]);
      expect(claim?.status).toBe(200);
      expect(mailCount(t.app, stranger.email, 'security-unproven-access-removed')).toBe(1);
      expect(await sessionsOf(stranger.userId)).toBe(0);
      const signIn = await t.app.client().post('/sign-in/email', { email: stranger.email, password: chosen });
      // the claim came first (its reset link spent) or the reset did (the claim then finds it proven)
      if (resetAnswer?.status === 200) expect(signIn.status).toBe(200);
      else expect([resetAnswer?.json?.code, signIn.status]).toEqual(['INVALID_TOKEN', 401]);
    });

    it('"not mine" on a link of an account verified meanwhile: refused, nothing spent', async () => {
      const person = await signUpUser(t.app);
      const token = verifyTokenOf(person.email);
      // the person verified in their own session (the link stays, marked used)
      expect((await person.client.get(lastLink(t.app, person.email, 'verify-email', '/verify-email'))).status).toBe(
        302,
      );
      expect(await verifiedOf(person.userId)).toBe(true);
      const before = await snapshot(t.db);
      const answer = await t.app.client().post('/verify-email/confirm', { token, mine: false });
      expect(answer.json?.code).toBe('INVALID_TOKEN');
      expect(await snapshot(t.db)).toBe(before);
    });

    it('"not mine" and describe with tokens of other purposes: refused, nothing changes', async () => {
      const stranger = await signUpUser(t.app);
      const verifyToken = verifyTokenOf(stranger.email);
      await t.app.client().post('/sign-in/magic-link', { email: stranger.email });
      const magic = tokenOf(magicLinkOf(t.app, stranger.email));
      await t.app.client().post('/request-password-reset', { email: stranger.email, redirectTo: '/reset' });
      const reset = /\/reset-password\/([A-Za-z0-9]+)/.exec(
        lastLink(t.app, stranger.email, 'reset-password', '/reset-password/'),
      )?.[1];
      const before = await snapshot(t.db);
      for (const token of [magic, reset, `${verifyToken}x`, '']) {
        for (const mine of [false, true]) {
          const answer = await t.app.client().post('/verify-email/confirm', { token, mine });
          expect(answer.json?.code).toBe('INVALID_TOKEN');
          const described = await t.app.client().post('/verify-email/describe', { token });
          expect(described.json?.code).toBe('INVALID_TOKEN');
        }
      }
      // the verification link is no magic link either
      const asMagic = await t.app.client().post('/magic-link/confirm', { token: verifyToken });
      expect(asMagic.json?.code).toBe('INVALID_TOKEN');
      expect((await t.app.client().post('/magic-link/describe', { token: verifyToken })).json?.code).toBe(
        'INVALID_TOKEN',
      );
      expect(await snapshot(t.db)).toBe(before);
    });

    it('"not mine" from a browser signed in as another account, or on an account with a second factor: refused, nothing changes', async () => {
      const stranger = await signUpUser(t.app);
      const token = verifyTokenOf(stranger.email);
      const other = await signUpVerifiedUser(t.app);
      const before = await snapshot(t.db);
      for (const mine of [false, true]) {
        const answer = await other.client.post('/verify-email/confirm', { token, mine });
        expect([answer.status, answer.json?.code]).toEqual([401, 'UNAUTHORIZED']);
      }
      expect((await other.client.post('/verify-email/describe', { token })).json?.code).toBe('UNAUTHORIZED');
      expect(await snapshot(t.db)).toBe(before);

      const enrolled = await enrolledUser(t.app);
      const enrolledToken = verifyTokenOf(enrolled.email);
      const beforeMine = await snapshot(t.db);
      const mine = await t.app.client().post('/verify-email/confirm', { token: enrolledToken, mine: true });
      expect([mine.status, mine.json?.code]).toEqual([401, 'UNAUTHORIZED']);
      expect(await snapshot(t.db)).toBe(beforeMine);
    });

    it("describe answers only the link holder's own address, and a dead link as the GET would", async () => {
      const stranger = await signUpUser(t.app);
      const token = verifyTokenOf(stranger.email);
      const described = await t.app.client().post('/verify-email/describe', { token });
      expect(described.status).toBe(200);
      expect(described.json.email).toBe(stranger.email);
      t.app.clock.advance(3601);
      const before = await snapshot(t.db);
      const expired = await t.app.client().post('/verify-email/describe', { token });
      expect(expired.json?.code).toBe('TOKEN_EXPIRED');
      const claim = await t.app.client().post('/verify-email/confirm', { token, mine: false });
      expect(claim.json?.code).toBe('TOKEN_EXPIRED');
      expect(await snapshot(t.db)).toBe(before);
    });
  },
);
