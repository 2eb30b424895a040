/**
 * A real OpenID Connect provider in-process (panva's oidc-provider) for tests: the code
 * flow with its development login and consent pages, refresh tokens, RS256 ID tokens
 * and a JWKS. Latch points a provider (usually `google`) at it through
 * `socialProviders.<id>.endpoints`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The `endpoints` object of a Latch social provider pointed at this server. */
  endpoints: { authorization: string; token: string; userInfo: string; jwks: string; issuer: string };
  close(): Promise<void>;
}

export interface StartOidcOptions {
  /** Latch's callback, `<baseURL>/api/auth/callback/<id>`. */
  redirectURI: string;
  clientId?: string;
  clientSecret?: string;
  /** The claims of the person who logs in as `sub` (the login typed at the provider). */
  claims?: (sub: string) => { email: string; name: string; email_verified?: boolean };
}

export async function startOidcProvider(options: StartOidcOptions): Promise<OidcProvider> {
  const clientId = options.clientId ?? 'latch-test-client';
  const clientSecret = options.clientSecret ?? 'latch-test-client-secret';
  const claimsOf =
    options.claims ?? ((sub: string) => ({ email: sub.includes('@') ? sub : `${sub}@example.com`, name: sub }));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectURI],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['latch-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    issueRefreshToken: async () => true,
    // explicit lifetimes (seconds), so the provider does not print a notice for each default it uses
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      RefreshToken: 86_400,
      Session: 3600,
    },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email_verified: true, ...claimsOf(sub) }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    endpoints: {
      authorization: `${issuer}/auth`,
      token: `${issuer}/token`,
      userInfo: `${issuer}/me`,
      jwks: `${issuer}/jwks`,
      issuer,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays a person at the provider's development login and consent pages: follows the
 * redirects from `start`, signs in as `login` (any password), consents, and answers the
 * URL the provider sends the browser back to (the first one under `returnTo`).
 */
export async function loginAtProvider(start: string, login: string, returnTo: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let next = start;
  for (let step = 0; step < 12; step++) {
    if (next.startsWith(returnTo)) return new URL(next);
    const isInteraction = new URL(next).pathname.startsWith('/interaction/');
    let response = await fetch(next, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    if (isInteraction) {
      const page = await response.text();
      const form: Record<string, string> = page.includes('name="login"')
        ? { prompt: 'login', login, password: 'x' }
        : { prompt: 'consent' };
      response = await fetch(next, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
    }
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect at ${next}: ${response.status} ${await response.text()}`);
    next = new URL(location, next).href;
  }
  throw new Error('too many redirects at the provider');
}
