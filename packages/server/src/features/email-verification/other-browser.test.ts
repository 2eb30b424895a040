/**
 * A verification link opened in a browser that did not ask for it, with
 * autoSignInAfterVerification on, on every database. A link is a GET: a hostile page could send
 * a signed-out browser to the attacker's own live verification link (the attacker signed up
 * with their own address), which signed that browser in as the attacker (login CSRF: what the
 * person did next went into the attacker's account). Every request that mails the link now
 * gives the asking browser a `link_binding` cookie whose hash the link keeps; a page
 * navigation without it verifies the address (the contract: a GET verifies in any browser)
 * but signs nobody in. An API client (no page navigation) is signed in as before.
 */
import { expect, it } from 'vitest';
import { hashToken } from '../../core/crypto/hash.ts';
import { isEmailVerified, openedFromMail, sentByAnotherSite } from '../../test/browser-requests.ts';
import type { TestClient } from '../../test/client.ts';
import { BASE_URL, describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';
import { lastLink } from '../../test/mail-links.ts';
import { snapshot, tokenOf } from '../../test/mailbox-proof.ts';

const fresh = () => `evb-${Math.random().toString(36).slice(2, 10)}@example.test`;
/** An API client or a script's fetch: no fetch metadata of a navigation, no HTML asked for. */
const apiClient = { headers: { accept: '*/*' } };

await describeOnDatabases(
  'verification link in a browser that did not ask for it',
  {
    emailAndPassword: { requireEmailVerification: true },
    emailVerification: { sendOnSignIn: true, autoSignInAfterVerification: true },
  },
  (t) => {
    const linkOf = (email: string) => lastLink(t.app, email, 'verify-email', '/verify-email');
    const sessionOf = async (browser: TestClient) => (await browser.get('/get-session')).json?.user?.id ?? null;
    const verified = (userId: string) => isEmailVerified(t.db, userId);
    const sessionsOf = async (userId: string) =>
      (await t.db.handle.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).length;

    it("asks a signed-out browser sent to the attacker's link, and its answer signs nobody in", async () => {
      const attacker = await signUpUser(t.app, { callbackURL: '/dashboard' });
      expect(attacker.client.cookie('link_binding')?.value).toMatch(/^[A-Za-z0-9]{32}$/);
      const link = linkOf(attacker.email);
      const victim = t.app.client();
      const before = await snapshot(t.db);

      const res = await victim.get(link, sentByAnotherSite);
      expect(res.status).toBe(302);
      const page = new URL(res.location ?? '');
      expect(`${page.origin}${page.pathname}`).toBe(`${BASE_URL}/confirm-email`);
      expect([page.searchParams.get('token'), page.searchParams.get('callbackURL')]).toEqual([
        tokenOf(link),
        '/dashboard',
      ]);
      expect(res.setCookies.filter((c) => c.includes('.session_token='))).toEqual([]);
      expect(await sessionOf(victim)).toBeNull();
      expect(await snapshot(t.db)).toBe(before);

      // even a person talked into answering "mine" is not signed in as the attacker
      const answer = await victim.post('/verify-email/confirm', {
        token: tokenOf(link),
        mine: true,
        callbackURL: '/dashboard',
      });
      expect([answer.status, answer.json]).toEqual([200, { redirect: '/dashboard' }]);
      expect(await verified(attacker.userId)).toBe(true);
      expect(victim.cookie('session_token')).toBeUndefined();
      expect(await sessionOf(victim)).toBeNull();
      expect(await sessionsOf(attacker.userId)).toBe(0);

      // verified: the link no longer asks, and signs nobody in; the person signs in as usual
      const again = await attacker.client.get(link, openedFromMail);
      expect(again.location).toBe('/dashboard');
      expect(await sessionOf(attacker.client)).toBeNull();
      const signIn = await attacker.client.post('/sign-in/email', { email: attacker.email, password: PASSWORD });
      expect(signIn.status).toBe(200);
      expect(await sessionOf(attacker.client)).toBe(attacker.userId);
    });

    it('a browser holding a binding of its own is not the one that asked', async () => {
      const attacker = await signUpUser(t.app);
      const link = linkOf(attacker.email);
      // the victim's browser asked for a link of its own earlier (its own sign-up)
      const victim = (await signUpUser(t.app)).client;
      expect(victim.cookie('link_binding')?.value).not.toBe(attacker.client.cookie('link_binding')?.value);
      const res = await victim.get(link, openedFromMail);
      expect(res.location).toMatch(/\/confirm-email\?/);
      expect(await verified(attacker.userId)).toBe(false);
      expect(await sessionOf(victim)).toBeNull();
      expect(await sessionsOf(attacker.userId)).toBe(0);
    });

    it('signs in the browser that signed up, opening the link from the mail', async () => {
      const { client, email, userId } = await signUpUser(t.app, { callbackURL: '/welcome' });
      const binding = client.cookie('link_binding')?.value ?? '';
      // the link keeps the binding's hash, never the binding
      const stored = await t.db.handle.db.selectFrom('verification').select('value').execute();
      expect(stored.some((r) => r.value.includes(hashToken(binding)))).toBe(true);
      expect(stored.some((r) => r.value.includes(binding))).toBe(false);

      const res = await client.get(linkOf(email), openedFromMail);
      expect([res.status, res.location]).toEqual([302, '/welcome']);
      expect(client.cookie('session_token')).toBeDefined();
      expect(await sessionOf(client)).toBe(userId);
    });

    it('signs in the browser whose refused sign-in mailed the link (sendOnSignIn)', async () => {
      const { email, userId } = await signUpUser(t.app);
      const laptop = t.app.client();
      const refused = await laptop.post('/sign-in/email', { email, password: PASSWORD, callbackURL: '/in' });
      expect([refused.status, refused.json?.code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
      // the refusal carries the binding, and only it: no session
      expect(refused.setCookies).toHaveLength(1);
      expect(refused.setCookies[0]).toMatch(/\.link_binding=[A-Za-z0-9]{32};/);
      const res = await laptop.get(linkOf(email), openedFromMail);
      expect([res.status, res.location]).toEqual([302, '/in']);
      expect(await sessionOf(laptop)).toBe(userId);
    });

    it('signs in an API client, which did not ask for the link, as before', async () => {
      const { email, userId } = await signUpUser(t.app, { callbackURL: '/welcome' });
      const api = t.app.client();
      const res = await api.get(linkOf(email), apiClient);
      expect([res.status, res.location]).toEqual([302, '/welcome']);
      expect(api.cookie('session_token')).toBeDefined();
      expect(await sessionOf(api)).toBe(userId);
    });

    it('a browser that asks for HTML without fetch metadata is a navigation too', async () => {
      const { email, userId } = await signUpUser(t.app);
      const old = t.app.client();
      const res = await old.get(linkOf(email), { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(res.location).toMatch(/\/confirm-email\?/);
      expect(await verified(userId)).toBe(false);
      expect(await sessionOf(old)).toBeNull();
    });

    it('send-verification-email signed out binds every asking browser, known address or not', async () => {
      const bindingLine = (setCookies: string[]) => setCookies.find((c) => c.includes('.link_binding='));
      const unknown = t.app.client();
      const answer = await unknown.post('/send-verification-email', { email: fresh() });
      expect([answer.status, answer.json]).toEqual([200, { status: true }]);
      const line = bindingLine(answer.setCookies);
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Lax/i);
      expect(line).toMatch(/Max-Age=86400/);
      expect(line).toMatch(/Path=\//);

      // an unverified account's address: the same cookie, and the mailed link is bound to it
      const { email, userId } = await signUpUser(t.app, { callbackURL: '/first' });
      const phone = t.app.client();
      const known = await phone.post('/send-verification-email', { email, callbackURL: '/again' });
      expect([known.status, known.json]).toEqual([200, { status: true }]);
      const knownLine = bindingLine(known.setCookies) ?? '';
      const attributes = (l: string) => l.split(';').slice(1).join(';');
      expect(attributes(knownLine)).toBe(attributes(line ?? ''));
      // a browser that holds a binding keeps it
      const again = await phone.post('/send-verification-email', { email: fresh() });
      expect(bindingLine(again.setCookies)).toContain(`=${phone.cookie('link_binding')?.value};`);

      const res = await phone.get(linkOf(email), openedFromMail);
      expect([res.status, res.location]).toEqual([302, '/again']);
      expect(await sessionOf(phone)).toBe(userId);
    });

    it('a sign-up with a taken address gets the binding as a new one does (sign-up does not tell)', async () => {
      const { email } = await signUpUser(t.app);
      const other = t.app.client();
      const res = await other.post('/sign-up/email', { name: 'Someone', email, password: PASSWORD });
      expect([res.status, res.json?.token]).toEqual([200, null]);
      expect(res.setCookies.map((c) => c.split('=')[0])).toEqual([expect.stringMatching(/\.link_binding$/)]);
    });
  },
);
