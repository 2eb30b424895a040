/** Reddit. Docs: https://github.com/reddit-archive/reddit/wiki/OAuth2 */
import { asBoolean, asString } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

export const reddit: ProviderDefinition = {
  id: 'reddit',
  displayName: 'Reddit',
  isOpenID: false,
  supportsIdTokenSignIn: false,
  supportsRefresh: true,
  defaultScopes: ['identity'],
  scopeSeparator: ' ',
  pkce: false,
  // Reddit only accepts HTTP Basic client authentication.
  clientAuth: 'basic',
  endpoints: () => ({
    authorization: 'https://www.reddit.com/api/v1/authorize',
    token: 'https://www.reddit.com/api/v1/access_token',
    userInfo: 'https://oauth.reddit.com/api/v1/me',
  }),
  // duration=permanent is what makes Reddit issue a refresh token.
  authorizationParams: () => ({ duration: 'permanent' }),
  async getUserProfile({ getJSON, userInfoURL }) {
    const me = await getJSON(userInfoURL());
    const id = asString(me.id);
    if (id === null) return null;
    // icon_img is HTML-escaped and carries signing parameters; the bare URL is stable.
    const icon = asString(me.icon_img)?.replace(/&amp;/g, '&').split('?')[0] ?? null;
    return {
      id,
      name: asString(me.name),
      // Reddit's API never reveals the address; it only says whether one was verified.
      email: null,
      emailVerified: asBoolean(me.has_verified_email),
      image: icon,
      raw: me,
    };
  },
};
