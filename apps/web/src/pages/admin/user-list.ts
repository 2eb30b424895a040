/**
 * The user table's state, kept in the page's address (`/admin/users?q=ada&in=email&show=banned`) so
 * that a search can be shared, reloaded and gone back to, and its translation into GET
 * /admin/list-users in better-auth's wire shape.
 *
 * The API searches `email` and `name` (searchValue/searchField) and filters on one column at a time
 * (filterField/filterValue/filterOperator). A search by username or id is that one filter, so it
 * cannot be combined with "banned" or "admins": the page says so.
 */
import type { admin } from '@latch/contract';
import type { ListUsersQuery } from './types.ts';

export const SEARCH_FIELDS = ['email', 'name', 'username', 'id'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const FILTERS = ['all', 'admins', 'banned', 'notBanned', 'verified', 'unverified'] as const;
export type UserFilter = (typeof FILTERS)[number];

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
  filter: UserFilter;
  sort: UserSort;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export const DEFAULT_STATE: UserListState = {
  search: '',
  searchIn: 'email',
  filter: 'all',
  sort: 'newest',
  page: 1,
  pageSize: 25,
};

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

/** The state an address describes; anything unknown or malformed is the default. */
export function readListState(params: URLSearchParams): UserListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  return {
    search: (params.get('q') ?? '').slice(0, 255),
    searchIn: oneOf(SEARCH_FIELDS, params.get('in'), DEFAULT_STATE.searchIn),
    filter: oneOf(FILTERS, params.get('show'), DEFAULT_STATE.filter),
    sort: oneOf(SORTS, params.get('sort'), DEFAULT_STATE.sort),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_STATE.pageSize,
  };
}

/** The address of a state: only what differs from the default, so a plain /admin/users stays plain. */
export function writeListState(state: UserListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('q', state.search);
  if (state.search && state.searchIn !== DEFAULT_STATE.searchIn) params.set('in', state.searchIn);
  if (state.filter !== DEFAULT_STATE.filter) params.set('show', state.filter);
  if (state.sort !== DEFAULT_STATE.sort) params.set('sort', state.sort);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_STATE.pageSize) params.set('size', String(state.pageSize));
  return params;
}

/** Whether the search takes the API's one filter (username, id): then no other filter applies. */
export function searchUsesFilter(state: UserListState): boolean {
  return state.search.trim() !== '' && (state.searchIn === 'username' || state.searchIn === 'id');
}

type Filter = Pick<ListUsersQuery, 'filterField' | 'filterValue' | 'filterOperator'>;

const FILTER_QUERY: Record<Exclude<UserFilter, 'all'>, Filter> = {
  // roles are comma-separated: "user,admin" is an admin too
  admins: { filterField: 'role', filterValue: 'admin', filterOperator: 'contains' },
  banned: { filterField: 'banned', filterValue: 'true', filterOperator: 'eq' },
  notBanned: { filterField: 'banned', filterValue: 'false', filterOperator: 'eq' },
  verified: { filterField: 'emailVerified', filterValue: 'true', filterOperator: 'eq' },
  unverified: { filterField: 'emailVerified', filterValue: 'false', filterOperator: 'eq' },
};

/** GET /admin/list-users for a state: one page, the total of every match. */
export function listUsersQuery(state: UserListState): ListUsersQuery {
  const search = state.search.trim();
  const query: ListUsersQuery = {
    ...SORT_QUERY[state.sort],
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
  };
  if (search && (state.searchIn === 'email' || state.searchIn === 'name')) {
    Object.assign(query, { searchValue: search, searchField: state.searchIn, searchOperator: 'contains' });
  }
  if (searchUsesFilter(state)) {
    Object.assign(
      query,
      state.searchIn === 'id'
        ? { filterField: 'id', filterValue: search, filterOperator: 'eq' }
        : { filterField: 'username', filterValue: search, filterOperator: 'contains' },
    );
  } else if (state.filter !== 'all') {
    Object.assign(query, FILTER_QUERY[state.filter]);
  }
  return query;
}

/** How many pages `total` rows make (at least one, so "page 1 of 1" reads right for none). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
