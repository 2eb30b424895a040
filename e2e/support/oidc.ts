/**
 * The in-process OpenID provider of the server's tests (packages/server/src/test/oidc-provider.ts),
 * with its development login and consent pages, which the browser walks like a person would.
 * Latch uses it as `google` through `socialProviders.google.endpoints`. Any password is
 * accepted; the login is the person's email address, and the claims are that address
 * (verified) and the name given for it in `people`.
 */
import { type OidcProvider, startOidcProvider as startProvider } from '../../packages/server/src/test/oidc-provider.ts';

export type { OidcProvider };

export interface StartOidcOptions {
  /** Latch's callback, `<baseURL>/api/auth/callback/google`. */
  redirectURI: string;
  /** Display names by login (email); other logins get a name made from the address. */
  people?: Record<string, string>;
}

export function startOidcProvider(options: StartOidcOptions): Promise<OidcProvider> {
  return startProvider({
    redirectURI: options.redirectURI,
    clientId: 'latch-e2e',
    clientSecret: 'latch-e2e-secret-that-is-long-enough',
    claims: (sub) => ({ email: sub, name: options.people?.[sub] ?? sub.split('@')[0] ?? sub }),
  });
}
