/**
 * The main thread's CPU per sign-up and per sign-in, beside the hash (docs/performance.md,
 * "Sign-up beside the hash"). On a machine whose cores are all hashing, every millisecond
 * the event loop spends on a request is taken from the hash threads, so this is the figure
 * that separates a password row from the hash ceiling. Unlike req/s it hardly moves when
 * other work shares the machine: it is the CPU time of the server's main thread alone
 * (`/proc/<pid>/task/<pid>/schedstat`, nanoseconds on a core), read before and after a
 * fixed number of operations, so the hash threads (and time spent waiting for a core) are
 * left out. The whole process's CPU (every thread: hashes, GC helpers, libuv) is printed
 * beside it for scale.
 *
 *   node --import tsx bench/src/main-thread.ts
 *
 * Knobs: COST_TARGETS (sqlite,postgres), COST_OPS (600 measured operations of each kind),
 * COST_WARMUP (150), COST_IN_FLIGHT (8), COST_USERS (2000 seeded users to sign in),
 * COST_ROUNDS (2: each kind measured this many times, alternately), COST_KINDS (sign-up,sign-in),
 * COST_BUNDLES (label=path,…: builds of the server measured in turn, each on its own database,
 * e.g. "before=/tmp/main-before.mjs,after=packages/server/dist/main.mjs"), COST_CONFIG (JSON merged into the server's config), BENCH_NODE_ARGS (extra flags for the
 * server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"), BENCH_POSTGRES_URL. Linux only (/proc).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchDatabase, createPostgresDatabase } from './databases.ts';
import { BENCH_PASSWORD, seed } from './seed.ts';
import { type RunningServer, startLatch } from './server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TARGETS = (process.env.COST_TARGETS ?? 'sqlite,postgres').split(',').map((t) => t.trim());
const OPS = Number(process.env.COST_OPS ?? 600);
const WARMUP = Number(process.env.COST_WARMUP ?? 150);
const IN_FLIGHT = Number(process.env.COST_IN_FLIGHT ?? 8);
const USERS = Number(process.env.COST_USERS ?? 2000);
const ROUNDS = Number(process.env.COST_ROUNDS ?? 2);
const THREADS = process.env.COST_THREADS === '1';
const KINDS = (process.env.COST_KINDS ?? 'sign-up,sign-in').split(',').map((k) => k.trim());
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECRET = 'bench-secret-that-is-long-enough-0123456789abcdef';
/** COST_BUNDLES: label=path,… to compare builds side by side; the current build alone by default. */
const BUNDLES: [string, string | undefined][] = process.env.COST_BUNDLES
  ? process.env.COST_BUNDLES.split(',').map((pair) => {
      const [label = '', path = ''] = pair.split('=');
      return [label, path];
    })
  : [['this build', undefined]];
const CONFIG = JSON.parse(process.env.COST_CONFIG ?? '{}') as Record<string, unknown>;
const log = (m: string) => process.stderr.write(`${m}\n`);

/** Nanoseconds thread `tid` of `pid` has run on a core. */
function threadNs(pid: number, tid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
}

/** Clock ticks (utime + stime) of the whole process, every thread. */
function processTicks(pid: number): number {
  // the command name is in parentheses and may hold spaces: count fields after the last ')'
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** The whole machine's clock ticks from /proc/stat: busy (every kind but idle and iowait) and the kernel's share. */
function machineTicks(): { busy: number; kernel: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { busy: user + nice + system + irq + softirq + steal, kernel: system + irq + softirq };
}

/**
 * Clock ticks of every PostgreSQL process on this machine (its backends, WAL writer,
 * checkpointer…), by process: a backend that ends (a pool's idle connection closing) takes
 * its ticks with it, so a difference is taken per process (postgresSince).
 */
function postgresTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended between the listing and the read
    }
  }
  return ticks;
}

/** Ticks PostgreSQL's processes ran since `before`, counting the processes alive now. */
function postgresSince(before: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, now] of postgresTicks()) ticks += now - (before.get(pid) ?? 0);
  return ticks;
}

async function inFlight(count: number, op: (n: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) await op(next++);
    }),
  );
}

/** Nanoseconds on a core of every thread of `pid`, by name and id. */
function threadsByName(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name =
        Number(tid) === pid ? 'main' : `${readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()}:${tid}`;
      byName.set(name, (byName.get(name) ?? 0) + threadNs(pid, Number(tid)));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return byName;
}

interface Measure {
  /** Milliseconds per operation of the server's busiest threads (COST_THREADS=1). */
  threads?: string;
  mainMs: number;
  processMs: number;
  /** The whole machine's busy CPU per operation, and the kernel's part of it. */
  machineMs: number;
  kernelMs: number;
  /** Every PostgreSQL process together, per operation. */
  postgresMs: number;
  /** This harness (the load generator), per operation. */
  clientMs: number;
  perSecond: number;
}

async function measure(server: RunningServer, count: number, op: (n: number) => Promise<void>): Promise<Measure> {
  const threads0 = THREADS ? threadsByName(server.pid) : null;
  const main0 = threadNs(server.pid, server.pid);
  const proc0 = processTicks(server.pid);
  const machine0 = machineTicks();
  const postgres0 = postgresTicks();
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  await inFlight(count, op);
  const seconds = (performance.now() - t0) / 1000;
  const threads = threads0
    ? [...threadsByName(server.pid)]
        .map(([name, ns]) => [name, (ns - (threads0.get(name) ?? 0)) / 1e6 / count] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
        .join(', ')
    : undefined;
  const machine = machineTicks();
  const client = process.cpuUsage(client0);
  return {
    ...(threads && { threads }),
    machineMs: ((machine.busy - machine0.busy) * TICK_MS) / count,
    kernelMs: ((machine.kernel - machine0.kernel) * TICK_MS) / count,
    postgresMs: (postgresSince(postgres0) * TICK_MS) / count,
    clientMs: (client.user + client.system) / 1000 / count,
    mainMs: (threadNs(server.pid, server.pid) - main0) / 1e6 / count,
    processMs: ((processTicks(server.pid) - proc0) * TICK_MS) / count,
    perSecond: count / seconds,
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

/** A POST as a non-browser client sends it (no Origin, no Sec-Fetch-*), as autocannon does in the bench. */
function post(url: string, body: unknown): Promise<void> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${String(res.statusCode)}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function postgresDatabase(name: string): Promise<BenchDatabase> {
  return createPostgresDatabase(POSTGRES, name);
}

const fmt = (m: Measure) =>
  `main ${m.mainMs.toFixed(2)} ms/op, process ${m.processMs.toFixed(1)} ms/op, ${m.perSecond.toFixed(0)}/s; machine ${m.machineMs.toFixed(1)} ms/op (kernel ${m.kernelMs.toFixed(1)}), postgres ${m.postgresMs.toFixed(2)}, client ${m.clientMs.toFixed(2)}${m.threads ? `\n    by thread (ms/op): ${m.threads}` : ''}`;

async function main(): Promise<void> {
  const { buildServer, serverBundleIsFresh } = (await import(join(root, 'scripts/build-server.mjs'))) as {
    buildServer(): Promise<void>;
    serverBundleIsFresh(): boolean;
  };
  if (!serverBundleIsFresh()) await buildServer();
  const work = mkdtempSync(join(tmpdir(), 'latch-cost-'));
  log(`load average at start: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  try {
    for (const target of TARGETS) {
      // one server per build, each on a database of its own, measured in turn
      const servers: {
        label: string;
        server: RunningServer;
        drop(): Promise<void>;
        signUps: number;
        signIns: number;
      }[] = [];
      try {
        for (const [label, bundle] of BUNDLES) {
          const db =
            target === 'postgres'
              ? await postgresDatabase(`latch_cost_${process.pid}_${servers.length}`)
              : { url: `sqlite:${join(work, `cost-${servers.length}.db`)}`, drop: async () => {} };
          await seed(db.url, USERS, 1, SECRET);
          const server = await startLatch({
            root,
            workDir: work,
            name: `cost-${target}-${servers.length}`,
            databaseURL: db.url,
            secret: SECRET,
            config: CONFIG,
            ...(bundle && { bundle }),
          });
          servers.push({ label, server, drop: db.drop, signUps: 0, signIns: 0 });
        }
        const ops = (s: (typeof servers)[number]) =>
          [
            [
              'sign-up',
              () =>
                post(`${s.server.url}/api/auth/sign-up/email`, {
                  name: 'New',
                  email: `new-${process.pid}-${s.signUps++}@bench.test`,
                  password: BENCH_PASSWORD,
                }),
            ],
            [
              'sign-in',
              () =>
                post(`${s.server.url}/api/auth/sign-in/email`, {
                  email: `user${(s.signIns++ % USERS) + 1}@bench.test`,
                  password: BENCH_PASSWORD,
                }),
            ],
          ] as const;
        for (const s of servers) for (const [kind, op] of ops(s)) if (KINDS.includes(kind)) await inFlight(WARMUP, op);
        for (let round = 1; round <= ROUNDS; round++) {
          for (const kind of KINDS) {
            for (const s of servers) {
              const op = ops(s).find(([k]) => k === kind)?.[1];
              if (!op) continue;
              log(`${target} ${kind} ${s.label} #${round}: ${fmt(await measure(s.server, OPS, op))}`);
            }
          }
        }
      } finally {
        for (const s of servers) {
          await s.server.stop();
          await s.drop();
        }
      }
    }
  } finally {
    log(`load average at end: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
