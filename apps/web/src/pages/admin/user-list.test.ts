import { admin } from '@latch/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, listUsersQuery, pageCount, readListState, writeListState } from './user-list.ts';

describe('the user table in the address and on the wire', () => {
  it('sends every state as a query list-users accepts (the contract row parses it)', () => {
    const states = [
      DEFAULT_STATE,
      {
        ...DEFAULT_STATE,
        search: 'ada',
        searchIn: 'name' as const,
        filter: 'banned' as const,
        sort: 'emailDesc' as const,
      },
      { ...DEFAULT_STATE, search: 'ada_l', searchIn: 'username' as const, page: 3, pageSize: 10 },
      { ...DEFAULT_STATE, search: 'u-42', searchIn: 'id' as const },
      { ...DEFAULT_STATE, filter: 'unverified' as const, sort: 'bannedFirst' as const },
    ];
    for (const state of states) {
      const parsed = admin.listUsers.query.safeParse(listUsersQuery(state));
      expect(parsed.success, JSON.stringify(state)).toBe(true);
    }
  });

  it('searches email and name with searchValue, username and id with the one filter', () => {
    expect(listUsersQuery({ ...DEFAULT_STATE, search: ' Ada ', searchIn: 'email' })).toMatchObject({
      searchValue: 'Ada',
      searchField: 'email',
      searchOperator: 'contains',
    });
    const byUsername = listUsersQuery({ ...DEFAULT_STATE, search: 'ada', searchIn: 'username', filter: 'banned' });
    expect(byUsername).toMatchObject({ filterField: 'username', filterValue: 'ada', filterOperator: 'contains' });
    // the filter slot is the search's: "banned" is not sent alongside (the API takes one filter)
    expect(byUsername).not.toHaveProperty('searchValue');
    expect(listUsersQuery({ ...DEFAULT_STATE, search: 'u-42', searchIn: 'id' })).toMatchObject({
      filterField: 'id',
      filterValue: 'u-42',
      filterOperator: 'eq',
    });
  });

  it('filters admins by a role that contains admin, and booleans with eq', () => {
    expect(listUsersQuery({ ...DEFAULT_STATE, filter: 'admins' })).toMatchObject({
      filterField: 'role',
      filterValue: 'admin',
      filterOperator: 'contains',
    });
    expect(listUsersQuery({ ...DEFAULT_STATE, filter: 'unverified' })).toMatchObject({
      filterField: 'emailVerified',
      filterValue: 'false',
      filterOperator: 'eq',
    });
  });

  it('pages with limit and offset, sorted by a column and a direction', () => {
    expect(listUsersQuery({ ...DEFAULT_STATE, page: 3, pageSize: 25, sort: 'oldest' })).toMatchObject({
      limit: 25,
      offset: 50,
      sortBy: 'createdAt',
      sortDirection: 'asc',
    });
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
  });

  it('reads back what it wrote, and the defaults for anything malformed', () => {
    const state = {
      search: 'ada',
      searchIn: 'name' as const,
      filter: 'admins' as const,
      sort: 'email' as const,
      page: 2,
      pageSize: 50,
    };
    expect(readListState(writeListState(state))).toEqual(state);
    expect(writeListState(DEFAULT_STATE).toString()).toBe('');
    expect(readListState(new URLSearchParams('in=password&show=everyone&sort=hash&page=-1&size=7'))).toEqual(
      DEFAULT_STATE,
    );
  });
});
