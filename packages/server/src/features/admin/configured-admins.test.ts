/**
 * What the admin console reads about admins and about the people of the audit log:
 * - an id of `adminUserIds` is an admin whatever its stored role: list-users and get-user
 *   say so (`isAdmin`, Latch's field beside better-auth's, whose fields stay as they are),
 *   and list-users' `admin` filter finds exactly who may act as an admin;
 * - list-audit-events names the people its page mentions (`people`), read in one query
 *   whatever the page's size, never one per row.
 */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../core/db/schema.ts';
import { createTestApp, describeOnDatabases, signUpUser, type TestApp } from '../../test/harness.ts';
import { snapshot } from '../../test/mailbox-proof.ts';
import { countQueries } from '../../test/query-count.ts';

type Db = Kysely<Database>;

const run = Date.now().toString(36);
/** Admin by configuration only: its stored role is `user`. */
const CONFIGURED = `cfg-admin-${run}`;
const when = new Date('2026-11-01T10:00:00.000Z');

async function seed(db: Db, tag: string) {
  const row = (id: string, name: string, role: string | null) => ({
    id,
    name,
    email: `${tag}-${name.toLowerCase()}@admins.test`,
    emailVerified: true,
    role,
    banned: false,
    twoFactorEnabled: false,
    createdAt: when,
    updatedAt: when,
  });
  const users = [
    row(tag === 'a' ? CONFIGURED : `${tag}-cfg-unused`, 'Configured', 'user'),
    row(`${tag}-stored`, 'Stored', 'admin'),
    row(`${tag}-both`, 'Both', 'user,admin'),
    row(`${tag}-spaced`, 'Spaced', 'user, superadmin'),
    row(`${tag}-plain`, 'Plain', 'user'),
    row(`${tag}-none`, 'None', null),
    // "admin" inside another role's name is not the admin role
    row(`${tag}-lookalike`, 'Lookalike', 'administrator_100%'),
  ];
  await db.insertInto('user').values(users).execute();
  return users;
}

async function signedInAdmin(t: { db: { handle: { db: Db } }; app: TestApp }) {
  const admin = await signUpUser(t.app);
  await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  return admin;
}

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;

const OPTIONS = { plugins: { admin: { adminUserIds: [CONFIGURED], adminRoles: ['admin', 'superadmin'] } } };

await describeOnDatabases('admins by configuration, and the people of the audit log', OPTIONS, (t) => {
  let seeded = false;
  const ensureSeeded = async () => {
    if (!seeded) await seed(t.db.handle.db, 'a');
    seeded = true;
  };

  const list = async (admin: Admin, q = {}) => {
    const res = await admin.client.get('/admin/list-users', {
      query: { searchField: 'email', searchOperator: 'starts_with', searchValue: 'a-', ...q },
    });
    expect(res.status, res.text).toBe(200);
    return res.json as { users: { id: string; role: string | null; isAdmin: boolean }[]; total: number };
  };

  it('list-users and get-user mark an id of adminUserIds as an admin; role stays as stored', async () => {
    await ensureSeeded();
    const admin = await signedInAdmin(t);
    const { users } = await list(admin);
    const byId = new Map(users.map((u) => [u.id, u]));
    expect(byId.get(CONFIGURED)).toMatchObject({ role: 'user', isAdmin: true });
    expect(byId.get('a-stored')?.isAdmin).toBe(true);
    expect(byId.get('a-both')?.isAdmin).toBe(true);
    expect(byId.get('a-spaced')?.isAdmin).toBe(true);
    expect(byId.get('a-plain')?.isAdmin).toBe(false);
    expect(byId.get('a-none')?.isAdmin).toBe(false);
    expect(byId.get('a-lookalike')?.isAdmin).toBe(false);
    const one = await admin.client.get('/admin/get-user', { query: { id: CONFIGURED } });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ id: CONFIGURED, role: 'user', isAdmin: true });
  });

  it('the admin filter finds who may act as an admin, and its opposite everyone else', async () => {
    await ensureSeeded();
    const admin = await signedInAdmin(t);
    const admins = await list(admin, { admin: 'true' });
    expect(admins.users.map((u) => u.id).sort()).toEqual([CONFIGURED, 'a-both', 'a-spaced', 'a-stored'].sort());
    expect(admins.total).toBe(4);
    expect(admins.users.every((u) => u.isAdmin)).toBe(true);
    const others = await list(admin, { admin: 'false' });
    expect(others.users.map((u) => u.id).sort()).toEqual(['a-lookalike', 'a-none', 'a-plain'].sort());
    expect(others.users.every((u) => !u.isAdmin)).toBe(true);
    // with the other filters, all at once
    expect((await list(admin, { admin: 'true', role: 'user' })).users.map((u) => u.id)).toEqual([CONFIGURED]);
  });

  it('refuses an admin filter that is not true or false, changing nothing', async () => {
    const admin = await signedInAdmin(t);
    const before = await snapshot(t.db);
    const res = await admin.client.get('/admin/list-users', { query: { admin: 'yes' } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('list-audit-events names the people of its page in one query, and says nothing of the gone', async () => {
    const db = t.db.handle.db;
    const tag = `au${run}${Math.random().toString(36).slice(2, 6)}`;
    const people = await seed(db, tag);
    const gone = `${tag}-gone`;
    // many events, few people: actors, an impersonator, user targets, a target that is not a user
    const events = Array.from({ length: 60 }, (_, i) => {
      const actor = people[i % people.length]?.id ?? gone;
      return {
        id: `${tag}-e${String(i).padStart(2, '0')}`,
        createdAt: new Date(when.getTime() + i * 1000),
        type: i % 2 ? 'user.updated' : 'user.banned',
        outcome: 'success' as const,
        actorUserId: i === 0 ? gone : actor,
        actorType: 'user' as const,
        impersonatorUserId: i === 1 ? `${tag}-stored` : null,
        targetType: i === 2 ? 'organization' : 'user',
        targetId: i === 2 ? `${tag}-plain-org` : (people[(i + 1) % people.length]?.id ?? null),
        organizationId: null,
        ipAddress: null,
        userAgent: null,
        details: JSON.stringify({ tag }),
      };
    });
    await db.insertInto('auditEvent').values(events).execute();

    // the same app on the same database, its statements counted
    const counted = countQueries(t.db);
    const app = createTestApp(counted.database, OPTIONS);
    const reader = await signedInAdmin({ db: t.db, app });
    const read = (limit: string) =>
      counted.counter.measure(() =>
        reader.client.get('/admin/list-audit-events', { query: { type: 'user.banned', limit } }),
      );
    // one event's page and a page of thirty, naming 1 and 8 people: the same statements
    const small = await read('1');
    const { result: res, queries } = await read('200');
    await app.close();
    expect(res.status, res.text).toBe(200);
    expect(queries.length).toBe(small.queries.length);
    const userReads = queries.filter((q) => /from [`"]?user[`"]?\s/i.test(q) && /\bin\s*\(/i.test(q));
    expect(userReads.length).toBe(1);
    const page = res.json as {
      events: { actorUserId: string | null; targetId: string | null; targetType: string | null }[];
      people: Record<string, { name: string; email: string }>;
    };
    const mine = page.events.filter((e) => e.actorUserId?.startsWith(tag) || e.targetId?.startsWith(tag));
    expect(mine.length).toBe(30);
    for (const event of mine) {
      if (event.actorUserId && event.actorUserId !== gone) {
        expect(page.people[event.actorUserId]?.email).toMatch(/@admins\.test$/);
      }
      if (event.targetType === 'user' && event.targetId) expect(page.people[event.targetId]).toBeDefined();
    }
    expect(page.people[`${tag}-plain`]).toEqual({ name: 'Plain', email: `${tag}-plain@admins.test` });
    // a person who is gone, and an organization's id, are not looked up as people
    expect(page.people[gone]).toBeUndefined();
    expect(page.people[`${tag}-plain-org`]).toBeUndefined();
  });
});
