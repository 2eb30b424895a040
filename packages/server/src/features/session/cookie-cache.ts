/**
 * The signed session-data cookie (spec §4, CONTRACT §3.4): `base64url(JSON) "." base64url(HMAC)`.
 * It lets get-session answer without touching the database for at most `maxAge` seconds.
 * A payload whose Set-Cookie line would pass 4093 characters is not cached.
 */
import type { SessionJson, UserJson } from '@latch/contract';
import { hmacSha256, safeEqual } from '../../core/crypto/hash.ts';

export const COOKIE_CACHE_LIMIT = 4093;

export interface CachedSession {
  session: SessionJson;
  user: UserJson;
  /** Milliseconds since the epoch after which the cache must not be used. */
  expiresAt: number;
  /** When it was written (ms), to compare with the user's last revocation (revocations.ts). */
  issuedAt?: number;
}

/** When a cache cookie was written; cookies from before `issuedAt` was added count from their expiry. */
export function cacheIssuedAt(data: CachedSession, maxAgeSeconds: number): number {
  return typeof data.issuedAt === 'number' ? data.issuedAt : data.expiresAt - maxAgeSeconds * 1000;
}

export function encodeCookieCache(data: CachedSession, secret: string): string {
  const payload = Buffer.from(JSON.stringify(data)).toString('base64url');
  const signature = hmacSha256(secret, `session-data:${payload}`).toString('base64url');
  return `${payload}.${signature}`;
}

/** The cached session, or null when malformed, forged or expired. */
export function decodeCookieCache(value: string, secret: string, nowMs: number): CachedSession | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = value.slice(0, dot);
  const expected = hmacSha256(secret, `session-data:${payload}`).toString('base64url');
  if (!safeEqual(value.slice(dot + 1), expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CachedSession;
    if (typeof data.expiresAt !== 'number' || data.expiresAt <= nowMs) return null;
    if (!data.session || !data.user) return null;
    return data;
  } catch {
    return null;
  }
}
