/** Rules shared by the admin endpoints and the sign-in check for bans. */
import type { admin, ErrorCode } from '@latch/contract';
import { likePattern } from '../../core/db/like.ts';
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { hasAccountOfProvider } from '../accounts/index.ts';
import type { SignUpExtension } from '../credentials/index.ts';
import { activeSince, notActiveAfter } from '../session/index.ts';
import {
  findUserById,
  listUsersPage,
  type User,
  type UserCondition,
  type UserListPage,
  userToJson,
} from '../user/index.ts';
import type { AdminOptions } from './guard.ts';
import { isAdmin, knownRoles } from './permissions.ts';

/** A role given as a string or a list, normalised to the stored comma-joined form. */
export function normalizeRole(role: unknown, options: AdminOptions): string {
  const list = (Array.isArray(role) ? role : [role]).map((r) => (typeof r === 'string' ? r.trim() : null));
  if (list.length === 0 || list.some((r) => !r)) throw authError('INVALID_ROLE_TYPE');
  const known = knownRoles(options);
  if (list.some((r) => !known.has(r as string))) throw authError('YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE');
  return [...new Set(list as string[])].join(',');
}

/**
 * An admin's ways in (the password, the address) are not the admin API's to change: not another
 * admin's (that would make one admin another, which impersonation refuses), not one's own (a copied
 * cookie would take the account without the current password or the current address's approval).
 * Every admin holds every admin permission, so no admin acts on someone with more; this is the one
 * thing an admin may not do to a peer (docs/admin.md, "Admins acting on admins").
 */
export function assertNotAnAdminsWayIn(target: User, options: AdminOptions, refusal: ErrorCode): void {
  if (isAdmin(target, options)) throw authError(refusal);
}

export async function requireUser(deps: AuthDeps, userId: string): Promise<User> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw authError('USER_NOT_FOUND');
  return user;
}

/** New users get the default role. */
export const defaultRoleExtension = (options: AdminOptions): SignUpExtension => ({
  prepare: () => ({ role: options.defaultRole }),
});

/** The query of list-users as the contract's row validated it. */
export interface ListUsersQuery {
  searchValue?: string | undefined;
  searchField: (typeof admin.SEARCHABLE)[number];
  searchOperator: 'contains' | 'starts_with' | 'ends_with';
  limit?: number | undefined;
  offset?: number | undefined;
  sortBy?: (typeof admin.SORTABLE)[number] | undefined;
  sortDirection: 'asc' | 'desc';
  filterField?: (typeof admin.FILTERABLE)[number] | undefined;
  filterValue?: string | undefined;
  filterOperator: 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'starts_with' | 'ends_with';
  cursor?: string | undefined;
  role?: string | undefined;
  banned?: 'true' | 'false' | undefined;
  emailVerified?: 'true' | 'false' | undefined;
  twoFactorEnabled?: 'true' | 'false' | undefined;
  admin?: 'true' | 'false' | undefined;
  provider?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  lastActiveFrom?: string | undefined;
  lastActiveTo?: string | undefined;
}

/**
 * A user as list-users and get-user answer them: better-auth's fields, and whether they may act as
 * an admin, which `role` alone does not say for an id of `adminUserIds` (nor for a role of
 * `adminRoles` the console does not know).
 */
export function adminUserToJson(user: User, options: AdminOptions) {
  return { ...userToJson(user), isAdmin: isAdmin(user, options) };
}

/**
 * The users who may act as admins (permissions.ts `isAdmin`) as a condition, or those who may not:
 * an id of `adminUserIds`, or one of `adminRoles` among the comma-separated roles (none stored:
 * the default role's). Used by list-users' `admin` filter.
 */
function adminCondition(options: AdminOptions, wanted: boolean): UserCondition {
  return (eb) => {
    const role = eb.ref('user.role');
    // a stored role names an admin role: alone, first, last or in between (", " as people type it too)
    const roleTerms = options.adminRoles.flatMap((name) => [
      eb(role, '=', name),
      eb(role, 'like', likePattern('', `${name},`, '%')),
      eb(role, 'like', likePattern('%', `,${name}`, '')),
      eb(role, 'like', likePattern('%', `, ${name}`, '')),
      eb(role, 'like', likePattern('%', `,${name},`, '%')),
      eb(role, 'like', likePattern('%', `, ${name},`, '%')),
    ]);
    const defaultIsAdmin = options.adminRoles.includes(options.defaultRole);
    const byRole = eb.or([
      ...(roleTerms.length > 0 ? [eb.and([eb(role, 'is not', null), eb.or(roleTerms)])] : []),
      ...(defaultIsAdmin ? [eb(role, 'is', null)] : []),
    ]);
    const ids = options.adminUserIds;
    const byId = ids.length > 0 ? [eb('user.id', 'in', [...ids])] : [];
    if (wanted) return eb.or([byRole, ...byId]);
    // not an admin: no admin role among the stored ones (none stored: the default role's), no listed id
    const notAdminRoles = roleTerms.length > 0 ? [eb.not(eb.or(roleTerms))] : [];
    const noAdminRole = defaultIsAdmin
      ? eb.and([eb(role, 'is not', null), ...notAdminRoles])
      : eb.or([eb(role, 'is', null), eb.and([eb(role, 'is not', null), ...notAdminRoles])]);
    return eb.and([noAdminRole, ...byId.map((term) => eb.not(term))]);
  };
}

const flag = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');
const instant = (v: string | undefined) => (v === undefined ? undefined : new Date(v));

/** The admin's list of users: the user feature's list, with the conditions the account and session features own. */
export async function listUsers(deps: AuthDeps, q: ListUsersQuery, options: AdminOptions): Promise<UserListPage> {
  const conditions: UserCondition[] = [];
  if (q.admin !== undefined) conditions.push(adminCondition(options, q.admin === 'true'));
  if (q.provider !== undefined) conditions.push(hasAccountOfProvider(q.provider));
  if (q.lastActiveFrom !== undefined) conditions.push(activeSince(new Date(q.lastActiveFrom)));
  if (q.lastActiveTo !== undefined) conditions.push(notActiveAfter(new Date(q.lastActiveTo)));
  return listUsersPage(deps.db, deps.dialect, {
    search: q.searchValue ? { field: q.searchField, operator: q.searchOperator, value: q.searchValue } : undefined,
    filter:
      q.filterField && q.filterValue !== undefined
        ? { field: q.filterField, operator: q.filterOperator, value: q.filterValue }
        : undefined,
    role: q.role,
    banned: flag(q.banned),
    emailVerified: flag(q.emailVerified),
    twoFactorEnabled: flag(q.twoFactorEnabled),
    createdFrom: instant(q.createdFrom),
    createdTo: instant(q.createdTo),
    conditions,
    sortBy: q.sortBy,
    sortDirection: q.sortDirection,
    limit: q.limit,
    offset: q.offset,
    cursor: q.cursor,
  });
}
