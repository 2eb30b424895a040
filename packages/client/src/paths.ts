/** Path tables of better-auth's client (CONTRACT.md §8), which Latch's client follows. */
import type { HttpMethod } from './transport.ts';

/** Paths whose method is fixed, whatever the body. Everything else: POST with a non-empty body, else GET. */
export const FIXED_METHODS: Readonly<Record<string, HttpMethod>> = {
  '/sign-out': 'POST',
  '/revoke-sessions': 'POST',
  '/revoke-other-sessions': 'POST',
  '/delete-user': 'POST',
  '/admin/impersonate-user': 'POST',
  '/admin/stop-impersonating': 'POST',
  '/two-factor/enable': 'POST',
  '/two-factor/disable': 'POST',
  '/two-factor/send-otp': 'POST',
  '/two-factor/generate-backup-codes': 'POST',
  '/two-factor/get-totp-uri': 'POST',
  '/two-factor/verify-totp': 'POST',
  '/two-factor/verify-otp': 'POST',
  '/two-factor/verify-backup-code': 'POST',
  '/admin/list-users': 'GET',
  '/organization/get-full-organization': 'GET',
  '/organization/list-user-teams': 'GET',
  '/jwks': 'GET',
};

const PAYLOAD_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isPayloadMethod(method: HttpMethod): boolean {
  return PAYLOAD_METHODS.has(method);
}

/** better-auth's method choice: fixed table, then an explicit method, then POST iff the body has keys. */
export function chooseMethod(
  path: string,
  explicit: HttpMethod | undefined,
  body: Record<string, unknown>,
): HttpMethod {
  return FIXED_METHODS[path] ?? explicit ?? (Object.keys(body).length > 0 ? 'POST' : 'GET');
}

const CORE_SESSION_PATHS = new Set([
  '/sign-out',
  '/update-user',
  '/update-session',
  '/sign-up/email',
  '/sign-in/email',
  '/sign-in/username',
  '/delete-user',
  '/verify-email',
  '/revoke-sessions',
  '/revoke-session',
  '/revoke-other-sessions',
  '/change-email',
  '/change-password',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
  '/organization/create',
  '/organization/delete',
  '/organization/remove-member',
  '/organization/leave',
  '/organization/accept-invitation',
]);

/** Whether a successful call on `path` raises the session signal (a refetch 10 ms later). */
export function raisesSessionSignal(path: string): boolean {
  return CORE_SESSION_PATHS.has(path) || path.startsWith('/two-factor/') || path.startsWith('/organization/set-active');
}

/** Which cross-tab message a successful call on `path` sends, if any. */
export function broadcastTrigger(path: string): 'signout' | 'updateUser' | null {
  if (path === '/sign-out' || path === '/revoke-sessions' || path === '/delete-user') return 'signout';
  if (path === '/update-user' || path === '/update-session') return 'updateUser';
  return null;
}
