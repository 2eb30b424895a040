/**
 * The spec's social providers (seed-spec §1) and the names people know them by. The
 * server's provider table (features/social/providers), the web app and the mails read
 * them from here.
 */
export const PROVIDER_NAMES = {
  apple: 'Apple',
  discord: 'Discord',
  dropbox: 'Dropbox',
  facebook: 'Facebook',
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  kick: 'Kick',
  linkedin: 'LinkedIn',
  microsoft: 'Microsoft',
  reddit: 'Reddit',
  roblox: 'Roblox',
  spotify: 'Spotify',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  twitter: 'X (Twitter)',
  vk: 'VK',
  zoom: 'Zoom',
} as const;

export type SocialProviderId = keyof typeof PROVIDER_NAMES;

export const SOCIAL_PROVIDER_IDS = Object.keys(PROVIDER_NAMES) as SocialProviderId[];

/** The display name of a provider id; an unknown id (e.g. "credential") is shown capitalised. */
export function providerDisplayName(id: string): string {
  return Object.hasOwn(PROVIDER_NAMES, id)
    ? PROVIDER_NAMES[id as SocialProviderId]
    : id.charAt(0).toUpperCase() + id.slice(1);
}
