/**
 * Backup codes: `xxxxx-xxxxx` from [A-Za-z0-9] (≈59 bits each), kept as one encrypted
 * JSON array on the twoFactor row; a used code leaves the array.
 */
import { safeEqual } from '../../core/crypto/hash.ts';
import { randomString } from '../../core/crypto/random.ts';

export function generateBackupCodes(count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const raw = randomString(10);
    codes.add(`${raw.slice(0, 5)}-${raw.slice(5)}`);
  }
  return [...codes];
}

/**
 * The codes left after using `code`, or null when it is not one of them. Every stored
 * code is compared in constant time, so timing does not reveal a partial match.
 */
export function useBackupCode(codes: readonly string[], code: string): string[] | null {
  const given = code.trim();
  let index = -1;
  codes.forEach((stored, i) => {
    if (safeEqual(stored, given) && index === -1) index = i;
  });
  if (index === -1) return null;
  return codes.filter((_, i) => i !== index);
}

export function parseBackupCodes(json: string): string[] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value) || !value.every((c) => typeof c === 'string')) {
    throw new Error('stored backup codes are not a JSON array of strings');
  }
  return value;
}
