/**
 * `npm run bench`: Latch against the limits of this machine, in one run, side by side.
 * Prints one table and writes JSON to bench/results/. Set BENCH_SECONDS (default 10),
 * BENCH_WARMUP (2), BENCH_SCALE_USERS (1000000; 0 skips the scale part), BENCH_ONLY (comma-separated
 * words: only the scenarios whose names contain one of them, e.g. "get-session,ceiling"),
 * BENCH_STALENESS_SAMPLES (300: renames timed across two instances during their load),
 * BENCH_SCALE_AUDIT (10 × BENCH_SCALE_USERS: audit rows beside the users of the admin rows),
 * BENCH_ADMIN_CONNECTIONS (5: the admin console's rows, read by a few people at once),
 * BENCH_POSTGRES_URL, BENCH_MYSQL_URL, BENCH_REDIS_URL.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import type { AuditEvent } from '../../packages/server/src/features/audit/model.ts';
import { encodeCursor as encodeAuditCursor } from '../../packages/server/src/features/audit/reader.ts';
import { encodeUserCursor } from '../../packages/server/src/features/user/list.ts';
import { ES256_IN_FLIGHT, measureEs256Ceiling, measureHashCeiling, startBareServer } from './ceilings.ts';
import { clusterScenario, proxiedCeiling } from './cluster.ts';
import { type BenchDatabase, createPostgresDatabase } from './databases.ts';
import { type LoadFigures, percentile, runLoad, runOperations } from './load.ts';
import { passkeySignIn, passkeySignInLoop, seedPasskeys } from './passkey.ts';
import {
  BENCH_PASSWORD,
  benchAuditRow,
  benchUserCreatedAt,
  benchUserId,
  type SeedResult,
  seed,
  seedAuditEvents,
  seedOrganization,
  serverVersion,
} from './seed.ts';
import { BENCH_HOST, type RunningServer, startLatch } from './server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const SCALE_USERS = Number(process.env.BENCH_SCALE_USERS ?? 1_000_000);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const STALENESS_SAMPLES = Number(process.env.BENCH_STALENESS_SAMPLES ?? 300);
const SCALE_AUDIT = Number(process.env.BENCH_SCALE_AUDIT ?? SCALE_USERS * 10);
const ADMIN_CONNECTIONS = Number(process.env.BENCH_ADMIN_CONNECTIONS ?? 5);
const SECRET = 'bench-secret-that-is-long-enough-0123456789abcdef';
const CONNECTIONS = 50;
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
/** Whether a scenario runs in this bench (BENCH_ONLY). */
const wanted = (scenario: string) => ONLY.length === 0 || ONLY.some((word) => scenario.includes(word));

interface Row extends Partial<LoadFigures> {
  scenario: string;
  limit?: string;
  ratio?: number;
  note?: string;
  eventLoopDelayMaxMs?: number;
  maxRssMB?: number;
  /** The cross-instance row: how long B answered stale after a change made through A. */
  staleness?: {
    samples: number;
    medianMs: number;
    p99Ms: number;
    worstMs: number;
    writerStale: number;
    gaveUp: number;
    failures: number;
  };
}

const rows: Row[] = [];
const work = mkdtempSync(join(tmpdir(), 'latch-bench-'));
const log = (m: string) => process.stderr.write(`${m}\n`);

async function postgresDatabase(name: string): Promise<BenchDatabase | null> {
  try {
    return await createPostgresDatabase(POSTGRES, name);
  } catch (err) {
    log(`PostgreSQL not reachable (${String(err)}): its scenarios are skipped`);
    return null;
  }
}

async function mysqlDatabase(name: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  try {
    const admin = await mysql.createConnection({ uri: MYSQL, connectTimeout: 3000 });
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(MYSQL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const c = await mysql.createConnection({ uri: MYSQL });
        await c.query(`DROP DATABASE IF EXISTS ${name}`);
        await c.end();
      },
    };
  } catch (err) {
    log(`MySQL/MariaDB not reachable (${String(err)}): its scenarios are skipped`);
    return null;
  }
}

async function withServer<T>(
  name: string,
  databaseURL: string,
  config: Record<string, unknown>,
  fn: (server: RunningServer) => Promise<T>,
  redisURL?: string,
): Promise<{ result: T; diagnostics: Awaited<ReturnType<RunningServer['stop']>> }> {
  const server = await startLatch({ root, workDir: work, name, databaseURL, secret: SECRET, config, redisURL });
  try {
    const result = await fn(server);
    return { result, diagnostics: await server.stop() };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

function cookieHeader(data: SeedResult, n: number): string {
  return `latch.session_token=${data.cookies[n % data.cookies.length]}`;
}

async function getSessionScenario(
  scenario: string,
  url: string,
  data: SeedResult,
  config: Record<string, unknown> = {},
  redisURL?: string,
): Promise<Row> {
  const { result, diagnostics } = await withServer(
    scenario.replace(/\W+/g, '-'),
    url,
    config,
    async (server) => {
      let cookie = cookieHeader(data, 0);
      // with the cookie cache, a browser holds the session_data cookie it was given
      const first = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
      if (!first.ok || (await first.json()) === null) throw new Error(`${scenario}: the seeded session is not valid`);
      const data2 = first.headers.getSetCookie().find((c) => c.startsWith('latch.session_data='));
      if (data2) cookie = `${cookie}; ${data2.split(';')[0]}`;
      return runLoad(
        { url: `${server.url}/api/auth/get-session`, connections: CONNECTIONS, headers: { cookie } },
        SECONDS,
        WARMUP,
        () => server.resetDiagnostics(),
      );
    },
    redisURL,
  );
  return {
    scenario,
    ...result,
    eventLoopDelayMaxMs: diagnostics?.eventLoopDelayMaxMs,
    maxRssMB: mb(diagnostics?.maxRssBytes),
  };
}

async function signInScenario(scenario: string, url: string, data: SeedResult): Promise<Row> {
  // the second half of the known users: the first ones' cookies are read by the other
  // scenarios, and each sign-in adds a session (list-sessions would list dozens)
  const signInEmails = data.emails.slice(Math.floor(data.emails.length / 2));
  const { result, diagnostics } = await withServer(scenario.replace(/\W+/g, '-'), url, {}, (server) =>
    runLoad(
      {
        url: `${server.url}/api/auth/sign-in/email`,
        connections: CONNECTIONS,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        makeRequest: (n) => ({
          body: JSON.stringify({ email: signInEmails[n % signInEmails.length], password: BENCH_PASSWORD }),
        }),
      },
      SECONDS,
      WARMUP,
      () => server.resetDiagnostics(),
    ),
  );
  return {
    scenario,
    ...result,
    eventLoopDelayMaxMs: diagnostics?.eventLoopDelayMaxMs,
    maxRssMB: mb(diagnostics?.maxRssBytes),
  };
}

/**
 * Passkey sign-in: every known person after those whose session cookies the other
 * scenarios read gets one passkey (passkey.ts), and the load runs whole ceremonies, the
 * options then the signed assertion, in as many loops as the other rows have connections.
 * The row counts sign-ins; each is two requests.
 */
async function passkeySignInScenario(scenario: string, url: string, data: SeedResult): Promise<Row> {
  const first = data.cookies.length + 1;
  const userIds = Array.from({ length: data.users - first + 1 }, (_, i) => benchUserId(first + i));
  const holders = await seedPasskeys(url, userIds, BENCH_HOST);
  const config = { plugins: { passkey: { rpID: BENCH_HOST, rpName: 'Latch bench' } } };
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const { result, diagnostics } = await withServer(scenario.replace(/\W+/g, '-'), url, config, async (server) => {
      // one ceremony first, so that the row never measures a refusal
      const [holder] = holders;
      if (!holder) throw new Error(`${scenario}: no person to sign in`);
      const probe = await passkeySignIn(agent, server.url, holder);
      const answer: unknown = probe.outcome === 'ok' ? JSON.parse(probe.answer.body) : null;
      if (typeof answer !== 'object' || answer === null || !('token' in answer))
        throw new Error(`${scenario}: ${probe.answer.status} ${probe.answer.body.slice(0, 500)}`);
      return runOperations(
        CONNECTIONS,
        passkeySignInLoop(agent, server.url, holders, CONNECTIONS),
        SECONDS,
        WARMUP,
        () => server.resetDiagnostics(),
      );
    });
    return {
      scenario,
      ...result,
      eventLoopDelayMaxMs: diagnostics?.eventLoopDelayMaxMs,
      maxRssMB: mb(diagnostics?.maxRssBytes),
      note: `sign-ins per second, two requests each (options, then the assertion): ${Math.round(
        result.requestsPerSecond * 2,
      )} req/s; ${holders.length} people with one device-bound passkey each, its counter rising with every sign-in`,
    };
  } finally {
    agent.destroy();
  }
}

/**
 * A GET endpoint read by one person under load: one path, or a path per request (pages).
 * `check` looks at the first answer, so that a row never measures an error or an empty page.
 */
async function readScenario(
  scenario: string,
  databaseURL: string,
  cookie: string,
  path: string | ((n: number) => string),
  opts: { config?: Record<string, unknown>; check?: (body: unknown) => string | null; connections?: number } = {},
): Promise<Row> {
  const first = typeof path === 'string' ? path : path(0);
  const { result, diagnostics } = await withServer(
    scenario.replace(/\W+/g, '-'),
    databaseURL,
    opts.config ?? {},
    async (server) => {
      const probe = await fetch(`${server.url}${first}`, { headers: { cookie } });
      if (!probe.ok) throw new Error(`${scenario}: ${probe.status} ${await probe.text()}`);
      const wrong = opts.check?.(await probe.json());
      if (wrong) throw new Error(`${scenario}: ${wrong}`);
      return runLoad(
        {
          url: `${server.url}${first}`,
          connections: opts.connections ?? CONNECTIONS,
          headers: { cookie },
          ...(typeof path === 'string' ? {} : { makeRequest: (n: number) => ({ path: path(n) }) }),
        },
        SECONDS,
        WARMUP,
        () => server.resetDiagnostics(),
      );
    },
  );
  return {
    scenario,
    ...result,
    eventLoopDelayMaxMs: diagnostics?.eventLoopDelayMaxMs,
    maxRssMB: mb(diagnostics?.maxRssBytes),
  };
}

/** A first answer's list of members has `count` entries (and, for list-members, the total is `total`). */
function membersCheck(count: number, total?: number): (body: unknown) => string | null {
  return (body) => {
    const b = body as { members?: unknown[]; total?: number } | null;
    const got = b?.members?.length;
    if (got !== count) return `expected ${count} members in the answer, got ${String(got)}`;
    if (total !== undefined && b?.total !== total) return `expected a total of ${total}, got ${String(b?.total)}`;
    return null;
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function mb(bytes: number | undefined): number | undefined {
  return bytes === undefined ? undefined : Math.round(bytes / 1_048_576);
}

async function main(): Promise<void> {
  const started = performance.now();
  // Latch runs as npm start runs it: the bundled server
  const { buildServer, serverBundleIsFresh } = (await import(join(root, 'scripts/build-server.mjs'))) as {
    buildServer(): Promise<void>;
    serverBundleIsFresh(): boolean;
  };
  if (!serverBundleIsFresh()) await buildServer();
  log(`bench: ${SECONDS} s per scenario after ${WARMUP} s warm-up, ${CONNECTIONS} connections; work dir ${work}`);

  // the limits of this machine
  const bare = await startBareServer(root);
  const bareFigures = await runLoad({ url: bare.url, connections: CONNECTIONS }, SECONDS, WARMUP);
  await bare.stop();
  rows.push({ scenario: 'ceiling: node:http fixed JSON', ...bareFigures });
  const hash = await measureHashCeiling(SECONDS);
  rows.push({ scenario: `ceiling: Argon2id verify, ${hash.concurrency} in flight`, requestsPerSecond: hash.perSecond });
  log(`ceilings: ${Math.round(bareFigures.requestsPerSecond)} req/s bare, ${hash.perSecond.toFixed(1)} hashes/s`);
  // a password endpoint with nothing but HTTP around the hash, under the same load: how much of
  // the hash ceiling any Node service can reach on this machine (docs/performance.md)
  const hashOverHttpName = 'ceiling: node:http + one Argon2id verify per request';
  if (wanted(hashOverHttpName)) {
    const server = await startBareServer(root, 'bare-hash-server.mjs');
    const figures = await runLoad(
      {
        url: server.url,
        connections: CONNECTIONS,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        makeRequest: () => ({ body: JSON.stringify({ email: 'user@bench.test', password: BENCH_PASSWORD }) }),
      },
      SECONDS,
      WARMUP,
    );
    await server.stop();
    rows.push({
      scenario: hashOverHttpName,
      ...figures,
      limit: 'hash',
      ratio: figures.requestsPerSecond / hash.perSecond,
    });
  }
  // the ceiling of a passkey sign-in is its signature verification, not a hash: measured when its rows run
  const passkeyName = 'passkey sign-in · SQLite';
  const es256Name = `ceiling: ES256 verify (passkey), ${ES256_IN_FLIGHT} in flight`;
  const es256 = wanted(passkeyName) || wanted(es256Name) ? await measureEs256Ceiling(SECONDS) : null;
  if (es256) {
    rows.push({ scenario: es256Name, requestsPerSecond: es256.perSecond });
    log(`ceiling: ${Math.round(es256.perSecond)} ES256 verifications/s`);
  }

  const vsBare = (r: Row): Row => ({
    ...r,
    limit: 'node:http',
    ratio: (r.requestsPerSecond ?? 0) / bareFigures.requestsPerSecond,
  });
  const vsHash = (r: Row): Row => ({ ...r, limit: 'hash', ratio: (r.requestsPerSecond ?? 0) / hash.perSecond });
  const vsEs256 = (r: Row): Row =>
    es256 ? { ...r, limit: 'ES256', ratio: (r.requestsPerSecond ?? 0) / es256.perSecond } : r;

  // 1,000 users
  const sqliteSmall = `sqlite:${join(work, 'small.db')}`;
  const small = await seed(sqliteSmall, 1000, 2, SECRET);
  log(`seeded SQLite: 1,000 users, 2,000 sessions in ${small.seconds.toFixed(1)} s`);
  if (wanted('get-session · SQLite'))
    rows.push(vsBare(await getSessionScenario('get-session · SQLite', sqliteSmall, small)));
  // every check reads the database: what the memory cache saves, and the cost of one indexed read
  const noMemory = { session: { memoryCache: false } };
  if (wanted('get-session · SQLite · memory cache off'))
    rows.push(
      vsBare(await getSessionScenario('get-session · SQLite · memory cache off', sqliteSmall, small, noMemory)),
    );
  if (wanted('get-session · SQLite + cookie cache')) {
    const cache = { session: { cookieCache: { enabled: true } } };
    rows.push(vsBare(await getSessionScenario('get-session · SQLite + cookie cache', sqliteSmall, small, cache)));
  }
  // rate limits on, counted in Redis (with a budget the bench never exhausts): what a
  // deployment of several instances pays on every request
  const redisLimits = { rateLimit: { enabled: true, storage: 'redis', window: 60, max: 100_000_000 } };
  const redisLimitsNoMemory = { ...redisLimits, ...noMemory };

  // PostgreSQL, 1,000 users: the session check with the cross-instance memory on (the
  // default: PostgreSQL's NOTIFY tells every instance of a change) and off, the read
  // endpoints, and two instances behind a proxy
  const pgSessionRows: Array<[string, Record<string, unknown>, string | undefined]> = [
    ['get-session · PostgreSQL', {}, undefined],
    ['get-session · PostgreSQL · memory cache off', noMemory, undefined],
    ['get-session · PostgreSQL + Redis rate limits', redisLimits, REDIS],
    ['get-session · PostgreSQL + Redis rate limits · memory cache off', redisLimitsNoMemory, REDIS],
  ];
  const pgReadNames = [
    'list-sessions · PostgreSQL',
    'organization/list · PostgreSQL',
    'get-full-organization (100 members) · PostgreSQL',
    'list-members (100 members) · PostgreSQL',
  ];
  const clusterNames = [
    'ceiling: node:http · 2 instances behind the proxy',
    'get-session · 2 instances behind the proxy · PostgreSQL + Redis rate limits',
    'staleness A→B · 2 instances behind the proxy · PostgreSQL + Redis rate limits',
  ] as const;
  const pgSmallNames = [...pgSessionRows.map(([name]) => name), ...pgReadNames, ...clusterNames];
  const pgSmall = pgSmallNames.some(wanted) ? await postgresDatabase('latch_bench_small') : null;
  if (pgSmall) {
    const pgData = await seed(pgSmall.url, 1000, 2, SECRET);
    log(`seeded PostgreSQL: 1,000 users, 2,000 sessions in ${pgData.seconds.toFixed(1)} s`);
    for (const [name, config, redis] of pgSessionRows)
      if (wanted(name)) rows.push(vsBare(await getSessionScenario(name, pgSmall.url, pgData, config, redis)));
    const [listSessions, orgList, fullOrg, listMembers] = pgReadNames as [string, string, string, string];
    if (wanted(listSessions))
      rows.push(
        vsBare(await readScenario(listSessions, pgSmall.url, cookieHeader(pgData, 1), '/api/auth/list-sessions')),
      );
    if ([orgList, fullOrg, listMembers].some(wanted)) {
      const orgId = await seedOrganization(pgSmall.url, 100);
      const owner = cookieHeader(pgData, 0);
      if (wanted(orgList))
        rows.push(vsBare(await readScenario(orgList, pgSmall.url, owner, '/api/auth/organization/list')));
      if (wanted(fullOrg)) {
        const path = `/api/auth/organization/get-full-organization?organizationId=${orgId}`;
        rows.push(vsBare(await readScenario(fullOrg, pgSmall.url, owner, path, { check: membersCheck(100) })));
      }
      if (wanted(listMembers)) {
        const path = `/api/auth/organization/list-members?organizationId=${orgId}&limit=100&offset=0`;
        rows.push(vsBare(await readScenario(listMembers, pgSmall.url, owner, path, { check: membersCheck(100, 100) })));
      }
    }
    const [proxyCeilingName, clusterName, stalenessName] = clusterNames;
    if (wanted(proxyCeilingName)) {
      const figures = await proxiedCeiling(root, CONNECTIONS, SECONDS, WARMUP);
      rows.push(vsBare({ scenario: proxyCeilingName, ...figures }));
    }
    if (wanted(clusterName) || wanted(stalenessName)) {
      const proxied = rows.find((r) => r.scenario === proxyCeilingName)?.requestsPerSecond;
      // the load checks user 1's session; the prober renames the last known user, whom nothing else reads
      const { load, staleness, diagnostics } = await clusterScenario({
        root,
        workDir: work,
        databaseURL: pgSmall.url,
        redisURL: REDIS,
        secret: SECRET,
        config: redisLimits,
        loadCookie: cookieHeader(pgData, 0),
        probeCookie: cookieHeader(pgData, pgData.cookies.length - 1),
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmup: WARMUP,
        samples: STALENESS_SAMPLES,
      });
      if (wanted(clusterName))
        rows.push(
          vsBare({
            scenario: clusterName,
            ...load,
            eventLoopDelayMaxMs: Math.max(...diagnostics.map((d) => d?.eventLoopDelayMaxMs ?? 0)),
            maxRssMB: mb(Math.max(...diagnostics.map((d) => d?.maxRssBytes ?? 0))),
            note: `${staleness.delaysMs.length} renames through A during the load${
              proxied ? `; ${((load.requestsPerSecond / proxied) * 100).toFixed(0)}% of the proxied ceiling` : ''
            }; loop max and RSS: the larger instance`,
          }),
        );
      if (wanted(stalenessName)) {
        const sorted = [...staleness.delaysMs].sort((x, y) => x - y);
        const figures = {
          samples: sorted.length,
          medianMs: round2(percentile(sorted, 0.5)),
          p99Ms: round2(percentile(sorted, 0.99)),
          worstMs: round2(sorted.at(-1) ?? Number.NaN),
          writerStale: staleness.writerStale,
          gaveUp: staleness.gaveUp,
          failures: staleness.failures,
        };
        rows.push({
          scenario: stalenessName,
          p50Ms: figures.medianMs,
          p99Ms: figures.p99Ms,
          errors: figures.writerStale + figures.gaveUp + figures.failures,
          staleness: figures,
          note: `B stale after A's answer: median ${figures.medianMs} ms, p99 ${figures.p99Ms} ms, worst ${figures.worstMs} ms over ${figures.samples} samples; A stale after its own write: ${figures.writerStale}; B not within 2 s: ${figures.gaveUp}`,
        });
      }
    }
    await pgSmall.drop();
  }

  // organizations of 10,000 members on PostgreSQL, read a page at a time (an operator who
  // allows them raises membershipLimit; the pages stay at 100)
  const bigOrgFull = 'get-full-organization (10k members, first 100) · PostgreSQL';
  const bigOrgPages = 'list-members (10k members, pages of 100) · PostgreSQL';
  const pgOrg = [bigOrgFull, bigOrgPages].some(wanted) ? await postgresDatabase('latch_bench_org') : null;
  if (pgOrg) {
    const orgData = await seed(pgOrg.url, 10_000, 1, SECRET);
    const orgId = await seedOrganization(pgOrg.url, 10_000);
    log(`seeded PostgreSQL: 10,000 users in one organization in ${orgData.seconds.toFixed(1)} s`);
    const owner = cookieHeader(orgData, 0);
    const config = { plugins: { organization: { membershipLimit: 10_000 } } };
    if (wanted(bigOrgFull)) {
      const path = `/api/auth/organization/get-full-organization?organizationId=${orgId}&membersLimit=100`;
      rows.push(vsBare(await readScenario(bigOrgFull, pgOrg.url, owner, path, { config, check: membersCheck(100) })));
    }
    if (wanted(bigOrgPages)) {
      // every page in turn, first to last
      const page = (n: number) =>
        `/api/auth/organization/list-members?organizationId=${orgId}&limit=100&offset=${(n % 100) * 100}`;
      const check = membersCheck(100, 10_000);
      rows.push(vsBare(await readScenario(bigOrgPages, pgOrg.url, owner, page, { config, check })));
    }
    await pgOrg.drop();
  }

  // MySQL/MariaDB + Redis: the memory answers only while Redis carries every instance's changes
  const mysqlRows: Array<[string, Record<string, unknown>]> = [
    ['get-session · MySQL + Redis rate limits', redisLimits],
    ['get-session · MySQL + Redis rate limits · memory cache off', redisLimitsNoMemory],
  ];
  const mysqlSmall = mysqlRows.some(([name]) => wanted(name)) ? await mysqlDatabase('latch_bench_small') : null;
  if (mysqlSmall) {
    const myData = await seed(mysqlSmall.url, 1000, 2, SECRET);
    log(`seeded ${await serverVersion(mysqlSmall.url)}: 1,000 users, 2,000 sessions in ${myData.seconds.toFixed(1)} s`);
    for (const [name, config] of mysqlRows)
      if (wanted(name)) rows.push(vsBare(await getSessionScenario(name, mysqlSmall.url, myData, config, REDIS)));
    await mysqlSmall.drop();
  }

  if (wanted('sign-in/email · SQLite'))
    rows.push(vsHash(await signInScenario('sign-in/email · SQLite', sqliteSmall, small)));
  if (wanted('sign-up/email · SQLite')) {
    const { result: signUp } = await withServer('sign-up', sqliteSmall, {}, (server) =>
      runLoad(
        {
          url: `${server.url}/api/auth/sign-up/email`,
          connections: CONNECTIONS,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          makeRequest: (n) => ({
            body: JSON.stringify({
              name: 'New',
              email: `new-${process.pid}-${n}@bench.test`,
              password: BENCH_PASSWORD,
            }),
          }),
        },
        SECONDS,
        WARMUP,
      ),
    );
    rows.push(vsHash({ scenario: 'sign-up/email · SQLite', ...signUp }));
  }
  // beside the password rows: a sign-in that hashes no password
  if (wanted(passkeyName)) rows.push(vsEs256(await passkeySignInScenario(passkeyName, sqliteSmall, small)));
  if (wanted('list-sessions · SQLite'))
    rows.push(
      vsBare(
        await readScenario('list-sessions · SQLite', sqliteSmall, cookieHeader(small, 1), '/api/auth/list-sessions'),
      ),
    );

  // organizations: one of 100 members, read by its owner
  const sqliteOrgList = 'organization/list · SQLite';
  const sqliteFullOrg = 'get-full-organization (100 members) · SQLite';
  if ([sqliteOrgList, sqliteFullOrg].some(wanted)) {
    const orgId = await seedOrganization(sqliteSmall, 100);
    const owner = cookieHeader(small, 0);
    if (wanted(sqliteOrgList))
      rows.push(vsBare(await readScenario(sqliteOrgList, sqliteSmall, owner, '/api/auth/organization/list')));
    if (wanted(sqliteFullOrg)) {
      const path = `/api/auth/organization/get-full-organization?organizationId=${orgId}`;
      rows.push(vsBare(await readScenario(sqliteFullOrg, sqliteSmall, owner, path, { check: membersCheck(100) })));
    }
  }

  // at scale
  const size = short(SCALE_USERS);
  const bigSqliteNames = [
    `get-session · SQLite · ${size} users`,
    `get-session · SQLite · memory cache off · ${size} users`,
    `sign-in/email · SQLite · ${size} users`,
  ];
  if (SCALE_USERS > 0 && bigSqliteNames.some(wanted)) {
    const sqliteBig = `sqlite:${join(work, 'big.db')}`;
    const big = await seed(sqliteBig, SCALE_USERS, 2, SECRET);
    log(
      `seeded SQLite: ${SCALE_USERS.toLocaleString('en')} users, ${big.sessions.toLocaleString('en')} sessions in ${big.seconds.toFixed(1)} s`,
    );
    const getName = `get-session · SQLite · ${size} users`;
    if (wanted(getName)) rows.push(vsBare(await getSessionScenario(getName, sqliteBig, big)));
    const readName = `get-session · SQLite · memory cache off · ${size} users`;
    if (wanted(readName)) rows.push(vsBare(await getSessionScenario(readName, sqliteBig, big, noMemory)));
    const signName = `sign-in/email · SQLite · ${size} users`;
    if (wanted(signName)) rows.push(vsHash(await signInScenario(signName, sqliteBig, big)));
    rmSync(join(work, 'big.db'), { force: true });
  }
  const pgBigWanted =
    wanted(`get-session · PostgreSQL · ${size} users`) || wanted(`sign-in/email · PostgreSQL · ${size} users`);
  const pgBig = SCALE_USERS > 0 && pgBigWanted ? await postgresDatabase('latch_bench_big') : null;
  if (pgBig) {
    const bigPg = await seed(pgBig.url, SCALE_USERS, 2, SECRET);
    log(`seeded PostgreSQL: ${SCALE_USERS.toLocaleString('en')} users in ${bigPg.seconds.toFixed(1)} s`);
    const getName = `get-session · PostgreSQL · ${size} users`;
    if (wanted(getName)) rows.push(vsBare(await getSessionScenario(getName, pgBig.url, bigPg)));
    const signName = `sign-in/email · PostgreSQL · ${size} users`;
    if (wanted(signName)) rows.push(vsHash(await signInScenario(signName, pgBig.url, bigPg)));
    await pgBig.drop();
  }

  await adminScaleRows(size, vsBare);

  const elapsed = (performance.now() - started) / 1000;
  printTable(rows);
  process.stdout.write(`\nfinished in ${elapsed.toFixed(0)} s\n`);
  const out = join(root, 'bench/results');
  mkdirSync(out, { recursive: true });
  const file = join(out, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const doc = {
    date: new Date().toISOString(),
    seconds: SECONDS,
    warmup: WARMUP,
    connections: CONNECTIONS,
    elapsedSeconds: elapsed,
    rows,
  };
  writeFileSync(file, JSON.stringify(doc, null, 2));
  writeFileSync(join(out, 'latest.json'), JSON.stringify(doc, null, 2));
  process.stdout.write(`results: ${file}\n`);
  rmSync(work, { recursive: true, force: true });
}

/** A first answer holds at least `min` entries of `key` (users, events). */
function listCheck(key: 'users' | 'events', min: number): (body: unknown) => string | null {
  return (body) => {
    const got = (body as Record<string, unknown[] | undefined> | null)?.[key]?.length ?? 0;
    return got >= min ? null : `expected at least ${min} ${key} in the answer, got ${got}`;
  };
}

/**
 * The admin console at scale (issue 13: under 50 ms p99 with 1,000,000 users and
 * 10,000,000 audit rows): typical list-users and list-audit-events reads by the seeded
 * admin (user 1) on SQLite and PostgreSQL, each a 50-row page, at ADMIN_CONNECTIONS at once.
 */
async function adminScaleRows(size: string, vsBare: (r: Row) => Row): Promise<void> {
  if (SCALE_USERS <= 0) return;
  const auditSize = short(SCALE_AUDIT);
  const names = (db: string) => {
    const users = (what: string) => `admin list-users · ${what} · ${db} · ${size} users`;
    const audit = (what: string) => `admin list-audit-events · ${what} · ${db} · ${auditSize} rows`;
    return {
      usersFirst: users('first page, newest first'),
      usersEmail: users('email prefix'),
      usersBanned: users('banned, newest first'),
      usersDeep: users('deep cursor, newest first'),
      auditFirst: audit('first page'),
      auditActor: audit('by actor'),
      auditType: audit('type + last 7 days'),
      auditDeep: audit('deep cursor'),
    };
  };
  const run = async (db: string, url: string, drop: () => void | Promise<void>) => {
    const n = names(db);
    if (!Object.values(n).some(wanted)) return;
    const data = await seed(url, SCALE_USERS, 1, SECRET, { spread: true });
    log(`seeded ${db}: ${SCALE_USERS.toLocaleString('en')} users in ${data.seconds.toFixed(1)} s`);
    const auditSeconds = await seedAuditEvents(url, SCALE_AUDIT, SCALE_USERS, data.now);
    log(`seeded ${db}: ${SCALE_AUDIT.toLocaleString('en')} audit rows in ${auditSeconds.toFixed(1)} s`);
    const cookie = cookieHeader(data, 0);
    const read = (scenario: string, path: string, key: 'users' | 'events', min: number) =>
      readScenario(scenario, url, cookie, path, { check: listCheck(key, min), connections: ADMIN_CONNECTIONS });
    const usersPath = (query: Record<string, string>) =>
      `/api/auth/admin/list-users?${new URLSearchParams({ limit: '50', ...query })}`;
    const newest = { sortBy: 'createdAt', sortDirection: 'desc' };
    if (wanted(n.usersFirst)) rows.push(vsBare(await read(n.usersFirst, usersPath(newest), 'users', 50)));
    if (wanted(n.usersEmail)) {
      // user12345… : 11 matches at a million users
      const prefix = `user${String(Math.max(1, Math.floor(SCALE_USERS / 81))).slice(0, 5)}`;
      const path = usersPath({ searchField: 'email', searchOperator: 'starts_with', searchValue: prefix });
      rows.push(vsBare(await read(n.usersEmail, path, 'users', 1)));
    }
    if (wanted(n.usersBanned))
      rows.push(vsBare(await read(n.usersBanned, usersPath({ ...newest, banned: 'true' }), 'users', 1)));
    if (wanted(n.usersDeep)) {
      // the middle of the list: the page after user n/2
      const middle = Math.floor(SCALE_USERS / 2);
      const at = benchUserCreatedAt(data.now, SCALE_USERS, middle).toISOString();
      const cursor = encodeUserCursor('createdAt', 'desc', at, benchUserId(middle));
      rows.push(vsBare(await read(n.usersDeep, usersPath({ ...newest, cursor }), 'users', 50)));
    }
    const auditPath = (query: Record<string, string>) =>
      `/api/auth/admin/list-audit-events?${new URLSearchParams({ limit: '50', ...query })}`;
    if (wanted(n.auditFirst)) rows.push(vsBare(await read(n.auditFirst, auditPath({}), 'events', 50)));
    if (wanted(n.auditActor)) {
      const actor = benchUserId(Math.min(SCALE_USERS, 4242));
      rows.push(vsBare(await read(n.auditActor, auditPath({ actorUserId: actor }), 'events', 1)));
    }
    if (wanted(n.auditType)) {
      const from = new Date(data.now.getTime() - 7 * 86_400_000).toISOString();
      const path = auditPath({ type: 'user.banned', from, to: data.now.toISOString() });
      rows.push(vsBare(await read(n.auditType, path, 'events', 1)));
    }
    if (wanted(n.auditDeep)) {
      const middle = benchAuditRow(data.now, SCALE_AUDIT, SCALE_USERS, Math.floor(SCALE_AUDIT / 2));
      // the cursor reads only the row's time and id
      const cursor = encodeAuditCursor({ id: middle.id, createdAt: middle.createdAt } as AuditEvent);
      rows.push(vsBare(await read(n.auditDeep, auditPath({ cursor }), 'events', 50)));
    }
    await drop();
  };
  await run('SQLite', `sqlite:${join(work, 'admin.db')}`, () => rmSync(join(work, 'admin.db'), { force: true }));
  const pgAdminWanted = Object.values(names('PostgreSQL')).some(wanted);
  const pgAdmin = pgAdminWanted ? await postgresDatabase('latch_bench_admin') : null;
  if (pgAdmin) await run('PostgreSQL', pgAdmin.url, () => pgAdmin.drop());
}

function short(n: number): string {
  return n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n);
}

function printTable(all: Row[]): void {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs limit', 'loop max ms', 'RSS MB'];
  const lines = all.map((r) => [
    r.scenario,
    r.requestsPerSecond === undefined ? '' : r.requestsPerSecond.toFixed(r.requestsPerSecond < 100 ? 1 : 0),
    r.p50Ms === undefined ? '' : String(r.p50Ms),
    r.p99Ms === undefined ? '' : String(r.p99Ms),
    r.errors === undefined ? '' : String(r.errors + (r.non2xx ?? 0)),
    r.ratio === undefined ? '' : `${(r.ratio * 100).toFixed(0)}% of ${r.limit}`,
    r.eventLoopDelayMaxMs === undefined ? '' : String(r.eventLoopDelayMaxMs),
    r.maxRssMB === undefined ? '' : String(r.maxRssMB),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  process.stdout.write(`\n${fmt(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n`);
  for (const l of lines) process.stdout.write(`${fmt(l)}\n`);
  const notes = all.filter((r) => r.note);
  if (notes.length > 0) process.stdout.write('\n');
  for (const r of notes) process.stdout.write(`${r.scenario}: ${r.note}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
