/** Roblox (OpenID Connect). Docs: https://create.roblox.com/docs/cloud/reference/oauth2 */
import { asId, asString, firstOf, type Json } from './shared.ts';
import type { OAuthProfile, ProviderDefinition } from './types.ts';

function robloxProfile(claims: Json): OAuthProfile | null {
  const id = asId(claims.sub);
  if (id === null) return null;
  return {
    id,
    // nickname is the display name, preferred_username the unique username.
    name: firstOf(claims.nickname, claims.name, claims.preferred_username),
    // Roblox has no e-mail claim.
    email: null,
    emailVerified: false,
    image: asString(claims.picture),
    raw: claims,
  };
}

export const roblox: ProviderDefinition = {
  id: 'roblox',
  displayName: 'Roblox',
  isOpenID: true,
  supportsIdTokenSignIn: false,
  supportsRefresh: true,
  defaultScopes: ['openid', 'profile'],
  scopeSeparator: ' ',
  pkce: true,
  clientAuth: 'post',
  endpoints: () => ({
    authorization: 'https://apis.roblox.com/oauth/v1/authorize',
    token: 'https://apis.roblox.com/oauth/v1/token',
    userInfo: 'https://apis.roblox.com/oauth/v1/userinfo',
    jwks: 'https://apis.roblox.com/oauth/v1/certs',
  }),
  authorizationParams: () => ({ prompt: 'select_account consent' }),
  idToken: { issuer: ['https://apis.roblox.com/oauth/'], algorithms: ['ES256', 'RS256'] },
  async getUserProfile({ getJSON, userInfoURL }) {
    return robloxProfile(await getJSON(userInfoURL()));
  },
  profileFromClaims: robloxProfile,
};
