/**
 * Redirect targets outside ASCII (security issue, item 10): a callbackURL such as
 * `/welcome/ünï café` passed the redirect check, then writing `Location` threw after the work
 * was done (a session row without its cookie, an address verified, an OAuth state spent) and
 * the answer was a 500. Every redirecting route now answers the redirect, percent-encoded,
 * and the work it did is the work the person asked for. Control characters are refused
 * before anything happens.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationValue } from '../core/http/location.ts';
import {
  BASE_URL,
  createTestApp,
  openSharedDatabase,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../test/harness.ts';
import { loginAtProvider, type OidcProvider, startOidcProvider } from '../test/oidc-provider.ts';

const TARGET = '/welcome/ünï café?from=überall#straße';
const ENCODED = '/welcome/%C3%BCn%C3%AF%20caf%C3%A9?from=%C3%BCberall#stra%C3%9Fe';
const ABSOLUTE = `${BASE_URL}/bienvenue/é?q=✓`;

describe('locationValue', () => {
  it('percent-encodes paths, queries and fragments the way a browser would, and leaves ASCII alone', () => {
    expect(locationValue(TARGET)).toBe(ENCODED);
    expect(locationValue('/plain/path?x=1')).toBe('/plain/path?x=1');
    expect(locationValue('https://app.example/a b/é')).toBe('https://app.example/a%20b/%C3%A9');
    expect(locationValue('https://bücher.example/x')).toBe('https://xn--bcher-kva.example/x');
    expect(locationValue('myapp://done/ü')).toBe('myapp://done/%C3%BC');
  });

  it('never yields a value a header cannot hold', () => {
    for (const target of [TARGET, ABSOLUTE, '/😀/🙂?e=🎉', '/\u00a0', 'not a url ü', '/x\r\nSet-Cookie: a=b']) {
      const value = locationValue(target);
      expect(() => new Headers({ location: value })).not.toThrow();
      expect(value).not.toMatch(/[\r\n]/);
    }
  });
});

const SRC = join(fileURLToPath(import.meta.url), '../..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });

it('only core/http/location.ts writes a Location header', () => {
  const writers = sources(SRC).filter((file) =>
    /headers\.(set|append)\(\s*['"]location['"]/i.test(readFileSync(file, 'utf8')),
  );
  expect(writers.map((file) => file.slice(SRC.length + 1))).toEqual(['core/http/location.ts']);
});

describe('redirecting routes with a target outside ASCII', () => {
  let db: SharedDatabase;
  let app: TestApp;
  let op: OidcProvider;

  beforeAll(async () => {
    op = await startOidcProvider({
      redirectURI: `${BASE_URL}/api/auth/callback/google`,
      claims: (sub) => ({ email: `${sub}@oidc.example`, name: sub, email_verified: true }),
    });
    db = await openSharedDatabase('sqlite');
    app = createTestApp(db, {
      emailVerification: { autoSignInAfterVerification: true },
      socialProviders: {
        google: { clientId: 'latch-test-client', clientSecret: 'latch-test-client-secret', endpoints: op.endpoints },
      },
    });
    app.clock.set(Date.now());
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await op?.close();
  });

  const sessionsOf = async (userId: string) =>
    (await db.handle.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).length;

  it('sign-in/email: the session row and its cookie go out together, with the encoded Location', async () => {
    const { email, userId } = await signUpUser(app);
    const before = await sessionsOf(userId);
    const browser = app.client();
    const res = await browser.post('/sign-in/email', { email, password: PASSWORD, callbackURL: TARGET });
    expect(res.status).toBe(200);
    expect(res.location).toBe(ENCODED);
    expect(res.json.redirect).toBe(true);
    expect(await sessionsOf(userId)).toBe(before + 1);
    expect((await browser.get('/get-session')).json.user.id).toBe(userId);
  });

  it('verify-email: the address is verified, the person signed in and sent on', async () => {
    const { email, userId } = await signUpUser(app);
    const mail = [...app.mailer.messages].reverse().find((m) => m.to === email && m.kind === 'verify-email');
    const link = new URL(
      /https?:\/\/\S+\/verify-email\?[^\s"<]+/.exec(mail?.text ?? '')?.[0]?.replace(/&amp;/g, '&') ?? '',
    );
    link.searchParams.set('callbackURL', ABSOLUTE);
    const browser = app.client();
    const res = await browser.get(link.href);
    expect(res.status).toBe(302);
    expect(res.location).toBe(new URL(ABSOLUTE).href);
    const row = await db.handle.db
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', userId)
      .executeTakeFirst();
    expect(Boolean(row?.emailVerified)).toBe(true);
    expect((await browser.get('/get-session')).json.user.id).toBe(userId);
  });

  it('the reset link: the token is carried to the page whose address is outside ASCII', async () => {
    const { email } = await signUpUser(app);
    await app.client().post('/request-password-reset', { email, redirectTo: TARGET });
    const mail = [...app.mailer.messages].reverse().find((m) => m.to === email && m.kind === 'reset-password');
    const link = /https?:\/\/\S+\/reset-password\/[^\s"<]+/.exec(mail?.text ?? '')?.[0]?.replace(/&amp;/g, '&') ?? '';
    const res = await app.client().get(link);
    expect(res.status).toBe(302);
    const location = new URL(res.location ?? '', BASE_URL);
    expect(location.pathname).toBe('/welcome/%C3%BCn%C3%AF%20caf%C3%A9');
    expect(location.searchParams.get('from')).toBe('überall');
    expect(location.searchParams.get('token')).toMatch(/\S{10,}/);
  });

  it('the social callback: the OAuth state is spent once and the person lands where they asked', async () => {
    const browser = app.client();
    const start = await browser.post('/sign-in/social', { provider: 'google', callbackURL: TARGET });
    expect(start.status).toBe(200);
    const callback = (await loginAtProvider(start.json.url, 'zoë', BASE_URL)).href;
    const res = await browser.get(callback);
    expect(res.status).toBe(302);
    expect(res.location).toBe(ENCODED);
    expect((await browser.get('/get-session')).json.user.email).toBe('zoë@oidc.example'.normalize());
  });

  it('control characters are refused before anything is done', async () => {
    const { email, userId } = await signUpUser(app);
    const before = await sessionsOf(userId);
    const res = await app
      .client()
      .post('/sign-in/email', { email, password: PASSWORD, callbackURL: '/next\r\nSet-Cookie: x=1' });
    expect([res.status, res.json.code]).toEqual([403, 'INVALID_CALLBACK_URL']);
    expect(await sessionsOf(userId)).toBe(before);
  });
});
