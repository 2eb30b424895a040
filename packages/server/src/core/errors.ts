/**
 * One error type for every refusal: AuthError carries a status, a code and a message,
 * built from the catalogue in @latch/contract (authError).
 */
import { ERRORS, type ErrorCode } from '@latch/contract';

export class AuthError extends Error {
  override name = 'AuthError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Headers the refusal is answered with (e.g. X-Retry-After of a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  toJSON(): { code: string; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** An error of the catalogue, optionally with a more precise message or status. */
export function authError(
  code: ErrorCode,
  overrides: { message?: string; status?: number; headers?: Record<string, string> } = {},
): AuthError {
  const def = ERRORS[code];
  return new AuthError(overrides.status ?? def.status, code, overrides.message ?? def.message, overrides.headers);
}
