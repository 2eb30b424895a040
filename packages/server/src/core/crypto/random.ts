/** Unbiased random strings (rejection sampling over crypto.randomBytes). */
import { randomBytes } from 'node:crypto';

export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const LOWER_ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const URL_SAFE = `${ALPHANUMERIC}-_`;

export function randomString(length: number, alphabet: string = ALPHANUMERIC): string {
  const n = alphabet.length;
  // the largest multiple of n below 256: bytes at or above it would bias the result
  const limit = 256 - (256 % n);
  let out = '';
  while (out.length < length) {
    const bytes = randomBytes(Math.ceil((length - out.length) * 1.3) + 8);
    for (const b of bytes) {
      if (b >= limit) continue;
      out += alphabet[b % n];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Entity ids: 32 characters [A-Za-z0-9] (≈190 bits), as better-auth generates them. */
export function generateId(): string {
  return randomString(32);
}
