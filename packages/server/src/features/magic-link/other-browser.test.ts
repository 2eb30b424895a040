/**
 * A magic link opened in a browser that did not ask for it, on every database. A link is a
 * GET: a hostile page can send a signed-out browser to the attacker's own live link, which
 * signed that browser in as the attacker (login CSRF: what the person did next, a card, a
 * document, went into the attacker's account). The browser that asks for a link now holds a
 * `link_binding` cookie whose hash the link keeps; any other browser opening the link is sent,
 * unspent, to the web app's page that names the account and asks, and only a click there
 * (a same-origin POST another site cannot make) signs it in. The mail opened on a phone works
 * the same way, one click later.
 */
import { expect, it } from 'vitest';
import { hashToken } from '../../core/crypto/hash.ts';
import { openedFromMail, sentByAnotherSite } from '../../test/browser-requests.ts';
import type { TestClient } from '../../test/client.ts';
import { BASE_URL, describeOnDatabases, signUpVerifiedUser } from '../../test/harness.ts';
import { magicLinkOf, snapshot, tokenOf } from '../../test/mailbox-proof.ts';
import { codeFor, enrolledUser } from '../../test/two-factor.ts';

const fresh = () => `mlb-${Math.random().toString(36).slice(2, 10)}@example.test`;

await describeOnDatabases('magic link in a browser that did not ask for it', { plugins: { magicLink: {} } }, (t) => {
  async function askFor(browser: TestClient, email: string, body: Record<string, unknown> = {}): Promise<string> {
    const res = await browser.post('/sign-in/magic-link', { email, ...body });
    expect([res.status, res.json]).toEqual([200, { status: true }]);
    return magicLinkOf(t.app, email);
  }
  const sessionOf = async (browser: TestClient) => (await browser.get('/get-session')).json?.user?.id ?? null;

  it("does not sign a signed-out browser in as the attacker: it asks, naming the attacker's address", async () => {
    const attacker = await signUpVerifiedUser(t.app);
    const link = await askFor(t.app.client(), attacker.email, { callbackURL: '/dashboard' });
    const victim = t.app.client();
    const before = await snapshot(t.db);

    const res = await victim.get(link, sentByAnotherSite);
    expect(res.status).toBe(302);
    const page = new URL(res.location ?? '');
    expect(`${page.origin}${page.pathname}`).toBe(`${BASE_URL}/magic-link`);
    expect(page.searchParams.get('token')).toBe(tokenOf(link));
    expect(page.searchParams.get('callbackURL')).toBe('/dashboard');
    expect(victim.cookie('session_token')).toBeUndefined();
    expect(await sessionOf(victim)).toBeNull();
    // the page reads the link without spending it
    const described = await victim.post('/magic-link/describe', { token: tokenOf(link) });
    expect([described.status, described.json]).toEqual([200, { email: attacker.email, isNew: false }]);
    expect(await snapshot(t.db)).toBe(before);

    // the attacker's page cannot press the button for the person: another site's post is refused
    const forged = { token: tokenOf(link), callbackURL: '/dashboard' };
    const crossSite = await victim.post('/magic-link/confirm', forged, {
      origin: 'https://evil.example',
      ...sentByAnotherSite,
    });
    expect([crossSite.status, crossSite.json?.code]).toEqual([403, 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED']);
    const foreignOrigin = await victim.post('/magic-link/confirm', forged, { origin: 'https://evil.example' });
    expect([foreignOrigin.status, foreignOrigin.json?.code]).toEqual([403, 'INVALID_ORIGIN']);
    expect(await sessionOf(victim)).toBeNull();
    expect(await snapshot(t.db)).toBe(before);
  });

  it('signs in on the confirming click, once, and goes on to callbackURL', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const link = await askFor(t.app.client(), email, { callbackURL: '/dashboard' });
    const phone = t.app.client();
    expect((await phone.get(link, openedFromMail)).location).toMatch(/^http:\/\/[^/]+\/magic-link\?/);

    const confirmed = await phone.post('/magic-link/confirm', { token: tokenOf(link), callbackURL: '/dashboard' });
    expect([confirmed.status, confirmed.json]).toEqual([200, { redirect: '/dashboard', twoFactorRedirect: false }]);
    expect(await sessionOf(phone)).toBe(userId);

    // spent: a second click, or the original link, signs nobody in
    const before = await snapshot(t.db);
    const again = t.app.client();
    const replay = await again.post('/magic-link/confirm', { token: tokenOf(link) });
    expect([replay.status, replay.json?.code]).toEqual([400, 'INVALID_TOKEN']);
    expect((await again.post('/magic-link/describe', { token: tokenOf(link) })).json?.code).toBe('INVALID_TOKEN');
    expect((await again.get(link, openedFromMail)).location).toBe('/dashboard?error=INVALID_TOKEN');
    expect(await sessionOf(again)).toBeNull();
    expect(await snapshot(t.db)).toBe(before);
  });

  it('signs the browser that asked in at once, and only that one', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const laptop = t.app.client();
    const link = await askFor(laptop, email, { callbackURL: '/dashboard' });
    const binding = laptop.cookie('link_binding');
    expect(binding?.value).toMatch(/^[A-Za-z0-9]{32}$/);
    // the link keeps the binding's hash, never the binding
    const stored = await t.db.handle.db.selectFrom('verification').select('value').execute();
    expect(stored.some((r) => r.value.includes(hashToken(binding?.value ?? '')))).toBe(true);
    expect(stored.some((r) => r.value.includes(binding?.value ?? '-'))).toBe(false);

    // another browser with a binding of its own (it asked for a link to another address) is asked
    const other = t.app.client();
    await askFor(other, fresh());
    expect(other.cookie('link_binding')?.value).not.toBe(binding?.value);
    expect((await other.get(link, openedFromMail)).location).toMatch(/\/magic-link\?/);
    expect(await sessionOf(other)).toBeNull();

    const res = await laptop.get(link, openedFromMail);
    expect([res.status, res.location]).toEqual([302, '/dashboard']);
    expect(await sessionOf(laptop)).toBe(userId);
  });

  it('keeps one binding per browser, so every link it asked for stays its own; unknown addresses get one too', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const browser = t.app.client();
    const first = await askFor(browser, email, { callbackURL: '/one' });
    const res = await browser.post('/sign-in/magic-link', { email: fresh() });
    const line = res.setCookies.find((c) => c.includes('.link_binding='));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Max-Age=86400/);
    expect(line).toContain(`=${browser.cookie('link_binding')?.value};`);
    const second = await askFor(browser, email, { callbackURL: '/two' });
    expect((await browser.get(first, openedFromMail)).location).toBe('/one');
    expect(await sessionOf(browser)).toBe(userId);
    expect((await browser.get(second, openedFromMail)).location).toBe('/two');
  });

  it('a browser that asks for HTML without fetch metadata is asked too; an API client is not', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const link = await askFor(t.app.client(), email, { callbackURL: '/in' });
    const old = t.app.client();
    const res = await old.get(link, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.location).toMatch(/\/magic-link\?/);
    expect(await sessionOf(old)).toBeNull();
    // better-auth's magicLink.verify (a fetch for JSON) signs in where it is called, as before
    const api = t.app.client();
    const json = await api.get('/magic-link/verify', { query: { token: tokenOf(link) } });
    expect([json.status, json.json?.user?.id]).toEqual([200, userId]);
  });

  it('a link that creates the account says so, and goes to newUserCallbackURL', async () => {
    const email = fresh();
    const link = await askFor(t.app.client(), email, { callbackURL: '/in', newUserCallbackURL: '/welcome' });
    const phone = t.app.client();
    const page = new URL((await phone.get(link, openedFromMail)).location ?? '');
    expect(page.searchParams.get('newUserCallbackURL')).toBe('/welcome');
    expect((await phone.post('/magic-link/describe', { token: tokenOf(link) })).json).toEqual({ email, isNew: true });
    const confirmed = await phone.post('/magic-link/confirm', {
      token: tokenOf(link),
      callbackURL: '/in',
      newUserCallbackURL: '/welcome',
    });
    expect(confirmed.json).toEqual({ redirect: '/welcome', twoFactorRedirect: false });
    expect((await phone.get('/get-session')).json.user.email).toBe(email);
  });

  it("checks the confirming click's targets before spending anything", async () => {
    const { email } = await signUpVerifiedUser(t.app);
    const link = await askFor(t.app.client(), email);
    const before = await snapshot(t.db);
    const phone = t.app.client();
    for (const [field, code] of [
      ['callbackURL', 'INVALID_CALLBACK_URL'],
      ['newUserCallbackURL', 'INVALID_NEW_USER_CALLBACK_URL'],
    ] as const) {
      const res = await phone.post('/magic-link/confirm', { token: tokenOf(link), [field]: 'https://evil.example/x' });
      expect([res.status, res.json?.code]).toEqual([403, code]);
    }
    expect(await sessionOf(phone)).toBeNull();
    expect(await snapshot(t.db)).toBe(before);
  });

  it('a dead link goes to errorCallbackURL as before, not to the question', async () => {
    const { email } = await signUpVerifiedUser(t.app);
    const link = await askFor(t.app.client(), email, { callbackURL: '/in', errorCallbackURL: '/oops' });
    t.app.clock.advance(301);
    const before = await snapshot(t.db);
    const res = await t.app.client().get(link, openedFromMail);
    expect(res.location).toBe('/oops?error=INVALID_TOKEN');
    expect(await snapshot(t.db)).toBe(before);
  });

  it('a two-factor account confirmed on another device still asks for its app', async () => {
    const user = await enrolledUser(t.app);
    await t.db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', user.userId).execute();
    const link = await askFor(t.app.client(), user.email, { callbackURL: '/in' });
    const phone = t.app.client();
    const confirmed = await phone.post('/magic-link/confirm', { token: tokenOf(link), callbackURL: '/in' });
    expect(confirmed.json).toEqual({ redirect: `${BASE_URL}/two-factor?next=%2Fin`, twoFactorRedirect: true });
    expect(phone.cookie('session_token')).toBeUndefined();
    expect(phone.cookie('two_factor')).toBeDefined();
    t.app.clock.advance(30);
    expect((await phone.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) })).status).toBe(200);
    expect(await sessionOf(phone)).toBe(user.userId);
  });
});

await describeOnDatabases(
  'magic link binding on https',
  { plugins: { magicLink: {} }, advanced: { useSecureCookies: true } },
  (t) => {
    it('is a __Host- cookie, so a sibling subdomain cannot toss the binding of the attacker’s own link in', async () => {
      const attacker = await signUpVerifiedUser(t.app);
      const attackersBrowser = t.app.client();
      const res = await attackersBrowser.post('/sign-in/magic-link', { email: attacker.email, callbackURL: '/in' });
      const line = res.setCookies.find((c) => c.includes('link_binding='));
      expect(line).toMatch(/^__Host-[^=]*\.link_binding=[A-Za-z0-9]{32}; /);
      expect(line).toMatch(/; Path=\/(;|$)/);
      expect(line).toMatch(/; Secure/);
      expect(line).not.toMatch(/Domain=/i);
      const value = line?.split(';')[0]?.split('=')[1] ?? '';
      const link = magicLinkOf(t.app, attacker.email);

      // what a sibling's script can write for the parent domain: the names without `__Host-`
      const before = await snapshot(t.db);
      for (const tossed of [`__Secure-better-auth.link_binding=${value}`, `better-auth.link_binding=${value}`]) {
        const victim = t.app.client();
        const opened = await victim.get(link, { headers: { ...openedFromMail.headers, cookie: tossed } });
        expect(opened.location).toMatch(/\/magic-link\?/);
        expect(victim.cookie('session_token')).toBeUndefined();
      }
      expect(await snapshot(t.db)).toBe(before);
      // the browser that asked still signs in at once
      const own = await attackersBrowser.get(link, openedFromMail);
      expect(own.location).toBe('/in');
    });
  },
);
