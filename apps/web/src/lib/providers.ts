/** Display names and brand colours of the spec's social providers; unknown ids are shown capitalised. */
const PROVIDERS: Record<string, { name: string; color: string }> = {
  apple: { name: 'Apple', color: '#000000' },
  discord: { name: 'Discord', color: '#5865f2' },
  dropbox: { name: 'Dropbox', color: '#0061fe' },
  facebook: { name: 'Facebook', color: '#1877f2' },
  github: { name: 'GitHub', color: '#24292f' },
  gitlab: { name: 'GitLab', color: '#c4361c' },
  google: { name: 'Google', color: '#2f6ad9' },
  kick: { name: 'Kick', color: '#2f7a0b' },
  linkedin: { name: 'LinkedIn', color: '#0a66c2' },
  microsoft: { name: 'Microsoft', color: '#2f2f2f' },
  reddit: { name: 'Reddit', color: '#d43d00' },
  roblox: { name: 'Roblox', color: '#393b3d' },
  spotify: { name: 'Spotify', color: '#14803c' },
  tiktok: { name: 'TikTok', color: '#010101' },
  twitch: { name: 'Twitch', color: '#9146ff' },
  twitter: { name: 'X (Twitter)', color: '#000000' },
  vk: { name: 'VK', color: '#0077ff' },
  zoom: { name: 'Zoom', color: '#0b5cff' },
};

export function providerName(id: string): string {
  return PROVIDERS[id]?.name ?? id.charAt(0).toUpperCase() + id.slice(1);
}

export function providerColor(id: string): string {
  return PROVIDERS[id]?.color ?? '#4b5563';
}
