import { SOCIAL_PROVIDER_IDS as PROVIDER_IDS } from '@latch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, CLIENT_ID, CLIENT_SECRET, fakeEndpoints, startFakeProvider } from '../../test/oauth-provider.ts';
import { loginAtProvider, type OidcProvider, startOidcProvider } from '../../test/oidc-provider.ts';
import { createProvider, isAllowedURL, parseTokenResponse } from './oauth-client.ts';
import { PROVIDERS } from './providers/index.ts';
import type { OAuthTokens } from './providers/types.ts';

const noTokens: OAuthTokens = {
  accessToken: 'at',
  refreshToken: null,
  idToken: null,
  accessTokenExpiresAt: null,
  refreshTokenExpiresAt: null,
  scopes: [],
  tokenType: null,
  raw: {},
};

describe('the provider table', () => {
  it('has the 18 providers, each with its own id', () => {
    expect(PROVIDER_IDS).toHaveLength(18);
    for (const id of PROVIDER_IDS) expect(PROVIDERS[id].id).toBe(id);
  });

  it('allows ID-token sign-in exactly for Apple, Facebook, Google and Microsoft, all of which verify ID tokens', () => {
    const idTokenSignIn = PROVIDER_IDS.filter((id) => PROVIDERS[id].supportsIdTokenSignIn).sort();
    expect(idTokenSignIn).toEqual(['apple', 'facebook', 'google', 'microsoft']);
    for (const id of idTokenSignIn) expect(PROVIDERS[id].idToken).toBeDefined();
  });
});

describe('the OAuth client', () => {
  it('merges scopes, keeps reserved parameters and lets options.redirectURI win', () => {
    const github = createProvider(
      'github',
      { clientId: CLIENT_ID, scope: ['repo', 'user:email'], redirectURI: 'https://app.example/cb' },
      { baseURL: `${BASE_URL}/` },
    );
    const url = github.createAuthorizationURL({
      state: 's',
      codeVerifier: 'v'.repeat(43),
      scopes: ['gist'],
      loginHint: 'octocat',
      additionalParams: { state: 'forged', allow_signup: 'false' },
    });
    expect(url.searchParams.get('scope')).toBe('read:user user:email repo gist');
    expect(url.searchParams.get('state')).toBe('s');
    expect(url.searchParams.get('allow_signup')).toBe('false');
    expect(url.searchParams.get('login')).toBe('octocat');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.example/cb');
    expect(createProvider('github', { clientId: CLIENT_ID }, { baseURL: `${BASE_URL}/` }).redirectURI).toBe(
      `${BASE_URL}/api/auth/callback/github`,
    );
  });

  it('parses the token response variants', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const tokens = parseTokenResponse(
      { access_token: 'a', expires_in: '60', scope: 'a,b c', refresh_expires_in: 120 },
      now,
    );
    expect(tokens).toMatchObject({
      accessToken: 'a',
      accessTokenExpiresAt: new Date('2030-01-01T00:01:00Z'),
      refreshTokenExpiresAt: new Date('2030-01-01T00:02:00Z'),
      scopes: ['a', 'b', 'c'],
      tokenType: null,
    });
    expect(() => parseTokenResponse({ token_type: 'bearer' }, now)).toThrow();
  });

  it('refuses plain HTTP except on loopback', async () => {
    expect(isAllowedURL('http://127.0.0.1:9/x')).toBe(true);
    expect(isAllowedURL('http://localhost/x')).toBe(true);
    expect(isAllowedURL('http://evil.example/x')).toBe(false);
    const spotify = createProvider(
      'spotify',
      {
        clientId: CLIENT_ID,
        endpoints: { token: 'http://spotify.example/token', userInfo: 'http://spotify.example/me' },
      },
      { baseURL: BASE_URL, fetch: () => Promise.reject(new Error('must not be called')) },
    );
    await expect(spotify.exchangeCode({ code: 'c', codeVerifier: 'v'.repeat(43) })).rejects.toMatchObject({
      reason: 'invalid_code',
    });
    await expect(spotify.getUserProfile(noTokens)).rejects.toMatchObject({ reason: 'unable_to_get_user_info' });
  });

  it('turns user-info HTTP errors into unable_to_get_user_info with the status', async () => {
    const fake = await startFakeProvider({
      'GET /userinfo': () => ({ status: 401, json: { error: 'invalid_token' } }),
    });
    const discord = createProvider(
      'discord',
      { clientId: CLIENT_ID, endpoints: fakeEndpoints(fake.url) },
      { baseURL: BASE_URL },
    );
    await expect(discord.getUserProfile(noTokens)).rejects.toMatchObject({
      name: 'ProviderError',
      reason: 'unable_to_get_user_info',
      status: 401,
      providerId: 'discord',
    });
    await fake.close();
  });

  it('refuses an ID token whose signature does not verify at exchange time (invalid_token)', async () => {
    const fake = await startFakeProvider();
    const other = await startFakeProvider();
    fake.route('POST /token', async () => ({
      json: {
        access_token: 'a',
        token_type: 'Bearer',
        id_token: await other.signIdToken({ sub: 'x' }, { issuer: fake.url }),
      },
    }));
    const google = createProvider(
      'google',
      { clientId: CLIENT_ID, endpoints: fakeEndpoints(fake.url) },
      { baseURL: BASE_URL },
    );
    await expect(google.exchangeCode({ code: 'c', codeVerifier: 'v'.repeat(43) })).rejects.toMatchObject({
      reason: 'invalid_token',
    });
    await Promise.all([fake.close(), other.close()]);
  });
});

/**
 * A real OpenID Connect provider (panva's oidc-provider) in-process: the Google definition pointed at it through
 * `endpoints` must complete the code flow, verify the ID token (signature, issuer, audience, nonce) and refresh.
 */
describe('against a real OpenID Connect provider (oidc-provider)', () => {
  let op: OidcProvider;

  beforeAll(async () => {
    op = await startOidcProvider({
      redirectURI: `${BASE_URL}/api/auth/callback/google`,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      claims: (sub) => ({ email: `${sub}@example.com`, name: 'Alice Example' }),
    });
  });
  afterAll(() => op.close());

  const googleAt = (clientId: string) =>
    createProvider(
      'google',
      {
        clientId,
        clientSecret: CLIENT_SECRET,
        endpoints: op.endpoints,
      },
      { baseURL: BASE_URL },
    );

  it('code flow → verified ID token → profile; wrong audience, nonce or signature refused; refresh round trip', async () => {
    const google = googleAt(CLIENT_ID);
    const codeVerifier = 'a'.repeat(20) + crypto.randomUUID() + crypto.randomUUID();
    const url = google.createAuthorizationURL({ state: 'state-oidc', codeVerifier, nonce: 'nonce-1' });
    const callback = await loginAtProvider(url.href, 'alice', BASE_URL);
    expect(callback.searchParams.get('state')).toBe('state-oidc');

    const tokens = await google.exchangeCode({
      code: callback.searchParams.get('code') ?? '',
      codeVerifier,
      nonce: 'nonce-1',
    });
    expect(tokens.idToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toEqual(expect.any(String));
    const expected = { id: 'alice', email: 'alice@example.com', emailVerified: true, name: 'Alice Example' };
    expect(await google.getUserProfile(tokens)).toMatchObject(expected);

    const idToken = tokens.idToken ?? '';
    expect(await google.verifyIdToken(idToken, { nonce: 'nonce-1' })).toMatchObject(expected);
    expect(await google.verifyIdToken(idToken)).toMatchObject(expected);
    expect(await googleAt('someone-else').verifyIdToken(idToken)).toBeNull();
    expect(await google.verifyIdToken(idToken, { nonce: 'nonce-2' })).toBeNull();
    const [header, payload, signature = ''] = idToken.split('.');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(await google.verifyIdToken(`${header}.${payload}.${flipped}`)).toBeNull();

    const refreshed = await google.refreshAccessToken(tokens.refreshToken ?? '');
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now());
    // Without an ID token the profile comes from the OP's userinfo endpoint, with the refreshed access token.
    expect(await google.getUserProfile({ ...refreshed, idToken: null })).toMatchObject(expected);
    await expect(google.refreshAccessToken('not-a-refresh-token')).rejects.toMatchObject({ reason: 'refresh_failed' });
  });
});
