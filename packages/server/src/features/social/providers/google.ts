/** Google (OpenID Connect). Docs: https://developers.google.com/identity/openid-connect/openid-connect */
import { profileFromStandardClaims } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

export const google: ProviderDefinition = {
  id: 'google',
  displayName: 'Google',
  isOpenID: true,
  supportsIdTokenSignIn: true,
  supportsRefresh: true,
  defaultScopes: ['openid', 'email', 'profile'],
  scopeSeparator: ' ',
  pkce: true,
  clientAuth: 'post',
  loginHintParam: 'login_hint',
  endpoints: () => ({
    authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userInfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    jwks: 'https://www.googleapis.com/oauth2/v3/certs',
  }),
  // Google hands out a refresh token only with access_type=offline (and only on the first consent).
  authorizationParams: () => ({ access_type: 'offline', include_granted_scopes: 'true' }),
  // Google's ID tokens carry iss with or without the scheme.
  idToken: { issuer: ['https://accounts.google.com', 'accounts.google.com'], algorithms: ['RS256'] },
  profileFromIdToken: true,
  async getUserProfile({ idTokenClaims, getJSON, userInfoURL }) {
    const claims = (await idTokenClaims()) ?? (await getJSON(userInfoURL()));
    return claims ? profileFromStandardClaims(claims) : null;
  },
};
