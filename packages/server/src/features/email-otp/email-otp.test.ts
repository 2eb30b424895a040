/**
 * Emailed one-time codes over HTTP on every database (issue 15 item 3): a code per purpose
 * and address, stored as an HMAC, with a bounded number of tries counted atomically, spent
 * once; sign-in through the one pipeline, address verification, password reset; refusals
 * leave the database as it was (but for the try a wrong code spends).
 */
import { expect, it } from 'vitest';
import { hashToken } from '../../core/crypto/hash.ts';
import {
  BASE_URL,
  createTestApp,
  describeOnDatabases,
  PASSWORD,
  signUpUser,
  signUpVerifiedUser,
} from '../../test/harness.ts';
import { codeOf, magicLinkOf, mailCount, snapshot, tokenOf } from '../../test/mailbox-proof.ts';
import { codeFor, enrolledUser } from '../../test/two-factor.ts';

const OPTIONS = { plugins: { emailOTP: {}, magicLink: {} } };
const NEW_PASSWORD = 'Brand-New-Horse-77';

const fresh = () => `otp-${Math.random().toString(36).slice(2, 10)}@example.test`;
/** A six-digit code that is not `code`. */
const wrongFor = (code: string, i = 0) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

await describeOnDatabases('email OTP', OPTIONS, (t) => {
  async function send(email: string, type: 'sign-in' | 'email-verification' | 'forget-password') {
    const res = await t.app.client().post('/email-otp/send-verification-otp', { email, type });
    expect([res.status, res.json]).toEqual([200, { success: true }]);
  }
  const MAIL = {
    'sign-in': 'email-otp-sign-in',
    'email-verification': 'email-otp-verify-email',
    'forget-password': 'email-otp-reset-password',
  } as const;
  async function sentCode(email: string, type: keyof typeof MAIL): Promise<string> {
    await send(email, type);
    return codeOf(t.app, email, MAIL[type]);
  }
  const sessionsOf = async (userId: string) =>
    (await t.db.handle.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).length;
  /** The tries spent on the pending code of this purpose and address (its row is keyed by their hash). */
  const attemptsOf = async (type: keyof typeof MAIL, email: string) => {
    const row = await t.db.handle.db
      .selectFrom('verification')
      .select('attempts')
      .where('identifier', '=', `email-otp:${hashToken(`${type}:${email}`)}`)
      .executeTakeFirstOrThrow();
    return Number(row.attempts);
  };

  it('signs in with a mailed code, kept only as a keyed hash, once', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const code = await sentCode(email, 'sign-in');
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.db.handle.db.selectFrom('verification').select(['identifier', 'value']).execute();
    const mine = rows.filter((r) => r.identifier.startsWith('email-otp:'));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((r) => r.identifier.includes(email) || r.value.includes(code))).toBe(false);

    const browser = t.app.client();
    const res = await browser.post('/sign-in/email-otp', { email, otp: code });
    expect(res.status).toBe(200);
    expect(res.json.user.id).toBe(userId);
    expect(res.json.token).toEqual(expect.any(String));
    expect((await browser.get('/get-session')).json.user.id).toBe(userId);

    const before = await snapshot(t.db);
    const replay = await t.app.client().post('/sign-in/email-otp', { email, otp: code });
    expect([replay.status, replay.json.code]).toEqual([400, 'INVALID_OTP']);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('creates a verified account for a new address, with its name and image', async () => {
    const email = fresh();
    const code = await sentCode(email, 'sign-in');
    const res = await t.app
      .client()
      .post('/sign-in/email-otp', { email, otp: code, name: 'Otto', image: 'https://img.example/o.png' });
    expect(res.status).toBe(200);
    expect([res.json.user.name, res.json.user.emailVerified, res.json.user.image]).toEqual([
      'Otto',
      true,
      'https://img.example/o.png',
    ]);
  });

  it('with disableSignUp, an address without an account gets no code and no account', async () => {
    const app = createTestApp(t.db, { plugins: { emailOTP: { disableSignUp: true } } });
    try {
      const email = fresh();
      const before = await snapshot(t.db);
      const res = await app.client().post('/email-otp/send-verification-otp', { email, type: 'sign-in' });
      expect([res.status, res.json]).toEqual([200, { success: true }]);
      expect(mailCount(app, email, 'email-otp-sign-in')).toBe(0);
      const tried = await app.client().post('/sign-in/email-otp', { email, otp: '123456' });
      expect(tried.json.code).toBe('INVALID_OTP');
      expect(await snapshot(t.db)).toBe(before);
    } finally {
      await app.close();
    }
  });

  it('counts wrong codes: after allowedAttempts even the right one is refused', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const code = await sentCode(email, 'sign-in');
    for (let i = 0; i < 3; i++) {
      const wrong = await t.app.client().post('/sign-in/email-otp', { email, otp: wrongFor(code, i) });
      expect([wrong.status, wrong.json.code]).toEqual([400, 'INVALID_OTP']);
    }
    const sessions = await sessionsOf(userId);
    const right = await t.app.client().post('/sign-in/email-otp', { email, otp: code });
    expect([right.status, right.json.code]).toEqual([403, 'TOO_MANY_ATTEMPTS']);
    expect(await sessionsOf(userId)).toBe(sessions);
    // a new code starts over
    const next = await sentCode(email, 'sign-in');
    expect((await t.app.client().post('/sign-in/email-otp', { email, otp: next })).status).toBe(200);
  });

  it('compares at most allowedAttempts codes of a burst of concurrent guesses', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const code = await sentCode(email, 'sign-in');
    const guesses = Array.from({ length: 60 }, (_, i) => wrongFor(code, i));
    const answers = await Promise.all(guesses.map((otp) => t.app.client().post('/sign-in/email-otp', { email, otp })));
    expect(answers.every((r) => r.status < 500)).toBe(true);
    expect(answers.filter((r) => r.json.code === 'INVALID_OTP').length).toBeLessThanOrEqual(3);
    expect(answers.filter((r) => r.json.code === 'TOO_MANY_ATTEMPTS').length).toBeGreaterThanOrEqual(57);
    expect(await attemptsOf('sign-in', email)).toBe(3);
    const sessions = await sessionsOf(userId);
    expect((await t.app.client().post('/sign-in/email-otp', { email, otp: code })).json.code).toBe('TOO_MANY_ATTEMPTS');
    expect(await sessionsOf(userId)).toBe(sessions);
  });

  it('of many concurrent requests with the right code, one signs in', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const code = await sentCode(email, 'sign-in');
    const sessions = await sessionsOf(userId);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.app.client().post('/sign-in/email-otp', { email, otp: code })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => r.status < 500)).toBe(true);
    expect(await sessionsOf(userId)).toBe(sessions + 1);
  });

  it('refuses an expired code and changes nothing', async () => {
    const { email } = await signUpVerifiedUser(t.app);
    const code = await sentCode(email, 'sign-in');
    t.app.clock.advance(301);
    const before = await snapshot(t.db);
    const res = await t.app.client().post('/sign-in/email-otp', { email, otp: code });
    expect([res.status, res.json.code]).toEqual([400, 'OTP_EXPIRED']);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('accepts a code only for its purpose and address, and no other secret as a code', async () => {
    const { email } = await signUpUser(t.app);
    const other = await signUpVerifiedUser(t.app);
    const signIn = await sentCode(email, 'sign-in');
    const verify = await sentCode(email, 'email-verification');
    const reset = await sentCode(email, 'forget-password');
    await t.app.client().post('/sign-in/magic-link', { email });
    const link = tokenOf(magicLinkOf(t.app, email));
    await sentCode(other.email, 'sign-in');
    const before = await snapshot(t.db);
    const tries = [
      ['/sign-in/email-otp', { email, otp: verify }],
      ['/sign-in/email-otp', { email, otp: reset }],
      ['/sign-in/email-otp', { email, otp: link }],
      ['/sign-in/email-otp', { email: other.email, otp: signIn }],
      ['/email-otp/verify-email', { email, otp: signIn }],
      ['/email-otp/verify-email', { email, otp: reset }],
      ['/email-otp/reset-password', { email, otp: signIn, password: NEW_PASSWORD }],
      ['/email-otp/reset-password', { email, otp: verify, password: NEW_PASSWORD }],
    ] as const;
    for (const [path, body] of tries) {
      const res = await t.app.client().post(path, body);
      expect([res.status, res.json.code], `${path} ${JSON.stringify(body)}`).toEqual([400, 'INVALID_OTP']);
    }
    // nothing but the tries those wrong codes spent
    const strip = (s: string) => s.replace(/\\"attempts\\":\d+/g, '').replace(/\\"updatedAt\\":[^,]*/g, '');
    expect(strip(await snapshot(t.db))).toBe(strip(before));
    // a code is no magic link
    const asLink = await t.app.client().get('/magic-link/verify', { query: { token: signIn } });
    expect(asLink.json.code).toBe('INVALID_TOKEN');
    // each still works for what it is
    expect((await t.app.client().post('/email-otp/verify-email', { email, otp: verify })).status).toBe(200);
  });

  it('verifies an address with a code, keeping the account as it is', async () => {
    const user = await signUpUser(t.app);
    const code = await sentCode(user.email, 'email-verification');
    const res = await t.app.client().post('/email-otp/verify-email', { email: user.email, otp: code });
    expect(res.status).toBe(200);
    expect([res.json.status, res.json.token, res.json.user.emailVerified]).toEqual([true, null, true]);
    // the password and the session of the sign-up stay: the code's holder set the account up
    expect((await user.client.get('/get-session')).json.user.emailVerified).toBe(true);
    expect((await t.app.client().post('/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(200);
    // a verified address gets no verification code
    await send(user.email, 'email-verification');
    expect(mailCount(t.app, user.email, 'email-otp-verify-email')).toBe(1);
  });

  it('signs in after verification when autoSignInAfterVerification is on', async () => {
    const app = createTestApp(t.db, {
      plugins: { emailOTP: {} },
      emailVerification: { autoSignInAfterVerification: true },
    });
    try {
      const user = await signUpUser(app);
      await app.client().post('/email-otp/send-verification-otp', { email: user.email, type: 'email-verification' });
      const code = codeOf(app, user.email, 'email-otp-verify-email');
      const browser = app.client();
      const res = await browser.post('/email-otp/verify-email', { email: user.email, otp: code });
      expect(res.json.token).toEqual(expect.any(String));
      expect((await browser.get('/get-session')).json.user.id).toBe(user.userId);
    } finally {
      await app.close();
    }
  });

  it('checks a code without spending it or its try, then the reset spends it', async () => {
    const user = await signUpVerifiedUser(t.app);
    const res = await t.app.client().post('/forget-password/email-otp', { email: user.email });
    expect([res.status, res.json]).toEqual([200, { success: true }]);
    const code = codeOf(t.app, user.email, 'email-otp-reset-password');
    const wrong = await t.app
      .client()
      .post('/email-otp/check-verification-otp', { email: user.email, type: 'forget-password', otp: wrongFor(code) });
    expect(wrong.json.code).toBe('INVALID_OTP');
    for (let i = 0; i < 3; i++) {
      const check = await t.app
        .client()
        .post('/email-otp/check-verification-otp', { email: user.email, type: 'forget-password', otp: code });
      expect([check.status, check.json]).toEqual([200, { success: true }]);
    }
    expect(await attemptsOf('forget-password', user.email)).toBe(1);
    const unknown = fresh();
    await sentCode(unknown, 'sign-in');
    const noUser = await t.app.client().post('/email-otp/check-verification-otp', {
      email: unknown,
      type: 'sign-in',
      otp: codeOf(t.app, unknown, 'email-otp-sign-in'),
    });
    expect(noUser.json.code).toBe('USER_NOT_FOUND');

    const reset = await t.app
      .client()
      .post('/email-otp/reset-password', { email: user.email, otp: code, password: NEW_PASSWORD });
    expect([reset.status, reset.json]).toEqual([200, { success: true }]);
    expect(mailCount(t.app, user.email, 'security-password-changed')).toBe(1);
    expect((await user.client.get('/get-session')).json).toBeNull();
    expect((await t.app.client().post('/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(401);
    expect((await t.app.client().post('/sign-in/email', { email: user.email, password: NEW_PASSWORD })).status).toBe(
      200,
    );
    const replay = await t.app
      .client()
      .post('/email-otp/reset-password', { email: user.email, otp: code, password: `${NEW_PASSWORD}-2` });
    expect(replay.json.code).toBe('INVALID_OTP');
  });

  it('a refused password keeps the code and its try; an unknown address gets no code', async () => {
    const user = await signUpVerifiedUser(t.app);
    const answer = await t.app.client().post('/email-otp/request-password-reset', { email: user.email });
    const code = codeOf(t.app, user.email, 'email-otp-reset-password');
    const before = await snapshot(t.db);
    const short = await t.app
      .client()
      .post('/email-otp/reset-password', { email: user.email, otp: code, password: 'x' });
    expect(short.json.code).toBe('PASSWORD_TOO_SHORT');
    const common = await t.app
      .client()
      .post('/email-otp/reset-password', { email: user.email, otp: code, password: 'password1234' });
    expect(common.json.code).toBe('PASSWORD_COMPROMISED');
    expect(await snapshot(t.db)).toBe(before);
    const unknown = fresh();
    const none = await t.app.client().post('/email-otp/request-password-reset', { email: unknown });
    expect([none.status, none.text]).toEqual([answer.status, answer.text]);
    expect(mailCount(t.app, unknown, 'email-otp-reset-password')).toBe(0);
    expect(
      (await t.app.client().post('/email-otp/reset-password', { email: user.email, otp: code, password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
  });

  it('a reset of an account with an authenticator app asks for the app too', async () => {
    const user = await enrolledUser(t.app);
    await t.db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', user.userId).execute();
    await send(user.email, 'forget-password');
    const code = codeOf(t.app, user.email, 'email-otp-reset-password');
    const body = { email: user.email, otp: code, password: NEW_PASSWORD };
    const before = await snapshot(t.db);
    const bare = await t.app.client().post('/email-otp/reset-password', body);
    expect([bare.status, bare.json.code]).toEqual([403, 'TWO_FACTOR_AUTHENTICATION_REQUIRED']);
    expect(await snapshot(t.db)).toBe(before);
    t.app.clock.advance(30);
    const done = await t.app.client().post('/email-otp/reset-password', { ...body, code: codeFor(t.app, user.uri) });
    expect(done.status).toBe(200);
    expect((await t.app.client().post('/sign-in/email', { email: user.email, password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it('asks a two-factor account for its app at sign-in, never for a code by mail', async () => {
    const user = await enrolledUser(t.app);
    await t.db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', user.userId).execute();
    const code = await sentCode(user.email, 'sign-in');
    const browser = t.app.client();
    const res = await browser.post('/sign-in/email-otp', { email: user.email, otp: code });
    expect(res.json).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(browser.cookie('session_token')).toBeUndefined();
    expect((await browser.post('/two-factor/send-otp', {})).json.code).toBe('OTP_NOT_ENABLED');
    t.app.clock.advance(30);
    expect((await browser.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) })).status).toBe(200);
    expect((await browser.get('/get-session')).json.user.id).toBe(user.userId);
  });

  it('refuses a banned account and records failed sign-ins with the reason only', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    const code = await sentCode(email, 'sign-in');
    await t.app.client().post('/sign-in/email-otp', { email, otp: wrongFor(code) });
    await t.db.handle.db.updateTable('user').set({ banned: true }).where('id', '=', userId).execute();
    const res = await t.app.client().post('/sign-in/email-otp', { email, otp: code });
    expect([res.status, res.json.code]).toEqual([403, 'BANNED_USER']);
    expect(await sessionsOf(userId)).toBe(1);
    const events = await t.db.handle.db
      .selectFrom('auditEvent')
      .select(['details'])
      .where('targetId', '=', userId)
      .where('outcome', '=', 'failure')
      .execute();
    expect(events.map((e) => JSON.parse(String(e.details)))).toEqual([{ method: 'email-otp', reason: 'invalid_otp' }]);
  });

  it('makes codes of plugins.emailOTP.otpLength digits that live expiresIn seconds', async () => {
    const app = createTestApp(t.db, { plugins: { emailOTP: { otpLength: 8, expiresIn: 120 } } });
    try {
      const { email } = await signUpVerifiedUser(app);
      await app.client().post('/email-otp/send-verification-otp', { email, type: 'sign-in' });
      const code = codeOf(app, email, 'email-otp-sign-in', 8);
      app.clock.advance(121);
      expect((await app.client().post('/sign-in/email-otp', { email, otp: code })).json.code).toBe('OTP_EXPIRED');
    } finally {
      await app.close();
    }
  });

  it('limits the codes one address gets and the tries on it, whatever the client address', async () => {
    const app = createTestApp(t.db, { plugins: { emailOTP: {} }, rateLimit: { enabled: true } });
    try {
      const { email } = await signUpVerifiedUser(t.app);
      const sends = [];
      for (let i = 0; i < 4; i++)
        sends.push(
          await app
            .client()
            .post('/email-otp/send-verification-otp', { email, type: 'sign-in' }, { ip: `198.51.100.${i + 1}` }),
        );
      expect(sends.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      const tries = [];
      for (let i = 0; i < 11; i++)
        tries.push(await app.client().post('/sign-in/email-otp', { email, otp: '000000' }, { ip: `192.0.2.${i + 1}` }));
      expect(tries.map((r) => r.status).filter((s) => s === 429)).toHaveLength(1);
      expect(tries.at(-1)?.status).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('serves nothing while the plugin is off', async () => {
    const app = createTestApp(t.db, {});
    try {
      const res = await app.client().post('/sign-in/email-otp', { email: fresh(), otp: '123456' });
      expect(res.status).toBe(404);
      expect((await app.client().get(`${BASE_URL}/api/auth/magic-link/verify?token=x`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
