/**
 * Wire compatibility of the second factor for admin actions (docs/admin.md): better-auth's own
 * client (a devDependency used only in tests) against a live Latch server with
 * plugins.admin.requireSecondFactor on. The refusal reaches it as an ordinary error
 * (`error.status`, `error.code`, `error.message`), and `twoFactor.verifyTotp` followed by the
 * same admin call is the whole step-up.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthClient } from 'better-auth/client';
import { adminClient, twoFactorClient } from 'better-auth/client/plugins';
import { TOTP, URI } from 'otpauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Auth, createAuth } from '../../server/src/app.ts';
import { ManualClock } from '../../server/src/core/clock.ts';
import { createMemoryLogger } from '../../server/src/core/logger.ts';
import { createCapturingMailer } from '../../server/src/core/mail/transport.ts';
import { createNodeListener } from '../../server/src/node-adapter.ts';
import { openSharedDatabase, type SharedDatabase } from '../../server/src/test/harness.ts';

let server: Server;
let auth: Auth;
let db: SharedDatabase;
let baseURL: string;
const clock = new ManualClock(new Date('2026-11-25T10:00:15.000Z'));

beforeAll(async () => {
  db = await openSharedDatabase('sqlite');
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  auth = createAuth(
    {
      baseURL,
      secret: 'compat-secret-that-is-long-enough-0123456789',
      rateLimit: { enabled: false },
      plugins: { admin: { requireSecondFactor: 'when-enrolled', secondFactorMaxAge: 600 } },
    },
    { database: db.handle, mailer: createCapturingMailer(), logger: createMemoryLogger(), clock, env: { test: true } },
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

it("better-auth's admin client gets the refusal as an error and gets through after verifyTotp", async () => {
  const client = createAuthClient({
    baseURL,
    plugins: [adminClient(), twoFactorClient()],
    fetchOptions: { customFetchImpl: browserFetch() },
  });
  const password = 'Correct-Horse-9';
  const up = await client.signUp.email({ name: 'Admin', email: 'stepup-admin@example.test', password });
  expect(up.error).toBeNull();
  await db.handle.db
    .updateTable('user')
    .set({ role: 'admin' })
    .where('id', '=', up.data?.user.id ?? '')
    .execute();

  // not enrolled yet: not asked
  const made = await client.admin.createUser({ email: 'stepup-target@example.test', name: 'Target', password });
  expect(made.error).toBeNull();
  const targetId = made.data?.user.id ?? '';

  const enabled = await client.twoFactor.enable({ password });
  expect(enabled.error).toBeNull();
  const totp = URI.parse(enabled.data && 'totpURI' in enabled.data ? enabled.data.totpURI : '');
  if (!(totp instanceof TOTP)) throw new Error('not a TOTP URI');
  const code = () => totp.generate({ timestamp: clock.now().getTime() });
  expect((await client.twoFactor.verifyTotp({ code: code() })).error).toBeNull();

  // the enrolment's code was a proof; ten minutes later it is not
  clock.advance(601);
  const refused = await client.admin.banUser({ userId: targetId });
  expect(refused.data).toBeNull();
  expect(refused.error).toMatchObject({
    status: 403,
    code: 'SECOND_FACTOR_REQUIRED',
    message: 'Second factor required',
  });

  const stepped = await client.twoFactor.verifyTotp({ code: code() });
  expect(stepped.error).toBeNull();
  const banned = await client.admin.banUser({ userId: targetId });
  expect(banned.error).toBeNull();
  expect(banned.data?.user.banned).toBe(true);
  // reads were never asked
  clock.advance(601);
  expect((await client.admin.listUsers({ query: {} })).error).toBeNull();
});
