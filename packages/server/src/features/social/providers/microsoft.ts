/** Microsoft Entra ID (v2.0 endpoints). Docs: https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow */
import { asString, firstOf, type Json } from './shared.ts';
import type { OAuthProfile, ProviderDefinition, ProviderOptions } from './types.ts';

const AUTHORITY = 'https://login.microsoftonline.com';
/** The tenant of every personal Microsoft account (the `tid` claim). */
const CONSUMER_TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad';

const tenantOf = (options: ProviderOptions) => options.tenantId ?? 'common';

/**
 * The multi-tenant endpoints issue tokens whose `iss` names the user's own tenant, so the issuer is checked
 * against the token's `tid`, and the account class against the configured tenant.
 * https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference
 */
function issuerCheck(tenant: string) {
  return (claims: Json): boolean => {
    const tid = asString(claims.tid);
    if (tid === null || claims.iss !== `${AUTHORITY}/${tid}/v2.0`) return false;
    if (tenant === 'common') return true;
    if (tenant === 'organizations') return tid !== CONSUMER_TENANT_ID;
    if (tenant === 'consumers') return tid === CONSUMER_TENANT_ID;
    // A tenant given by GUID must match; one given by domain name cannot be compared offline.
    return /^[0-9a-f-]{36}$/i.test(tenant) ? tid.toLowerCase() === tenant.toLowerCase() : true;
  };
}

function emailVerified(claims: Json, email: string | null): boolean {
  if (email === null) return false;
  if (claims.email_verified !== undefined) return claims.email_verified === true || claims.email_verified === 'true';
  const listed = (value: unknown) => Array.isArray(value) && value.includes(email);
  return listed(claims.verified_primary_email) || listed(claims.verified_secondary_email);
}

/** The account id is `oid` (stable across the tenant's apps), as better-auth stores it; `sub` is per-app. */
function microsoftProfile(claims: Json): OAuthProfile | null {
  const id = firstOf(claims.oid, claims.sub);
  if (id === null) return null;
  const email = firstOf(claims.email);
  return {
    id,
    name: firstOf(claims.name, claims.preferred_username),
    email,
    emailVerified: emailVerified(claims, email),
    image: null,
    raw: claims,
  };
}

export const microsoft: ProviderDefinition = {
  id: 'microsoft',
  displayName: 'Microsoft',
  isOpenID: true,
  supportsIdTokenSignIn: true,
  supportsRefresh: true,
  defaultScopes: ['openid', 'profile', 'email', 'User.Read', 'offline_access'],
  scopeSeparator: ' ',
  pkce: true,
  clientAuth: 'post',
  loginHintParam: 'login_hint',
  endpoints: (options) => ({
    authorization: `${AUTHORITY}/${tenantOf(options)}/oauth2/v2.0/authorize`,
    token: `${AUTHORITY}/${tenantOf(options)}/oauth2/v2.0/token`,
    userInfo: 'https://graph.microsoft.com/v1.0/me',
    jwks: `${AUTHORITY}/${tenantOf(options)}/discovery/v2.0/keys`,
  }),
  idToken: (options) => ({ issuer: issuerCheck(tenantOf(options)), algorithms: ['RS256'] }),
  profileFromIdToken: true,
  async getUserProfile({ idTokenClaims, getJSON, userInfoURL }) {
    const claims = await idTokenClaims();
    if (claims) return microsoftProfile(claims);
    // Without an ID token (account-info with a stored access token): Microsoft Graph's /me, whose id is the oid.
    const me = await getJSON(userInfoURL());
    const id = asString(me.id);
    if (id === null) return null;
    return {
      id,
      name: asString(me.displayName),
      email: firstOf(me.mail),
      emailVerified: false,
      image: null,
      raw: me,
    };
  },
  profileFromClaims: microsoftProfile,
};
