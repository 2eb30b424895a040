/**
 * Headers (security issue, item 11): no API answer may be stored by a browser or a proxy;
 * HSTS when BASE_URL is https; the web app under a strict Content-Security-Policy with no
 * inline script; static files served only from inside the build directory.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../core/config/resolve.ts';
import { CONTENT_SECURITY_POLICY } from '../core/http/security-headers.ts';
import {
  createTestApp,
  openSharedDatabase,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../test/harness.ts';
import { createStaticHandler, fileWithin } from '../web/static.ts';

const secret = 'a-secret-that-is-long-enough-for-the-test-0123';

describe('API answers', () => {
  let db: SharedDatabase;
  let app: TestApp;
  beforeAll(async () => {
    db = await openSharedDatabase('sqlite');
    app = createTestApp(db, { plugins: { twoFactor: {} }, rateLimit: { enabled: true } });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('carry Cache-Control: no-store, whether they succeed, fail or redirect', async () => {
    const user = await signUpUser(app);
    const answers = [
      await app.client().post('/sign-in/email', { email: user.email, password: PASSWORD }),
      await app.client().post('/sign-in/email', { email: user.email, password: 'not-the-password' }),
      await user.client.get('/list-sessions'),
      await user.client.post('/two-factor/enable', { password: PASSWORD }),
      await user.client.get('/token'),
      await app.client().get('/no-such-endpoint'),
      await app.client().get('/reset-password/not-a-token?callbackURL=/reset'),
      await app.client().post('/sign-in/email', { email: 42 }),
    ];
    for (const res of answers) expect(res.headers.get('cache-control'), `${res.status} ${res.text}`).toBe('no-store');
    expect(answers[3]?.json.backupCodes).toBeDefined();
    expect(answers[6]?.status).toBe(302);
  });

  it('the fast session check (the get-session of the Node adapter) answers the same way', async () => {
    const user = await signUpUser(app);
    const cookie = [...user.client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const input of [
      { cookie, ip: '192.0.2.7' },
      { cookie: undefined, ip: '192.0.2.8' },
    ]) {
      const answer = await app.auth.fastSessionCheck(input);
      expect(answer?.status).toBe(200);
      expect(answer?.headers['cache-control']).toBe('no-store');
    }
  });

  it('without https, no HSTS (a browser would pin plain http to nothing)', async () => {
    const res = await app.client().get('/ok');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('with an https BASE_URL', () => {
  let db: SharedDatabase;
  let app: TestApp;
  beforeAll(async () => {
    db = await openSharedDatabase('sqlite');
    app = createTestApp(db, { baseURL: 'https://auth.example.test' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('every API answer carries HSTS', async () => {
    for (const res of [await app.client().get('/ok'), await app.client().get('/missing')])
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('the web app', () => {
  let dist: string;
  let outside: string;
  const config = (baseURL: string) => resolveConfig({ secret, baseURL }, { production: false, test: true });
  beforeAll(() => {
    const parent = mkdtempSync(join(tmpdir(), 'latch-static-'));
    dist = join(parent, 'dist');
    outside = join(parent, 'dist-old');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><!--latch:config--><script src="/theme.js"></script></head><body><script type="module" src="/assets/app.js"></script></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(outside, 'secret.txt'), 'SECRET-OUTSIDE');
    writeFileSync(join(parent, 'secret.txt'), 'SECRET-PARENT');
  });
  afterAll(() => rmSync(join(dist, '..'), { recursive: true, force: true }));

  it('pages carry a strict CSP, and the configuration is data, not script', async () => {
    const serve = createStaticHandler(dist, config('http://localhost:3000'));
    const res = serve?.(new Request('http://localhost:3000/sign-in'));
    expect(res?.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/frame-ancestors 'none'/);
    const html = (await res?.text()) ?? '';
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    for (const [, attributes = '', body = ''] of scripts) {
      // every script either comes from a file or is a JSON data block, which a browser never runs
      const isData = /type="application\/json"/.test(attributes);
      expect(isData || (/\ssrc="/.test(attributes) && body.trim() === ''), attributes).toBe(true);
      if (isData) expect(JSON.parse(body).appName).toBe('Latch');
    }
    expect(res?.headers.get('strict-transport-security')).toBeNull();
    const https = createStaticHandler(dist, config('https://auth.example.test'));
    expect(https?.(new Request('https://auth.example.test/')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('a configuration value cannot close the data block', async () => {
    const hostile = resolveConfig(
      { secret, baseURL: 'http://localhost:3000', appName: '</script><script>alert(1)</script>' },
      { production: false, test: true },
    );
    const html = (await createStaticHandler(dist, hostile)?.(new Request('http://localhost:3000/'))?.text()) ?? '';
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('serves files from inside the build only, whatever the spelling of the way out', async () => {
    const serve = createStaticHandler(dist, config('http://localhost:3000'));
    expect(await serve?.(new Request('http://localhost:3000/assets/app.js')).text()).toBe('console.log(1)');
    for (const path of [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%2fdist-old/secret.txt',
      '/%2e%2e%2fdist-old%2fsecret.txt',
      '/secret.txt%00.js',
      `/${encodeURIComponent(join(dist, '..', 'secret.txt'))}`,
    ]) {
      const res = serve?.(new Request(`http://localhost:3000${path}`));
      const body = (await res?.text()) ?? '';
      expect(body, path).not.toContain('SECRET');
    }
    expect(fileWithin(dist, '/../dist-old/secret.txt')).toBeNull();
    expect(fileWithin(dist, '/assets/app.js')).toBe(join(dist, 'assets', 'app.js'));
  });
});
