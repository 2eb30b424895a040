/**
 * Username rules (spec §3, §5): 3–30 characters by default, letters, digits, underscore
 * and dot; stored lower-cased and compared lower-cased; displayUsername keeps the casing.
 */
import type { ResolvedConfig } from '../../core/config/resolve.ts';
import { authError } from '../../core/errors.ts';

const PATTERN = /^[a-zA-Z0-9_.]+$/;

export type UsernameProblem = 'USERNAME_TOO_SHORT' | 'USERNAME_TOO_LONG' | 'INVALID_USERNAME';

export function usernameProblem(raw: string, config: ResolvedConfig): UsernameProblem | null {
  const rules = config.plugins.username;
  if (!rules) return null;
  if (raw.length < rules.minUsernameLength) return 'USERNAME_TOO_SHORT';
  if (raw.length > rules.maxUsernameLength) return 'USERNAME_TOO_LONG';
  if (!PATTERN.test(raw)) return 'INVALID_USERNAME';
  return null;
}

/** Throws the rule's error; the status is 400 in sign-up/update-user and 422 on sign-in (CONTRACT §6.1). */
export function assertValidUsername(raw: string, config: ResolvedConfig, status: 400 | 422 = 400): void {
  const problem = usernameProblem(raw, config);
  if (problem) throw authError(problem, { status });
}

export function normalizeUsername(raw: string): string {
  return raw.toLowerCase();
}
