/**
 * One way to a session (ARCHITECTURE.md "One way in"): every route that gives a browser a
 * new session goes through grantSession, whose one ordered list of checks applies to it.
 *  - statically: only the pipeline imports the module that writes a session row;
 *  - per route: each session-granting route is driven over HTTP, and each new session
 *    cookie it sets comes with exactly one grant of the expected method;
 *  - per check: a ban refuses every way in (the two-factor step and the verification link's
 *    automatic sign-in included), which is the bug this pipeline closes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestResponse } from '../../test/client.ts';
import {
  BASE_URL,
  createTestApp,
  openSharedDatabase,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  signUpVerifiedUser,
  type TestApp,
  verifyEmailOf,
} from '../../test/harness.ts';
import { codeOf, magicLinkOf } from '../../test/mailbox-proof.ts';
import { loginAtProvider, type OidcProvider, startOidcProvider } from '../../test/oidc-provider.ts';
import { codeFor, enrolledUser } from '../../test/two-factor.ts';
import { openToken } from '../social/tokens.ts';
import { boundSignInChecks } from './pipeline.ts';

const SRC = join(fileURLToPath(import.meta.url), '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the sign-in pipeline is the only way to a session', () => {
  it('only features/sign-in/pipeline.ts imports the module that writes session rows', () => {
    const importers = sourceFiles(SRC)
      .filter((file) => /from '[^']*session\/create\.ts'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(importers).toEqual(['features/sign-in/pipeline.ts']);
  });

  it('the modules that grant sessions are exactly those whose routes the tests below drive', () => {
    const granting = sourceFiles(SRC)
      .filter((file) => /\b(grantSession|replaceCurrentSession)\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
      .sort();
    // a new module here is a new way to a session: add its route to the scenarios below
    expect(granting).toEqual([
      'features/admin/routes-sessions.ts', // impersonate-user
      'features/credentials/reauthenticate.ts', // verify-password
      'features/credentials/routes.ts', // sign-up/email, sign-in/email (and username through it), change-password
      'features/email-otp/service.ts', // sign-in/email-otp, and email-otp/verify-email's automatic sign-in
      'features/email-verification/service.ts', // verify-email's automatic sign-in
      'features/magic-link/service.ts', // magic-link/verify
      'features/passkey/sign-in.ts', // passkey/verify-authentication (features/passkey/passkey.test.ts drives it, a ban too)
      'features/sign-in/pipeline.ts',
      'features/social/id-token.ts', // sign-in/social with an ID token
      'features/social/service.ts', // callback/:id
      'features/two-factor/challenge.ts', // verify-totp, verify-otp, verify-backup-code at sign-in
      'features/two-factor/service.ts', // the rotations of enable and disable
    ]);
  });

  it('no other module inserts into the session table', () => {
    const writers = sourceFiles(SRC)
      .filter((file) => /insertInto\('session'\)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(writers).toEqual(['features/session/repo.ts']);
    const callers = sourceFiles(SRC)
      .filter((file) => /\binsertSession\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
      .sort();
    expect(callers).toEqual(['features/session/create.ts', 'features/session/repo.ts']);
  });
});

describe('every session-granting route goes through the pipeline', () => {
  let db: SharedDatabase;
  let app: TestApp;
  let op: OidcProvider;
  const ADMIN_EMAIL = 'pipeline-admin@example.test';

  beforeAll(async () => {
    op = await startOidcProvider({
      redirectURI: `${BASE_URL}/api/auth/callback/google`,
      claims: (sub) => ({ email: `${sub}@oidc.example`, name: sub, email_verified: true }),
    });
    db = await openSharedDatabase('sqlite');
    app = createTestApp(db, {
      emailVerification: { autoSignInAfterVerification: true },
      plugins: { magicLink: {}, emailOTP: {} },
      socialProviders: {
        google: { clientId: 'latch-test-client', clientSecret: 'latch-test-client-secret', endpoints: op.endpoints },
      },
    });
    // the provider signs ID tokens with real time; Latch checks them with its clock
    app.clock.set(Date.now());
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await op?.close();
  });

  const sessionRows = async () => (await db.handle.db.selectFrom('session').select('id').execute()).length;
  const grantLines = () =>
    app.logger.lines
      .filter((l) => l.line.includes('session granted'))
      .map((l) => JSON.parse(l.line.slice(l.line.indexOf('{'))) as { method: string; userId: string });
  const newSessionCookie = (res: TestResponse) =>
    res.setCookies.some((line) => /\.session_token=[^;]+/.test(line) && !/Max-Age=0/i.test(line));

  /** Runs one request and answers the grants it made; it must set a new session cookie for each. */
  async function granted(run: () => Promise<TestResponse>): Promise<{ res: TestResponse; methods: string[] }> {
    const before = grantLines().length;
    const res = await run();
    const methods = grantLines()
      .slice(before)
      .map((g) => g.method);
    expect(newSessionCookie(res), `a new session cookie (${res.status} ${res.text})`).toBe(methods.length > 0);
    return { res, methods };
  }

  it('binds the checks in the declared order', () => {
    expect(boundSignInChecks(app.auth.deps).map((c) => c.name)).toEqual([
      'account-limit',
      'email-verification',
      'ban',
      'second-factor',
    ]);
  });

  it('sign-up, sign-in/email, sign-in/username and verify-password grant through it', async () => {
    const client = app.client();
    const email = 'pipeline-one@example.test';
    const up = await granted(() =>
      client.post('/sign-up/email', { name: 'One', email, password: PASSWORD, username: 'pipeline_one' }),
    );
    expect(up.methods).toEqual(['sign-up']);
    expect((await granted(() => app.client().post('/sign-in/email', { email, password: PASSWORD }))).methods).toEqual([
      'password',
    ]);
    const byName = await granted(() =>
      app.client().post('/sign-in/username', { username: 'pipeline_one', password: PASSWORD }),
    );
    expect(byName.methods).toEqual(['username']);
    const again = await granted(() => client.post('/verify-password', { password: PASSWORD }));
    expect([again.res.status, again.methods]).toEqual([200, ['reauthentication']]);
    const rotated = await granted(() =>
      client.post('/change-password', {
        currentPassword: PASSWORD,
        newPassword: `${PASSWORD}-2`,
        revokeOtherSessions: true,
      }),
    );
    expect(rotated.methods).toEqual(['rotation']);
  });

  it('the social callback and an ID token grant through it', async () => {
    const browser = app.client();
    const start = await browser.post('/sign-in/social', { provider: 'google', callbackURL: '/home' });
    const callback = (await loginAtProvider(start.json.url, 'pia', BASE_URL)).href;
    const social = await granted(() => browser.get(callback));
    expect([social.res.location, social.methods]).toEqual(['/home', ['social']]);

    const account = (await browser.get('/list-accounts')).json.find(
      (a: { providerId: string }) => a.providerId === 'google',
    );
    const row = await db.handle.db
      .selectFrom('account')
      .select('idToken')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    const idToken = openToken(app.auth.deps, row.idToken) ?? '';
    const viaToken = await granted(() =>
      app.client().post('/sign-in/social', { provider: 'google', idToken: { token: idToken } }),
    );
    expect([viaToken.res.status, viaToken.methods]).toEqual([200, ['id-token']]);
  });

  it('the verification link signs in through it (autoSignInAfterVerification)', async () => {
    const { email, userId } = await signUpUser(app);
    const stranger = app.client();
    const before = grantLines().length;
    await verifyEmailOf(app, stranger, email);
    expect(grantLines().slice(before)).toEqual([{ method: 'email-verification', userId }]);
    expect((await stranger.get('/get-session')).json.user.id).toBe(userId);
  });

  it('a magic link, an emailed sign-in code and a verification code grant through it', async () => {
    const { email, userId } = await signUpVerifiedUser(app);
    await app.client().post('/sign-in/magic-link', { email });
    const viaLink = await granted(() => app.client().get(magicLinkOf(app, email)));
    expect([viaLink.res.status, viaLink.methods]).toEqual([302, ['magic-link']]);
    await app.client().post('/email-otp/send-verification-otp', { email, type: 'sign-in' });
    const otp = codeOf(app, email, 'email-otp-sign-in');
    const viaCode = await granted(() => app.client().post('/sign-in/email-otp', { email, otp }));
    expect([viaCode.res.status, viaCode.methods]).toEqual([200, ['email-otp']]);
    expect(grantLines().filter((g) => g.userId === userId).length).toBeGreaterThanOrEqual(2);

    // email-otp/verify-email signs in as the verification link does (autoSignInAfterVerification)
    const unverified = await signUpUser(app);
    await app
      .client()
      .post('/email-otp/send-verification-otp', { email: unverified.email, type: 'email-verification' });
    const code = codeOf(app, unverified.email, 'email-otp-verify-email');
    const verified = await granted(() =>
      app.client().post('/email-otp/verify-email', { email: unverified.email, otp: code }),
    );
    expect(verified.methods).toEqual(['email-verification']);
  });

  it('every step of two-factor grants through it: enrolment, each second factor, disabling', async () => {
    const user = await enrolledUser(app);
    const grants = grantLines().filter((g) => g.userId === user.userId);
    expect(grants.map((g) => g.method)).toEqual(['sign-up', 'rotation']);

    const totp = app.client();
    const first = await granted(() => totp.post('/sign-in/email', { email: user.email, password: PASSWORD }));
    expect([first.res.json.twoFactorRedirect, first.methods]).toEqual([true, []]);
    app.clock.advance(30);
    const second = await granted(() => totp.post('/two-factor/verify-totp', { code: codeFor(app, user.uri) }));
    expect(second.methods).toEqual(['two-factor']);

    const backup = app.client();
    await backup.post('/sign-in/email', { email: user.email, password: PASSWORD });
    const viaBackup = await granted(() => backup.post('/two-factor/verify-backup-code', { code: user.backupCodes[0] }));
    expect(viaBackup.methods).toEqual(['two-factor']);

    const otp = app.client();
    await otp.post('/sign-in/email', { email: user.email, password: PASSWORD });
    await otp.post('/two-factor/send-otp', {});
    const mailed = app.mailer.messages.filter((m) => m.to === user.email && m.kind === 'two-factor-otp').at(-1);
    const code = /\b(\d{6})\b/.exec(mailed?.text ?? '')?.[1] ?? '';
    const viaOtp = await granted(() => otp.post('/two-factor/verify-otp', { code }));
    expect(viaOtp.methods).toEqual(['two-factor']);

    const off = await granted(() => totp.post('/two-factor/disable', { password: PASSWORD }));
    expect(off.methods).toEqual(['rotation']);
  });

  it('impersonation grants through it', async () => {
    const admin = await signUpUser(app, { email: ADMIN_EMAIL });
    await db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    const target = await signUpUser(app);
    const res = await granted(() => admin.client.post('/admin/impersonate-user', { userId: target.userId }));
    expect([res.res.status, res.methods]).toEqual([200, ['impersonation']]);
  });

  describe('a ban refuses every way in', () => {
    async function ban(userId: string) {
      await db.handle.db
        .updateTable('user')
        .set({ banned: true, banReason: 'test', banExpires: null })
        .where('id', '=', userId)
        .execute();
    }

    /** A refusal creates no session row and sets no session cookie. */
    async function refused(run: () => Promise<TestResponse>): Promise<TestResponse> {
      const rows = await sessionRows();
      const { res, methods } = await granted(run);
      expect(methods).toEqual([]);
      expect(await sessionRows()).toBe(rows);
      return res;
    }

    it('password, username and re-authentication', async () => {
      const user = await signUpUser(app, { username: 'pipeline_banned' });
      await ban(user.userId);
      const byEmail = await refused(() =>
        app.client().post('/sign-in/email', { email: user.email, password: PASSWORD }),
      );
      expect(byEmail.json.code).toBe('BANNED_USER');
      const byName = await refused(() =>
        app.client().post('/sign-in/username', { username: 'pipeline_banned', password: PASSWORD }),
      );
      expect(byName.json.code).toBe('BANNED_USER');
    });

    it('the second step of a two-factor sign-in, when the ban came after the first', async () => {
      const user = await enrolledUser(app);
      const browser = app.client();
      await browser.post('/sign-in/email', { email: user.email, password: PASSWORD });
      await ban(user.userId);
      app.clock.advance(30);
      const res = await refused(() => browser.post('/two-factor/verify-totp', { code: codeFor(app, user.uri) }));
      expect(res.json.code).toBe('BANNED_USER');
    });

    it('the automatic sign-in of a verification link (the address is still proven)', async () => {
      const user = await signUpUser(app);
      await ban(user.userId);
      const stranger = app.client();
      const rows = await sessionRows();
      const before = grantLines().length;
      await verifyEmailOf(app, stranger, user.email);
      expect(grantLines().length).toBe(before);
      expect(await sessionRows()).toBe(rows);
      expect((await stranger.get('/get-session')).json).toBeNull();
      const row = await db.handle.db
        .selectFrom('user')
        .select('emailVerified')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow();
      expect(Boolean(row.emailVerified)).toBe(true);
    });

    it('a magic link and an emailed sign-in code', async () => {
      const user = await signUpVerifiedUser(app);
      await app.client().post('/sign-in/magic-link', { email: user.email });
      const link = magicLinkOf(app, user.email);
      await app.client().post('/email-otp/send-verification-otp', { email: user.email, type: 'sign-in' });
      const otp = codeOf(app, user.email, 'email-otp-sign-in');
      await ban(user.userId);
      const viaLink = await refused(() => app.client().get(link));
      expect(viaLink.location).toBe('/?error=BANNED_USER');
      const viaCode = await refused(() => app.client().post('/sign-in/email-otp', { email: user.email, otp }));
      expect(viaCode.json.code).toBe('BANNED_USER');
    });

    it('impersonation', async () => {
      const admin = (await signUpUser(app)) as { client: TestClient; userId: string };
      await db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
      const target = await signUpUser(app);
      await ban(target.userId);
      const res = await refused(() => admin.client.post('/admin/impersonate-user', { userId: target.userId }));
      expect(res.json.code).toBe('BANNED_USER');
    });
  });

  it('a verification link does not sign a two-factor account in: it proves the address only', async () => {
    const user = await enrolledUser(app);
    await db.handle.db.updateTable('user').set({ emailVerified: false }).where('id', '=', user.userId).execute();
    await user.client.post('/send-verification-email', { email: user.email });
    const stranger = app.client();
    const rows = await sessionRows();
    await verifyEmailOf(app, stranger, user.email);
    expect((await stranger.get('/get-session')).json).toBeNull();
    expect(stranger.cookie('two_factor')).toBeUndefined();
    expect(await sessionRows()).toBe(rows);
  });

  it('a provider sign-in of a two-factor account answers the challenge, not a session', async () => {
    const user = await signUpVerifiedUser(app, { email: 'quinn@oidc.example' });
    const enable = await user.client.post('/two-factor/enable', { password: PASSWORD });
    await user.client.post('/two-factor/verify-totp', { code: codeFor(app, enable.json.totpURI) });
    const browser = app.client();
    const start = await browser.post('/sign-in/social', { provider: 'google', callbackURL: '/home' });
    const callback = (await loginAtProvider(start.json.url, 'quinn', BASE_URL)).href;
    const rows = await sessionRows();
    const res = await browser.get(callback);
    expect(res.location).toBe(`${BASE_URL}/two-factor?next=%2Fhome`);
    expect(await sessionRows()).toBe(rows);
    expect(browser.cookie('session_token')).toBeUndefined();
    app.clock.advance(30);
    const done = await browser.post('/two-factor/verify-totp', { code: codeFor(app, enable.json.totpURI) });
    expect(done.status).toBe(200);
    expect((await browser.get('/get-session')).json.user.id).toBe(user.userId);
  });
});
