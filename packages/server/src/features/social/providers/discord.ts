/** Discord. Docs: https://discord.com/developers/docs/topics/oauth2 */
import { asBoolean, asString, firstOf, type Json } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

const CDN = 'https://cdn.discordapp.com';

/**
 * Avatar URL from the user id and avatar hash (animated hashes start with `a_`). Without an avatar Discord shows a
 * default one: for migrated usernames (discriminator "0") index (id >> 22) % 6, for legacy tags discriminator % 5.
 * https://discord.com/developers/docs/reference#image-formatting
 */
export function discordAvatarURL(user: Json): string | null {
  const id = asString(user.id);
  if (id === null) return null;
  const hash = asString(user.avatar);
  if (hash !== null) return `${CDN}/avatars/${id}/${hash}.${hash.startsWith('a_') ? 'gif' : 'png'}`;
  const discriminator = asString(user.discriminator) ?? '0';
  const index = discriminator === '0' ? Number((BigInt(id) >> 22n) % 6n) : Number(discriminator) % 5;
  return `${CDN}/embed/avatars/${index}.png`;
}

export const discord: ProviderDefinition = {
  id: 'discord',
  displayName: 'Discord',
  isOpenID: false,
  supportsIdTokenSignIn: false,
  supportsRefresh: true,
  defaultScopes: ['identify', 'email'],
  scopeSeparator: ' ',
  pkce: false,
  clientAuth: 'post',
  endpoints: () => ({
    authorization: 'https://discord.com/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    userInfo: 'https://discord.com/api/users/@me',
  }),
  // Skips the consent screen for a user who already authorised the app.
  authorizationParams: () => ({ prompt: 'none' }),
  async getUserProfile({ getJSON, userInfoURL }) {
    const user = await getJSON(userInfoURL());
    const id = asString(user.id);
    if (id === null) return null;
    const email = asString(user.email);
    return {
      id,
      name: firstOf(user.global_name, user.username),
      email,
      emailVerified: email !== null && asBoolean(user.verified),
      image: discordAvatarURL(user),
      raw: user,
    };
  },
};
