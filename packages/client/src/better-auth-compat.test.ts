/**
 * Wire compatibility: better-auth's own client (1.7.25, a devDependency used only here)
 * against a live Latch server over real HTTP, for the journey an app makes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLIENT_ENDPOINTS, clientMethodName, type EndpointEntry } from '@latch/contract';
import { createAuthClient } from 'better-auth/client';
import {
  adminClient,
  jwtClient,
  organizationClient,
  twoFactorClient,
  usernameClient,
} from 'better-auth/client/plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, createAuth } from '../../server/src/app.ts';
import { createMemoryLogger } from '../../server/src/core/logger.ts';
import { createCapturingMailer } from '../../server/src/core/mail/transport.ts';
import { createNodeListener } from '../../server/src/node-adapter.ts';
import { openSharedDatabase, type SharedDatabase } from '../../server/src/test/harness.ts';

let server: Server;
let auth: Auth;
let db: SharedDatabase;
let baseURL: string;

beforeAll(async () => {
  db = await openSharedDatabase('sqlite');
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  auth = createAuth(
    { baseURL, secret: 'compat-secret-that-is-long-enough-0123456789', rateLimit: { enabled: false } },
    { database: db.handle, mailer: createCapturingMailer(), logger: createMemoryLogger(), env: { test: true } },
  );
  server.on('request', createNodeListener(auth));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await auth.close();
  await db.close();
});

/** Node has no cookie store: a tiny jar that behaves like the browser's for one origin. */
function browserFetch(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if ((init?.method ?? 'GET') !== 'GET') headers.set('origin', baseURL);
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (/Max-Age=0/.test(line)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
}

function betterAuthClient() {
  return createAuthClient({ baseURL, plugins: [usernameClient()], fetchOptions: { customFetchImpl: browserFetch() } });
}

describe("better-auth's client against Latch", () => {
  it('signs up, reads the session with Date fields, updates the user and signs out', async () => {
    const client = betterAuthClient();
    const email = `compat-${Date.now()}@example.test`;
    const up = await client.signUp.email({
      name: 'Compat',
      email,
      password: 'Correct-Horse-9',
      username: 'Compat_User',
    });
    expect(up.error).toBeNull();
    expect(up.data?.user.email).toBe(email);
    const s = await client.getSession();
    expect(s.data?.user.email).toBe(email);
    expect(s.data?.session.expiresAt).toBeInstanceOf(Date);
    const user: { username?: unknown } | undefined = s.data?.user;
    expect(user?.username).toBe('compat_user');
    expect((await client.updateUser({ name: 'Renamed' })).error).toBeNull();
    expect((await client.getSession()).data?.user.name).toBe('Renamed');
    expect((await client.signOut()).error).toBeNull();
    expect((await client.getSession()).data).toBeNull();
  });

  it('reports a failed sign-in with code, status and statusText, then signs in', async () => {
    const client = betterAuthClient();
    const email = `compat2-${Date.now()}@example.test`;
    await client.signUp.email({ name: 'C2', email, password: 'Correct-Horse-9' });
    const wrong = await client.signIn.email({ email, password: 'Wrong-Horse-9' });
    expect(wrong.data).toBeNull();
    expect(wrong.error).toMatchObject({ status: 401, statusText: 'UNAUTHORIZED', code: 'INVALID_EMAIL_OR_PASSWORD' });
    const right = await client.signIn.email({ email, password: 'Correct-Horse-9' });
    expect(right.error).toBeNull();
    expect(right.data?.token).toEqual(expect.any(String));
    const byName = await betterAuthClient().signIn.username({ username: 'compat_user', password: 'Correct-Horse-9' });
    expect(byName.error).toBeNull();
  });

  it('lists sessions, revokes one and the others', async () => {
    const email = `compat3-${Date.now()}@example.test`;
    const first = betterAuthClient();
    await first.signUp.email({ name: 'C3', email, password: 'Correct-Horse-9' });
    const second = betterAuthClient();
    await second.signIn.email({ email, password: 'Correct-Horse-9' });
    const third = betterAuthClient();
    await third.signIn.email({ email, password: 'Correct-Horse-9' });
    const list = await first.listSessions();
    expect(list.data).toHaveLength(3);
    const secondId = (await second.getSession()).data?.session.id;
    const target = list.data?.find((x) => x.id === secondId);
    expect((await first.revokeSession({ token: target?.token ?? '' })).error).toBeNull();
    expect((await second.getSession()).data).toBeNull();
    expect((await first.revokeOtherSessions()).error).toBeNull();
    expect((await third.getSession()).data).toBeNull();
    expect((await first.getSession()).data?.user.email).toBe(email);
  });
});

describe("better-auth's client and the table agree on every method's path and HTTP method", () => {
  /** better-auth's client with the plugins Latch serves, recording what it sends instead of sending it. */
  function recordingClient() {
    const sent: string[] = [];
    const client = createAuthClient({
      baseURL,
      plugins: [
        usernameClient(),
        organizationClient({ teams: { enabled: true } }),
        adminClient(),
        twoFactorClient(),
        jwtClient(),
      ],
      fetchOptions: {
        customFetchImpl: async (input, init) => {
          const url = new URL(input instanceof Request ? input.url : String(input));
          sent.push(`${init?.method ?? 'GET'} ${url.pathname.replace('/api/auth', '')}`);
          return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
        },
      },
    });
    return { client, sent };
  }

  /** better-auth's method for a name, found the way its path proxy finds it. */
  function proxyMethod(client: object, names: readonly string[]): unknown {
    let node: unknown = client;
    for (const name of names) {
      if (node === null || (typeof node !== 'object' && typeof node !== 'function')) return undefined;
      node = Reflect.get(node, name);
    }
    return node;
  }

  it('called as apps call them (the query of a GET, the fields of a POST), it sends each row as the row says', async () => {
    const { client, sent } = recordingClient();
    const differ: string[] = [];
    for (const row of CLIENT_ENDPOINTS) {
      const method = proxyMethod(client, clientMethodName(row.path));
      expect(typeof method, row.path).toBe('function');
      if (typeof method !== 'function') continue;
      sent.length = 0;
      await Reflect.apply(method, undefined, [row.method === 'GET' ? { query: {} } : { field: 'value' }]);
      const request = sent.find((line) => line.endsWith(` ${row.path}`));
      if (request !== `${row.method} ${row.path}`) differ.push(`${row.path}: ${request ?? sent.join(', ')}`);
    }
    expect(differ).toEqual([]);
  });

  it("where it guesses GET for a POST row called without fields, the server refuses the GET: the row's POST is kept", async () => {
    const { client, sent } = recordingClient();
    const guessedGet: string[] = [];
    // the rows a call without any field is valid for (every field optional, or no body at all)
    const rows: readonly EndpointEntry[] = CLIENT_ENDPOINTS;
    for (const row of rows.filter((r) => r.method === 'POST' && (r.body?.safeParse({}).success ?? true))) {
      const method = proxyMethod(client, clientMethodName(row.path));
      if (typeof method !== 'function') continue;
      sent.length = 0;
      await Reflect.apply(method, undefined, [{}]);
      const request = sent.find((line) => line.endsWith(` ${row.path}`));
      if (request === `POST ${row.path}`) continue;
      expect(request, row.path).toBe(`GET ${row.path}`);
      guessedGet.push(row.path);
    }
    expect(guessedGet).toEqual(expect.arrayContaining(['/update-user', '/organization/set-active', '/refresh-token']));
    for (const path of guessedGet) {
      const res = await fetch(`${baseURL}/api/auth${path}`);
      expect(res.status, path).toBe(404);
    }
  });
});
