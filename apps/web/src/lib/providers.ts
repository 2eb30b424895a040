/** Brand colours of the spec's social providers; the names come from the contract (one table for server and web). */
import { providerDisplayName, type SocialProviderId } from '@latch/contract';

const COLORS: Record<SocialProviderId, string> = {
  apple: '#000000',
  discord: '#5865f2',
  dropbox: '#0061fe',
  facebook: '#1877f2',
  github: '#24292f',
  gitlab: '#c4361c',
  google: '#2f6ad9',
  kick: '#2f7a0b',
  linkedin: '#0a66c2',
  microsoft: '#2f2f2f',
  reddit: '#d43d00',
  roblox: '#393b3d',
  spotify: '#14803c',
  tiktok: '#010101',
  twitch: '#9146ff',
  twitter: '#000000',
  vk: '#0077ff',
  zoom: '#0b5cff',
};

export function providerName(id: string): string {
  return providerDisplayName(id);
}

export function providerColor(id: string): string {
  return (COLORS as Record<string, string>)[id] ?? '#4b5563';
}
