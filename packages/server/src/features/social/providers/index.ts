/** The provider table: Latch's own data about the 18 social providers. */
import { apple } from './apple.ts';
import { discord } from './discord.ts';
import { dropbox } from './dropbox.ts';
import { facebook } from './facebook.ts';
import { github } from './github.ts';
import { gitlab } from './gitlab.ts';
import { google } from './google.ts';
import { kick } from './kick.ts';
import { linkedin } from './linkedin.ts';
import { microsoft } from './microsoft.ts';
import { reddit } from './reddit.ts';
import { roblox } from './roblox.ts';
import { spotify } from './spotify.ts';
import { tiktok } from './tiktok.ts';
import { twitch } from './twitch.ts';
import { twitter } from './twitter.ts';
import type { ProviderDefinition, ProviderId } from './types.ts';
import { vk } from './vk.ts';
import { zoom } from './zoom.ts';

export const PROVIDERS: Readonly<Record<ProviderId, ProviderDefinition>> = {
  apple,
  discord,
  facebook,
  github,
  microsoft,
  google,
  spotify,
  twitch,
  twitter,
  dropbox,
  kick,
  linkedin,
  gitlab,
  tiktok,
  reddit,
  roblox,
  vk,
  zoom,
};

export function isProviderId(value: string): value is ProviderId {
  return Object.hasOwn(PROVIDERS, value);
}

export type * from './types.ts';
export { ProviderError } from './types.ts';
