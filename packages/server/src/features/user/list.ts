/**
 * The admin's list of users (docs/admin.md, "Finding a user"): search, filters that all
 * hold at once, a sort with the id as tie-breaker, pages by offset (better-auth's wire
 * shape) or by an opaque keyset cursor, and a count that stops at LIST_USERS_COUNT_CAP.
 *
 * Every sort has an index that reads it in order (migration 0012), and the cursor's
 * condition is written as `col >= v AND (col > v OR id > cid)` so that each database
 * turns it into an index range: a page deep in a million users costs what the first does.
 * Conditions on other tables (an account of a provider, a session used lately) come from
 * their owners as EXISTS expressions (see `UserCondition`).
 */

import { admin } from '@latch/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { likePattern } from '../../core/db/like.ts';
import type { Database, Dialect } from '../../core/db/schema.ts';
import { authError } from '../../core/errors.ts';
import { type User, userFromRow } from './model.ts';

export type UserSortField = (typeof admin.SORTABLE)[number];
export type UserSearchField = (typeof admin.SEARCHABLE)[number];
export type UserFilterField = (typeof admin.FILTERABLE)[number];
export type Operator = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'starts_with' | 'ends_with';
type TextOperator = 'contains' | 'starts_with' | 'ends_with';
type Direction = 'asc' | 'desc';

/** A condition on a user row that another feature owns (its table, its query). */
export type UserCondition = (eb: ExpressionBuilder<Database, 'user'>) => Expression<SqlBool>;

export interface UserListQuery {
  search?: { field: UserSearchField; operator: TextOperator; value: string } | undefined;
  /** better-auth's single filter (filterField, filterOperator, filterValue). */
  filter?: { field: UserFilterField; operator: Operator; value: string } | undefined;
  role?: string | undefined;
  banned?: boolean | undefined;
  emailVerified?: boolean | undefined;
  twoFactorEnabled?: boolean | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  /** Conditions from the features that own the other tables (provider, last active). */
  conditions?: UserCondition[] | undefined;
  sortBy?: UserSortField | undefined;
  sortDirection: Direction;
  limit?: number | undefined;
  offset?: number | undefined;
  cursor?: string | undefined;
}

export interface UserListPage {
  users: User[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

/** Columns that may hold NULL: their place in the order differs per database, and the cursor follows it. */
const NULLABLE = new Set<UserSortField>(['role', 'username', 'banned']);
const DATES = new Set<UserSortField>(['createdAt', 'updatedAt']);
const BOOLEANS = new Set<UserSortField>(['banned', 'emailVerified']);
const FEW_VALUES = new Set<UserSortField>(['role', 'banned', 'emailVerified']);

type CursorValue = string | boolean | Date | null;

/**
 * The keys of the order: email is unique and never NULL, so it needs no tie-breaker; the
 * columns of a few values (role, banned, emailVerified) order their ties newest-first-or-last
 * by createdAt, then id, which their indexes (col, createdAt, id) also serve when they filter.
 */
function sortKeys(sortBy: UserSortField | undefined): {
  column: UserSortField | 'id';
  tieBreak: boolean;
  byCreated: boolean;
} {
  if (sortBy === undefined) return { column: 'id', tieBreak: false, byCreated: false };
  return { column: sortBy, tieBreak: sortBy !== 'email', byCreated: FEW_VALUES.has(sortBy) };
}

/** The operator's pattern for a lower-cased column. */
function textPattern(value: string, op: TextOperator) {
  const lower = value.toLowerCase();
  return op === 'starts_with'
    ? likePattern('', lower, '%')
    : op === 'ends_with'
      ? likePattern('%', lower, '')
      : likePattern('%', lower, '%');
}

/** Raw value of the sort column as the driver gave it, in the cursor's form. */
function cursorValueOf(raw: unknown, column: UserSortField | 'id'): string | boolean | null {
  if (raw === null || raw === undefined) return null;
  if (column !== 'id' && DATES.has(column)) return (raw instanceof Date ? raw : new Date(String(raw))).toISOString();
  if (column !== 'id' && BOOLEANS.has(column)) return raw === true || raw === 1 || raw === '1' || raw === 'true';
  return String(raw);
}

/** `created`: the row's createdAt (ISO-8601), for the orders that break ties by it. */
export function encodeUserCursor(
  sort: string,
  direction: Direction,
  value: string | boolean | null,
  id: string,
  created?: string,
) {
  const body = { s: sort, d: direction, v: value, i: id, ...(created === undefined ? {} : { c: created }) };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

const invalidCursor = (message = 'Invalid cursor') =>
  authError('VALIDATION_ERROR', { message: `[query.cursor] ${message}` });

/** The value of the sort column a cursor holds, checked against the column's type. */
function cursorValue(column: UserSortField | 'id', v: unknown): CursorValue {
  if (v === null && column !== 'id' && NULLABLE.has(column)) return null;
  if (column !== 'id' && DATES.has(column)) {
    if (typeof v === 'string' && !Number.isNaN(Date.parse(v))) return new Date(v);
  } else if (column !== 'id' && BOOLEANS.has(column)) {
    if (typeof v === 'boolean') return v;
  } else if (typeof v === 'string' && v.length <= 4096) return v;
  throw invalidCursor();
}

/** The cursor's position; VALIDATION_ERROR when it is not one of ours or was made for another order. */
export function decodeUserCursor(
  cursor: string,
  column: UserSortField | 'id',
  direction: Direction,
): { value: CursorValue; id: string; created: Date | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const c = parsed as { s?: unknown; d?: unknown; v?: unknown; i?: unknown; c?: unknown } | null;
  if (typeof c !== 'object' || c === null || typeof c.i !== 'string' || c.i.length === 0 || c.i.length > 255)
    throw invalidCursor();
  if (c.s !== column || c.d !== direction) throw invalidCursor('The cursor belongs to another sortBy or sortDirection');
  let created: Date | null = null;
  if (column !== 'id' && FEW_VALUES.has(column)) {
    if (typeof c.c !== 'string' || Number.isNaN(Date.parse(c.c))) throw invalidCursor();
    created = new Date(c.c);
  }
  return { value: cursorValue(column, c.v), id: c.i, created };
}

/** Where the database puts NULLs in this direction: first on ascending in SQLite and MySQL, last in PostgreSQL. */
function nullsFirst(dialect: Dialect, direction: Direction): boolean {
  return dialect === 'postgres' ? direction === 'desc' : direction === 'asc';
}

type Eb = ExpressionBuilder<Database, 'user'>;

/** The rows after the cursor's position in the order (column[, createdAt], id). */
function afterCursor(
  eb: Eb,
  dialect: Dialect,
  column: UserSortField | 'id',
  tieBreak: boolean,
  direction: Direction,
  at: { value: CursorValue; id: string; created: Date | null },
): Expression<SqlBool> {
  const gt = direction === 'asc' ? '>' : '<';
  const ge = direction === 'asc' ? '>=' : '<=';
  const col = sql.ref(`user.${column}`);
  const ref = eb.ref(`user.${column}` as 'user.id');
  const id = eb.ref('user.id');
  if (!tieBreak) return eb(ref, gt, at.value as string);
  // past the cursor among the rows that tie on the column: by id, or by createdAt then id
  const created = at.created;
  const pastTie =
    created === null
      ? eb(id, gt, at.id)
      : eb.or([eb('user.createdAt', gt, created), eb.and([eb('user.createdAt', '=', created), eb(id, gt, at.id)])]);
  // the first condition bounds an index range; the second steps past the cursor's own row
  const after = (v: Exclude<CursorValue, null>) =>
    eb.and([eb(ref, ge, v as string), eb.or([eb(ref, gt, v as string), pastTie])]);
  if (column === 'id' || !NULLABLE.has(column)) return after(at.value as Exclude<CursorValue, null>);
  const isNull = eb(col, 'is', null);
  const notNull = eb(col, 'is not', null);
  if (nullsFirst(dialect, direction)) {
    return at.value === null ? eb.or([eb.and([isNull, pastTie]), notNull]) : after(at.value);
  }
  return at.value === null ? eb.and([isNull, pastTie]) : eb.or([after(at.value), isNull]);
}

const COMPARISONS = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/**
 * Searches and filters are case-insensitive for text (a choice: better-auth's are not).
 * Emails and usernames are stored in lower case, so a prefix search of them reads their index.
 */
export async function listUsersPage(db: Kysely<Database>, dialect: Dialect, q: UserListQuery): Promise<UserListPage> {
  let base = db.selectFrom('user');
  const search = q.search;
  if (search?.value) {
    const { field, operator, value } = search;
    if (field === 'id') base = base.where('user.id', '=', value);
    else if ((field === 'email' || field === 'username') && operator === 'starts_with') {
      const prefix = value.toLowerCase();
      base = base.where(sql.ref(`user.${field}`), 'like', textPattern(prefix, 'starts_with'));
      // SQLite reads a LIKE through an index only on a NOCASE one: the same prefix as a range of the binary index
      if (dialect === 'sqlite') base = base.where(field, '>=', prefix).where(field, '<', `${prefix}\u{10FFFF}`);
    } else {
      base = base.where(sql`lower(${sql.ref(`user.${field}`)})`, 'like', textPattern(value, operator));
    }
  }
  const f = q.filter;
  if (f) {
    const column = sql.ref(`user.${f.field}`);
    const booleanField = f.field === 'banned' || f.field === 'emailVerified';
    const value: string | boolean = booleanField ? f.value === 'true' : f.value;
    if (f.operator === 'contains' || f.operator === 'starts_with' || f.operator === 'ends_with') {
      base = base.where(sql`lower(${column})`, 'like', textPattern(String(value), f.operator));
    } else {
      base = base.where(f.field, COMPARISONS[f.operator], value);
    }
  }
  if (q.role !== undefined) base = base.where('user.role', '=', q.role);
  if (q.emailVerified !== undefined) base = base.where('user.emailVerified', '=', q.emailVerified);
  // one equality each, so that the index (col, createdAt, id) reads the page in order
  // (migration 0012 turned the NULLs of banned and twoFactorEnabled into false)
  if (q.banned !== undefined) base = base.where('user.banned', '=', q.banned);
  if (q.twoFactorEnabled !== undefined) base = base.where('user.twoFactorEnabled', '=', q.twoFactorEnabled);
  if (q.createdFrom !== undefined) base = base.where('user.createdAt', '>=', q.createdFrom);
  if (q.createdTo !== undefined) base = base.where('user.createdAt', '<=', q.createdTo);
  for (const condition of q.conditions ?? []) base = base.where(condition);

  const { column, tieBreak, byCreated } = sortKeys(q.sortBy);
  const direction = q.sortDirection;
  let rows = base.selectAll('user');
  if (q.cursor !== undefined) {
    const at = decodeUserCursor(q.cursor, column, direction);
    rows = rows.where((eb) => afterCursor(eb, dialect, column, tieBreak, direction, at));
  }
  rows = rows.orderBy(`user.${column}`, direction);
  if (byCreated) rows = rows.orderBy('user.createdAt', direction);
  if (tieBreak) rows = rows.orderBy('user.id', direction);
  // one more than asked: whether a next page exists
  if (q.limit !== undefined) rows = rows.limit(q.limit + 1);
  if (q.offset) rows = q.limit === undefined ? rows.limit(1_000_000).offset(q.offset) : rows.offset(q.offset);

  // the count stops at the cap: an exact count of a million rows is a full index scan on every request
  const cap = admin.LIST_USERS_COUNT_CAP;
  const countQuery = db
    .selectFrom(
      base
        .select(sql<number>`1`.as('one'))
        .limit(cap + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('count'));
  // side by side: on PostgreSQL and MySQL two pool connections answer at once (SQLite runs them in turn)
  const [counted, found] = await Promise.all([countQuery.executeTakeFirst(), rows.execute()]);
  const count = Number(counted?.count ?? 0);
  const page = q.limit === undefined ? found : found.slice(0, q.limit);
  const last = page.at(-1);
  const more = q.limit !== undefined && found.length > q.limit;
  return {
    users: page.map(userFromRow),
    total: Math.min(count, cap),
    totalCapped: count > cap,
    nextCursor:
      more && last
        ? encodeUserCursor(
            column,
            direction,
            cursorValueOf(last[column as keyof typeof last], column),
            last.id,
            byCreated ? (cursorValueOf(last.createdAt, 'createdAt') as string) : undefined,
          )
        : null,
  };
}
