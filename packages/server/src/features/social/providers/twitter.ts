/** X (Twitter) OAuth 2.0. Docs: https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/authorization-code */
import { asRecord, asString } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

export const twitter: ProviderDefinition = {
  id: 'twitter',
  displayName: 'X (Twitter)',
  isOpenID: false,
  supportsIdTokenSignIn: false,
  supportsRefresh: true,
  // offline.access: refresh token; users.email: the confirmed_email field.
  defaultScopes: ['users.read', 'tweet.read', 'offline.access', 'users.email'],
  scopeSeparator: ' ',
  // PKCE is mandatory on X.
  pkce: true,
  // Confidential clients authenticate with HTTP Basic.
  clientAuth: 'basic',
  endpoints: () => ({
    authorization: 'https://x.com/i/oauth2/authorize',
    token: 'https://api.x.com/2/oauth2/token',
    userInfo: 'https://api.x.com/2/users/me',
  }),
  async getUserProfile({ getJSON, userInfoURL }) {
    const url = userInfoURL();
    url.searchParams.set('user.fields', 'profile_image_url,confirmed_email');
    const body = await getJSON(url);
    const user = asRecord(body.data);
    const id = asString(user?.id);
    if (!user || id === null) return null;
    const email = asString(user.confirmed_email);
    return {
      id,
      name: asString(user.name) ?? asString(user.username),
      email,
      emailVerified: email !== null,
      image: asString(user.profile_image_url),
      raw: body,
    };
  },
};
