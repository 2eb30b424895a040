/**
 * The admin plugin's access control as data (spec §6, CONTRACT §6.3): the `admin` role
 * may do everything below, `user` nothing. A user's roles are the comma-separated
 * `user.role` (missing: the default role); ids in `adminUserIds` may do everything.
 */
import type { ResolvedConfig } from '../../core/config/resolve.ts';

export const ADMIN_STATEMENTS = {
  // better-auth's admin role, `set-phone` included (CONTRACT §6.3): has-permission answers as its client's
  // checkRolePermission does, though Latch keeps no phone number to set
  user: [
    'create',
    'list',
    'set-role',
    'ban',
    'impersonate',
    'delete',
    'set-password',
    'set-email',
    'set-phone',
    'get',
    'update',
  ],
  session: ['list', 'revoke', 'delete'],
} as const;

export type AdminResource = keyof typeof ADMIN_STATEMENTS;
export type AdminPermissions = { [R in AdminResource]?: readonly (typeof ADMIN_STATEMENTS)[R][number][] };

type AdminOptions = Exclude<ResolvedConfig['plugins']['admin'], false>;

function rolesOf(role: string | null, options: AdminOptions): string[] {
  return (role ?? options.defaultRole)
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

export function isAdmin(user: { id: string; role: string | null }, options: AdminOptions): boolean {
  if (options.adminUserIds.includes(user.id)) return true;
  return rolesOf(user.role, options).some((r) => options.adminRoles.includes(r));
}

/**
 * Every listed action on every listed resource must be granted, as better-auth's role tables
 * decide: a resource the admin plugin does not have, or one listed with no action, is not granted;
 * only the table's own resources count (never `constructor` or `toString`, which every object
 * inherits). No resource at all (`{}`) asks only for an admin: the guard of the webhook and key
 * endpoints; has-permission refuses an empty check before it gets here.
 */
export function hasAdminPermission(
  user: { id: string; role: string | null },
  permissions: AdminPermissions,
  options: AdminOptions,
): boolean {
  if (!isAdmin(user, options)) return false;
  return Object.entries(permissions).every(([resource, actions]) => {
    const granted: readonly string[] | undefined = Object.hasOwn(ADMIN_STATEMENTS, resource)
      ? ADMIN_STATEMENTS[resource as AdminResource]
      : undefined;
    const asked: readonly string[] = actions ?? [];
    return granted !== undefined && asked.length > 0 && asked.every((a) => granted.includes(a));
  });
}

/** The roles a value may name: the built-in ones and the configured ones. */
export function knownRoles(options: AdminOptions): Set<string> {
  return new Set(['admin', 'user', options.defaultRole, ...options.adminRoles]);
}
