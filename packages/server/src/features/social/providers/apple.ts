/** Sign in with Apple. Docs: https://developer.apple.com/documentation/signinwithapplerestapi */
import { importPKCS8, SignJWT } from 'jose';
import { asBoolean, asString, type Json, nameFromHint } from './shared.ts';
import type { OAuthProfile, ProviderDefinition, ProviderOptions, ProviderUserHint } from './types.ts';

const APPLE_ISSUER = 'https://appleid.apple.com';
/** Apple accepts client secrets valid for up to six months; Latch signs one per day and reuses it. */
const SECRET_LIFETIME_SECONDS = 86_400;

const secretCache = new WeakMap<ProviderOptions, { secret: string; expiresAtMs: number }>();

/** The client secret is an ES256 JWT signed with the team's Sign in with Apple key (kid = keyId, iss = teamId). */
async function appleClientSecret(options: ProviderOptions, now: Date): Promise<string | undefined> {
  if (!options.privateKey || !options.teamId || !options.keyId) return options.clientSecret;
  const cached = secretCache.get(options);
  if (cached && cached.expiresAtMs - 60_000 > now.getTime()) return cached.secret;
  const key = await importPKCS8(options.privateKey.replace(/\\n/g, '\n'), 'ES256');
  const issuedAt = Math.floor(now.getTime() / 1000);
  const secret = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
    .setIssuer(options.teamId)
    .setSubject(options.clientId)
    .setAudience(APPLE_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SECRET_LIFETIME_SECONDS)
    .sign(key);
  secretCache.set(options, { secret, expiresAtMs: (issuedAt + SECRET_LIFETIME_SECONDS) * 1000 });
  return secret;
}

function appleProfile(claims: Json, user: ProviderUserHint | undefined): OAuthProfile | null {
  const id = asString(claims.sub);
  if (id === null) return null;
  // the address comes from the signed ID token alone: the `user` field is posted by the browser
  // (or sent in the id-token body), so whoever signs in writes it, and a token without an
  // `email` claim (no email scope) must not borrow one from it, least of all someone else's
  const email = asString(claims.email);
  return {
    id,
    // Apple never puts the name in the ID token: it is posted once, in the `user` field of the first callback.
    name: nameFromHint(user) ?? asString(claims.name),
    email,
    emailVerified: email !== null && asBoolean(claims.email_verified),
    image: null,
    raw: { ...claims, ...(nameFromHint(user) ? { name: nameFromHint(user) } : {}) },
  };
}

export const apple: ProviderDefinition = {
  id: 'apple',
  displayName: 'Apple',
  isOpenID: true,
  supportsIdTokenSignIn: true,
  supportsRefresh: true,
  defaultScopes: ['name', 'email'],
  scopeSeparator: ' ',
  pkce: true,
  clientAuth: 'post',
  endpoints: () => ({
    authorization: `${APPLE_ISSUER}/auth/authorize`,
    token: `${APPLE_ISSUER}/auth/token`,
    jwks: `${APPLE_ISSUER}/auth/keys`,
  }),
  // Apple refuses a query-string callback when name or email is asked: the answer comes as a form POST.
  authorizationParams: ({ scopes }): Record<string, string> =>
    scopes.includes('name') || scopes.includes('email') ? { response_mode: 'form_post' } : {},
  clientSecret: appleClientSecret,
  idToken: { issuer: [APPLE_ISSUER], algorithms: ['RS256'], nonceComparison: 'exact-or-sha256' },
  profileFromIdToken: true,
  // Apple has no user-info endpoint: everything is in the ID token.
  async getUserProfile({ idTokenClaims, user }) {
    const claims = await idTokenClaims();
    return claims ? appleProfile(claims, user) : null;
  },
  profileFromClaims: appleProfile,
};
