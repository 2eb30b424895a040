/** Rules shared by the admin endpoints and the sign-in check for bans. */
import type { admin } from '@latch/contract';
import { sql } from 'kysely';
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import type { SignUpExtension } from '../credentials/index.ts';
import { findUserById, type User, userFromRow } from '../user/index.ts';
import type { AdminOptions } from './guard.ts';
import { knownRoles } from './permissions.ts';

/** A role given as a string or a list, normalised to the stored comma-joined form. */
export function normalizeRole(role: unknown, options: AdminOptions): string {
  const list = (Array.isArray(role) ? role : [role]).map((r) => (typeof r === 'string' ? r.trim() : null));
  if (list.length === 0 || list.some((r) => !r)) throw authError('INVALID_ROLE_TYPE');
  const known = knownRoles(options);
  if (list.some((r) => !known.has(r as string))) throw authError('YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE');
  return [...new Set(list as string[])].join(',');
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

export type SearchField = 'email' | 'name';
export type Operator = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'starts_with' | 'ends_with';
export interface ListUsersQuery {
  searchValue?: string | undefined;
  searchField: SearchField;
  searchOperator: 'contains' | 'starts_with' | 'ends_with';
  limit?: number | undefined;
  offset?: number | undefined;
  sortBy?: (typeof admin.SORTABLE)[number] | undefined;
  sortDirection: 'asc' | 'desc';
  filterField?: (typeof admin.FILTERABLE)[number] | undefined;
  filterValue?: string | undefined;
  filterOperator: Operator;
}

function likePattern(value: string, op: 'contains' | 'starts_with' | 'ends_with'): string {
  // '!' as the escape character: a backslash means different things in MySQL and PostgreSQL literals
  const escaped = value.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`);
  return op === 'starts_with' ? `${escaped}%` : op === 'ends_with' ? `%${escaped}` : `%${escaped}%`;
}

/** Searches and filters are case-insensitive for text (a choice: better-auth's are not). */
export async function listUsers(deps: AuthDeps, q: ListUsersQuery): Promise<{ users: User[]; total: number }> {
  let base = deps.db.selectFrom('user');
  if (q.searchValue) {
    base = base.where(
      sql`lower(${sql.ref(`user.${q.searchField}`)})`,
      'like',
      sql`${likePattern(q.searchValue, q.searchOperator)} escape '!'`,
    );
  }
  if (q.filterField && q.filterValue !== undefined) {
    const column = sql.ref(`user.${q.filterField}`);
    const booleanField = q.filterField === 'banned' || q.filterField === 'emailVerified';
    const value: string | boolean = booleanField ? q.filterValue === 'true' : q.filterValue;
    const ops: Record<
      Exclude<Operator, 'contains' | 'starts_with' | 'ends_with'>,
      '=' | '<>' | '<' | '<=' | '>' | '>='
    > = {
      eq: '=',
      ne: '<>',
      lt: '<',
      lte: '<=',
      gt: '>',
      gte: '>=',
    };
    if (q.filterOperator === 'contains' || q.filterOperator === 'starts_with' || q.filterOperator === 'ends_with') {
      base = base.where(sql`lower(${column})`, 'like', sql`${likePattern(String(value), q.filterOperator)} escape '!'`);
    } else {
      base = base.where(q.filterField, ops[q.filterOperator], value);
    }
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  let rows = base.selectAll();
  if (q.sortBy) rows = rows.orderBy(q.sortBy, q.sortDirection);
  rows = rows.orderBy('id');
  if (q.limit !== undefined) rows = rows.limit(q.limit);
  if (q.offset) rows = q.limit === undefined ? rows.limit(1_000_000).offset(q.offset) : rows.offset(q.offset);
  const result = await rows.execute();
  return { users: result.map(userFromRow), total: Number(totalRow?.count ?? 0) };
}
