import type { ErrorCode, Messages } from '../i18n/messages.ts';
import type { AuthError } from './wire-types.ts';

/** The spec's rule for a code-less message: upper-case, separators to `_` ("Email is the same" → EMAIL_IS_THE_SAME). */
function deriveCode(message: string): string {
  return message
    .toUpperCase()
    .replace(/[\s\-./:,;]+/g, '_')
    .replace(/[^A-Z0-9_]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
}

/**
 * The code of an error answer. The rate limiter's 429 may come without a code, some errors only
 * with a message; a 429 that names its own code (two-factor's ACCOUNT_TEMPORARILY_LOCKED) keeps it.
 */
export function errorCodeOf(error: AuthError): string | null {
  if (error.code) return error.code;
  if (error.status === 429) return 'TOO_MANY_REQUESTS';
  if (error.message) return deriveCode(error.message) || null;
  return null;
}

function isKnownCode(t: Messages, code: string): code is ErrorCode {
  return Object.hasOwn(t.errors, code);
}

/**
 * @latch/client's mark on a request that never got an answer (seed-spec: "a fetch-level catch-all
 * returns status 500 'Fetch Error'"; packages/client/src/errors.ts): the fetch itself
 * failed (offline, the service stopped, a name that does not resolve), not the server.
 */
const FETCH_ERROR = 'Fetch Error';

/** The request never reached the service, or its answer never came back: nothing the server decided. */
export function isNetworkError(error: AuthError): boolean {
  return error.statusText === FETCH_ERROR;
}

/** Whether the browser itself knows it has no network (then "offline" is the truth), else the service is out of reach. */
function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The error in plain words in the current language; the server's own message when the code is new to us. */
export function describeError(error: AuthError, t: Messages): string {
  if (isNetworkError(error)) return browserOffline() ? t.network.offline : t.network.unreachable;
  const code = errorCodeOf(error);
  if (code && isKnownCode(t, code)) return t.errors[code];
  if (error.message && error.status !== 500) return error.message;
  if (error.status >= 500) return t.errors.INTERNAL_SERVER_ERROR;
  return t.errors.generic;
}

/** Errors that are cured by signing in again, so the screen offers a button for it. */
export function needsReauthentication(error: AuthError): boolean {
  const code = errorCodeOf(error);
  return (
    code === 'SESSION_NOT_FRESH' ||
    code === 'SESSION_EXPIRED' ||
    code === 'UNAUTHORIZED' ||
    code === 'REAUTHENTICATION_REQUIRED'
  );
}

/**
 * Refusals that the password entered again cures (components/reauth.tsx): the sign-in is too
 * old for this action. POST /verify-password replaces the session by one signed in now, which
 * is both recent (REAUTHENTICATION_REQUIRED) and fresh (SESSION_NOT_FRESH).
 */
export function isStaleSignIn(error: AuthError): boolean {
  const code = errorCodeOf(error);
  return code === 'REAUTHENTICATION_REQUIRED' || code === 'SESSION_NOT_FRESH';
}

/**
 * An admin change the server refused for want of a recent second factor in this session
 * (docs/admin.md): a code entered in the session cures it (components/step-up.tsx).
 */
export function needsSecondFactor(error: AuthError): boolean {
  return errorCodeOf(error) === 'SECOND_FACTOR_REQUIRED';
}

/** A mailed link the server no longer accepts: unknown, expired, used, or for an address the account left. */
export function isDeadLink(error: AuthError): boolean {
  const code = errorCodeOf(error);
  return code === 'INVALID_TOKEN' || code === 'TOKEN_EXPIRED' || code === 'USER_NOT_FOUND';
}

/** Refusals of a new password itself: shown at the password field, not above the form. */
export function isNewPasswordError(error: AuthError): boolean {
  const code = errorCodeOf(error);
  return code === 'PASSWORD_COMPROMISED' || code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG';
}
