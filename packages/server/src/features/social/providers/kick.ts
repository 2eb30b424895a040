/** Kick. Docs: https://docs.kick.com/getting-started/generating-tokens-oauth2-flow */
import { asId, asRecord, asString } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

export const kick: ProviderDefinition = {
  id: 'kick',
  displayName: 'Kick',
  isOpenID: false,
  supportsIdTokenSignIn: false,
  supportsRefresh: true,
  defaultScopes: ['user:read'],
  scopeSeparator: ' ',
  // PKCE is required by Kick.
  pkce: true,
  clientAuth: 'post',
  endpoints: () => ({
    authorization: 'https://id.kick.com/oauth/authorize',
    token: 'https://id.kick.com/oauth/token',
    userInfo: 'https://api.kick.com/public/v1/users',
  }),
  async getUserProfile({ getJSON, userInfoURL }) {
    // Without ids the endpoint answers the token's own user, as the first element of `data`.
    const body = await getJSON(userInfoURL());
    const user = asRecord(Array.isArray(body.data) ? body.data[0] : undefined);
    const id = asId(user?.user_id);
    if (!user || id === null) return null;
    return {
      id,
      name: asString(user.name),
      email: asString(user.email),
      emailVerified: false,
      image: asString(user.profile_picture),
      raw: user,
    };
  },
};
