export type StrengthLevel = 'weak' | 'fair' | 'good' | 'strong';

const COMMON = [
  'password',
  'qwerty',
  'letmein',
  '123456',
  'iloveyou',
  'admin',
  'welcome',
  'monkey',
  'dragon',
  'abc123',
];

/**
 * A rough, local estimate shown as a hint while typing; it never blocks. Length counts most
 * (NIST SP 800-63B favours length over composition rules); well-known words and repeats count against.
 */
export function estimateStrength(password: string): { level: StrengthLevel; score: 0 | 1 | 2 | 3 } {
  if (!password) return { level: 'weak', score: 0 };
  let points = 0;
  if (password.length >= 8) points += 1;
  if (password.length >= 12) points += 1;
  if (password.length >= 16) points += 1;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  if (classes >= 3) points += 1;
  if (classes === 4 && password.length >= 10) points += 1;
  const lower = password.toLowerCase();
  if (COMMON.some((word) => lower.includes(word))) points -= 2;
  if (/^(.)\1+$/.test(password) || /(012|123|234|345|456|567|678|789|abc|bcd|cde)/i.test(password)) points -= 1;
  if (new Set(password).size <= 3) points -= 2;
  if (password.length < 8 || points <= 1) return { level: 'weak', score: 0 };
  if (points === 2) return { level: 'fair', score: 1 };
  if (points === 3) return { level: 'good', score: 2 };
  return { level: 'strong', score: 3 };
}
