/** Microsoft Entra ID (v2.0 endpoints). Docs: https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow */
import { asBoolean, asString, firstOf, type Json } from './shared.ts';
import type { IssuerContext, OAuthProfile, ProviderDefinition, ProviderOptions, ProviderUserHint } from './types.ts';

const AUTHORITY = 'https://login.microsoftonline.com';
/** The tenant of every personal Microsoft account (the `tid` claim). */
const CONSUMER_TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad';

const tenantOf = (options: ProviderOptions) => options.tenantId ?? 'common';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MULTI_TENANT = new Set(['common', 'organizations', 'consumers']);

/** A tenant GUID or domain: the operator's own directory, not every Entra tenant in the world. */
const isOneTenant = (tenant: string) => !MULTI_TENANT.has(tenant.toLowerCase());

/**
 * Entra's `iss` always names the token's own tenant by GUID, `https://login.microsoftonline.com/<tid>/v2.0`, so the
 * issuer is checked against the token's `tid`, and then the tenant against the configuration: any tenant for
 * `common`, any but the personal-account tenant for `organizations`, only it for `consumers`, that tenant for a GUID.
 * A tenant given by its domain name (`contoso.com`) says nothing about the GUID: Microsoft's discovery document for
 * that domain does, and a token whose `iss` is not the discovered issuer is refused (so is every token while the
 * document cannot be read).
 * https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference
 */
function issuerCheck(configured: string) {
  const tenant = configured.toLowerCase();
  const discovery = `${AUTHORITY}/${encodeURIComponent(configured)}/v2.0/.well-known/openid-configuration`;
  return async (claims: Json, { discoverIssuer }: IssuerContext): Promise<boolean> => {
    const tid = asString(claims.tid);
    if (tid === null || claims.iss !== `${AUTHORITY}/${tid}/v2.0`) return false;
    if (tenant === 'common') return true;
    if (tenant === 'organizations') return tid !== CONSUMER_TENANT_ID;
    if (tenant === 'consumers') return tid === CONSUMER_TENANT_ID;
    if (GUID.test(tenant)) return tid.toLowerCase() === tenant;
    return claims.iss === (await discoverIssuer(discovery));
  };
}

/**
 * Entra vouches for `email` only through `xms_edov` (optional claim: the address's domain is verified by the tenant
 * the user lives in, or the account is a Microsoft, Google or one-time-passcode one). `email_verified` is not a
 * claim Entra issues: one in a token was put there by a claims-mapping policy, which a hostile tenant can write.
 * `verified_primary_email`/`verified_secondary_email` come from the user's own directory with no promise about the
 * domain, so they count only when the operator named one tenant (their own). The "nOAuth" attack is a tenant admin
 * writing your address into `email`.
 * https://learn.microsoft.com/en-us/entra/identity-platform/migrate-off-email-claim-authorization
 */
function emailVerified(claims: Json, email: string | null, options: ProviderOptions): boolean {
  if (email === null) return false;
  if (claims.xms_edov !== undefined) return asBoolean(claims.xms_edov);
  if (!isOneTenant(tenantOf(options))) return false;
  const listed = (value: unknown) => Array.isArray(value) && value.includes(email);
  return listed(claims.verified_primary_email) || listed(claims.verified_secondary_email);
}

/** The account id is `oid` (stable across the tenant's apps), as better-auth stores it; `sub` is per-app. */
function microsoftProfile(
  claims: Json,
  _user: ProviderUserHint | undefined,
  options: ProviderOptions,
): OAuthProfile | null {
  const id = firstOf(claims.oid, claims.sub);
  if (id === null) return null;
  const email = firstOf(claims.email);
  return {
    id,
    name: firstOf(claims.name, claims.preferred_username),
    email,
    emailVerified: emailVerified(claims, email, options),
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
  async getUserProfile({ idTokenClaims, getJSON, userInfoURL, options }) {
    const claims = await idTokenClaims();
    if (claims) return microsoftProfile(claims, undefined, options);
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
