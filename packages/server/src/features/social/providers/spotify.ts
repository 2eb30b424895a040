/** Spotify. Docs: https://developer.spotify.com/documentation/web-api/tutorials/code-pkce-flow */
import { asRecord, asString } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

export const spotify: ProviderDefinition = {
  id: 'spotify',
  displayName: 'Spotify',
  isOpenID: false,
  supportsIdTokenSignIn: false,
  supportsRefresh: true,
  defaultScopes: ['user-read-email'],
  scopeSeparator: ' ',
  pkce: true,
  // Spotify's token endpoint documents HTTP Basic client authentication.
  clientAuth: 'basic',
  endpoints: () => ({
    authorization: 'https://accounts.spotify.com/authorize',
    token: 'https://accounts.spotify.com/api/token',
    userInfo: 'https://api.spotify.com/v1/me',
  }),
  async getUserProfile({ getJSON, userInfoURL }) {
    const me = await getJSON(userInfoURL());
    const id = asString(me.id);
    if (id === null) return null;
    const images = Array.isArray(me.images) ? me.images : [];
    return {
      id,
      name: asString(me.display_name),
      email: asString(me.email),
      // Spotify says the address is unverified and can be anything the user typed.
      emailVerified: false,
      image: asString(asRecord(images[0])?.url),
      raw: me,
    };
  },
};
