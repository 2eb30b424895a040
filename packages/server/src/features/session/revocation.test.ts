/**
 * A revocation outlives no cache cookie (security issue, item 9). A thief holds a copy of
 * someone's cookies, session-data cache included; once the session is revoked (sign-out,
 * revoke-sessions, a password change, a ban, a demotion), the copy reads nothing, writes
 * nothing and mints no JWT, on the fast session check and on every other endpoint alike.
 * With Redis, two instances on one database see each other's revocations within a second;
 * an instance that is not listening believes no cache cookie it cannot vouch for.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVOCATION_CHANNEL } from '../../core/revocations.ts';
import type { TestClient } from '../../test/client.ts';
import { REDIS_URL } from '../../test/databases.ts';
import {
  createTestApp,
  forEachDatabase,
  openSharedDatabase,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';

const CACHED = { session: { cookieCache: { enabled: true, maxAge: 300 } }, plugins: { jwt: {}, admin: {} } } as const;

function copyOf(client: TestClient): TestClient {
  const copy = client.fresh();
  for (const [name, value] of client.jar) copy.jar.set(name, value);
  return copy;
}

function cookieHeader(client: TestClient): string {
  return [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** get-session as a browser sees it: the fast check, or the general endpoint where it steps aside. */
async function sessionOf(app: TestApp, client: TestClient): Promise<{ user: { id: string; name: string } } | null> {
  const fast = await app.auth.fastSessionCheck({ cookie: cookieHeader(client), ip: '127.0.0.1' });
  if (fast) return JSON.parse(fast.body);
  return (await client.get('/get-session')).json ?? null;
}

/** Everything a thief with the copied cookies could try: read, write, mint a token. */
async function thiefGetsNothing(app: TestApp, stolen: TestClient, db: SharedDatabase, userId: string) {
  const before = await db.handle.db.selectFrom('user').selectAll().where('id', '=', userId).executeTakeFirst();
  expect(await sessionOf(app, copyOf(stolen))).toBeNull();
  const write = await copyOf(stolen).post('/update-user', { name: 'Thief was here' });
  expect(write.status).toBe(401);
  const token = await copyOf(stolen).get('/token');
  expect(token.status).toBe(401);
  expect(token.json.token).toBeUndefined();
  // and nothing of the account changed
  const after = await db.handle.db.selectFrom('user').selectAll().where('id', '=', userId).executeTakeFirst();
  expect(after).toEqual(before);
}

describe('one process: a revocation is seen through the cache cookie at once', () => {
  let db: SharedDatabase;
  let app: TestApp;
  beforeAll(async () => {
    db = await openSharedDatabase('sqlite');
    app = createTestApp(db, CACHED);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  async function victim() {
    const me = await signUpUser(app);
    const stolen = copyOf(me.client);
    expect(stolen.cookie('session_data')).toBeDefined();
    // the copy works before the revocation, answered from the cache cookie
    expect((await sessionOf(app, copyOf(stolen)))?.user.id).toBe(me.userId);
    return { ...me, stolen };
  }

  async function admin() {
    const a = await signUpUser(app);
    await db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', a.userId).execute();
    // signed in again so the admin's own session reads the role
    const client = app.client();
    await client.post('/sign-in/email', { email: a.email, password: PASSWORD });
    return client;
  }

  it('sign-out: a copy taken before it is dead', async () => {
    const me = await victim();
    await me.client.post('/sign-out', {});
    await thiefGetsNothing(app, me.stolen, db, me.userId);
  });

  it('revoke-sessions from another device', async () => {
    const me = await victim();
    const other = app.client();
    await other.post('/sign-in/email', { email: me.email, password: PASSWORD });
    expect((await other.post('/revoke-sessions', {})).status).toBe(200);
    await thiefGetsNothing(app, me.stolen, db, me.userId);
  });

  it('revoke-session of that one session, the owner keeping another', async () => {
    const me = await victim();
    const other = app.client();
    await other.post('/sign-in/email', { email: me.email, password: PASSWORD });
    const listed = (await other.get('/list-sessions')).json as { token: string; id: string }[];
    const stolenId = (await sessionOf(app, copyOf(me.stolen)))?.user.id;
    expect(stolenId).toBe(me.userId);
    const mine = (await other.get('/get-session')).json.session.id;
    for (const s of listed) if (s.id !== mine) await other.post('/revoke-session', { token: s.token });
    await thiefGetsNothing(app, me.stolen, db, me.userId);
    // the owner's other session still reads
    expect((await sessionOf(app, other))?.user.id).toBe(me.userId);
  });

  it('change-password with revokeOtherSessions', async () => {
    const me = await victim();
    const res = await me.client.post('/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Another-Horse-7-Battery',
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    await thiefGetsNothing(app, me.stolen, db, me.userId);
    expect((await sessionOf(app, me.client))?.user.id).toBe(me.userId);
  });

  it('an admin bans the account', async () => {
    const me = await victim();
    const res = await (await admin()).post('/admin/ban-user', { userId: me.userId });
    expect(res.status).toBe(200);
    await thiefGetsNothing(app, me.stolen, db, me.userId);
  });

  it('a demoted admin loses the admin API through their cache cookie too', async () => {
    const boss = await admin();
    const demoted = await admin();
    expect((await demoted.get('/admin/list-users')).status).toBe(200);
    const demotedId = (await demoted.get('/get-session')).json.user.id;
    expect((await boss.post('/admin/set-role', { userId: demotedId, role: 'user' })).status).toBe(200);
    const res = await demoted.get('/admin/list-users');
    expect(res.status).toBe(403);
    expect((await sessionOf(app, demoted))?.user).toMatchObject({ id: demotedId, role: 'user' });
  });

  it('the JWT endpoint reads the store: a session deleted behind the cache mints nothing', async () => {
    const me = await victim();
    // even without a revocation passing through Latch (an operator's DELETE), /token asks the store
    await db.handle.db.deleteFrom('session').where('userId', '=', me.userId).execute();
    const res = await copyOf(me.stolen).get('/token');
    expect(res.status).toBe(401);
  });

  it("get-session's set-auth-jwt reads the store too: a session deleted behind the cache mints no JWT", async () => {
    const me = await victim();
    await db.handle.db.deleteFrom('session').where('userId', '=', me.userId).execute();
    const res = await copyOf(me.stolen).get('/get-session');
    // the cache cookie may still answer the session check for its few seconds, but no JWT comes with it
    expect(res.headers.get('set-auth-jwt')).toBeNull();
    // a live session still gets one
    const live = await signUpUser(app);
    expect((await live.client.get('/get-session')).headers.get('set-auth-jwt')).toBeTruthy();
  });

  it('a fresh sign-in after the revocation reads again', async () => {
    const me = await victim();
    await me.client.post('/revoke-sessions', {});
    const again = app.client();
    await again.post('/sign-in/email', { email: me.email, password: PASSWORD });
    expect((await sessionOf(app, again))?.user.id).toBe(me.userId);
    app.clock.advance(5);
    expect((await sessionOf(app, again))?.user.id).toBe(me.userId);
    expect((await again.get('/token')).status).toBe(200);
  });
});

await forEachDatabase(
  (dialect) => `two instances on one ${dialect} database and one Redis`,
  (dialect) => {
    let db: SharedDatabase;
    let connections: Redis[] = [];
    let a: TestApp;
    let b: TestApp;
    /** An instance without Redis: it shows what the channel adds (the documented trade-off). */
    let lonely: TestApp;
    beforeAll(async () => {
      db = await openSharedDatabase(dialect);
      connections = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
      await Promise.all(connections.map((c) => c.ping()));
      a = createTestApp(db, CACHED, { redis: connections[0] });
      b = createTestApp(db, CACHED, { redis: connections[1] });
      lonely = createTestApp(db, CACHED);
      await Promise.all([a.auth.ready(), b.auth.ready()]);
      // past the moment each instance started listening (cookies from before it are not believed)
      for (const app of [a, b, lonely]) app.clock.advance(5);
    });
    afterAll(async () => {
      for (const app of [a, b, lonely]) await app?.close();
      for (const c of connections) await c.quit();
      await db?.close();
    });

    async function signedInOn(app: TestApp) {
      const me = await signUpUser(app);
      // the other instances answer this cookie from its cache
      for (const other of [a, b, lonely]) {
        const client = other.client();
        for (const [k, v] of me.client.jar) client.jar.set(k, v);
        expect((await sessionOf(other, client))?.user.id).toBe(me.userId);
      }
      return me;
    }

    function on(app: TestApp, from: TestClient): TestClient {
      const client = app.client();
      for (const [k, v] of from.jar) client.jar.set(k, v);
      return client;
    }

    async function withinOneSecond(check: () => Promise<boolean>): Promise<number> {
      const start = Date.now();
      while (Date.now() - start < 1000) {
        if (await check()) return Date.now() - start;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error('not seen within one second');
    }

    it('a sign-out on A is seen by B through its cache cookie within one second', async () => {
      const me = await signedInOn(a);
      const stolen = copyOf(me.client);
      await me.client.post('/sign-out', {});
      const delay = await withinOneSecond(async () => (await sessionOf(b, on(b, stolen))) === null);
      expect(delay).toBeLessThan(1000);
      await thiefGetsNothing(b, on(b, stolen), db, me.userId);
      // without the channel, an instance believes the copy until the cookie's maxAge: the trade-off docs/session-revocation.md states
      expect((await sessionOf(lonely, on(lonely, stolen)))?.user.id).toBe(me.userId);
    });

    it('a ban on B is seen by A within one second, JWT included', async () => {
      const me = await signedInOn(a);
      const boss = await signUpUser(b);
      await db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', boss.userId).execute();
      const bossClient = b.client();
      await bossClient.post('/sign-in/email', { email: boss.email, password: PASSWORD });
      expect((await bossClient.post('/admin/ban-user', { userId: me.userId })).status).toBe(200);
      await withinOneSecond(async () => (await sessionOf(a, on(a, me.client))) === null);
      await thiefGetsNothing(a, on(a, me.client), db, me.userId);
    });

    it('after its channel drops, an instance believes no cache cookie written before it listens again', async () => {
      const me = await signedInOn(a);
      // a session deleted behind Latch's back: only the store knows
      await db.handle.db.deleteFrom('session').where('userId', '=', me.userId).execute();
      expect((await sessionOf(b, on(b, me.client)))?.user.id).toBe(me.userId);
      const admin = new Redis(REDIS_URL);
      try {
        const listed = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
        const ours = listed.split('\n').filter((line) => line.includes('name=latch-revocations'));
        expect(ours.length).toBeGreaterThanOrEqual(2);
        await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
        // both instances resubscribe on their own, and say so
        await withinOneSecond(async () =>
          [a, b].every((app) => app.logger.lines.some((l) => l.line.includes('listening to Redis again'))),
        );
        expect(Number(await admin.pubsub('NUMSUB', REVOCATION_CHANNEL).then((r) => r[1]))).toBeGreaterThanOrEqual(2);
      } finally {
        await admin.quit();
      }
      expect(await sessionOf(b, on(b, me.client))).toBeNull();
    });
  },
  { redis: true },
);

describe('every way a session ends tells the revocations', () => {
  it('each file that deletes sessions, bans, changes a role or deletes a user also calls revocations.revoke', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '../..');
    const ends =
      /\b(deleteSessionsOfUser|deleteSessionById|deleteUserSessionByTokenHash|deleteUserAndDependents|deleteUserRow)\(|banned: true|role: stored/;
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !path.includes('/test/')) {
          const text = readFileSync(path, 'utf8');
          // repo.ts files define the deletions; service.ts of sessions deletes only expired rows
          if (/\/repo\.ts$/.test(path) || path.endsWith('features/session/service.ts')) continue;
          if (ends.test(text) && !text.includes('revocations.revoke(')) offenders.push(path.slice(root.length + 1));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
