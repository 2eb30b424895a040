/**
 * The session check answers from memory on PostgreSQL and MySQL too (issue 14, item 1),
 * and a write on one instance is seen by every other within the channel's delay: two
 * instances on one database, 1,000 changes made on A, each timed from A's answer to the
 * first answer of B that shows it. The instance that wrote never answers stale, and an
 * instance whose channel drops reads the store until it listens again.
 */
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Dialect } from '../../core/db/schema.ts';
import type { TestClient } from '../../test/client.ts';
import { POSTGRES_URL, REDIS_URL } from '../../test/databases.ts';
import {
  createTestApp,
  forEachDatabase,
  openSharedDatabase,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';

const TRIALS = 1_000;
const BOUND_MS = 100;

function cookieHeader(client: TestClient): string {
  return [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** get-session as the Node adapter answers it: the fast check, or the general endpoint where it steps aside. */
async function nameOn(app: TestApp, cookie: string): Promise<string | null> {
  const fast = await app.auth.fastSessionCheck({ cookie, ip: '127.0.0.1' });
  if (fast) return (JSON.parse(fast.body) as { user: { name: string } } | null)?.user.name ?? null;
  const res = await app.auth.fetch(new Request('http://localhost:3000/api/auth/get-session', { headers: { cookie } }));
  const body = (await res.json()) as { user: { name: string } } | null;
  return body?.user.name ?? null;
}

/**
 * Whether the fast check answers from memory: while another connection holds the session
 * table locked against readers, a check that reads the store waits; one from memory does not.
 */
async function answersFromMemory(app: TestApp, db: SharedDatabase, cookie: string): Promise<boolean> {
  return db.handle.db.connection().execute(async (conn) => {
    if (db.handle.dialect === 'postgres') {
      await sql`begin`.execute(conn);
      await sql`lock table "session" in access exclusive mode`.execute(conn);
    } else await sql`lock tables \`session\` write`.execute(conn);
    const check = app.auth.fastSessionCheck({ cookie, ip: '127.0.0.1' });
    const first = await Promise.race([
      check.then((fast) => (fast !== null && JSON.parse(fast.body) !== null ? 'memory' : 'null')),
      new Promise<'waited'>((r) => setTimeout(() => r('waited'), 300)),
    ]);
    await sql`${sql.raw(db.handle.dialect === 'postgres' ? 'rollback' : 'unlock tables')}`.execute(conn);
    await check;
    return first === 'memory';
  });
}

async function until(check: () => Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < withinMs) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${what}: not within ${withinMs} ms`);
}

// PostgreSQL announces its own commits (with or without Redis); MySQL needs Redis
const channelOf = (dialect: Dialect) => (dialect === 'postgres' ? ('postgres' as const) : ('redis' as const));

await forEachDatabase(
  (dialect) => `two instances on one ${dialect} database, changes over ${channelOf(dialect)}`,
  (dialect) => {
    const channel = channelOf(dialect);
    let db: SharedDatabase;
    const connections: Redis[] = [];
    let a: TestApp;
    let b: TestApp;
    let cookie: string;
    let userId: string;
    let writer: TestClient;

    beforeAll(async () => {
      db = await openSharedDatabase(dialect);
      // on PostgreSQL the instances get a Redis too: the database's own channel is used all the same
      connections.push(new Redis(REDIS_URL), new Redis(REDIS_URL));
      a = createTestApp(db, {}, { redis: connections[0] ?? null });
      b = createTestApp(db, {}, { redis: connections[1] ?? null });
      await Promise.all([a.auth.ready(), b.auth.ready()]);
      const me = await signUpUser(a);
      writer = me.client;
      userId = me.userId;
      cookie = cookieHeader(me.client);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      for (const c of connections) await c.quit();
      await db?.close();
    });

    it('both instances answer the session check from memory while nothing changes', async () => {
      expect(await nameOn(a, cookie)).toBe('Test User');
      expect(await nameOn(b, cookie)).toBe('Test User');
      expect(await answersFromMemory(a, db, cookie)).toBe(true);
      expect(await answersFromMemory(b, db, cookie)).toBe(true);
    });

    it(`a change on A: A never answers stale, B within ${BOUND_MS} ms (p99 of ${TRIALS} trials)`, async () => {
      const delays: number[] = [];
      for (let i = 0; i < TRIALS; i++) {
        // B remembers the current answer
        const before = await nameOn(b, cookie);
        const name = `Name ${i}`;
        expect(before).not.toBe(name);
        const res = await writer.post('/update-user', { name });
        expect(res.status).toBe(200);
        const answered = performance.now();
        // the instance that wrote: its very next answer is the new one
        expect(await nameOn(a, cookie)).toBe(name);
        for (;;) {
          if ((await nameOn(b, cookie)) === name) break;
          if (performance.now() - answered > 1_000) throw new Error(`trial ${i}: B still stale after 1 s`);
          await new Promise((r) => setImmediate(r));
        }
        delays.push(performance.now() - answered);
      }
      delays.sort((x, y) => x - y);
      const worst = delays.at(-1) ?? 0;
      const median = delays[Math.floor(delays.length / 2)] ?? 0;
      console.log(
        `[cross-instance ${dialect}/${channel}] staleness over ${TRIALS} trials: median ${median.toFixed(2)} ms, ` +
          `p99 ${(delays[Math.floor(delays.length * 0.99)] ?? 0).toFixed(2)} ms, worst ${worst.toFixed(2)} ms`,
      );
      const p99 = delays[Math.floor(delays.length * 0.99)] ?? 0;
      expect(p99).toBeLessThan(BOUND_MS);
      // the worst trial also holds this process's own pauses (garbage collection, the other test
      // files sharing two cores, up to ~300 ms under a loaded CI run): never stale for long, and on
      // an idle machine under the bound (docs/session-cache.md has the measured figures)
      expect(worst).toBeLessThan(10 * BOUND_MS);
      // and B was answering from memory between the changes, not from the store
      expect(await answersFromMemory(b, db, cookie)).toBe(true);
    }, 120_000);

    it('a sign-out on A ends the session on B within the bound', async () => {
      const other = await signUpUser(a);
      const otherCookie = cookieHeader(other.client);
      expect(await nameOn(b, otherCookie)).toBe('Test User');
      expect(await answersFromMemory(b, db, otherCookie)).toBe(true);
      await other.client.post('/sign-out', {});
      const answered = Date.now();
      await until(async () => (await nameOn(b, otherCookie)) === null, BOUND_MS, 'B ends the session');
      expect(Date.now() - answered).toBeLessThan(BOUND_MS);
      expect(await nameOn(a, otherCookie)).toBeNull();
    });

    it("a change made outside Latch (an operator's SQL) is seen: at once on PostgreSQL, within 5 s on MySQL", async () => {
      const before = await nameOn(b, cookie);
      expect(await answersFromMemory(b, db, cookie)).toBe(true);
      await db.handle.db.updateTable('user').set({ name: 'Set by SQL' }).where('id', '=', userId).execute();
      if (channel === 'postgres') {
        // the database's own NOTIFY, sent at commit
        await until(async () => (await nameOn(b, cookie)) === 'Set by SQL', BOUND_MS, 'B sees the SQL change');
        await until(async () => (await nameOn(a, cookie)) === 'Set by SQL', BOUND_MS, 'A sees the SQL change');
        // and with every change announced, nothing else sends B back to the store: it keeps answering from memory
        b.clock.advance(5_000);
        expect(await answersFromMemory(b, db, cookie)).toBe(true);
      } else {
        // nobody announces it: the remembered answer lives its 5 s, then the store is read
        expect(await nameOn(b, cookie)).toBe(before);
        b.clock.advance(5_000);
        expect(await nameOn(b, cookie)).toBe('Set by SQL');
      }
    });

    it('while its channel is down an instance reads the store, and after it is back it has forgotten what it knew', async () => {
      expect(await nameOn(b, cookie)).not.toBe('Missed');
      expect(await answersFromMemory(b, db, cookie)).toBe(true);
      const warnings = () => b.logger.lines.filter((l) => l.line.includes('Session changes: not listening')).length;
      const backAgain = () => b.logger.lines.filter((l) => l.line.includes('again')).length;
      const warned = warnings();
      const back = backAgain();
      await dropListeners(channel, db);
      await until(async () => warnings() > warned, 2_000, 'B notices the lost channel');
      // a change B cannot hear about
      expect((await writer.post('/update-user', { name: 'Missed' })).status).toBe(200);
      expect(await nameOn(b, cookie)).toBe('Missed');
      expect(await answersFromMemory(b, db, cookie)).toBe(false);
      await until(async () => backAgain() > back, 5_000, 'B listens again');
      expect(await nameOn(b, cookie)).toBe('Missed');
      // and once it listens again, it remembers and hears changes as before
      expect(await answersFromMemory(b, db, cookie)).toBe(true);
      expect((await writer.post('/update-user', { name: 'Heard' })).status).toBe(200);
      await until(async () => (await nameOn(b, cookie)) === 'Heard', BOUND_MS, 'B hears the next change');
    });
  },
  { only: ['postgres', 'mysql'], redis: true },
);

/** Cuts every session-changes listener's connection, as a network failure would. */
async function dropListeners(channel: 'redis' | 'postgres', db: SharedDatabase): Promise<void> {
  if (channel === 'redis') {
    const admin = new Redis(REDIS_URL);
    try {
      const listed = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
      const ids = listed
        .split('\n')
        .filter((line) => line.includes('name=latch-session-changes'))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1])
        .filter((id): id is string => Boolean(id));
      expect(ids.length).toBeGreaterThanOrEqual(2);
      for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id);
    } finally {
      await admin.quit();
    }
    return;
  }
  // this suite's database only: other files' instances listen on theirs
  const admin = new pg.Client({ connectionString: db.handle.postgresURL ?? POSTGRES_URL });
  await admin.connect();
  try {
    const killed = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'latch-session-changes' and datname = current_database()",
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(2);
  } finally {
    await admin.end();
  }
}
