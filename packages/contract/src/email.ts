/**
 * The rule for an email address, without zod: `emailField` (endpoints/common.ts) is built from it
 * for the server and the endpoint table, and a web form checks an address with it without
 * downloading zod (the sign-in page's weight, docs/performance.md).
 */

/** The longest address a request may carry (before trimming). */
export const EMAIL_MAX_LENGTH = 320;

const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether an address is one Latch accepts (the same rule on the server and in forms). */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

/** As a form states `emailField`'s verdict: what is wrong with a typed address, or null when nothing. */
export function emailProblem(value: string): 'too_long' | 'invalid' | null {
  if (value.length > EMAIL_MAX_LENGTH) return 'too_long';
  return isValidEmail(value.trim().toLowerCase()) ? null : 'invalid';
}
