import {
  checkPasswordLength,
  isContextPassword,
  NIST_SINGLE_FACTOR_MIN_PASSWORD_LENGTH,
  type PasswordContext,
  type PasswordLengthPolicy,
  passwordLength,
} from '@latch/contract';

export type StrengthLevel = 'weak' | 'fair' | 'good' | 'strong';

/**
 * A local hint shown while typing; it never blocks. It starts from the server's own rules
 * (the contract's lengths and context words, with the server's configured lengths): what the
 * server would refuse is always "weak". Past that only length counts, as NIST SP 800-63B rev 4
 * asks (no composition rules): the minimum is fair, 12 characters good, 15 (NIST's figure for a
 * password that is an account's only factor) strong. A tiny alphabet or long runs of one
 * character count against. Common passwords are the server's blocklist, not guessed here.
 */
export function estimateStrength(
  password: string,
  policy: PasswordLengthPolicy,
  context: PasswordContext = {},
): { level: StrengthLevel; score: 0 | 1 | 2 | 3 } {
  if (!password || checkPasswordLength(password, policy) || isContextPassword(password, context)) {
    return { level: 'weak', score: 0 };
  }
  const length = passwordLength(password);
  const distinct = new Set(password.toLowerCase()).size;
  if (distinct <= 3) return { level: 'weak', score: 0 };
  let points = 1;
  if (length >= 12) points += 1;
  if (length >= NIST_SINGLE_FACTOR_MIN_PASSWORD_LENGTH) points += 1;
  if (distinct <= length / 4 || /(.)\1{3,}/u.test(password)) points -= 1;
  if (points <= 0) return { level: 'weak', score: 0 };
  if (points === 1) return { level: 'fair', score: 1 };
  if (points === 2) return { level: 'good', score: 2 };
  return { level: 'strong', score: 3 };
}
