/**
 * Repeated reads answered from memory (core/read-cache.ts): list-sessions and the
 * organization reads. On every database a second identical read is given by the fast way
 * (no database touched), and every write that changes the answer, through the API or an
 * operator's SQL, is seen by the very next read of the instance that wrote; on PostgreSQL
 * and MySQL (+ Redis) a second instance sees it within the channel's delay. A removed member
 * gets their refusal, not the remembered page; a lost channel turns the memory off;
 * `session.memoryCache: false` never remembers; one person's entry is never another's.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../core/db/schema.ts';
import { createNodeListener } from '../../node-adapter.ts';
import type { TestClient } from '../../test/client.ts';
import { POSTGRES_URL, REDIS_URL } from '../../test/databases.ts';
import {
  BASE_URL,
  createTestApp,
  describeOnDatabases,
  forEachDatabase,
  openSharedDatabase,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';
import { join, type OrgJson, owner, type Person } from '../../test/organizations.ts';

const BOUND_MS = 1_000;
const OPTIONS = { plugins: { organization: { teams: { enabled: true } } } };

const cookieOf = (client: TestClient) => [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');

interface Seen {
  from: 'memory' | 'store';
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field
  json: any;
}

/** A GET as the Node adapter serves it: the fast way first, the general pipeline where it steps aside. */
async function read(app: TestApp, cookie: string, path: string, query?: Record<string, string>): Promise<Seen> {
  const url = `/api/auth${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
  const fast = app.auth.fastRead
    ? await app.auth.fastRead({ url, cookie, authorization: undefined, ip: '127.0.0.1' })
    : null;
  if (fast?.answer) return { from: 'memory', status: fast.answer.status, json: JSON.parse(fast.answer.body) };
  const res = await app.auth.fetch(new Request(`${BASE_URL}${url}`, { headers: { cookie } }), {
    ip: '127.0.0.1',
    rateLimitChecked: fast?.counted ?? false,
  });
  return { from: 'store', status: res.status, json: await res.json() };
}

async function until(check: () => Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < withinMs) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${what}: not within ${withinMs} ms`);
}

const channelOf = (dialect: Dialect) =>
  dialect === 'postgres' ? ('postgres' as const) : dialect === 'mysql' ? ('redis' as const) : null;

await forEachDatabase(
  (dialect) => `remembered reads on ${dialect}`,
  (dialect) => {
    let db: SharedDatabase;
    const connections: Redis[] = [];
    let a: TestApp;
    // a second instance on the same database (PostgreSQL, MySQL); on SQLite the same one
    let b: TestApp;
    let boss: Person;
    let org: OrgJson;
    let bob: Person;
    const cross = dialect !== 'sqlite';

    beforeAll(async () => {
      db = await openSharedDatabase(dialect);
      if (cross) connections.push(new Redis(REDIS_URL), new Redis(REDIS_URL));
      a = createTestApp(db, OPTIONS, { redis: connections[0] ?? null });
      b = cross ? createTestApp(db, OPTIONS, { redis: connections[1] ?? null }) : a;
      await Promise.all([a.auth.ready(), b.auth.ready()]);
      ({ person: boss, org } = await owner(a));
      bob = await join(a, boss, org.id, 'member');
    });
    afterAll(async () => {
      await a?.close();
      if (b !== a) await b?.close();
      for (const c of connections) await c.quit();
      await db?.close();
    });

    /** Reads on `app` until `see` holds for an answer; on the instance that wrote, the very next read. */
    const seenOn = async (
      app: TestApp,
      cookie: string,
      path: string,
      see: (s: Seen) => boolean,
      q?: Record<string, string>,
    ) => until(async () => see(await read(app, cookie, path, q)), app === a ? 1 : BOUND_MS, `${path} shows the change`);

    /**
     * Both instances remember the answer: a second read is given from memory, and it is the
     * general one. Right after a write the announcements of it (the instance's own included,
     * coming back over the channel) may still be on their way and empty the memory once more:
     * the pair is tried again until they have arrived.
     */
    async function remembered(cookie: string, path: string, q?: Record<string, string>): Promise<Seen> {
      for (const app of cross ? [a, b] : [a]) {
        const where = `${path} on ${app === a ? 'A' : 'B'}`;
        await until(
          async () => {
            const first = await read(app, cookie, path, q);
            const again = await read(app, cookie, path, q);
            expect(again.json).toEqual(first.json);
            expect(again.status).toBe(200);
            return again.from === 'memory';
          },
          BOUND_MS,
          `${where} answered from memory`,
        );
      }
      return read(a, cookie, path, q);
    }

    /** After a write on A: A's very next read shows it, B's within the channel's delay. */
    async function bothSee(cookie: string, path: string, see: (s: Seen) => boolean, q?: Record<string, string>) {
      const now = await read(a, cookie, path, q);
      expect(see(now), `A's next ${path}: ${JSON.stringify(now.json)}`).toBe(true);
      if (cross) await seenOn(b, cookie, path, see, q);
    }

    it('every cacheable read is answered from memory the second time, as the general pipeline answered it', async () => {
      const cookie = cookieOf(boss.client);
      expect((await remembered(cookie, '/list-sessions')).json).toHaveLength(1);
      expect((await remembered(cookie, '/organization/list')).json.map((o: OrgJson) => o.id)).toEqual([org.id]);
      const full = await remembered(cookie, '/organization/get-full-organization', { membersLimit: '100' });
      expect(full.json.members).toHaveLength(2);
      expect((await remembered(cookie, '/organization/list-members', { limit: '10' })).json.total).toBe(2);
      expect((await remembered(cookie, '/organization/get-active-member')).json.role).toBe('owner');
      expect((await remembered(cookie, '/organization/list-user-teams')).json.length).toBeGreaterThanOrEqual(0);
      // a different query is a different question
      expect((await read(a, cookie, '/organization/list-members', { limit: '1' })).from).toBe('store');
    });

    it('over node:http the remembered answer is written as the general pipeline wrote it', async () => {
      const server = createServer(createNodeListener(a.auth));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/organization/list`;
      const headers = { cookie: cookieOf(boss.client) };
      const seen = async () => {
        const res = await fetch(url, { headers });
        const picked = ['content-type', 'cache-control', 'x-content-type-options'].map((h) => res.headers.get(h));
        return { status: res.status, text: await res.text(), picked, setCookie: res.headers.getSetCookie() };
      };
      try {
        const hits = () => a.auth.deps.readCache?.hits() ?? 0;
        const general = await seen();
        let fromMemory = general;
        await until(
          async () => {
            const before = hits();
            fromMemory = await seen();
            return hits() === before + 1;
          },
          BOUND_MS,
          'a GET answered from memory',
        );
        expect(general.status).toBe(200);
        expect(fromMemory).toEqual(general);
        expect(general.picked).toEqual(['application/json', 'no-store', 'nosniff']);
        expect(general.setCookie).toEqual([]);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it('organization writes through the API change the next answer: rename, role, invitation, team, member', async () => {
      const cookie = cookieOf(boss.client);
      const full = '/organization/get-full-organization';
      await remembered(cookie, full);
      expect((await boss.client.post('/organization/update', { data: { name: 'Renamed Org' } })).status).toBe(200);
      await bothSee(cookie, full, (s) => s.json.name === 'Renamed Org');
      await bothSee(cookie, '/organization/list', (s) => s.json[0]?.name === 'Renamed Org');

      await remembered(cookie, '/organization/list-members');
      const role = await boss.client.post('/organization/update-member-role', {
        memberId: bob.memberId,
        role: 'admin',
      });
      expect(role.status).toBe(200);
      await bothSee(cookie, '/organization/list-members', (s) =>
        s.json.members.some((m: { id: string; role: string }) => m.id === bob.memberId && m.role === 'admin'),
      );

      await remembered(cookie, full);
      const invited = await boss.client.post('/organization/invite-member', {
        email: 'cy@example.test',
        role: 'member',
      });
      expect(invited.status).toBe(200);
      await bothSee(cookie, full, (s) => s.json.invitations.some((i: { id: string }) => i.id === invited.json.id));
      await remembered(cookie, full);
      expect(
        (await boss.client.post('/organization/cancel-invitation', { invitationId: invited.json.id })).status,
      ).toBe(200);
      await bothSee(cookie, full, (s) =>
        s.json.invitations.some(
          (i: { id: string; status: string }) => i.id === invited.json.id && i.status === 'canceled',
        ),
      );

      await remembered(cookie, full);
      const team = await boss.client.post('/organization/create-team', { name: 'Platform' });
      expect(team.status).toBe(200);
      await bothSee(cookie, full, (s) => s.json.teams.some((t: { id: string }) => t.id === team.json.id));

      await remembered(cookie, '/organization/list-members');
      const dee = await signUpUser(a);
      expect((await a.auth.api.addMember({ userId: dee.userId, organizationId: org.id, role: 'member' })).userId).toBe(
        dee.userId,
      );
      await bothSee(cookie, '/organization/list-members', (s) => s.json.total === 3);

      // a person renamed: the member list shows the new name
      await remembered(cookie, '/organization/list-members');
      expect((await bob.client.post('/update-user', { name: 'Bob Renamed' })).status).toBe(200);
      await bothSee(cookie, '/organization/list-members', (s) =>
        s.json.members.some(
          (m: { userId: string; user: { name: string } }) => m.userId === bob.userId && m.user.name === 'Bob Renamed',
        ),
      );
    });

    it('a new session and a revoked one change list-sessions at once', async () => {
      const me = await signUpUser(a);
      const cookie = cookieOf(me.client);
      expect((await remembered(cookie, '/list-sessions')).json).toHaveLength(1);
      const laptop = a.client();
      expect((await laptop.post('/sign-in/email', { email: me.email, password: PASSWORD })).status).toBe(200);
      await bothSee(cookie, '/list-sessions', (s) => s.json.length === 2);
      const listed = (await remembered(cookie, '/list-sessions')).json as { token: string }[];
      const mine = (await me.client.get('/get-session', { query: { disableCookieCache: 'true' } })).json.session.token;
      const other = listed.find((s) => s.token !== mine);
      expect(other).toBeDefined();
      const revoked = await me.client.post('/revoke-session', { token: other?.token });
      expect(revoked.status).toBe(200);
      await bothSee(cookie, '/list-sessions', (s) => s.json.length === 1);
    });

    it('a removed member gets their refusal, not the remembered page; a revoked session gets 401', async () => {
      const carl = await join(a, boss, org.id, 'member');
      const cookie = cookieOf(carl.client);
      const full = '/organization/get-full-organization';
      await remembered(cookie, full, { organizationId: org.id });
      await remembered(cookie, '/organization/list');
      const removed = await boss.client.post('/organization/remove-member', { memberIdOrEmail: carl.memberId });
      expect(removed.status).toBe(200);
      await bothSee(cookie, full, (s) => s.status === 403 && s.from === 'store', { organizationId: org.id });
      await bothSee(cookie, '/organization/list', (s) => s.status === 200 && s.json.length === 0);
      // the next answers come from the store again, and are not remembered as the old page
      expect((await read(a, cookie, full, { organizationId: org.id })).status).toBe(403);

      // an admin (or the person elsewhere) revokes every session: the cookie gets 401 everywhere
      await remembered(cookie, '/list-sessions');
      expect((await carl.client.post('/revoke-sessions', {})).status).toBe(200);
      await bothSee(cookie, '/list-sessions', (s) => s.status === 401);
    });

    it('an operator changing rows with SQL is seen: SQLite and PostgreSQL at once, MySQL within 5 s', async () => {
      const cookie = cookieOf(boss.client);
      await remembered(cookie, '/organization/list');
      // the raw handle carries no plugin of the app: only the database (or nothing, on MySQL) tells
      await db.handle.db.updateTable('organization').set({ name: 'Set by SQL' }).where('id', '=', org.id).execute();
      if (dialect === 'mysql') {
        expect((await read(a, cookie, '/organization/list')).json[0].name).not.toBe('Set by SQL');
        a.clock.advance(5_000);
        b.clock.advance(5_000);
        expect((await read(a, cookie, '/organization/list')).json[0].name).toBe('Set by SQL');
        expect((await read(b, cookie, '/organization/list')).json[0].name).toBe('Set by SQL');
      } else {
        await seenOn(b, cookie, '/organization/list', (s) => s.json[0]?.name === 'Set by SQL');
        // SQLite's reader notices another connection's commit within its poll (50 ms)
        await until(
          async () => (await read(a, cookie, '/organization/list')).json[0]?.name === 'Set by SQL',
          BOUND_MS,
          'A',
        );
      }
    });

    it("one person's answer is never given to another, nor to a forged cookie or a bearer token", async () => {
      const bossCookie = cookieOf(boss.client);
      const bobCookie = cookieOf(bob.client);
      const bossList = await remembered(bossCookie, '/list-sessions');
      const bobList = await remembered(bobCookie, '/list-sessions');
      expect(bobList.json).not.toEqual(bossList.json);
      const bossMember = await remembered(bossCookie, '/organization/get-active-member');
      expect((await remembered(bobCookie, '/organization/get-active-member')).json.userId).toBe(bob.userId);
      expect(bossMember.json.userId).toBe(boss.userId);
      // a cookie value one character off (a guess at someone's entry) finds nothing in memory
      const forged = bossCookie.replace(
        /session_token=([^;])/,
        (_m, c: string) => `session_token=${c === 'A' ? 'B' : 'A'}`,
      );
      const guessed = await read(a, forged, '/list-sessions');
      expect(guessed.from).toBe('store');
      expect(guessed.status).toBe(401);
      // a bearer request is neither answered from memory nor remembered
      const url = '/api/auth/organization/list';
      const viaBearer = await a.auth.fastRead?.({
        url,
        cookie: bossCookie,
        authorization: 'Bearer x',
        ip: '127.0.0.1',
      });
      expect(viaBearer?.answer ?? null).toBeNull();
    });

    if (cross) {
      it('while its channel is down an instance answers nothing from memory, and after it is back it forgot the past', async () => {
        const cookie = cookieOf(boss.client);
        await remembered(cookie, '/organization/list');
        const warnings = () => b.logger.lines.filter((l) => l.line.includes('Session changes: not listening')).length;
        const backAgain = () => b.logger.lines.filter((l) => l.line.includes('again')).length;
        const warned = warnings();
        const back = backAgain();
        await dropListeners(channelOf(dialect) ?? 'redis', db);
        await until(async () => warnings() > warned, 2_000, 'B notices the lost channel');
        expect((await boss.client.post('/organization/update', { data: { name: 'Missed' } })).status).toBe(200);
        const during = await read(b, cookie, '/organization/list');
        expect(during.from).toBe('store');
        expect(during.json[0].name).toBe('Missed');
        expect((await read(b, cookie, '/organization/list')).from).toBe('store');
        await until(async () => backAgain() > back, 5_000, 'B listens again');
        expect((await read(b, cookie, '/organization/list')).json[0].name).toBe('Missed');
        expect((await read(b, cookie, '/organization/list')).from).toBe('memory');
      });
    }

    describe('with session.memoryCache: false', () => {
      it('nothing is remembered: every read reads the store', async () => {
        const strict = createTestApp(db, { ...OPTIONS, session: { memoryCache: false } });
        try {
          expect(strict.auth.fastRead).toBeNull();
          expect(strict.auth.deps.readCache).toBeNull();
          const cookie = cookieOf(boss.client);
          expect((await read(strict, cookie, '/organization/list')).status).toBe(200);
          await db.handle.db.updateTable('organization').set({ name: 'Strict' }).where('id', '=', org.id).execute();
          expect((await read(strict, cookie, '/organization/list')).json[0].name).toBe('Strict');
        } finally {
          await strict.close();
        }
      });
    });
  },
  { redis: true },
);

await describeOnDatabases(
  'remembered reads under a rate limit',
  {
    ...OPTIONS,
    rateLimit: { enabled: true, storage: 'memory', customRules: { '/organization/list': { window: 60, max: 3 } } },
  },
  (t) => {
    it('counts each request once, whichever way answers it, and answers 429 from memory too', async () => {
      const { person } = await owner(t.app);
      const server = createServer(createNodeListener(t.app.auth));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/organization/list`;
      const headers = { cookie: cookieOf(person.client) };
      try {
        const hits = () => t.app.auth.deps.readCache?.hits() ?? 0;
        // the announcements of the sign-up and the organization's creation have arrived
        await new Promise((r) => setTimeout(r, 100));
        const before = hits();
        // one answered by the general way (counted once, by the fast way), two from memory: the three allowed
        for (let i = 0; i < 3; i++) expect((await fetch(url, { headers })).status).toBe(200);
        // MySQL without Redis has no change feed, so no memory: all three went the general way
        expect(hits() - before).toBe(t.dialect === 'mysql' ? 0 : 2);
        const limited = await fetch(url, { headers });
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0);
        expect((await limited.json()).code).toBe('TOO_MANY_REQUESTS');
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  },
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
      for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id);
    } finally {
      await admin.quit();
    }
    return;
  }
  const admin = new pg.Client({ connectionString: db.handle.postgresURL ?? POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'latch-session-changes' and datname = current_database()",
    );
  } finally {
    await admin.end();
  }
}
