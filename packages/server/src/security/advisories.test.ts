/**
 * better-auth's published security advisories, replayed over HTTP against Latch
 * (docs/security-advisories.md lists every advisory found, where it was found, and why
 * the ones without a test here do not apply). Each test is named after the advisory it
 * replays, sends what the attacker sent, asserts that Latch refuses it, and compares a
 * snapshot of the account tables taken before the attack with one taken after.
 * Where an advisory concerns a plugin Latch does not have, the test replays the same class
 * of attack against the Latch endpoint that carries it, and says so in its name.
 */
import { afterAll, expect, it } from 'vitest';
import type { TestClient, TestResponse } from '../test/client.ts';
import {
  BASE_URL,
  createTestApp,
  describeOnDatabases,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  signUpVerifiedUser,
  type TestApp,
  verifyEmailOf,
} from '../test/harness.ts';
import { lastLink } from '../test/mail-links.ts';
import { owner } from '../test/organizations.ts';
import { SoftwareAuthenticator } from '../test/passkey-authenticator.ts';
import { registerPasskey, signInWithPasskey } from '../test/passkeys.ts';
import { beginSocial, errorOf, socialSignIn, startGithubFake } from '../test/social-sign-in.ts';
import { enrolledUser, toMidStep } from '../test/two-factor.ts';

const github = await startGithubFake();
afterAll(() => github.close());

/** The tables that hold who may do what: an attack that changes none of them changed nothing that matters. */
const TABLES = [
  'user',
  'session',
  'account',
  'verification',
  'organization',
  'member',
  'invitation',
  'team',
  'teamMember',
  'twoFactor',
] as const;

async function snapshot(db: SharedDatabase): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await db.handle.db.selectFrom(table).selectAll().execute();
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.test`;

/** Open redirects a browser would follow to another host (scheme-less, backslashes, dot segments, encodings). */
const SCHEME_LESS = [
  '//evil.example/phish',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/.//evil.example',
  '/..//evil.example/phish',
  '/x/..//evil.example',
  '/\t/evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
];

/** Absolute targets that are not a trusted origin, however much of one they contain. */
const UNTRUSTED_ABSOLUTE = [
  'https://evil.example/x',
  'http://localhost:3000@evil.example/',
  'http://localhost:3000.evil.example/',
  'https://evil.example?.trusted.example',
  'https://evil.example#.trusted.example',
  'https://evil.example/.trusted.example',
  'https://trusted.example.evil.example',
  'https://evil-trusted.example',
  'http://a.trusted.example/',
  'https://a.trusted.example@evil.example',
  'https://a.trusted.example:443@evil.example',
  'https://evil.example\\.trusted.example',
  'https://app.partner.example.evil.example',
  'https://app.partner.example@evil.example',
  'javascript:alert(document.cookie)',
  'javascript://%0aalert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
];

/** The verification link mailed to `email`, as the URL a browser would open. */
function verifyLink(app: TestApp, email: string): URL {
  return new URL(lastLink(app, email, 'verify-email', '/verify-email'));
}

async function sessionOf(client: TestClient): Promise<string | null> {
  return ((await client.get('/get-session')).json?.user?.id as string | undefined) ?? null;
}

await describeOnDatabases(
  'better-auth advisories replayed',
  {
    socialProviders: { github: github.options },
    trustedOrigins: ['https://*.trusted.example', 'https://app.partner.example'],
    session: { cookieCache: { enabled: true } },
    plugins: { admin: { adminRoles: ['admin'] } },
  },
  (t) => {
    it('GHSA-8jhw-6pjj-8723 (CVE-2024-56734): the GET verify-email and reset links refuse an untrusted absolute callbackURL before doing anything', async () => {
      const victim = await signUpUser(t.app);
      await t.app.client().post('/request-password-reset', { email: victim.email, redirectTo: '/reset' });
      const reset = new URL(lastLink(t.app, victim.email, 'reset-password', '/reset-password/'));
      const before = await snapshot(t.db);
      for (const target of ['https://evil.example/steal', 'http://evil.example', 'HTTPS://EVIL.EXAMPLE/x']) {
        const link = verifyLink(t.app, victim.email);
        link.searchParams.set('callbackURL', target);
        const browser = t.app.client();
        const verify = await browser.get(link.href);
        expect([target, verify.status, verify.json?.code, verify.location]).toEqual([
          target,
          403,
          'INVALID_CALLBACK_URL',
          null,
        ]);
        expect(browser.cookie('session_token')).toBeUndefined();
        reset.searchParams.set('callbackURL', target);
        const resetPage = await t.app.client().get(reset.href);
        expect([target, resetPage.status, resetPage.json?.code]).toEqual([target, 403, 'INVALID_CALLBACK_URL']);
      }
      expect(await snapshot(t.db)).toEqual(before);
      // the same links with the application's own page still work: the refusal was the target's
      const ok = verifyLink(t.app, victim.email);
      ok.searchParams.set('callbackURL', '/welcome');
      expect((await t.app.client().get(ok.href)).location).toBe('/welcome');
      reset.searchParams.set('callbackURL', '/reset');
      expect((await t.app.client().get(reset.href)).location).toMatch(new RegExp(`^${BASE_URL}/reset\\?token=\\w+$`));
    });

    it('GHSA-hjpm-7mrm-26w8 (CVE-2025-27143): scheme-less, backslash and dot-segment callbackURLs are refused on verify-email and sign-in', async () => {
      const victim = await signUpUser(t.app);
      const before = await snapshot(t.db);
      const answers = [];
      for (const target of SCHEME_LESS) {
        const link = verifyLink(t.app, victim.email);
        link.searchParams.set('callbackURL', target);
        const verify = await t.app.client().get(link.href);
        const signIn = await t.app
          .client()
          .post('/sign-in/email', { email: victim.email, password: PASSWORD, callbackURL: target });
        answers.push([target, verify.status, verify.json?.code, verify.location, signIn.status, signIn.json?.code]);
      }
      expect(answers).toEqual(
        SCHEME_LESS.map((target) => [target, 403, 'INVALID_CALLBACK_URL', null, 403, 'INVALID_CALLBACK_URL']),
      );
      // no session was granted, the address was not verified, nothing was written
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('GHSA-vp58-j275-797x (CVE-2025-71403): trustedOrigins with wildcards are not bypassed by absolute URLs that merely contain a trusted name', async () => {
      const victim = await signUpUser(t.app);
      const before = await snapshot(t.db);
      const answers = [];
      for (const target of UNTRUSTED_ABSOLUTE) {
        const signIn = await t.app
          .client()
          .post('/sign-in/email', { email: victim.email, password: PASSWORD, callbackURL: target });
        const link = verifyLink(t.app, victim.email);
        link.searchParams.set('callbackURL', target);
        const verify = await t.app.client().get(link.href);
        answers.push([target, signIn.status, signIn.json?.code, verify.status, verify.location]);
      }
      expect(answers).toEqual(UNTRUSTED_ABSOLUTE.map((target) => [target, 403, 'INVALID_CALLBACK_URL', 403, null]));
      expect(await snapshot(t.db)).toEqual(before);
      // the configured patterns themselves still match what they name
      for (const target of ['https://a.trusted.example/welcome', 'https://app.partner.example/x', '/home?tab=1']) {
        const res = await t.app
          .client()
          .post('/sign-in/email', { email: victim.email, password: PASSWORD, callbackURL: target });
        expect([target, res.status, res.json?.url]).toEqual([target, 200, target]);
      }
    });

    it('GHSA-36rg-gfq2-3h56 (CVE-2025-53535): every route that takes a redirect target checks it, before its work', async () => {
      const user = await signUpVerifiedUser(t.app);
      const stranger = unique('new');
      await t.app.client().post('/request-password-reset', { email: user.email, redirectTo: '/reset' });
      const reset = new URL(lastLink(t.app, user.email, 'reset-password', '/reset-password/'));
      const mails = t.app.mailer.messages.length;
      const before = await snapshot(t.db);
      const answers: [string, string, number, string][] = [];
      const record = (route: string, target: string, res: TestResponse) =>
        answers.push([route, target, res.status, res.json?.code]);
      for (const target of [
        '//evil.example',
        '/.//evil.example',
        'https://evil.example',
        'https://a.trusted.example@evil.example',
      ]) {
        const c = () => t.app.client();
        record(
          'sign-up callbackURL',
          target,
          await c().post('/sign-up/email', {
            name: 'New',
            email: stranger,
            password: PASSWORD,
            callbackURL: target,
          }),
        );
        for (const field of ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL'])
          record(
            `sign-in/social ${field}`,
            target,
            await c().post('/sign-in/social', { provider: 'github', [field]: target }),
          );
        record(
          'request-password-reset redirectTo',
          target,
          await c().post('/request-password-reset', {
            email: user.email,
            redirectTo: target,
          }),
        );
        record(
          'forget-password redirectTo',
          target,
          await c().post('/forget-password', {
            email: user.email,
            redirectTo: target,
          }),
        );
        record(
          'send-verification-email callbackURL',
          target,
          await c().post('/send-verification-email', {
            email: user.email,
            callbackURL: target,
          }),
        );
        record(
          'change-email callbackURL',
          target,
          await user.client.post('/change-email', {
            newEmail: unique('moved'),
            callbackURL: target,
          }),
        );
        record(
          'link-social callbackURL',
          target,
          await user.client.post('/link-social', {
            provider: 'github',
            callbackURL: target,
            disableRedirect: true,
          }),
        );
        record(
          'sign-in/email query callbackURL',
          target,
          await c().request('POST', '/sign-in/email', {
            body: { email: user.email, password: PASSWORD },
            query: { callbackURL: target },
          }),
        );
        reset.searchParams.set('callbackURL', target);
        record('GET reset-password/:token callbackURL', target, await c().get(reset.href));
      }
      const expected = (route: string) =>
        route.includes('errorCallbackURL')
          ? 'INVALID_ERROR_CALLBACK_URL'
          : route.includes('newUserCallbackURL')
            ? 'INVALID_NEW_USER_CALLBACK_URL'
            : route.includes('redirectTo')
              ? 'INVALID_REDIRECT_URL'
              : 'INVALID_CALLBACK_URL';
      expect(answers).toEqual(answers.map(([route, target]) => [route, target, 403, expected(route)]));
      expect(t.app.mailer.messages.length).toBe(mails);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('GHSA-9x4v-xfq5-m8x5 (CVE-2025-71404): the /error page shows the error parameters as text, never as markup', async () => {
      const before = await snapshot(t.db);
      const res = await t.app.client().get('/error', {
        query: {
          error: '<script>alert(document.cookie)</script>',
          error_description: '"><img src=x onerror=alert(document.cookie)><script>alert(1)</script>',
        },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.text).not.toMatch(/<script|<img|"><|alert\(document\.cookie\)<\/script>/i);
      expect(res.text).toContain('&lt;img src=x onerror=alert(document.cookie)&gt;');
      expect(res.text).toContain('<code>UNKNOWN</code>');
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('GHSA-569q-mpph-wgww (CVE-2025-71401): a first request with a foreign host and path does not move the base path or the links', async () => {
      // a fresh instance, so that the attacker's request is its very first one
      const fresh = createTestApp(t.db, {});
      try {
        const attacker = fresh.client();
        const poisoning = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
        expect((await attacker.get('http://evil.example/evil-base/api/auth/ok', { headers: poisoning })).status).toBe(
          404,
        );
        const { email } = await signUpUser(fresh);
        const before = await snapshot(t.db);
        // its own origin is not trusted because it came in the Host header
        const crossSite = await attacker.post(
          'http://evil.example/api/auth/sign-in/email',
          { email, password: PASSWORD },
          { headers: poisoning, origin: 'https://evil.example' },
        );
        expect([crossSite.status, crossSite.json?.code]).toEqual([403, 'INVALID_ORIGIN']);
        // every route still answers at the configured base path, and mailed links use the configured URL
        expect((await fresh.client().get('/ok')).json).toEqual({ ok: true });
        expect(verifyLink(fresh, email).href.startsWith(`${BASE_URL}/api/auth/verify-email?`)).toBe(true);
        expect(await snapshot(t.db)).toEqual(before);
      } finally {
        await fresh.close();
      }
    });

    it('GHSA-xg6x-h9c9-2m83 (CVE-2026-67337): with the cookie cache on, a password step of a two-factor account hands out no session cookie to replay', async () => {
      toMidStep(t.app);
      const victim = await enrolledUser(t.app);
      const res = await t.app.client().post('/sign-in/email', { email: victim.email, password: PASSWORD });
      expect(res.json.twoFactorRedirect).toBe(true);
      const sessionLines = res.setCookies.filter((line) => /\.session_(token|data)(\.\d+)?=/.test(line));
      expect(sessionLines.length).toBeGreaterThan(0);
      for (const line of sessionLines) expect(line).toMatch(/^[^=]+=;/);
      // an attacker who reads the raw response replays every cookie it carries
      const before = await snapshot(t.db);
      const replay = t.app.client();
      for (const line of res.setCookies) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        if (pair.slice(eq + 1)) replay.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      expect(await sessionOf(replay)).toBeNull();
      const disable = await replay.post('/two-factor/disable', { password: PASSWORD });
      expect(disable.status).toBe(401);
      expect((await replay.get('/list-sessions')).status).toBe(401);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('GHSA-wxw3-q3m9-c3jr (CVE-2026-67335): a callback whose state another browser started is refused, and leaves that state alone', async () => {
      const attacker = t.app.client();
      const profile = github.profile();
      const callback = await github.authorize(await beginSocial(attacker), profile);
      // the victim's browser has a sign-in of its own under way: its state cookie does not match
      const victim = t.app.client();
      await beginSocial(victim);
      const before = await snapshot(t.db);
      const csrf = await victim.get(callback);
      expect(errorOf(csrf)).toBe('state_not_found');
      expect(await sessionOf(victim)).toBeNull();
      // and a browser with no state cookie at all
      const bare = t.app.client();
      expect(errorOf(await bare.get(callback))).toBe('state_not_found');
      expect(await snapshot(t.db)).toEqual(before);
      // the flow still belongs to the browser that started it
      expect((await attacker.get(callback)).location).toBe('/after');
      expect((await attacker.get('/get-session')).json.user.email).toBe(profile.email);
    });

    it('GHSA-g38m-r43w-p2q7 (CVE-2026-53516): a provider account is not linked to a local account that only claims its address', async () => {
      const email = unique('victim');
      // the attacker pre-registers the victim's address with a password and never verifies it
      const squatter = await signUpUser(t.app, { email });
      const before = await snapshot(t.db);
      const victim = t.app.client();
      const res = await socialSignIn(github, victim, github.profile({ email, emailVerified: true }));
      expect(errorOf(res)).toBe('account_not_linked');
      expect(await sessionOf(victim)).toBeNull();
      // the squatter's account gained no provider account and was not marked verified
      expect(await snapshot(t.db)).toEqual(before);
      const accounts = await squatter.client.get('/list-accounts');
      expect(accounts.json.map((a: { providerId: string }) => a.providerId)).toEqual(['credential']);
      expect(
        (await squatter.client.get('/get-session', { query: { disableCookieCache: 'true' } })).json.user.emailVerified,
      ).toBe(false);
    });

    it('GHSA-fmh4-wcc4-5jm3 (CVE-2026-53514): without the mailed link, an account that claims the invited address can neither find nor settle the invitation, and no one else can settle it', async () => {
      const org = await owner(t.app);
      const invited = unique('invited');
      const claimant = await signUpUser(t.app, { email: invited });
      const invitation = await org.person.client.post('/organization/invite-member', {
        email: invited,
        role: 'admin',
        organizationId: org.org.id,
      });
      expect(invitation.status).toBe(200);
      const stranger = await signUpVerifiedUser(t.app);
      const before = await snapshot(t.db);
      // the unverified claimant cannot list the address's invitations, and ids are not guessable
      const listed = await claimant.client.get('/organization/list-user-invitations');
      expect([listed.status, listed.json.code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION']);
      expect(invitation.json.id).toMatch(/^[A-Za-z0-9]{32}$/);
      // a neighbour of the real id that differs whatever the collation (MariaDB compares ids without case)
      const guessed = `${invitation.json.id.slice(0, -1)}${invitation.json.id.toLowerCase().endsWith('a') ? 'b' : 'a'}`;
      for (const [path, body] of [
        ['/organization/accept-invitation', { invitationId: guessed }],
        ['/organization/reject-invitation', { invitationId: guessed }],
      ] as const) {
        const res = await claimant.client.post(path, body);
        expect([path, res.status, res.json.code]).toEqual([path, 400, 'INVITATION_NOT_FOUND']);
      }
      expect((await claimant.client.get('/organization/get-invitation', { query: { id: guessed } })).json.code).toBe(
        'INVITATION_NOT_FOUND',
      );
      // a verified account that is not the recipient gets nowhere, even with the real id
      for (const path of ['/organization/accept-invitation', '/organization/reject-invitation']) {
        const res = await stranger.client.post(path, { invitationId: invitation.json.id });
        expect([path, res.status, res.json.code]).toEqual([path, 403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION']);
      }
      const read = await stranger.client.get('/organization/get-invitation', { query: { id: invitation.json.id } });
      expect([read.status, read.json.code]).toEqual([403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION']);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('GHSA-2vg6-77g8-24mp (CVE-2026-67334): a user removed by an admin keeps no working session, cookie cache or not', async () => {
      const adminUser = await signUpVerifiedUser(t.app);
      await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', adminUser.userId).execute();
      // a session begun after the promotion (the cookie cache holds the role it was issued with)
      const admin = t.app.client();
      expect((await admin.post('/sign-in/email', { email: adminUser.email, password: PASSWORD })).status).toBe(200);
      const victim = await signUpVerifiedUser(t.app);
      const laptop = t.app.client();
      expect((await laptop.post('/sign-in/email', { email: victim.email, password: PASSWORD })).status).toBe(200);
      expect(await sessionOf(victim.client)).toBe(victim.userId);
      expect(await sessionOf(laptop)).toBe(victim.userId);

      const removed = await admin.post('/admin/remove-user', { userId: victim.userId });
      expect(removed.json).toEqual({ success: true });
      const before = await snapshot(t.db);
      for (const browser of [victim.client, laptop]) {
        expect(await sessionOf(browser)).toBeNull();
        expect((await browser.post('/update-user', { name: 'Still Here' })).status).toBe(401);
        expect((await browser.get('/list-sessions')).status).toBe(401);
      }
      const rows = await t.db.handle.db
        .selectFrom('session')
        .select('id')
        .where('userId', '=', victim.userId)
        .execute();
      expect(rows).toEqual([]);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('GHSA-965c-763c-88jm (CVE-2026-114607), same class: an OAuth state is no token of another purpose, and no other token is a state', async () => {
      const victim = await signUpUser(t.app);
      const authorizationURL = await beginSocial(t.app.client(), {});
      const state = new URL(authorizationURL).searchParams.get('state') ?? '';
      expect(state).toHaveLength(32);
      const emailToken = verifyLink(t.app, victim.email).searchParams.get('token') ?? '';
      const before = await snapshot(t.db);
      const c = () => t.app.client();
      const attempts: [string, TestResponse][] = [
        [
          'POST /reset-password',
          await c().post('/reset-password', { token: state, newPassword: 'Attacker-Pass-9876' }),
        ],
        ['POST /reset-password/check', await c().post('/reset-password/check', { token: state })],
        ['GET /verify-email', await c().get('/verify-email', { query: { token: state } })],
        ['POST /change-email/approve', await c().post('/change-email/approve', { token: state })],
        ['POST /change-email/refuse', await c().post('/change-email/refuse', { token: state })],
        ['POST /undo-change', await c().post('/undo-change', { token: state })],
        ['GET /reset-password/:token', await c().get(`/reset-password/${state}`, { query: { callbackURL: '/reset' } })],
      ];
      const refused = (res: TestResponse) =>
        res.status >= 400 ||
        (res.status === 302 && new URL(res.location ?? '', BASE_URL).searchParams.get('error') !== null) ||
        (res.status === 200 && res.json?.valid === false);
      expect(attempts.map(([what, res]) => [what, refused(res)])).toEqual(attempts.map(([what]) => [what, true]));
      // the other way round: the email token presented as the state of a provider callback
      const asState = await c().get('/callback/github', { query: { state: emailToken, code: 'anything' } });
      expect(errorOf(asState)).toBe('state_not_found');
      expect(await snapshot(t.db)).toEqual(before);
      // both still do their own job
      expect((await c().get('/verify-email', { query: { token: emailToken } })).json.status).toBe(true);
    });

    it("GHSA-wmjr-v86c-m9jj (CVE-2025-71402), same class: a forged cookie or someone else's session id revokes nothing", async () => {
      const victim = await signUpVerifiedUser(t.app);
      const attacker = await signUpVerifiedUser(t.app);
      const victimSessions = await victim.client.get('/list-sessions');
      const victimToken = victimSessions.json[0].token as string;
      const before = await snapshot(t.db);
      // the victim's opaque session id, posted by another account
      const revoke = await attacker.client.post('/revoke-session', { token: victimToken });
      expect(revoke.status).toBeLessThan(500);
      // and as an unsigned cookie on sign-out, the way the multi-session hook was fooled
      const forged = t.app.client();
      const name = victim.client.cookie('session_token')?.name ?? '';
      forged.jar.set(name, victimToken);
      forged.jar.set(`${name.replace(/session_token$/, '')}session_token_multi-${victimToken}`, victimToken);
      const signOut = await forged.post('/sign-out', {});
      expect(signOut.status).toBeLessThan(500);
      expect(await snapshot(t.db)).toEqual(before);
      expect(await sessionOf(victim.client)).toBe(victim.userId);
      expect(await sessionOf(attacker.client)).toBe(attacker.userId);
    });

    it('better-auth 1.7.16 release note (no advisory id found): verification and email-change links act only on the account they were issued to', async () => {
      const owner = await signUpUser(t.app);
      const verify = verifyLink(t.app, owner.email);
      const newEmail = unique('moved');
      expect((await owner.client.post('/change-email', { newEmail })).status).toBe(200);
      const change = new URL(lastLink(t.app, newEmail, 'change-email-verification', '/verify-email'));
      const other = await signUpUser(t.app);
      const before = await snapshot(t.db);
      // another account's browser follows both links
      for (const link of [verify, change]) {
        const res = await other.client.get(link.href);
        expect([res.status, new URL(res.location ?? '', BASE_URL).searchParams.get('error')]).toEqual([
          302,
          'unauthorized',
        ]);
      }
      expect(await snapshot(t.db)).toEqual(before);
      // the owner's link, opened by its owner's mailbox, moves the owner only
      expect((await t.app.client().get(change.href)).status).toBe(302);
      const rows = await t.db.handle.db
        .selectFrom('user')
        .select(['id', 'email'])
        .where('id', 'in', [owner.userId, other.userId])
        .execute();
      expect(Object.fromEntries(rows.map((r) => [r.id, r.email]))).toEqual({
        [owner.userId]: newEmail,
        [other.userId]: other.email,
      });
    });
  },
);

await describeOnDatabases(
  'better-auth rate-limit advisories replayed',
  {
    rateLimit: { enabled: true, storage: 'database', customRules: { '/sign-in/email': { window: 60, max: 3 } } },
  },
  (t) => {
    it('GHSA-x732-6j76-qmhm (CVE-2025-71399): extra slashes neither reach the route nor buy a fresh allowance', async () => {
      const { email, userId } = await signUpUser(t.app);
      const ip = '203.0.113.7';
      const before = await snapshot(t.db);
      const spellings = ['//sign-in/email', '/sign-in//email', '/sign-in/email/'];
      const statuses = [];
      for (const path of spellings)
        statuses.push((await t.app.client().post(path, { email, password: PASSWORD }, { ip })).status);
      expect(statuses).toEqual([404, 404, 404]);
      // those counted against /sign-in/email: the fourth try from this address waits
      const fourth = await t.app.client().post('/sign-in/email', { email, password: PASSWORD }, { ip });
      expect(fourth.status).toBe(429);
      expect(fourth.headers.get('x-retry-after')).toMatch(/^\d+$/);
      expect(await snapshot(t.db)).toEqual(before);
      // another address is not affected
      const elsewhere = await t.app
        .client()
        .post('/sign-in/email', { email, password: PASSWORD }, { ip: '203.0.113.8' });
      expect([elsewhere.status, elsewhere.json.user.id]).toEqual([200, userId]);
    });

    it('GHSA-44jh-23m7-hpcf: requests racing on one counter in the database store get exactly the allowance', async () => {
      const ip = '203.0.113.50';
      const before = await snapshot(t.db);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.app.client().post('/sign-in/email', { email: unique('race'), password: 'Wrong-Pass-123' }, { ip }),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(3).fill(401), ...Array(9).fill(429)]);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('GHSA-p6v2-xcpg-h6xw (CVE-2026-45364): rotating addresses inside one IPv6 /64, or between an IPv4 address and its mapped form, keeps one budget', async () => {
      const { email, userId } = await signUpUser(t.app);
      const before = await snapshot(t.db);
      const tries = async (ips: string[]) => {
        const out = [];
        for (const ip of ips)
          out.push(
            (await t.app.client().post('/sign-in/email', { email: unique('nobody'), password: PASSWORD }, { ip }))
              .status,
          );
        return out;
      };
      expect(await tries(['2001:db8:aa:bb::1', '2001:db8:aa:bb::2', '2001:DB8:AA:BB:FFFF:FFFF:FFFF:FFFF'])).toEqual([
        401, 401, 401,
      ]);
      expect(await tries(['[2001:db8:aa:bb:1:2:3:4]:443'])).toEqual([429]);
      expect(await tries(['198.51.100.77', '::ffff:198.51.100.77', '::ffff:c633:644d'])).toEqual([401, 401, 401]);
      expect(await tries(['198.51.100.77'])).toEqual([429]);
      // a spoofed X-Forwarded-For does not rotate the key either: Latch reads proxy headers only when configured
      const spoofed = await t.app
        .client()
        .post(
          '/sign-in/email',
          { email, password: PASSWORD },
          { ip: '2001:db8:aa:bb::99', headers: { 'x-forwarded-for': '192.0.2.200' } },
        );
      expect(spoofed.status).toBe(429);
      expect(await snapshot(t.db)).toEqual(before);
      // the neighbouring /64 has its own budget
      const neighbour = await t.app
        .client()
        .post('/sign-in/email', { email, password: PASSWORD }, { ip: '2001:db8:aa:bc::1' });
      expect([neighbour.status, neighbour.json.user.id]).toEqual([200, userId]);
    });
  },
);

await describeOnDatabases(
  'GHSA-fmh4-wcc4-5jm3 with plugins.organization.requireEmailVerificationOnInvitation',
  { plugins: { organization: { requireEmailVerificationOnInvitation: true } } },
  (t) => {
    it('an account that claimed the invited address without proving it cannot settle or read the invitation, even with its id', async () => {
      const org = await owner(t.app);
      const invited = unique('invited');
      const claimant = await signUpUser(t.app, { email: invited });
      const invitation = await org.person.client.post('/organization/invite-member', {
        email: invited,
        role: 'admin',
        organizationId: org.org.id,
      });
      expect(invitation.status).toBe(200);
      const before = await snapshot(t.db);
      for (const path of ['/organization/accept-invitation', '/organization/reject-invitation']) {
        const res = await claimant.client.post(path, { invitationId: invitation.json.id });
        expect([path, res.status, res.json.code]).toEqual([path, 403, 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION']);
      }
      const read = await claimant.client.get('/organization/get-invitation', { query: { id: invitation.json.id } });
      expect([read.status, read.json.code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION']);
      expect(await snapshot(t.db)).toEqual(before);
      // the mailbox's owner, once the address is proven, accepts
      await verifyEmailOf(t.app, claimant.client, invited);
      const accepted = await claimant.client.post('/organization/accept-invitation', {
        invitationId: invitation.json.id,
      });
      expect(accepted.status).toBe(200);
      expect(accepted.json.member.role).toBe('admin');
    });
  },
);

await describeOnDatabases('better-auth passkey advisories replayed', { plugins: { passkey: {} } }, (t) => {
  it("GHSA-4vcf-q4xf-f48m (CVE-2025-71400): a signed-in person cannot delete or rename another's passkey by its id", async () => {
    const victim = await signUpUser(t.app);
    const authenticator = new SoftwareAuthenticator({ origin: new URL(BASE_URL).origin });
    const { res: added } = await registerPasskey(victim.client, authenticator, {}, { name: 'Victim key' });
    expect(added.status).toBe(200);
    const attacker = await signUpUser(t.app);
    const passkeys = () => t.db.handle.db.selectFrom('passkey').selectAll().orderBy('id').execute();
    const before = [await snapshot(t.db), await passkeys()];
    const deleted = await attacker.client.post('/passkey/delete-passkey', { id: added.json.id });
    expect([deleted.status, deleted.json.code]).toEqual([404, 'PASSKEY_NOT_FOUND']);
    const renamed = await attacker.client.post('/passkey/update-passkey', { id: added.json.id, name: 'mine' });
    expect([renamed.status, renamed.json.code]).toEqual([404, 'PASSKEY_NOT_FOUND']);
    expect([await snapshot(t.db), await passkeys()]).toEqual(before);
    // the victim's passkey still signs them in
    expect((await signInWithPasskey(t.app.client(), authenticator)).res.json.user.id).toBe(victim.userId);
  });
});
