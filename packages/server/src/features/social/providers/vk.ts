/** VK ID (OAuth 2.1). Docs: https://id.vk.com/about/business/go/docs/en/vkid/latest/vk-id/connection/api-integration/api-description */
import { asId, asRecord, asString } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

export const vk: ProviderDefinition = {
  id: 'vk',
  displayName: 'VK',
  isOpenID: false,
  supportsIdTokenSignIn: false,
  supportsRefresh: true,
  defaultScopes: ['email'],
  scopeSeparator: ' ',
  // PKCE is mandatory on VK ID.
  pkce: true,
  clientAuth: 'post',
  endpoints: () => ({
    authorization: 'https://id.vk.com/authorize',
    token: 'https://id.vk.com/oauth2/auth',
    userInfo: 'https://id.vk.com/oauth2/user_info',
  }),
  // The callback brings `device_id`; the token request must echo it (and the state).
  tokenParams: ({ deviceId, state }) => ({
    ...(deviceId ? { device_id: deviceId } : {}),
    ...(state ? { state } : {}),
  }),
  async getUserProfile({ getJSON, userInfoURL, tokens, options }) {
    // user_info takes the token in the form body, not in an Authorization header.
    const body = await getJSON(userInfoURL(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: options.clientId, access_token: tokens.accessToken }).toString(),
    });
    const user = asRecord(body.user) ?? {};
    // The token response names the user too (user_id, and email with the old API); it is the fallback.
    const id = asId(user.user_id) ?? asId(tokens.raw.user_id);
    if (id === null) return null;
    const name = [asString(user.first_name), asString(user.last_name)].filter(Boolean).join(' ');
    return {
      id,
      name: name.length > 0 ? name : null,
      email: asString(user.email) ?? asString(tokens.raw.email),
      emailVerified: false,
      image: asString(user.avatar),
      raw: { ...user, user_id: id },
    };
  },
};
