import { admin } from '@latch/contract';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, DEFAULT_STATE, listUsersQuery, readListState, writeListState } from './user-list.ts';

describe('the user table in the address and on the wire', () => {
  it('sends every state as a query list-users accepts (the contract row parses it)', () => {
    const states = [
      DEFAULT_STATE,
      {
        ...DEFAULT_STATE,
        search: 'ada',
        searchIn: 'name' as const,
        banned: 'yes' as const,
        sort: 'emailDesc' as const,
      },
      { ...DEFAULT_STATE, search: 'ada_l', searchIn: 'username' as const, page: 3, pageSize: 10, after: 'abc_-1' },
      { ...DEFAULT_STATE, search: 'u-42', searchIn: 'id' as const, role: 'admins' as const },
      {
        ...DEFAULT_STATE,
        role: 'users' as const,
        verified: 'no' as const,
        twoFactor: 'yes' as const,
        provider: 'github',
        createdFrom: '2026-01-01',
        createdTo: '2026-02-01',
        activeFrom: '2026-01-15',
        activeTo: '2026-03-01',
        sort: 'bannedFirst' as const,
      },
    ];
    for (const state of states) {
      const parsed = admin.listUsers.query.safeParse(listUsersQuery(state));
      expect(parsed.success, JSON.stringify(state)).toBe(true);
    }
  });

  it('searches each field with searchValue, and the filters go along with it', () => {
    expect(listUsersQuery({ ...DEFAULT_STATE, search: ' Ada ', searchIn: 'email' })).toMatchObject({
      searchValue: 'Ada',
      searchField: 'email',
      searchOperator: 'contains',
    });
    expect(
      listUsersQuery({ ...DEFAULT_STATE, search: 'ada', searchIn: 'username', banned: 'yes', verified: 'no' }),
    ).toMatchObject({ searchField: 'username', searchValue: 'ada', banned: 'true', emailVerified: 'false' });
  });

  it('filters admins as the server counts them (adminRoles, adminUserIds), users as everyone else, days in the reader’s zone', () => {
    const admins = listUsersQuery({ ...DEFAULT_STATE, role: 'admins' });
    expect(admins).toMatchObject({ admin: 'true' });
    // not by the stored role: an id of adminUserIds keeps the role "user"
    expect(admins).not.toHaveProperty('filterField');
    expect(admins).not.toHaveProperty('role');
    const users = listUsersQuery({ ...DEFAULT_STATE, role: 'users' });
    expect(users).toMatchObject({ admin: 'false' });
    expect(users).not.toHaveProperty('role');
    const query = listUsersQuery({ ...DEFAULT_STATE, createdFrom: '2026-01-02', activeTo: '2026-01-03' });
    expect(query.createdFrom).toBe(new Date(2026, 0, 2, 0, 0, 0, 0).toISOString());
    expect(query.lastActiveTo).toBe(new Date(2026, 0, 3, 23, 59, 59, 999).toISOString());
  });

  it('pages with limit and the cursor, sorted by a column and a direction', () => {
    expect(listUsersQuery({ ...DEFAULT_STATE, page: 3, pageSize: 25, sort: 'oldest', after: 'xyz' })).toEqual({
      limit: 25,
      cursor: 'xyz',
      sortBy: 'createdAt',
      sortDirection: 'asc',
    });
    expect(listUsersQuery(DEFAULT_STATE)).not.toHaveProperty('cursor');
  });

  it('reads back what it wrote, and the defaults for anything malformed', () => {
    const state = {
      ...DEFAULT_STATE,
      search: 'ada',
      searchIn: 'name' as const,
      role: 'admins' as const,
      banned: 'no' as const,
      twoFactor: 'yes' as const,
      provider: 'google',
      createdFrom: '2026-01-01',
      activeTo: '2026-02-01',
      sort: 'email' as const,
      page: 2,
      pageSize: 50,
      after: 'eyJzIjoiZW1haWwifQ',
    };
    expect(readListState(writeListState(state))).toEqual(state);
    expect(activeFilterCount(state)).toBe(6);
    expect(writeListState(DEFAULT_STATE).toString()).toBe('');
    expect(
      readListState(
        new URLSearchParams(
          'in=password&role=root&banned=maybe&2fa=1&created-from=yesterday&sort=hash&page=4&size=7&after=no%20spaces',
        ),
      ),
    ).toEqual(DEFAULT_STATE);
    // a page number without its cursor is the first page
    expect(readListState(new URLSearchParams('page=3')).page).toBe(1);
  });
});
