import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  createTestApp,
  describeOnDatabases,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';
import { countMails, lastLink } from '../../test/mail-links.ts';
import { snapshot } from '../../test/mailbox-proof.ts';

await describeOnDatabases('email verification', {}, (t) => {
  let db: SharedDatabase;
  let app: TestApp;
  let strict: TestApp;
  beforeAll(() => {
    ({ db, app } = t);
    strict = createTestApp(db, {
      emailAndPassword: { requireEmailVerification: true },
      emailVerification: { sendOnSignIn: true, autoSignInAfterVerification: true, expiresIn: 600 },
    });
  });
  afterAll(async () => {
    await strict?.close();
  });

  const emailVerified = async (userId: string) =>
    Boolean(
      (await db.handle.db.selectFrom('user').select('emailVerified').where('id', '=', userId).executeTakeFirstOrThrow())
        .emailVerified,
    );

  it('sign-up mails a link; following it verifies and redirects to the callbackURL', async () => {
    const { email, userId, client } = await signUpUser(app, { callbackURL: '/welcome' });
    const link = new URL(lastLink(app, email, 'verify-email', '/verify-email'));
    expect(link.origin + link.pathname).toBe('http://localhost:3000/api/auth/verify-email');
    expect(link.searchParams.get('callbackURL')).toBe('/welcome');
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    const rows = await db.handle.db.selectFrom('verification').select(['identifier', 'value']).execute();
    expect(rows.some((r) => r.identifier.includes(token) || r.value.includes(token))).toBe(false);

    const res = await client.get(link.href);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/welcome');
    expect(await emailVerified(userId)).toBe(true);
    expect((await client.get('/get-session')).json.user.emailVerified).toBe(true);
    // a second click (or a mail scanner) still answers success
    const again = await app.client().get(link.href);
    expect(again.location).toBe('/welcome');
  });

  it('the default callback is / and without a callbackURL the answer is {status:true,user:null}', async () => {
    const { email, userId } = await signUpUser(app);
    const link = new URL(lastLink(app, email, 'verify-email', '/verify-email'));
    expect(link.searchParams.get('callbackURL')).toBe('/');
    link.searchParams.delete('callbackURL');
    const res = await app.client().get(link.href);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: true, user: null });
    expect(await emailVerified(userId)).toBe(true);
  });

  it('bad, forged and expired tokens are refused, by redirect or 401', async () => {
    const missing = await app.client().get('/verify-email');
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('VALIDATION_ERROR');
    expect(missing.json.message).toContain('[query.token]');

    const bad = await app.client().get('/verify-email', { query: { token: 'nope', callbackURL: '/v?x=1' } });
    expect(bad.location).toBe('/v?x=1&error=invalid_token');
    const badJson = await app.client().get('/verify-email', { query: { token: 'nope' } });
    expect(badJson.status).toBe(401);
    expect(badJson.json.code).toBe('INVALID_TOKEN');

    const evil = await app
      .client()
      .get('/verify-email', { query: { token: 'nope', callbackURL: 'https://evil.example/x' } });
    expect(evil.status).toBe(403);
    expect(evil.json.code).toBe('INVALID_CALLBACK_URL');

    const { email, userId } = await signUpUser(app);
    const link = new URL(lastLink(app, email, 'verify-email', '/verify-email'));
    const forged = new URL(link);
    forged.searchParams.set('token', `${link.searchParams.get('token')?.slice(0, -4)}AAAA`);
    expect((await app.client().get(forged.href)).location).toBe('/?error=invalid_token');

    app.clock.advance(3601);
    expect((await app.client().get(link.href)).location).toBe('/?error=token_expired');
    link.searchParams.delete('callbackURL');
    const expired = await app.client().get(link.href);
    expect(expired.status).toBe(401);
    expect(expired.json.code).toBe('TOKEN_EXPIRED');
    expect(await emailVerified(userId)).toBe(false);
  });

  it('a link opened in the session of another user is refused', async () => {
    const a = await signUpUser(app);
    const b = await signUpUser(app);
    const link = lastLink(app, a.email, 'verify-email', '/verify-email');
    const res = await b.client.get(link);
    expect(res.location).toBe('/?error=unauthorized');
    expect(await emailVerified(a.userId)).toBe(false);
  });

  it('send-verification-email: the same answer for anyone without a session, rules with one', async () => {
    const { email, client } = await signUpUser(app);
    const before = countMails(app, email, 'verify-email');
    const started = performance.now();
    const anon = await app
      .client()
      .post('/send-verification-email', { email: email.toUpperCase(), callbackURL: '/again' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
    expect(anon.json).toEqual({ status: true });
    expect(countMails(app, email, 'verify-email')).toBe(before + 1);
    expect(new URL(lastLink(app, email, 'verify-email', '/verify-email')).searchParams.get('callbackURL')).toBe(
      '/again',
    );

    const unknown = await app.client().post('/send-verification-email', { email: 'nobody@example.test' });
    expect(unknown.json).toEqual({ status: true });
    expect(countMails(app, 'nobody@example.test', 'verify-email')).toBe(0);

    const malformed = await app.client().post('/send-verification-email', { email: 'not-an-email' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.code).toBe('VALIDATION_ERROR');

    const mismatch = await client.post('/send-verification-email', { email: 'other@example.test' });
    expect(mismatch.json.code).toBe('EMAIL_MISMATCH');
    expect((await client.post('/send-verification-email', { email })).json).toEqual({ status: true });
    await client.get(lastLink(app, email, 'verify-email', '/verify-email'));
    const verified = await client.post('/send-verification-email', { email });
    expect(verified.status).toBe(400);
    expect(verified.json.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('a mail that cannot be sent: sign-up still succeeds, the send endpoint answers 500 and keeps no token', async () => {
    app.mailer.rejectAll(true);
    try {
      const { client, email, userId } = await signUpUser(app);
      expect(app.logger.lines.some((l) => l.level === 'error' && l.line.includes(userId))).toBe(true);
      const tokensBefore = await db.handle.db.selectFrom('verification').select('id').execute();
      const res = await client.post('/send-verification-email', { email });
      expect(res.status).toBe(500);
      expect(res.json).toEqual({ code: 'FAILED_TO_CREATE_VERIFICATION', message: 'Unable to create verification' });
      const tokensAfter = await db.handle.db.selectFrom('verification').select('id').execute();
      expect(tokensAfter.length).toBe(tokensBefore.length);
      expect((await client.get('/get-session')).json.user.id).toBe(userId);
    } finally {
      app.mailer.rejectAll(false);
    }
  });

  it('a mail that cannot be sent, signed out: the same 200 for unknown, verified and unverified addresses', async () => {
    const unverified = await signUpUser(app);
    const verified = await signUpUser(app);
    await verified.client.get(lastLink(app, verified.email, 'verify-email', '/verify-email'));
    // a failed delivery (MailDeliveryError), and a mailer that fails in any other way
    const broken = createTestApp(
      db,
      {},
      {
        mailer: {
          send: () => Promise.reject(new Error('the mail relay fell over')),
          describe: () => 'broken (test)',
          close: async () => {},
        },
      },
    );
    app.mailer.rejectAll(true);
    try {
      for (const target of [app, broken]) {
        for (const email of [unverified.email, verified.email, 'nobody@example.test']) {
          const before = await snapshot(db);
          const res = await target.client().post('/send-verification-email', { email });
          expect([res.status, res.json]).toEqual([200, { status: true }]);
          // no token kept for a mail nobody received
          expect(await snapshot(db)).toBe(before);
        }
        expect(target.logger.lines.some((l) => l.level === 'error' && l.line.includes(unverified.userId))).toBe(true);
      }
    } finally {
      app.mailer.rejectAll(false);
      await broken.close();
    }
  });

  it('requireEmailVerification: no session at sign-up, 403 and a new mail at sign-in, auto sign-in once', async () => {
    const client = strict.client();
    const email = `strict-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const signUp = await client.post('/sign-up/email', { name: 'S', email, password: PASSWORD, callbackURL: '/in' });
    expect(signUp.json.token).toBeNull();
    expect(client.cookie('session_token')).toBeUndefined();
    // sent in the background (a taken address must not answer faster than a new one)
    await vi.waitFor(() => expect(countMails(strict, email, 'verify-email')).toBe(1));

    const wrong = await client.post('/sign-in/email', { email, password: 'Wrong-Password-1' });
    expect(wrong.status).toBe(401);
    const denied = await client.post('/sign-in/email', { email, password: PASSWORD, callbackURL: '/in' });
    expect(denied.status).toBe(403);
    expect(denied.json.code).toBe('EMAIL_NOT_VERIFIED');
    expect(countMails(strict, email, 'verify-email')).toBe(2);

    const link = lastLink(strict, email, 'verify-email', '/verify-email');
    const tab = strict.client();
    const res = await tab.get(link);
    expect(res.location).toBe('/in');
    expect(tab.cookie('session_token')).toBeDefined();
    expect((await tab.get('/get-session')).json.user.emailVerified).toBe(true);
    // the same link again proves nothing new and signs nobody in
    const other = strict.client();
    expect((await other.get(link)).location).toBe('/in');
    expect(other.cookie('session_token')).toBeUndefined();
    expect((await client.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });
  it('sign-up removes links that expired more than a day ago, at most once a minute per instance', async () => {
    const own = createTestApp(db, { emailVerification: { expiresIn: 600 } });
    try {
      const expiredLongAgo = async () =>
        (
          await db.handle.db
            .selectFrom('verification')
            .select('id')
            .where('identifier', 'like', 'email-verification:%')
            .where('expiresAt', '<', new Date(own.clock.now().getTime() - 86_400_000))
            .execute()
        ).length;
      await signUpUser(own);
      own.clock.advance(600 + 86_400 + 1);
      expect(await expiredLongAgo()).toBeGreaterThan(0);
      await signUpUser(own);
      expect(await expiredLongAgo()).toBe(0);
      // a row that expired long ago appears: the next sign-up within the minute leaves it, the sweep's business
      const stale = {
        id: `stale-${Math.random().toString(36).slice(2, 10)}`,
        identifier: 'email-verification:stale',
        value: '{}',
        expiresAt: new Date(own.clock.now().getTime() - 3 * 86_400_000),
        createdAt: own.clock.now(),
        updatedAt: own.clock.now(),
      };
      await db.handle.db.insertInto('verification').values(stale).execute();
      await signUpUser(own);
      expect(await expiredLongAgo()).toBe(1);
      own.clock.advance(61);
      await signUpUser(own);
      expect(await expiredLongAgo()).toBe(0);
    } finally {
      await own.close();
    }
  });
});
