/**
 * better-auth's security advisories about the URLs an attacker crafts, replayed over HTTP
 * against Latch: redirect targets (absolute, scheme-less, backslashes, dot segments, names
 * that merely contain a trusted origin) on every route that takes one, the parameters shown
 * by the /error page, and a foreign Host on an instance's first request.
 *
 * docs/security-advisories.md lists every advisory found, where, and why the ones without
 * a test do not apply; test/advisories.ts holds the shared setup (the snapshot of the account
 * tables each test compares before and after its attack).
 */
import { expect, it } from 'vitest';
import { REPLAYED, REPLAYED_OPTIONS, snapshot, unique, verifyLink } from '../test/advisories.ts';
import type { TestResponse } from '../test/client.ts';
import {
  BASE_URL,
  createTestApp,
  describeOnDatabases,
  PASSWORD,
  signUpUser,
  signUpVerifiedUser,
} from '../test/harness.ts';
import { lastLink } from '../test/mail-links.ts';

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

await describeOnDatabases(REPLAYED, REPLAYED_OPTIONS, (t) => {
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
});
