/**
 * `npm run bench`: Latch against the limits of this machine, in one run, side by side.
 * Prints one table and writes JSON to bench/results/. Set BENCH_SECONDS (default 10),
 * BENCH_WARMUP (2), BENCH_SCALE_USERS (1000000; 0 skips the scale part), BENCH_ONLY (comma-separated
 * words: only the scenarios whose names contain one of them, e.g. "get-session,ceiling").
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { measureHashCeiling, startBareServer } from './ceilings.ts';
import { type LoadFigures, runLoad } from './load.ts';
import { BENCH_PASSWORD, type SeedResult, seed, seedOrganization } from './seed.ts';
import { type RunningServer, startLatch } from './server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const SCALE_USERS = Number(process.env.BENCH_SCALE_USERS ?? 1_000_000);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
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
}

const rows: Row[] = [];
const work = mkdtempSync(join(tmpdir(), 'latch-bench-'));
const log = (m: string) => process.stderr.write(`${m}\n`);

async function postgresDatabase(name: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  try {
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(POSTGRES);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: POSTGRES });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  } catch (err) {
    log(`PostgreSQL not reachable (${String(err)}): its scenarios are skipped`);
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

  const vsBare = (r: Row): Row => ({
    ...r,
    limit: 'node:http',
    ratio: (r.requestsPerSecond ?? 0) / bareFigures.requestsPerSecond,
  });
  const vsHash = (r: Row): Row => ({ ...r, limit: 'hash', ratio: (r.requestsPerSecond ?? 0) / hash.perSecond });

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
  const pgWanted = wanted('get-session · PostgreSQL') || wanted('get-session · PostgreSQL + Redis rate limits');
  const pgSmall = pgWanted ? await postgresDatabase('latch_bench_small') : null;
  if (pgSmall) {
    const pgData = await seed(pgSmall.url, 1000, 2, SECRET);
    if (wanted('get-session · PostgreSQL'))
      rows.push(vsBare(await getSessionScenario('get-session · PostgreSQL', pgSmall.url, pgData)));
    // rate limits on, counted in Redis (with a budget the bench never exhausts): what a
    // deployment of several instances pays on every request
    const redisLimits = { rateLimit: { enabled: true, storage: 'redis', window: 60, max: 100_000_000 } };
    const name = 'get-session · PostgreSQL + Redis rate limits';
    if (wanted(name)) rows.push(vsBare(await getSessionScenario(name, pgSmall.url, pgData, redisLimits, REDIS)));
    await pgSmall.drop();
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
  if (wanted('list-sessions · SQLite')) {
    const { result: list } = await withServer('list-sessions', sqliteSmall, {}, (server) =>
      runLoad(
        {
          url: `${server.url}/api/auth/list-sessions`,
          connections: CONNECTIONS,
          headers: { cookie: cookieHeader(small, 1) },
        },
        SECONDS,
        WARMUP,
      ),
    );
    rows.push(vsBare({ scenario: 'list-sessions · SQLite', ...list }));
  }

  // organizations: one of 100 members, read by its owner
  const orgScenarios = (
    [
      ['organization/list · SQLite', '/api/auth/organization/list'],
      ['get-full-organization (100 members) · SQLite', '/api/auth/organization/get-full-organization'],
    ] as const
  ).filter(([scenario]) => wanted(scenario));
  const orgId = orgScenarios.length > 0 ? seedOrganization(sqliteSmall, 100) : '';
  for (const [scenario, route] of orgScenarios) {
    const path = route.endsWith('get-full-organization') ? `${route}?organizationId=${orgId}` : route;
    const { result } = await withServer(scenario.replace(/\W+/g, '-'), sqliteSmall, {}, async (server) => {
      const probe = await fetch(`${server.url}${path}`, { headers: { cookie: cookieHeader(small, 0) } });
      if (!probe.ok) throw new Error(`${scenario}: ${probe.status} ${await probe.text()}`);
      return runLoad(
        { url: `${server.url}${path}`, connections: CONNECTIONS, headers: { cookie: cookieHeader(small, 0) } },
        SECONDS,
        WARMUP,
      );
    });
    rows.push(vsBare({ scenario, ...result }));
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
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
