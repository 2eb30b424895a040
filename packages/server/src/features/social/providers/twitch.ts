/** Twitch. Docs: https://dev.twitch.tv/docs/authentication/getting-tokens-oauth/#authorization-code-grant-flow */
import { asRecord, asString, firstOf } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

export const twitch: ProviderDefinition = {
  id: 'twitch',
  displayName: 'Twitch',
  // Twitch is an OIDC provider with the `openid` scope; Latch reads the Helix user instead.
  isOpenID: true,
  supportsIdTokenSignIn: false,
  supportsRefresh: true,
  defaultScopes: ['user:read:email'],
  scopeSeparator: ' ',
  pkce: false,
  clientAuth: 'post',
  endpoints: () => ({
    authorization: 'https://id.twitch.tv/oauth2/authorize',
    token: 'https://id.twitch.tv/oauth2/token',
    userInfo: 'https://api.twitch.tv/helix/users',
    jwks: 'https://id.twitch.tv/oauth2/keys',
  }),
  idToken: { issuer: ['https://id.twitch.tv/oauth2'], algorithms: ['RS256'] },
  async getUserProfile({ getJSON, userInfoURL, options }) {
    // Helix wants the app's Client-Id beside the user token, and wraps users in `data`.
    const body = await getJSON(userInfoURL(), { headers: { 'client-id': options.clientId } });
    const user = asRecord(Array.isArray(body.data) ? body.data[0] : undefined);
    const id = asString(user?.id);
    if (!user || id === null) return null;
    const email = asString(user.email);
    return {
      id,
      name: firstOf(user.display_name, user.login),
      email,
      // Helix only returns the verified address (user:read:email).
      emailVerified: email !== null,
      image: asString(user.profile_image_url),
      raw: user,
    };
  },
};
