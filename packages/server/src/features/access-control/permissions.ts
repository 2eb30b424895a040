/**
 * The one place where organization permissions are decided. A member may hold several
 * roles (comma-separated); the request passes when any one role authorizes every listed
 * action of every listed resource (CONTRACT §6.2 "Permission checks").
 */
import { ROLES, type Statements } from './statements.ts';

/** A permission request: resource → actions, e.g. `{ member: ['delete'] }`. */
export type PermissionRequest = Readonly<Record<string, readonly string[]>>;

export type AuthorizeResult = { success: true; error: null } | { success: false; error: string };

/** Splits roles given as `"admin, member"` or `['admin', ' member']` into trimmed names. */
export function parseRoleList(roles: string | readonly string[] | null | undefined): string[] {
  if (roles === null || roles === undefined) return [];
  const list = typeof roles === 'string' ? [roles] : roles;
  return list
    .flatMap((r) => r.split(','))
    .map((r) => r.trim())
    .filter((r) => r.length > 0);
}

/** The stored form of a role list: comma-joined, no padding, no duplicates. */
export function joinRoles(roles: string | readonly string[]): string {
  return [...new Set(parseRoleList(roles))].join(',');
}

function isKnownRole(role: string): boolean {
  return Object.hasOwn(ROLES, role);
}

/** The names among `roles` that are not defined. */
export function unknownRoles(roles: string | readonly string[]): string[] {
  return parseRoleList(roles).filter((r) => !isKnownRole(r));
}

/**
 * Whether one role's statements grant the request, with the spec's refusal messages
 * (seed-spec §6): an unknown resource, then a resource whose actions are not all granted.
 */
function authorizeRole(statements: Statements, request: PermissionRequest): AuthorizeResult {
  const entries = Object.entries(request);
  if (entries.length === 0) return { success: false, error: 'Not authorized' };
  for (const [resource, actions] of entries) {
    const allowed = Object.hasOwn(statements, resource) ? statements[resource] : undefined;
    if (!allowed) return { success: false, error: `You are not allowed to access resource: ${resource}` };
    if (actions.length === 0 || !actions.every((a) => allowed.includes(a))) {
      return { success: false, error: `unauthorized to access resource ${resource}` };
    }
  }
  return { success: true, error: null };
}

/** Whether any of the member's roles grants every action of the request. */
export function authorize(roles: string | readonly string[], request: PermissionRequest): AuthorizeResult {
  let last: AuthorizeResult = { success: false, error: 'Not authorized' };
  for (const role of parseRoleList(roles)) {
    const statements = Object.hasOwn(ROLES, role) ? ROLES[role] : undefined;
    if (!statements) continue;
    const result = authorizeRole(statements, request);
    if (result.success) return result;
    last = result;
  }
  return last;
}

export function hasPermission(roles: string | readonly string[], request: PermissionRequest): boolean {
  return authorize(roles, request).success;
}
