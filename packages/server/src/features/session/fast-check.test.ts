/**
 * The fast session check (fast-check.ts, served by node-adapter.ts) must answer exactly
 * as the general get-session endpoint: the same body and headers where it answers, and
 * the general endpoint's cookie clearing and refresh where it steps aside.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LatchOptions } from '../../core/config/schema.ts';
import { connectDatabase } from '../../core/db/connect.ts';
import { POLL_MS } from '../../core/db/sqlite-reader.ts';
import { createNodeListener } from '../../node-adapter.ts';
import type { TestClient } from '../../test/client.ts';
import { BASE_URL, type DatabaseSuite, describeOnDatabases, signUpUser, type TestApp } from '../../test/harness.ts';

/** A second connection to the suite's database, as another process would have. */
async function openSharedDatabaseConnection(t: DatabaseSuite) {
  return connectDatabase(t.db.test.url, { poolSize: 1 }).db;
}

const cookieHeader = (client: TestClient) => [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');

interface Seen {
  status: number;
  body: string;
  headers: Record<string, string>;
  setCookies: string[];
}

const COMPARED = ['content-type', 'cache-control', 'pragma', 'set-auth-jwt', 'access-control-expose-headers'];

async function seen(res: Response): Promise<Seen> {
  const headers: Record<string, string> = {};
  for (const name of COMPARED) {
    const value = res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { status: res.status, body: await res.text(), headers, setCookies: res.headers.getSetCookie() };
}

/** A Node server around the suite's app, as main.ts serves it. */
function serveOverNode(app: () => TestApp): () => string {
  let server: Server | null = null;
  let url = '';
  beforeAll(async () => {
    const created = createServer(createNodeListener(app().auth));
    server = created;
    await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(created.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  return () => url;
}

const sessionCheck = (url: string, cookie: string | null) =>
  fetch(`${url}/api/auth/get-session`, { headers: cookie ? { cookie } : {} });

function suite(title: string, options: LatchOptions, extra: (t: DatabaseSuite, url: () => string) => void): void {
  void describeOnDatabases(title, options, (t) => {
    const url = serveOverNode(() => t.app);
    const overNode = async (cookie: string | null) => seen(await sessionCheck(url(), cookie));
    const general = async (cookie: string | null) =>
      seen(
        await t.app.auth.fetch(new Request(`${BASE_URL}/api/auth/get-session`, { headers: cookie ? { cookie } : {} }), {
          ip: '127.0.0.1',
        }),
      );

    it('answers a live session exactly as the general endpoint does', async () => {
      const { client, email } = await signUpUser(t.app);
      const fast = await overNode(cookieHeader(client));
      expect(fast.status).toBe(200);
      expect(JSON.parse(fast.body).user.email).toBe(email);
      expect(fast).toEqual(await general(cookieHeader(client)));
    });

    it('answers null without a cookie, and for a forged one, as the general endpoint does', async () => {
      expect(await overNode(null)).toEqual(await general(null));
      expect((await overNode(null)).body).toBe('null');
      const { client } = await signUpUser(t.app);
      const token = client.cookie('session_token');
      const value = `${decodeURIComponent(token?.value ?? '').split('.')[0]}.${'A'.repeat(43)}=`;
      const forged = `${token?.name}=${encodeURIComponent(value)}`;
      const fast = await overNode(forged);
      expect(fast).toEqual(await general(forged));
      expect(fast.body).toBe('null');
      expect(fast.setCookies).toEqual([]);
    });

    it('slides the expiry when the refresh is due (the general endpoint answers)', async () => {
      const { client } = await signUpUser(t.app);
      const cookie = cookieHeader(client);
      t.app.clock.advance(86_401);
      try {
        const fast = await overNode(cookie);
        expect(Date.parse(JSON.parse(fast.body).session.expiresAt)).toBe(t.app.clock.now().getTime() + 604_800_000);
        expect(fast.setCookies.some((c) => c.includes('session_token=') && c.includes('Max-Age=604800'))).toBe(true);
      } finally {
        t.app.clock.advance(-86_401);
      }
    });

    extra(t, url);
  });
}

suite('the fast session check', {}, (t, url) => {
  it('never answers from memory after a sign-out, a profile change or a write by another connection', async () => {
    const { client, userId } = await signUpUser(t.app);
    const cookie = cookieHeader(client);
    const name = async () => (await (await sessionCheck(url(), cookie)).json())?.user?.name ?? null;
    expect(await name()).toBe('Test User');
    expect(await name()).toBe('Test User');
    // through the API
    expect((await client.post('/update-user', { name: 'Renamed Once' })).status).toBe(200);
    expect(await name()).toBe('Renamed Once');
    // behind the service's back: another connection to the same database (an operator's shell)
    const other = await openSharedDatabaseConnection(t);
    try {
      // another process's commit is seen within POLL_MS (this process's own writes at once)
      await other.updateTable('user').set({ name: 'Renamed Twice' }).where('id', '=', userId).execute();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS + 5));
      expect(await name()).toBe('Renamed Twice');
      await other.deleteFrom('session').where('userId', '=', userId).execute();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS + 5));
      const gone = await sessionCheck(url(), cookie);
      expect(await gone.json()).toBeNull();
      expect(gone.headers.getSetCookie().some((c) => c.includes('session_token=;'))).toBe(true);
    } finally {
      await other.destroy();
    }
  });

  it('never answers a signed-out session, even one it has just answered', async () => {
    const { client } = await signUpUser(t.app);
    const cookie = cookieHeader(client);
    expect((await (await sessionCheck(url(), cookie)).json())?.session).toBeTruthy();
    await client.post('/sign-out', {});
    expect(await (await sessionCheck(url(), cookie)).json()).toBeNull();
  });

  it('clears the cookies of a revoked session (the general endpoint answers)', async () => {
    const { client } = await signUpUser(t.app);
    const cookie = cookieHeader(client);
    await client.post('/sign-out', {});
    const res = await sessionCheck(url(), cookie);
    expect(await res.text()).toBe('null');
    expect(res.headers.getSetCookie().some((c) => c.includes('session_token=;') && c.includes('Max-Age=0'))).toBe(true);
  });
});

suite('the fast session check reading the database every time', { session: { memoryCache: false } }, () => undefined);

suite(
  'the fast session check with the cookie cache',
  { session: { cookieCache: { enabled: true, maxAge: 300 } } },
  (t, url) => {
    it('answers from a valid cache cookie without the database, and sends a foreign one to the general endpoint', async () => {
      const { client, userId } = await signUpUser(t.app);
      expect(client.cookie('session_data')).toBeDefined();
      // the cache is trusted for its maxAge: a session deleted behind its back still answers
      await t.db.handle.db.deleteFrom('session').where('userId', '=', userId).execute();
      const cached = await sessionCheck(url(), cookieHeader(client));
      expect((await cached.json()).user.id).toBe(userId);
      // the cache cookie of another session is not used, and is deleted
      const other = await signUpUser(t.app);
      const token = other.client.cookie('session_token');
      const data = client.cookie('session_data');
      const res = await sessionCheck(url(), `${token?.name}=${token?.value}; ${data?.name}=${data?.value}`);
      expect((await res.json()).user.id).toBe(other.userId);
      expect(res.headers.getSetCookie().some((c) => c.includes('session_data=;') && c.includes('Max-Age=0'))).toBe(
        true,
      );
    });
  },
);

await describeOnDatabases(
  'the fast session check under a rate limit',
  { rateLimit: { enabled: true, storage: 'memory', customRules: { '/get-session': { window: 60, max: 3 } } } },
  (t) => {
    const url = serveOverNode(() => t.app);
    it('counts each request once, whichever way answers it, and answers 429 with X-Retry-After', async () => {
      const { client } = await signUpUser(t.app);
      const live = cookieHeader(client);
      const revoked = (await signUpUser(t.app)).client;
      const revokedCookie = cookieHeader(revoked);
      await revoked.post('/sign-out', {});
      // two answered by the general endpoint, one by the fast check: the three allowed
      expect((await sessionCheck(url(), revokedCookie)).status).toBe(200);
      expect((await sessionCheck(url(), revokedCookie)).status).toBe(200);
      expect((await sessionCheck(url(), live)).status).toBe(200);
      const limited = await sessionCheck(url(), live);
      expect(limited.status).toBe(429);
      expect(limited.statusText).toBe('TOO_MANY_REQUESTS');
      expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0);
      expect((await limited.json()).code).toBe('TOO_MANY_REQUESTS');
    });
  },
);
