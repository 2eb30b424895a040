/**
 * The user table's state, kept in the page's address (`/admin/users?q=ada&in=email&banned=yes`) so
 * that a search can be shared, reloaded and gone back to, and its translation into GET
 * /admin/list-users.
 *
 * The search goes in better-auth's searchValue/searchField; the filters in list-users' own
 * parameters, which all hold at once (role, banned, emailVerified, twoFactorEnabled, provider,
 * created and last-active ranges). Pages follow the server's cursor (`after`: the nextCursor of
 * the page before), so a page deep in a million users costs what the first does; `page` only
 * numbers the page for the reader.
 */
import type { admin } from '@latch/contract';
import type { ListUsersQuery } from './types.ts';

export const SEARCH_FIELDS = ['email', 'name', 'username', 'id'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const ROLE_FILTERS = ['any', 'admins', 'users'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];
/** A yes/no filter: banned, email verified, two-factor. */
export const FLAG_FILTERS = ['any', 'yes', 'no'] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];

/** The orders the table offers: a column of list-users' `sortBy` and a direction. */
export const SORTS = [
  'newest',
  'oldest',
  'email',
  'emailDesc',
  'name',
  'nameDesc',
  'recentlyChanged',
  'bannedFirst',
  'role',
] as const;
export type UserSort = (typeof SORTS)[number];

type SortBy = (typeof admin.SORTABLE)[number];
const SORT_QUERY: Record<UserSort, { sortBy: SortBy; sortDirection: 'asc' | 'desc' }> = {
  newest: { sortBy: 'createdAt', sortDirection: 'desc' },
  oldest: { sortBy: 'createdAt', sortDirection: 'asc' },
  email: { sortBy: 'email', sortDirection: 'asc' },
  emailDesc: { sortBy: 'email', sortDirection: 'desc' },
  name: { sortBy: 'name', sortDirection: 'asc' },
  nameDesc: { sortBy: 'name', sortDirection: 'desc' },
  recentlyChanged: { sortBy: 'updatedAt', sortDirection: 'desc' },
  bannedFirst: { sortBy: 'banned', sortDirection: 'desc' },
  role: { sortBy: 'role', sortDirection: 'asc' },
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface UserListState {
  search: string;
  searchIn: SearchField;
  role: RoleFilter;
  banned: FlagFilter;
  verified: FlagFilter;
  twoFactor: FlagFilter;
  /** A provider id (`credential`, `google`, …), or '' for any. */
  provider: string;
  /** Days (YYYY-MM-DD, the reader's time zone), or '' for no bound. */
  createdFrom: string;
  createdTo: string;
  activeFrom: string;
  activeTo: string;
  sort: UserSort;
  /** 1-based; the number of the page `after` starts. */
  page: number;
  pageSize: number;
  /** The cursor of this page (the nextCursor of the one before); '' for the first. */
  after: string;
}

export const DEFAULT_STATE: UserListState = {
  search: '',
  searchIn: 'email',
  role: 'any',
  banned: 'any',
  verified: 'any',
  twoFactor: 'any',
  provider: '',
  createdFrom: '',
  createdTo: '',
  activeFrom: '',
  activeTo: '',
  sort: 'newest',
  page: 1,
  pageSize: 25,
  after: '',
};

/** The filters of the "more filters" form, which apply together. */
export const MORE_FILTERS = ['provider', 'createdFrom', 'createdTo', 'activeFrom', 'activeTo'] as const;
export type MoreFilters = Pick<UserListState, (typeof MORE_FILTERS)[number]>;

const PARAMS = {
  search: 'q',
  searchIn: 'in',
  role: 'role',
  banned: 'banned',
  verified: 'verified',
  twoFactor: '2fa',
  provider: 'provider',
  createdFrom: 'created-from',
  createdTo: 'created-to',
  activeFrom: 'active-from',
  activeTo: 'active-to',
  sort: 'sort',
  page: 'page',
  pageSize: 'size',
  after: 'after',
} as const satisfies Record<keyof UserListState, string>;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '');

/** The state an address describes; anything unknown or malformed is the default. */
export function readListState(params: URLSearchParams): UserListState {
  const page = Number.parseInt(params.get(PARAMS.page) ?? '', 10);
  const size = Number.parseInt(params.get(PARAMS.pageSize) ?? '', 10);
  const after = params.get(PARAMS.after) ?? '';
  const validAfter = /^[A-Za-z0-9_-]{1,1024}$/.test(after) ? after : '';
  return {
    search: (params.get(PARAMS.search) ?? '').slice(0, 255),
    searchIn: oneOf(SEARCH_FIELDS, params.get(PARAMS.searchIn), DEFAULT_STATE.searchIn),
    role: oneOf(ROLE_FILTERS, params.get(PARAMS.role), 'any'),
    banned: oneOf(FLAG_FILTERS, params.get(PARAMS.banned), 'any'),
    verified: oneOf(FLAG_FILTERS, params.get(PARAMS.verified), 'any'),
    twoFactor: oneOf(FLAG_FILTERS, params.get(PARAMS.twoFactor), 'any'),
    provider: (params.get(PARAMS.provider) ?? '').trim().slice(0, 255),
    createdFrom: day(params.get(PARAMS.createdFrom)),
    createdTo: day(params.get(PARAMS.createdTo)),
    activeFrom: day(params.get(PARAMS.activeFrom)),
    activeTo: day(params.get(PARAMS.activeTo)),
    sort: oneOf(SORTS, params.get(PARAMS.sort), DEFAULT_STATE.sort),
    // a page number without its cursor is the first page
    page: validAfter && Number.isInteger(page) && page >= 2 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_STATE.pageSize,
    after: validAfter,
  };
}

/** The address of a state: only what differs from the default, so a plain /admin/users stays plain. */
export function writeListState(state: UserListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(PARAMS) as (keyof UserListState)[]) {
    if (key === 'searchIn' && !state.search) continue;
    if (key === 'page' && !state.after) continue;
    if (state[key] !== DEFAULT_STATE[key]) params.set(PARAMS[key], String(state[key]));
  }
  return params;
}

/** How many filters narrow the list (the search aside). */
export function activeFilterCount(state: UserListState): number {
  const keys = ['role', 'banned', 'verified', 'twoFactor', ...MORE_FILTERS] as const;
  return keys.filter((key) => state[key] !== DEFAULT_STATE[key]).length;
}

const FLAG = { yes: 'true', no: 'false' } as const;

/** The start of a day in the reader's time zone, or its end. */
function dayBound(value: string, end: boolean): string {
  return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}`).toISOString();
}

/** GET /admin/list-users for a state: one page after the state's cursor, and the (capped) count of every match. */
export function listUsersQuery(state: UserListState): ListUsersQuery {
  const search = state.search.trim();
  const query: ListUsersQuery = { ...SORT_QUERY[state.sort], limit: state.pageSize };
  if (state.after) query.cursor = state.after;
  if (search) Object.assign(query, { searchValue: search, searchField: state.searchIn, searchOperator: 'contains' });
  // who may act as an admin, as the server decides it: a role of adminRoles among the
  // comma-separated ones, or an id of adminUserIds whatever its role; "users" are everyone else
  if (state.role === 'admins') query.admin = 'true';
  if (state.role === 'users') query.admin = 'false';
  if (state.banned !== 'any') query.banned = FLAG[state.banned];
  if (state.verified !== 'any') query.emailVerified = FLAG[state.verified];
  if (state.twoFactor !== 'any') query.twoFactorEnabled = FLAG[state.twoFactor];
  if (state.provider) query.provider = state.provider;
  if (state.createdFrom) query.createdFrom = dayBound(state.createdFrom, false);
  if (state.createdTo) query.createdTo = dayBound(state.createdTo, true);
  if (state.activeFrom) query.lastActiveFrom = dayBound(state.activeFrom, false);
  if (state.activeTo) query.lastActiveTo = dayBound(state.activeTo, true);
  return query;
}
