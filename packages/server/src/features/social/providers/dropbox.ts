/** Dropbox. Docs: https://developers.dropbox.com/oauth-guide */
import { asBoolean, asRecord, asString } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

export const dropbox: ProviderDefinition = {
  id: 'dropbox',
  displayName: 'Dropbox',
  isOpenID: false,
  supportsIdTokenSignIn: false,
  supportsRefresh: true,
  defaultScopes: ['account_info.read'],
  scopeSeparator: ' ',
  pkce: true,
  clientAuth: 'post',
  endpoints: () => ({
    authorization: 'https://www.dropbox.com/oauth2/authorize',
    token: 'https://api.dropboxapi.com/oauth2/token',
    userInfo: 'https://api.dropboxapi.com/2/users/get_current_account',
  }),
  // Without token_access_type=offline Dropbox issues only short-lived access tokens, no refresh token.
  authorizationParams: () => ({ token_access_type: 'offline' }),
  async getUserProfile({ getJSON, userInfoURL }) {
    // An RPC endpoint without arguments: POST with no body at all (a JSON content type would need a body).
    const account = await getJSON(userInfoURL(), { method: 'POST' });
    const id = asString(account.account_id);
    if (id === null) return null;
    const email = asString(account.email);
    return {
      id,
      name: asString(asRecord(account.name)?.display_name),
      email,
      emailVerified: email !== null && asBoolean(account.email_verified),
      image: asString(account.profile_photo_url),
      raw: account,
    };
  },
};
