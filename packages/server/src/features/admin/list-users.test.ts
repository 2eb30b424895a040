/**
 * list-users as the console uses it: cursor pages in every sort (every match once, in
 * order), each filter and several at once, the capped count, and the refusals of a
 * malformed query. Each test seeds its own users under a tag and searches by that tag's
 * email prefix, so the suite's other users never count.
 */
import { admin as rows } from '@latch/contract';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../core/db/schema.ts';
import { describeOnDatabases, signUpUser, type TestApp } from '../../test/harness.ts';

type Db = Kysely<Database>;
const at = (day: number, second = 0) => new Date(Date.UTC(2026, 0, day, 12, 0, second));

interface Seeded {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  username: string | null;
  role: string | null;
  banned: boolean;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  provider: 'github' | 'credential';
  /** When the user's session was last used; null: no session. */
  lastActive: Date | null;
}

let tagCount = 0;

/** 23 users with ties in every sorted column, NULLs where the schema allows them, accounts and sessions. */
async function seed(db: Db): Promise<{ tag: string; users: Seeded[] }> {
  const tag = `lu${Date.now().toString(36)}${tagCount++}`;
  const users: Seeded[] = Array.from({ length: 23 }, (_, i) => ({
    id: `${tag}-id-${String((i * 7) % 23).padStart(2, '0')}`,
    email: `${tag}-${String(i).padStart(2, '0')}@list.test`,
    name: ['Ada', 'Bob', 'Cy', 'Dee'][i % 4] as string,
    createdAt: at(1 + (i % 5)),
    updatedAt: at(10 + (i % 3)),
    username: i % 3 === 0 ? null : `${tag}u${String(i).padStart(2, '0')}`,
    role: i % 4 === 0 ? 'admin' : i % 4 === 1 ? null : 'user',
    banned: i % 5 === 0,
    emailVerified: i % 2 === 0,
    twoFactorEnabled: i % 6 === 0,
    provider: i % 3 === 2 ? 'github' : 'credential',
    lastActive: i % 4 === 3 ? null : at(20 + (i % 4)),
  }));
  await db
    .insertInto('user')
    .values(users.map(({ provider: _p, lastActive: _l, ...u }) => u))
    .execute();
  await db
    .insertInto('account')
    .values(
      users.map((u) => ({
        id: `${u.id}-acct`,
        accountId: u.provider === 'github' ? `${u.id}-gh` : u.id,
        providerId: u.provider,
        userId: u.id,
        createdAt: u.createdAt,
        updatedAt: u.createdAt,
      })),
    )
    .execute();
  const active = users.filter((u) => u.lastActive !== null);
  await db
    .insertInto('session')
    .values(
      active.flatMap((u) => [
        // an older session too: last active is the newest one
        { id: `${u.id}-s1`, token: `${u.id}-t1`, userId: u.id, expiresAt: at(300), createdAt: at(1), updatedAt: at(2) },
        {
          id: `${u.id}-s2`,
          token: `${u.id}-t2`,
          userId: u.id,
          expiresAt: at(300),
          createdAt: at(1),
          updatedAt: u.lastActive as Date,
        },
      ]),
    )
    .execute();
  return { tag, users };
}

async function makeAdmin(t: { db: { handle: { db: Db } }; app: TestApp }) {
  const admin = await signUpUser(t.app);
  await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  return admin;
}

type Admin = Awaited<ReturnType<typeof makeAdmin>>;
type UserJson = { id: string } & Record<string, unknown>;

async function list(admin: Admin, tag: string, query: Record<string, string> = {}) {
  const res = await admin.client.get('/admin/list-users', {
    query: { searchField: 'email', searchOperator: 'starts_with', searchValue: `${tag}-`, ...query },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { users: UserJson[]; total: number; totalCapped: boolean; nextCursor: string | null };
}

/** Every page by cursor, first to last. */
async function allPages(admin: Admin, tag: string, query: Record<string, string>, limit: number) {
  const seen: UserJson[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const page = await list(admin, tag, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(page.users.length).toBeLessThanOrEqual(limit);
    seen.push(...page.users);
    cursor = page.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('the cursor never ended');
}

const ids = (users: { id: string }[]) => users.map((u) => u.id).sort();

await describeOnDatabases('list-users at scale', {}, (t) => {
  it('pages by cursor in every sort and direction: every match once, in the order of one big page', async () => {
    const admin = await makeAdmin(t);
    const { tag, users } = await seed(t.db.handle.db);
    for (const sortBy of [undefined, ...rows.SORTABLE]) {
      for (const sortDirection of ['asc', 'desc'] as const) {
        const query = { ...(sortBy ? { sortBy } : {}), sortDirection };
        const label = `${sortBy ?? 'id'} ${sortDirection}`;
        const whole = await list(admin, tag, { ...query, limit: '100' });
        expect(whole.nextCursor, label).toBeNull();
        expect(ids(whole.users), label).toEqual(ids(users));
        // the one page is in the asked order (NULLs aside, whose place is the database's)
        const key = sortBy ?? 'id';
        const byId = new Map(users.map((u) => [u.id, u]));
        const values = whole.users
          .map((u) => {
            const v = byId.get(u.id)?.[key];
            return v instanceof Date ? v.toISOString() : v;
          })
          .filter((v) => v !== null && v !== undefined) as (string | boolean)[];
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values, label).toEqual(sortDirection === 'asc' ? sorted : sorted.reverse());
        // role, banned and emailVerified order their ties by createdAt, in the same direction
        if (sortBy === 'role' || sortBy === 'banned' || sortBy === 'emailVerified') {
          const seen = whole.users.map((u) => byId.get(u.id) as Seeded);
          for (let i = 1; i < seen.length; i++) {
            const [a, b] = [seen[i - 1] as Seeded, seen[i] as Seeded];
            if (a[sortBy] !== b[sortBy]) continue;
            const step = b.createdAt.getTime() - a.createdAt.getTime();
            expect(sortDirection === 'asc' ? step >= 0 : step <= 0, label).toBe(true);
          }
        }
        const paged = await allPages(admin, tag, query, 4);
        expect(
          paged.map((u) => u.id),
          label,
        ).toEqual(whole.users.map((u) => u.id));
      }
    }
  });

  it('filters on each field, and on several at once', async () => {
    const admin = await makeAdmin(t);
    const { tag, users } = await seed(t.db.handle.db);
    const expectIds = async (query: Record<string, string>, keep: (u: Seeded) => boolean) => {
      const answer = await list(admin, tag, { ...query, limit: '100' });
      const wanted = ids(users.filter(keep));
      expect(wanted.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(wanted.length, JSON.stringify(query)).toBeLessThan(users.length);
      expect(ids(answer.users), JSON.stringify(query)).toEqual(wanted);
      expect([answer.total, answer.totalCapped]).toEqual([wanted.length, false]);
    };
    await expectIds({ role: 'admin' }, (u) => u.role === 'admin');
    await expectIds({ banned: 'true' }, (u) => u.banned === true);
    await expectIds({ banned: 'false' }, (u) => u.banned !== true);
    await expectIds({ emailVerified: 'true' }, (u) => u.emailVerified);
    await expectIds({ emailVerified: 'false' }, (u) => !u.emailVerified);
    await expectIds({ twoFactorEnabled: 'true' }, (u) => u.twoFactorEnabled === true);
    await expectIds({ twoFactorEnabled: 'false' }, (u) => u.twoFactorEnabled !== true);
    await expectIds({ provider: 'github' }, (u) => u.provider === 'github');
    await expectIds({ provider: 'credential' }, (u) => u.provider === 'credential');
    await expectIds({ createdFrom: at(2).toISOString() }, (u) => u.createdAt >= at(2));
    await expectIds({ createdTo: at(2).toISOString() }, (u) => u.createdAt <= at(2));
    await expectIds(
      { createdFrom: at(2).toISOString(), createdTo: at(3).toISOString() },
      (u) => u.createdAt >= at(2) && u.createdAt <= at(3),
    );
    await expectIds({ lastActiveFrom: at(22).toISOString() }, (u) => u.lastActive !== null && u.lastActive >= at(22));
    // not active after the 21st: the newest session counts, and no session at all is "not active"
    await expectIds({ lastActiveTo: at(21).toISOString() }, (u) => u.lastActive === null || u.lastActive <= at(21));
    await expectIds(
      { lastActiveFrom: at(21).toISOString(), lastActiveTo: at(21).toISOString() },
      (u) => u.lastActive?.getTime() === at(21).getTime(),
    );
    // several at once: every one holds
    await expectIds(
      { role: 'user', banned: 'false', emailVerified: 'true', provider: 'credential' },
      (u) => u.role === 'user' && u.banned !== true && u.emailVerified && u.provider === 'credential',
    );
    await expectIds(
      { twoFactorEnabled: 'false', createdFrom: at(3).toISOString(), lastActiveFrom: at(20).toISOString() },
      (u) => u.twoFactorEnabled !== true && u.createdAt >= at(3) && u.lastActive !== null,
    );
    // with better-auth's own filter too
    await expectIds(
      { filterField: 'name', filterOperator: 'eq', filterValue: 'Ada', banned: 'false' },
      (u) => u.name === 'Ada' && u.banned !== true,
    );
    // and combined filters page by cursor like the rest
    const filtered = { emailVerified: 'false', sortBy: 'createdAt', sortDirection: 'desc' };
    const paged = await allPages(admin, tag, filtered, 3);
    expect(ids(paged)).toEqual(ids(users.filter((u) => !u.emailVerified)));
    expect(new Set(paged.map((u) => u.id)).size).toBe(paged.length);
  });

  it('searches by email, name, username and id', async () => {
    const admin = await makeAdmin(t);
    const { tag, users } = await seed(t.db.handle.db);
    const search = async (query: Record<string, string>) =>
      ids((await admin.client.get('/admin/list-users', { query: { ...query, limit: '100' } })).json.users);
    const first = users[5] as Seeded;
    expect(await search({ searchField: 'email', searchOperator: 'starts_with', searchValue: `${tag}-1` })).toEqual(
      ids(users.filter((u) => u.email.startsWith(`${tag}-1`))),
    );
    // the prefix is case-insensitive and a LIKE wildcard in it is a plain character
    expect(
      await search({ searchField: 'email', searchOperator: 'starts_with', searchValue: `${tag.toUpperCase()}-0` }),
    ).toEqual(ids(users.filter((u) => u.email.startsWith(`${tag}-0`))));
    expect(await search({ searchField: 'email', searchOperator: 'starts_with', searchValue: `${tag}_` })).toEqual([]);
    expect(await search({ searchField: 'username', searchOperator: 'starts_with', searchValue: `${tag}u0` })).toEqual(
      ids(users.filter((u) => u.username?.startsWith(`${tag}u0`))),
    );
    expect(await search({ searchField: 'id', searchValue: first.id })).toEqual([first.id]);
    expect(
      ids(
        (
          await list(admin, tag, {
            filterField: 'name',
            filterOperator: 'contains',
            filterValue: 'de',
            limit: '100',
          })
        ).users,
      ),
    ).toEqual(ids(users.filter((u) => u.name === 'Dee')));
    expect(await search({ searchField: 'name', searchOperator: 'contains', searchValue: 'ee' })).toEqual(
      expect.arrayContaining(ids(users.filter((u) => u.name === 'Dee'))),
    );
  });

  it('counts up to 10,000 matches and then says the count stopped', async () => {
    const admin = await makeAdmin(t);
    const db = t.db.handle.db;
    const tag = `cap${Date.now().toString(36)}`;
    const count = rows.LIST_USERS_COUNT_CAP + 1;
    try {
      for (let from = 0; from < count; from += 500) {
        const batch = Array.from({ length: Math.min(500, count - from) }, (_, i) => from + i);
        await db
          .insertInto('user')
          .values(
            batch.map((n) => ({
              id: `${tag}-${n}`,
              name: 'Many',
              email: `${tag}-${String(n).padStart(5, '0')}@list.test`,
              emailVerified: true,
              createdAt: at(1),
              updatedAt: at(1),
            })),
          )
          .execute();
      }
      const capped = await list(admin, tag, { limit: '10' });
      expect([capped.total, capped.totalCapped, capped.users.length]).toEqual([rows.LIST_USERS_COUNT_CAP, true, 10]);
      expect(capped.nextCursor).not.toBeNull();
      // one fewer match: an exact count
      const exact = (
        await admin.client.get('/admin/list-users', {
          query: { searchField: 'email', searchOperator: 'starts_with', searchValue: `${tag}-0`, limit: '10' },
        })
      ).json;
      expect([exact.total, exact.totalCapped]).toEqual([rows.LIST_USERS_COUNT_CAP, false]);
    } finally {
      await db.deleteFrom('user').where('email', 'like', `${tag}-%`).execute();
    }
  });

  it('refuses a malformed query with VALIDATION_ERROR and answers nothing', async () => {
    const admin = await makeAdmin(t);
    const { tag } = await seed(t.db.handle.db);
    const first = await list(admin, tag, { sortBy: 'name', limit: '2' });
    const cursor = first.nextCursor as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const bad: Record<string, string>[] = [
      { cursor: 'not-a-cursor' },
      { cursor: Buffer.from('{"s":"name","d":"asc","v":1,"i":"x"}').toString('base64url'), sortBy: 'name' },
      // a cursor of another order
      { cursor, sortBy: 'email' },
      { cursor, sortBy: 'name', sortDirection: 'desc' },
      { cursor, sortBy: 'name', offset: '2' },
      { banned: 'maybe' },
      { emailVerified: '1' },
      { twoFactorEnabled: '' },
      { role: '' },
      { provider: '' },
      { createdFrom: 'yesterday' },
      { lastActiveTo: '2026-13-01T00:00:00Z' },
      { createdFrom: at(3).toISOString(), createdTo: at(2).toISOString() },
      { lastActiveFrom: at(3).toISOString(), lastActiveTo: at(2).toISOString() },
      { searchField: 'password' },
      { sortBy: 'password' },
      { limit: '-1' },
    ];
    for (const query of bad) {
      const res = await admin.client.get('/admin/list-users', { query });
      expect([res.status, res.json.code], JSON.stringify(query)).toEqual([400, 'VALIDATION_ERROR']);
      expect(res.json.users).toBeUndefined();
    }
    // the cursor itself still works with its own order
    const next = await list(admin, tag, { sortBy: 'name', limit: '2', cursor });
    expect(next.users.map((u) => u.id)).not.toEqual(first.users.map((u) => u.id));
  });
});
