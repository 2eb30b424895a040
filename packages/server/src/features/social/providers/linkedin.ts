/** LinkedIn, "Sign In with LinkedIn using OpenID Connect". Docs: https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2 */
import { profileFromStandardClaims } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

export const linkedin: ProviderDefinition = {
  id: 'linkedin',
  displayName: 'LinkedIn',
  isOpenID: true,
  supportsIdTokenSignIn: false,
  // Refresh tokens are only issued to apps LinkedIn has approved for programmatic refresh.
  supportsRefresh: true,
  defaultScopes: ['openid', 'profile', 'email'],
  scopeSeparator: ' ',
  // LinkedIn supports PKCE for native clients only.
  pkce: false,
  clientAuth: 'post',
  endpoints: () => ({
    authorization: 'https://www.linkedin.com/oauth/v2/authorization',
    token: 'https://www.linkedin.com/oauth/v2/accessToken',
    userInfo: 'https://api.linkedin.com/v2/userinfo',
    jwks: 'https://www.linkedin.com/oauth/openid/jwks',
  }),
  idToken: { issuer: ['https://www.linkedin.com/oauth'], algorithms: ['RS256'] },
  async getUserProfile({ getJSON, userInfoURL }) {
    return profileFromStandardClaims(await getJSON(userInfoURL()));
  },
};
