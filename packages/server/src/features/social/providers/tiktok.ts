/** TikTok Login Kit for Web. Docs: https://developers.tiktok.com/doc/oauth-user-access-token-management */
import { asRecord, asString } from './shared.ts';
import { type ProviderDefinition, ProviderError } from './types.ts';

export const tiktok: ProviderDefinition = {
  id: 'tiktok',
  displayName: 'TikTok',
  isOpenID: false,
  supportsIdTokenSignIn: false,
  supportsRefresh: true,
  defaultScopes: ['user.info.basic'],
  scopeSeparator: ',',
  // PKCE is for TikTok's desktop and mobile kits; the web flow uses the client secret.
  pkce: false,
  // TikTok calls the client id `client_key`, in the authorization URL and at the token endpoint.
  clientAuth: 'client_key',
  clientIdParam: 'client_key',
  endpoints: () => ({
    authorization: 'https://www.tiktok.com/v2/auth/authorize/',
    token: 'https://open.tiktokapis.com/v2/oauth/token/',
    userInfo: 'https://open.tiktokapis.com/v2/user/info/',
  }),
  async getUserProfile({ getJSON, userInfoURL }) {
    const url = userInfoURL();
    url.searchParams.set('fields', 'open_id,union_id,avatar_url,display_name');
    const body = await getJSON(url);
    // Every answer carries `error: { code, message, log_id }`; code "ok" means success.
    const error = asRecord(body.error);
    if (error && error.code !== 'ok') {
      throw new ProviderError('tiktok', 'unable_to_get_user_info', `user info refused: ${String(error.code)}`);
    }
    const user = asRecord(asRecord(body.data)?.user);
    const id = asString(user?.open_id);
    if (!user || id === null) return null;
    return {
      id,
      name: asString(user.display_name),
      // TikTok never shares an e-mail address.
      email: null,
      emailVerified: false,
      image: asString(user.avatar_url),
      raw: body,
    };
  },
};
