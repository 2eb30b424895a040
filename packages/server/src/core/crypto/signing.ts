/**
 * Signed cookie values, in better-auth's format (CONTRACT.md §3.3):
 * `value + "." + base64(HMAC-SHA256(secret, value))`, the signature 44 characters with padding.
 */
import { hmacSha256, safeEqual } from './hash.ts';

export function signValue(value: string, secret: string): string {
  return `${value}.${hmacSha256(secret, value).toString('base64')}`;
}

/**
 * The value of a signed string, or null when it is unsigned, malformed or forged.
 * The input is the cookie value after URI-decoding.
 */
export function unsignValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const value = signed.slice(0, dot);
  const expected = hmacSha256(secret, value).toString('base64');
  return safeEqual(signature, expected) ? value : null;
}
