/**
 * Magic links over HTTP on every database (issue 15 item 2): the link is mailed, stored
 * hashed, single use, short-lived and bound to its purpose and account; following it signs
 * in through the one pipeline; its redirect targets are checked before any work; refusals
 * leave the database as it was.
 */
import { expect, it } from 'vitest';
import { hashToken } from '../../core/crypto/hash.ts';
import type { TestClient } from '../../test/client.ts';
import {
  BASE_URL,
  createTestApp,
  describeOnDatabases,
  PASSWORD,
  signUpUser,
  signUpVerifiedUser,
} from '../../test/harness.ts';
import { lastMailOf, magicLinkOf, mailCount, snapshot, tokenOf } from '../../test/mailbox-proof.ts';
import { codeFor, enrolledUser } from '../../test/two-factor.ts';

const OPTIONS = {
  plugins: { magicLink: {} },
  socialProviders: { github: { clientId: 'magic-link-test', clientSecret: 'magic-link-test-secret' } },
};

const fresh = () => `ml-${Math.random().toString(36).slice(2, 10)}@example.test`;

await describeOnDatabases('magic link', OPTIONS, (t) => {
  async function sendLink(email: string, body: Record<string, unknown> = {}): Promise<string> {
    const res = await t.app.client().post('/sign-in/magic-link', { email, ...body });
    expect([res.status, res.json]).toEqual([200, { status: true }]);
    return magicLinkOf(t.app, email);
  }

  const sessionsOf = async (userId: string) =>
    (await t.db.handle.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).length;

  it('mails a link, kept only as a hash, that signs an account in once and goes to callbackURL', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const link = await sendLink(email, { callbackURL: '/dashboard' });
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE_URL}/api/auth/magic-link/verify`);
    expect(url.searchParams.get('callbackURL')).toBe('/dashboard');
    const token = tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    const rows = await t.db.handle.db.selectFrom('verification').select(['identifier', 'value']).execute();
    expect(rows.some((r) => r.identifier === `magic-link:${hashToken(token)}`)).toBe(true);
    expect(rows.some((r) => r.identifier.includes(token) || r.value.includes(token))).toBe(false);

    const browser = t.app.client();
    const res = await browser.get(link);
    expect([res.status, res.location]).toEqual([302, '/dashboard']);
    expect((await browser.get('/get-session')).json.user.id).toBe(userId);

    // replayed: refused to callbackURL, nothing changes, no session
    const before = await snapshot(t.db);
    const again = t.app.client();
    const replay = await again.get(link);
    expect([replay.status, replay.location]).toEqual([302, '/dashboard?error=INVALID_TOKEN']);
    expect(again.cookie('session_token')).toBeUndefined();
    expect(await snapshot(t.db)).toBe(before);
  });

  it("answers better-auth's JSON without callbackURL, and a refusal as 400 INVALID_TOKEN", async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    await sendLink(email);
    const token = tokenOf(magicLinkOf(t.app, email));
    const browser = t.app.client();
    const res = await browser.get('/magic-link/verify', { query: { token } });
    expect(res.status).toBe(200);
    expect(res.json.user.id).toBe(userId);
    expect(res.json.session.userId).toBe(userId);
    expect(res.json.token).toEqual(expect.any(String));
    expect(browser.cookie('session_token')).toBeDefined();
    const replay = await t.app.client().get('/magic-link/verify', { query: { token } });
    expect([replay.status, replay.json.code]).toEqual([400, 'INVALID_TOKEN']);
  });

  it('creates an account for a new address, verified, named, without a password, and goes to newUserCallbackURL', async () => {
    const email = fresh();
    const link = await sendLink(email, { name: 'Nia New', callbackURL: '/home', newUserCallbackURL: '/welcome' });
    expect(await t.db.handle.db.selectFrom('user').select('id').where('email', '=', email).execute()).toEqual([]);
    const browser = t.app.client();
    const res = await browser.get(link);
    expect([res.status, res.location]).toEqual([302, '/welcome']);
    const user = await t.db.handle.db
      .selectFrom('user')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect([user.name, Boolean(user.emailVerified)]).toEqual(['Nia New', true]);
    expect(await t.db.handle.db.selectFrom('account').select('id').where('userId', '=', user.id).execute()).toEqual([]);
    const events = await t.db.handle.db
      .selectFrom('auditEvent')
      .select(['type', 'details'])
      .where('targetId', '=', user.id)
      .execute();
    const kinds = events.map((e) => `${e.type} ${JSON.parse(String(e.details)).method}`).sort();
    expect(kinds).toEqual(['sign_in magic-link', 'sign_up magic-link']);
  });

  it('refuses an expired link and changes nothing', async () => {
    const { email } = await signUpVerifiedUser(t.app);
    const link = await sendLink(email, { callbackURL: '/in' });
    t.app.clock.advance(301);
    const before = await snapshot(t.db);
    const browser = t.app.client();
    const res = await browser.get(link);
    expect(res.location).toBe('/in?error=INVALID_TOKEN');
    expect(browser.cookie('session_token')).toBeUndefined();
    expect(await snapshot(t.db)).toBe(before);
  });

  it('lives as long as plugins.magicLink.expiresIn says', async () => {
    const app = createTestApp(t.db, { plugins: { magicLink: { expiresIn: 60 } } });
    try {
      const { email } = await signUpVerifiedUser(app);
      await app.client().post('/sign-in/magic-link', { email });
      const token = tokenOf(magicLinkOf(app, email));
      const row = await t.db.handle.db
        .selectFrom('verification')
        .select(['createdAt', 'expiresAt'])
        .where('identifier', '=', `magic-link:${hashToken(token)}`)
        .executeTakeFirstOrThrow();
      expect(new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime()).toBe(60_000);
      app.clock.advance(61);
      expect((await app.client().get('/magic-link/verify', { query: { token } })).json.code).toBe('INVALID_TOKEN');
    } finally {
      await app.close();
    }
  });

  it('accepts no other secret as a link, and is accepted as no other secret', async () => {
    const { email } = await signUpVerifiedUser(t.app);
    // a password-reset token, an email-verification token and an OAuth state
    await t.app.client().post('/request-password-reset', { email, redirectTo: '/reset' });
    const resetLink = /\/reset-password\/([A-Za-z0-9]+)/.exec(lastMailOf(t.app, email, 'reset-password').text)?.[1];
    const unverified = await signUpUser(t.app);
    const verifyToken = /[?&]token=([^&\s]+)/.exec(lastMailOf(t.app, unverified.email, 'verify-email').text)?.[1];
    const social = await t.app.client().post('/sign-in/social', { provider: 'github', callbackURL: '/' });
    const state = new URL(social.json.url).searchParams.get('state');
    const others = [resetLink, verifyToken, state];
    expect(others.every((s) => typeof s === 'string' && s.length > 10)).toBe(true);
    const before = await snapshot(t.db);
    for (const token of others) {
      const res = await t.app.client().get('/magic-link/verify', { query: { token: token ?? '' } });
      expect([res.status, res.json.code], token ?? '').toEqual([400, 'INVALID_TOKEN']);
    }
    expect(await snapshot(t.db)).toBe(before);

    // and the link is no reset token, verification token or OAuth state
    const token = tokenOf(await sendLink(email));
    const afterSend = await snapshot(t.db);
    const asReset = await t.app.client().post('/reset-password', { token, newPassword: 'Another-Pass-42' });
    expect(asReset.json.code).toBe('INVALID_TOKEN');
    const asVerification = await t.app.client().get('/verify-email', { query: { token } });
    expect(asVerification.json.code).toBe('INVALID_TOKEN');
    const asState = await t.app.client().get('/callback/github', { query: { code: 'x', state: token } });
    expect(asState.status).toBe(302);
    expect(asState.location).toContain('error=');
    expect(await snapshot(t.db)).toBe(afterSend);
    // still good for what it is
    expect((await t.app.client().get('/magic-link/verify', { query: { token } })).status).toBe(200);
  });

  it('acts only on the account it was sent for: another account at the address since gets nothing', async () => {
    const first = await signUpVerifiedUser(t.app);
    const link = await sendLink(first.email);
    // the first account moves away, and a stranger signs up with the address
    await t.db.handle.db.updateTable('user').set({ email: fresh() }).where('id', '=', first.userId).execute();
    const stranger = await signUpUser(t.app, { email: first.email });
    const before = await snapshot(t.db);
    const res = await t.app.client().get(link);
    expect(res.location).toBe('/?error=INVALID_TOKEN');
    // no session for either account, and the stranger's account was not claimed: the link proved nothing to it
    expect(await snapshot(t.db)).toBe(before);
    expect((await t.app.client().post('/sign-in/email', { email: stranger.email, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('checks callbackURL, newUserCallbackURL and errorCallbackURL before any work', async () => {
    const { email } = await signUpVerifiedUser(t.app);
    const mailsBefore = mailCount(t.app, email, 'magic-link');
    const before = await snapshot(t.db);
    for (const [field, code] of [
      ['callbackURL', 'INVALID_CALLBACK_URL'],
      ['newUserCallbackURL', 'INVALID_NEW_USER_CALLBACK_URL'],
      ['errorCallbackURL', 'INVALID_ERROR_CALLBACK_URL'],
    ] as const) {
      const res = await t.app.client().post('/sign-in/magic-link', { email, [field]: 'https://evil.example/x' });
      expect([res.status, res.json.code]).toEqual([403, code]);
    }
    expect(mailCount(t.app, email, 'magic-link')).toBe(mailsBefore);
    expect(await snapshot(t.db)).toBe(before);

    const token = tokenOf(await sendLink(email));
    const sent = await snapshot(t.db);
    for (const [field, code] of [
      ['callbackURL', 'INVALID_CALLBACK_URL'],
      ['newUserCallbackURL', 'INVALID_NEW_USER_CALLBACK_URL'],
      ['errorCallbackURL', 'INVALID_ERROR_CALLBACK_URL'],
      ['errorCallbackURL', '//evil.example'],
    ] as const) {
      const expected = code.startsWith('//') ? 'INVALID_ERROR_CALLBACK_URL' : code;
      const target = code.startsWith('//') ? code : 'https://evil.example/x';
      const browser = t.app.client();
      const res = await browser.get('/magic-link/verify', { query: { token, [field]: target } });
      expect([res.status, res.json.code]).toEqual([403, expected]);
      expect(browser.cookie('session_token')).toBeUndefined();
    }
    // refused before the link was looked at: it still signs in
    expect(await snapshot(t.db)).toBe(sent);
    const ok = await t.app.client().get('/magic-link/verify', { query: { token, callbackURL: `${BASE_URL}/in` } });
    expect([ok.status, ok.location]).toEqual([302, `${BASE_URL}/in`]);
  });

  it('sends errors to errorCallbackURL when one is given', async () => {
    const res = await t.app
      .client()
      .get('/magic-link/verify', { query: { token: 'nope', callbackURL: '/in', errorCallbackURL: '/oops' } });
    expect([res.status, res.location]).toEqual([302, '/oops?error=INVALID_TOKEN']);
  });

  it('answers a known and an unknown address alike', async () => {
    const { email } = await signUpVerifiedUser(t.app);
    const known = await t.app.client().post('/sign-in/magic-link', { email });
    const unknown = await t.app.client().post('/sign-in/magic-link', { email: fresh() });
    expect([unknown.status, unknown.text]).toEqual([known.status, known.text]);
  });

  it('with disableSignUp, mails no link to an address without an account and creates none from an older link', async () => {
    const email = fresh();
    const older = await sendLink(email);
    const app = createTestApp(t.db, { plugins: { magicLink: { disableSignUp: true } } });
    try {
      const before = await snapshot(t.db);
      const other = fresh();
      const res = await app.client().post('/sign-in/magic-link', { email: other });
      expect([res.status, res.json]).toEqual([200, { status: true }]);
      expect(mailCount(app, other, 'magic-link')).toBe(0);
      expect(await snapshot(t.db)).toBe(before);
      const followed = await app.client().get(older);
      expect(followed.location).toBe('/?error=INVALID_TOKEN');
      expect(await t.db.handle.db.selectFrom('user').select('id').where('email', '=', email).execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('of many concurrent clicks on one link, one signs in', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const link = await sendLink(email, { callbackURL: '/in' });
    const sessions = await sessionsOf(userId);
    const browsers: TestClient[] = Array.from({ length: 10 }, () => t.app.client());
    const answers = await Promise.all(browsers.map((b) => b.get(link)));
    expect(answers.filter((r) => r.location === '/in')).toHaveLength(1);
    expect(answers.filter((r) => r.location === '/in?error=INVALID_TOKEN')).toHaveLength(9);
    expect(await sessionsOf(userId)).toBe(sessions + 1);
  });

  it('asks a two-factor account for its app, never for a code by mail', async () => {
    const user = await enrolledUser(t.app);
    await t.db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', user.userId).execute();
    const sessions = await sessionsOf(user.userId);
    const browser = t.app.client();
    const res = await browser.get(await sendLink(user.email, { callbackURL: '/in' }));
    expect([res.status, res.location]).toEqual([302, `${BASE_URL}/two-factor?next=%2Fin`]);
    expect(browser.cookie('session_token')).toBeUndefined();
    expect(browser.cookie('two_factor')).toBeDefined();
    expect(await sessionsOf(user.userId)).toBe(sessions);
    // the mailbox was the first factor: an emailed code cannot be the second
    expect((await browser.post('/two-factor/send-otp', {})).json.code).toBe('OTP_NOT_ENABLED');
    expect((await browser.post('/two-factor/verify-otp', { code: '000000' })).json.code).toBe('OTP_NOT_ENABLED');
    t.app.clock.advance(30);
    const done = await browser.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) });
    expect(done.status).toBe(200);
    expect((await browser.get('/get-session')).json.user.id).toBe(user.userId);

    const token = tokenOf(await sendLink(user.email));
    const json = await t.app.client().get('/magic-link/verify', { query: { token } });
    expect(json.json).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  });

  it('refuses a banned account, to callbackURL with the code', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const link = await sendLink(email, { callbackURL: '/in' });
    await t.db.handle.db.updateTable('user').set({ banned: true }).where('id', '=', userId).execute();
    const sessions = await sessionsOf(userId);
    const res = await t.app.client().get(link);
    expect(res.location).toBe('/in?error=BANNED_USER');
    expect(await sessionsOf(userId)).toBe(sessions);
  });

  it('records a refused link as a failed sign-in, with the reason only', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const link = await sendLink(email);
    t.app.clock.advance(600);
    await t.app.client().get(link);
    const event = await t.db.handle.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('targetId', '=', userId)
      .where('outcome', '=', 'failure')
      .executeTakeFirstOrThrow();
    expect([event.type, JSON.parse(String(event.details))]).toEqual([
      'sign_in',
      { method: 'magic-link', reason: 'expired' },
    ]);
    expect(JSON.stringify(event)).not.toContain(tokenOf(link));
  });

  it('a session planted in the browser is worth nothing: the link waits for it to end, then signs in', async () => {
    const attacker = await signUpVerifiedUser(t.app);
    const victim = await signUpVerifiedUser(t.app);
    // the attacker's browser session, copied into the victim's browser
    const browser = t.app.client();
    for (const [name, value] of attacker.client.jar) browser.jar.set(name, value);
    const link = await sendLink(victim.email, { callbackURL: '/in' });
    // signed in as another account, the link is refused unspent (session-swap.test.ts: login CSRF)
    expect((await browser.get(link)).location).toBe('/in?error=UNAUTHORIZED');
    expect((await browser.post('/sign-out', {})).status).toBe(200);
    const res = await browser.get(link);
    expect(res.location).toBe('/in');
    expect((await browser.get('/get-session')).json.user.id).toBe(victim.userId);
    expect((await attacker.client.get('/get-session')).json).toBeNull();
  });

  it('with requireEmailVerification, a link signs in: it proves the address it was mailed to', async () => {
    const app = createTestApp(t.db, {
      plugins: { magicLink: {} },
      emailAndPassword: { requireEmailVerification: true },
    });
    try {
      const email = fresh();
      await app.client().post('/sign-in/magic-link', { email });
      const browser = app.client();
      expect((await browser.get(magicLinkOf(app, email))).location).toBe('/');
      expect((await browser.get('/get-session')).json.user).toMatchObject({ email, emailVerified: true });
    } finally {
      await app.close();
    }
  });

  it('limits the links one address gets, whatever the client address', async () => {
    const app = createTestApp(t.db, { plugins: { magicLink: {} }, rateLimit: { enabled: true } });
    try {
      const { email } = await signUpVerifiedUser(t.app);
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(await app.client().post('/sign-in/magic-link', { email }, { ip: `203.0.113.${i + 1}` }));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(mailCount(app, email, 'magic-link')).toBe(3);
    } finally {
      await app.close();
    }
  });
});
