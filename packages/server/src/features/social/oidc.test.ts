/**
 * The whole journey against a real OpenID Connect provider (panva's oidc-provider) in-process, through Latch's
 * HTTP API only: sign-in/social → login and consent at the OP → callback → a session; then a refresh-token round
 * trip, account-info, and ID-token sign-in with the ID token the OP issued.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_URL,
  createTestApp,
  openSharedDatabase,
  type SharedDatabase,
  type TestApp,
  verifyEmailOf,
} from '../../test/harness.ts';
import { loginAtProvider, type OidcProvider, startOidcProvider } from '../../test/oidc-provider.ts';
import { openToken } from './tokens.ts';

const CLIENT_ID = 'latch-oidc-client';
const CLIENT_SECRET = 'latch-oidc-secret';

describe('social sign-in against a real OpenID provider', () => {
  let op: OidcProvider;
  let issuer: string;
  let db: SharedDatabase;
  let app: TestApp;

  beforeAll(async () => {
    op = await startOidcProvider({
      redirectURI: `${BASE_URL}/api/auth/callback/google`,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      claims: (sub) => ({ email: `${sub}@oidc.example`, name: `Person ${sub}` }),
    });
    issuer = op.issuer;
    db = await openSharedDatabase('sqlite');
    app = createTestApp(db, {
      socialProviders: {
        google: {
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          endpoints: op.endpoints,
        },
      },
    });
    // the OP signs with real time; ID-token checks use Latch's clock
    app.clock.set(Date.now());
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await op.close();
  });

  it('authorization URL → OP login → callback → session; refresh-token; account-info; ID-token sign-in', async () => {
    const browser = app.client();
    const start = await browser.post('/sign-in/social', { provider: 'google', callbackURL: '/home' });
    expect(start.status).toBe(200);
    const authorizationURL = new URL(start.json.url);
    expect(authorizationURL.origin).toBe(issuer);
    expect(authorizationURL.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const callback = (await loginAtProvider(start.json.url, 'alice', BASE_URL)).href;
    const done = await browser.get(callback);
    expect([done.status, done.location]).toEqual([302, '/home']);
    const session = (await browser.get('/get-session')).json;
    expect(session.user).toMatchObject({ email: 'alice@oidc.example', name: 'Person alice', emailVerified: true });

    const [account] = (await browser.get('/list-accounts')).json;
    expect(account).toMatchObject({ providerId: 'google', accountId: 'alice' });
    const row = await db.handle.db
      .selectFrom('account')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    const accessBefore = openToken(app.auth.deps, row.accessToken);
    const idToken = openToken(app.auth.deps, row.idToken) ?? '';
    expect(idToken.split('.')).toHaveLength(3);

    const refreshed = await browser.post('/refresh-token', { accountId: account.id });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.accessToken).toEqual(expect.any(String));
    expect(refreshed.json.accessToken).not.toBe(accessBefore);
    const info = await browser.get('/account-info', { query: { accountId: account.id } });
    expect(info.status).toBe(200);
    expect(info.json.user).toMatchObject({ id: 'alice', email: 'alice@oidc.example', emailVerified: true });

    // The ID token the OP issued signs the same person in elsewhere (a native app, say).
    const app2 = app.client();
    const viaIdToken = await app2.post('/sign-in/social', { provider: 'google', idToken: { token: idToken } });
    expect(viaIdToken.status).toBe(200);
    expect(viaIdToken.json).toMatchObject({
      redirect: false,
      token: expect.any(String),
      user: { id: session.user.id },
    });
    expect(viaIdToken.json).not.toHaveProperty('url');
    expect((await app2.get('/get-session')).json.user.id).toBe(session.user.id);

    const wrongNonce = await app
      .client()
      .post('/sign-in/social', { provider: 'google', idToken: { token: idToken, nonce: 'other' } });
    expect([wrongNonce.status, wrongNonce.json.code]).toEqual([401, 'INVALID_TOKEN']);
    const [h, p, s = ''] = idToken.split('.');
    const forged = `${h}.${p}.${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`;
    const bad = await app.client().post('/sign-in/social', { provider: 'google', idToken: { token: forged } });
    expect([bad.status, bad.json.code]).toEqual([401, 'INVALID_TOKEN']);
  });

  it('link-social with an ID token: refused for another email, idempotent for the owner', async () => {
    // bob signs in through the OP once; his stored ID token is then presented to link-social
    const starter = app.client();
    const start = await starter.post('/sign-in/social', { provider: 'google', disableRedirect: true });
    await starter.get((await loginAtProvider(start.json.url, 'bob', BASE_URL)).href);
    const bobAccount = (await starter.get('/list-accounts')).json[0];
    const row = await db.handle.db
      .selectFrom('account')
      .selectAll()
      .where('id', '=', bobAccount.id)
      .executeTakeFirstOrThrow();
    const idToken = openToken(app.auth.deps, row.idToken) ?? '';

    // carol cannot link bob's Google account: its email is not hers
    const carol = app.client();
    await carol.post('/sign-up/email', {
      name: 'Carol',
      email: 'bob@oidc.example.org',
      password: 'Correct-Horse-9-Battery',
    });
    // carol proves her address first: linking needs a verified one, and this test is about the email rule
    await verifyEmailOf(app, carol, 'bob@oidc.example.org');
    const refused = await carol.post('/link-social', { provider: 'google', idToken: { token: idToken } });
    expect([refused.status, refused.json.code]).toEqual([401, 'LINKING_DIFFERENT_EMAILS_NOT_ALLOWED']);
    const again = await starter.post('/link-social', { provider: 'google', idToken: { token: idToken } });
    expect(again.json).toEqual({ url: '', status: true, redirect: false });
  });
});
