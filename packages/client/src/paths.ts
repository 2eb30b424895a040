/**
 * How the client picks a call's HTTP method, and which calls touch the session (CONTRACT.md §8).
 *
 * Methods come from the endpoint table: a typed method sends its row's method, and `$fetch` to a
 * path of the table sends that row's method too. This replaces better-auth's table of fixed
 * methods (`/sign-out` POST, `/admin/list-users` GET, the two-factor paths POST…), which every
 * row agrees with (better-auth-compat.test.ts checks it against better-auth's own client). Where
 * better-auth's client guesses instead — POST when the argument has body fields, else GET — it
 * differs from the row in one case: a POST row called without fields (`organization.setActive()`,
 * `refreshToken()`, `updateUser({})`), which better-auth sends as a GET. Latch's server serves each
 * path with its row's method only (a GET there is 404), so the row's POST is kept: it is the call
 * that can succeed. A path outside the table (a plugin Latch lacks) keeps better-auth's guess.
 */
import { TABLE_ROUTES } from './routes.ts';
import type { HttpMethod } from './transport.ts';

/** The method the server serves each path of the table with (the client row's, for get-session's GET). */
const TABLE_METHODS: ReadonlyMap<string, HttpMethod> = (() => {
  const methods = new Map<string, HttpMethod>();
  for (const row of TABLE_ROUTES) if (!methods.has(row.path)) methods.set(row.path, row.method);
  return methods;
})();

/** The row's method for a path of the table, else undefined. */
export function tableMethod(path: string): HttpMethod | undefined {
  return TABLE_METHODS.get(path);
}

const PAYLOAD_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isPayloadMethod(method: HttpMethod): boolean {
  return PAYLOAD_METHODS.has(method);
}

/** `$fetch`'s choice: the table's method, then an explicit one, then better-auth's guess (POST iff the body has keys). */
export function chooseMethod(
  path: string,
  explicit: HttpMethod | undefined,
  body: Record<string, unknown>,
): HttpMethod {
  return tableMethod(path) ?? explicit ?? (Object.keys(body).length > 0 ? 'POST' : 'GET');
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
