/** Starts Latch as an operator does (RUNNING.md): `node main.ts` with env vars and a config file. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The host every server of the bench listens on and names in BASE_URL (a passkey's relying party id). */
export const BENCH_HOST = '127.0.0.1';

export interface RunningServer {
  url: string;
  pid: number;
  /** SIGUSR2: the server starts a fresh event-loop measurement. */
  resetDiagnostics(): void;
  stop(): Promise<{
    eventLoopDelayMaxMs: number;
    eventLoopDelayP99Ms: number;
    maxRssBytes: number;
    rssBytes: number;
  } | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, BENCH_HOST, () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function startLatch(opts: {
  root: string;
  workDir: string;
  name: string;
  databaseURL: string;
  secret: string;
  config: Record<string, unknown>;
  redisURL?: string;
  /** Another build of the server to start in place of packages/server/dist/main.mjs (to compare two builds). */
  bundle?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const configPath = join(opts.workDir, `${opts.name}.config.json`);
  const diagnosticsPath = join(opts.workDir, `${opts.name}.diagnostics.json`);
  writeFileSync(configPath, JSON.stringify({ rateLimit: { enabled: false }, ...opts.config }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: BENCH_HOST,
    BASE_URL: `http://${BENCH_HOST}:${port}`,
    DATABASE_URL: opts.databaseURL,
    AUTH_SECRET: opts.secret,
    AUTH_CONFIG: configPath,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    LATCH_DIAGNOSTICS_FILE: diagnosticsPath,
    LATCH_DATA_DIR: opts.workDir,
  };
  if (opts.redisURL) env.REDIS_URL = opts.redisURL;
  else delete env.REDIS_URL;
  // the bundle npm start runs (scripts/build-server.mjs), built by run.ts before the first scenario
  // the flags npm start uses, and BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  const { SERVER_NODE_FLAGS } = (await import(join(opts.root, 'scripts/build-server.mjs'))) as {
    SERVER_NODE_FLAGS: string[];
  };
  const nodeArgs = [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, opts.bundle ?? join(opts.root, 'packages/server/dist/main.mjs')],
    {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const url = `http://${BENCH_HOST}:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Latch exited while starting: ${stderr.slice(-2000)}`);
    try {
      const res = await fetch(`${url}/api/auth/ok`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Latch did not start within 60 s: ${stderr.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid ?? 0,
    resetDiagnostics: () => child.kill('SIGUSR2'),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      return existsSync(diagnosticsPath) ? JSON.parse(readFileSync(diagnosticsPath, 'utf8')) : null;
    },
  };
}
