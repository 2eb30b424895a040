/**
 * A cluster that survives losing a member (issue 14 item 6, docs/operations.md "Running
 * several instances"). Three Latch processes, started as an operator starts them (main.ts,
 * e2e/support/service.ts) at the same moment on one empty PostgreSQL database and one Redis,
 * behind a round-robin proxy (bench/src/round-robin.ts), under a steady load of mixed
 * requests; every few seconds one instance is killed with SIGKILL and started again.
 *
 * - Only the requests in flight on the killed instance fail: every request that did not get
 *   its expected answer went, by the proxy's record, to an instance that died while the
 *   request was running there.
 * - One-time tokens stay single-use: 50 concurrent redemptions of one password-reset token,
 *   then 50 concurrent clicks of one magic link, through the proxy and spread over the three
 *   instances: exactly one of each succeeds.
 * - No row is half-written: every user has its credential account, every organization its
 *   owner and its default team, and nothing references a row that is not there.
 *
 * Needs PostgreSQL and Redis: skipped with a printed line where they are missing, failing
 * under CI=true (packages/server/src/test/databases.ts).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoundRobinProxy, type ProxiedRequest } from '../../bench/src/round-robin.ts';
import {
  createTestDatabase,
  REDIS_URL,
  redisAvailable,
  type TestDatabase,
  testDialects,
} from '../../packages/server/src/test/databases.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../packages/server/src/test/smtp-receiver.ts';
import { findFreePort, type LatchService, startLatch } from '../support/service.ts';

const CHAOS_MS = 24_000;
const KILL_EVERY_MS = 4_000;
/** Kills however slowly the instances restart (the chaos lasts longer then). */
const MIN_KILLS = 3;
const USERS = 4;
const PASSWORD = 'Correct-Horse-9-Battery';

const postgresSkip = (await testDialects()).find((d) => d.dialect === 'postgres')?.skip ?? 'no PostgreSQL';
const redisMissing = !(await redisAvailable());

/** One death: when SIGKILL was sent, and when the process was seen gone. */
interface Death {
  instance: number;
  killedAt: number;
  exitedAt: number;
}

/** A request the load made that did not get its expected answer. */
interface Miss {
  id: string;
  step: string;
  got: string;
}

describe.skipIf(Boolean(postgresSkip) || redisMissing)('a cluster of three on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let smtp: SmtpReceiver;
  let proxy: ReturnType<typeof createRoundRobinProxy>;
  let baseURL = '';
  const ports: number[] = [];
  const instances: (LatchService | null)[] = [null, null, null];
  const secret = randomBytes(32).toString('base64url');
  const proxied = new Map<string, ProxiedRequest>();
  const deaths: Death[] = [];

  const start = (i: number) =>
    startLatch({
      config: {
        rateLimit: { enabled: false },
        emailVerification: { sendOnSignUp: false },
        plugins: { magicLink: {} },
      },
      smtpURL: smtp.url,
      port: ports[i],
      baseURL,
      secret,
      databaseURL: database.url,
      env: { REDIS_URL, LOG_LEVEL: 'warn' },
      startTimeoutMs: 60_000,
    });

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    smtp = await startSmtpReceiver();
    for (let i = 0; i < 3; i++) ports.push(await findFreePort());
    proxy = createRoundRobinProxy(
      ports.map((p) => new URL(`http://127.0.0.1:${p}`)),
      {
        onRequest: (r) => {
          if (r.id) proxied.set(r.id, r);
        },
      },
    );
    await new Promise<void>((ready) => proxy.listen(0, '127.0.0.1', () => ready()));
    baseURL = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    // all three at once on the empty database: each migrates at start, and all must come up
    const started = await Promise.all([0, 1, 2].map(start));
    started.forEach((s, i) => {
      instances[i] = s;
    });
  }, 90_000);

  afterAll(async () => {
    for (const s of instances) await s?.stop();
    await new Promise((done) => proxy?.close(done));
    proxy?.closeAllConnections();
    await smtp?.close();
    await database?.drop();
  }, 60_000);

  /** A person's browser: cookies kept between requests, every request through the proxy and named. */
  function browser() {
    const cookies = new Map<string, string>();
    return async (
      step: string,
      path: string,
      body?: unknown,
    ): Promise<{ id: string; status: number; json: unknown }> => {
      const id = `${step}-${randomBytes(6).toString('hex')}`;
      const res = await fetch(`${baseURL}/api/auth${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'x-request-id': id,
          origin: baseURL,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (!value || /max-age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { id, status: res.status, json };
    };
  }

  /** Whether the request `id` failed on an instance that died while it ran there. */
  function diedUnder(id: string): boolean {
    const r = proxied.get(id);
    if (!r || r.status !== null) return false;
    return deaths.some((d) => d.instance === r.upstream && d.killedAt <= r.endedAt && d.exitedAt >= r.startedAt);
  }

  it('loses only the requests in flight on a killed instance, keeps tokens single-use and rows whole', async () => {
    const misses: Miss[] = [];
    /** Requests that failed because their instance died under them: the only failures allowed. */
    const excused: string[] = [];
    let flows = 0;
    let stopLoad = false;

    /** One person's round: sign up, read and change the account, create an organization, sign out and back in. */
    async function round(n: number): Promise<void> {
      const call = browser();
      const email = `load-${n}-${randomBytes(4).toString('hex')}@example.test`;
      const steps: [string, string, unknown, (json: unknown) => boolean][] = [
        ['sign-up', '/sign-up/email', { name: 'Load', email, password: PASSWORD }, () => true],
        ['get-session', '/get-session', undefined, (j) => (j as { user?: { email?: string } })?.user?.email === email],
        ['update-user', '/update-user', { name: `Load ${n}` }, () => true],
        [
          'org-create',
          '/organization/create',
          { name: `Org ${n}`, slug: `org-${randomBytes(5).toString('hex')}` },
          () => true,
        ],
        ['sign-out', '/sign-out', {}, () => true],
        ['sign-in', '/sign-in/email', { email, password: PASSWORD }, () => true],
        [
          'get-session-2',
          '/get-session',
          undefined,
          (j) => (j as { user?: { name?: string } })?.user?.name === `Load ${n}`,
        ],
        ['sign-out-2', '/sign-out', {}, () => true],
      ];
      for (const [step, path, body, answerIsRight] of steps) {
        const res = await call(step, path, body);
        if (res.status === 200 && answerIsRight(res.json)) continue;
        if (diedUnder(res.id)) {
          excused.push(res.id);
          // what the lost request did is unknown: this person's round ends here
          return;
        }
        misses.push({ id: res.id, step, got: `${res.status} ${JSON.stringify(res.json).slice(0, 200)}` });
        return;
      }
      flows++;
    }

    const load = (async () => {
      let n = 0;
      await Promise.all(
        Array.from({ length: USERS }, async () => {
          while (!stopLoad) await round(n++);
        }),
      );
    })();

    // the chaos: every few seconds one instance (in turn) is killed and started again, the
    // restart running while the others serve; one instance is down at a time (a start takes
    // several seconds on a loaded machine, so the next kill waits for it when it must)
    const restarts: Promise<void>[] = [Promise.resolve(), Promise.resolve(), Promise.resolve()];
    const chaosEnds = Date.now() + CHAOS_MS;
    let victim = 0;
    while (Date.now() < chaosEnds || deaths.length < MIN_KILLS) {
      await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
      await Promise.all(restarts);
      const instance = instances[victim];
      if (!instance) throw new Error(`instance ${victim} is not running`);
      // recorded before the signal: a request may fail before the exit is seen
      const death: Death = { instance: victim, killedAt: Date.now(), exitedAt: Number.POSITIVE_INFINITY };
      deaths.push(death);
      await instance.kill();
      death.exitedAt = Date.now();
      instances[victim] = null;
      const which = victim;
      const restart = start(which).then((s) => {
        instances[which] = s;
      });
      // a failed restart fails the test where it is awaited, not as an unhandled rejection
      restart.catch(() => undefined);
      restarts[which] = restart;
      victim = (victim + 1) % 3;
    }
    await Promise.all(restarts);

    // one-time tokens, with the load still running: 50 redemptions of one reset token at once
    const owner = browser();
    const email = `reset-${randomBytes(4).toString('hex')}@example.test`;
    expect((await owner('reset-sign-up', '/sign-up/email', { name: 'Reset', email, password: PASSWORD })).status).toBe(
      200,
    );
    expect((await owner('reset-request', '/request-password-reset', { email, redirectTo: '/reset' })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.kind === 'reset-password', 15_000);
    const token = mail.links.map((l) => /\/reset-password\/([A-Za-z0-9]+)/.exec(l)?.[1]).find(Boolean) ?? '';
    expect(token).not.toBe('');
    const redemptions = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        browser()('redeem', '/reset-password', { token, newPassword: `Reset-Pass-${i}-Horse-9` }),
      ),
    );
    const won = redemptions.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(
      redemptions.filter((r) => r.status !== 200).map((r) => [r.status, (r.json as { code?: string })?.code]),
    ).toEqual(Array.from({ length: 49 }, () => [400, 'INVALID_TOKEN']));
    // spread over the instances, not all on one
    expect(new Set(redemptions.map((r) => proxied.get(r.id)?.upstream)).size).toBe(3);
    const winner = redemptions.indexOf(won[0] as (typeof redemptions)[number]);
    expect(
      (await browser()('reset-sign-in', '/sign-in/email', { email, password: `Reset-Pass-${winner}-Horse-9` })).status,
    ).toBe(200);

    // and a magic link of the same person: 50 clicks at once, one sign-in
    expect((await browser()('link-request', '/sign-in/magic-link', { email })).status).toBe(200);
    const linkMail = await smtp.waitFor((m) => m.to.includes(email) && m.kind === 'magic-link', 15_000);
    const linkToken =
      linkMail.links
        .map((l) => (l.includes('/magic-link/verify') ? new URL(l).searchParams.get('token') : null))
        .find(Boolean) ?? '';
    expect(linkToken).not.toBe('');
    const clicks = await Promise.all(
      Array.from({ length: 50 }, () =>
        browser()('link-verify', `/magic-link/verify?token=${encodeURIComponent(linkToken)}`),
      ),
    );
    const signedIn = clicks.filter((r) => r.status === 200);
    expect(signedIn).toHaveLength(1);
    expect((signedIn[0]?.json as { user?: { email?: string } })?.user?.email).toBe(email);
    expect(clicks.filter((r) => r.status !== 200).map((r) => [r.status, (r.json as { code?: string })?.code])).toEqual(
      Array.from({ length: 49 }, () => [400, 'INVALID_TOKEN']),
    );
    expect(new Set(clicks.map((r) => proxied.get(r.id)?.upstream)).size).toBe(3);

    stopLoad = true;
    await load;

    expect(deaths.length).toBeGreaterThanOrEqual(MIN_KILLS);
    if (misses.length)
      process.stdout.write(
        `${JSON.stringify({ deaths, misses: misses.map((m) => ({ ...m, proxied: proxied.get(m.id) })) }, null, 1)}\n`,
      );
    expect(misses).toEqual([]);
    // judged again now that every exit time is known
    expect(excused.filter((id) => !diedUnder(id))).toEqual([]);
    expect(flows).toBeGreaterThanOrEqual(10);
    // the kills did land on requests now and then; each such failure was excused above, none other allowed
    process.stdout.write(
      `cluster survival: ${deaths.length} kills, ${flows} rounds whole, ${excused.length} requests lost with their instance, ${proxied.size} requests\n`,
    );

    // no row half-written
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const count = async (query: string) => Number((await client.query(query)).rows[0]?.n);
      expect(await count('select count(*) as n from "user"')).toBeGreaterThanOrEqual(flows);
      expect(
        await count(
          `select count(*) as n from "user" u where not exists (select 1 from account a where a."userId" = u.id and a."providerId" = 'credential' and a.password is not null)`,
        ),
      ).toBe(0);
      expect(
        await count(
          `select count(*) as n from organization o where not exists (select 1 from member m where m."organizationId" = o.id and m.role = 'owner')`,
        ),
      ).toBe(0);
      expect(
        await count(
          `select count(*) as n from organization o where not exists (select 1 from team t where t."organizationId" = o.id)`,
        ),
      ).toBe(0);
      expect(
        await count(
          `select count(*) as n from session s where not exists (select 1 from "user" u where u.id = s."userId")`,
        ),
      ).toBe(0);
      expect(
        await count(
          `select count(*) as n from member m where not exists (select 1 from "user" u where u.id = m."userId") or not exists (select 1 from organization o where o.id = m."organizationId")`,
        ),
      ).toBe(0);
      // each organization made by the load has its creator as owner: one owner per organization
      expect(
        await count(
          `select count(*) as n from (select "organizationId" from member where role = 'owner' group by "organizationId" having count(*) <> 1) x`,
        ),
      ).toBe(0);
    } finally {
      await client.end();
    }
  }, 120_000);
});
