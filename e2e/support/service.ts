/**
 * Starts Latch the way an operator does (RUNNING.md): `packages/server/src/main.ts` as a child
 * process, configured only through environment variables and an AUTH_CONFIG file, on a free port,
 * with a temporary SQLite database and data directory. Nothing is shared with the developer's
 * ./data or with other journeys.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

export interface LatchService {
  /** `http://127.0.0.1:<port>` (or `localhost`, see `hostname`): BASE_URL, the origin the browser uses. */
  baseURL: string;
  port: number;
  /** Everything the service printed so far (for failure messages). */
  output(): string;
  /**
   * The SQLite file the service uses, for what an operator does by hand in the database: making the
   * first admin with `UPDATE "user" SET role = 'admin'` (the other way, `adminUserIds`, needs the
   * id before the service starts).
   */
  databaseFile: string;
  /** The process id (the cluster test kills instances). */
  pid: number;
  stop(): Promise<void>;
  /** SIGKILL, as a crash or an OOM kill ends it: no shutdown, nothing given up. Resolves once it exited. */
  kill(): Promise<void>;
}

export interface StartLatchOptions {
  /** The AUTH_CONFIG document (RUNNING.md "The configuration file"). */
  config: Record<string, unknown>;
  smtpURL: string;
  /** Use this port (already reserved by the caller, e.g. because an OAuth provider must know it). */
  port?: number;
  /**
   * The host name of BASE_URL (the service listens on 127.0.0.1 either way). `localhost` for
   * passkeys: WebAuthn binds them to a domain, and an IP address is not one.
   */
  hostname?: '127.0.0.1' | 'localhost';
  startTimeoutMs?: number;
  /** Another database than the temporary SQLite file (several instances share one PostgreSQL). */
  databaseURL?: string;
  /** BASE_URL, when it is not this instance's own address (instances behind a proxy share the proxy's). */
  baseURL?: string;
  /** AUTH_SECRET (instances of one cluster share it); a random one when not given. */
  secret?: string;
  /** More environment variables, e.g. REDIS_URL. */
  env?: Record<string, string>;
}

/** A port nobody listens on right now (the kernel's pick for port 0). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/**
 * Starts Latch on a free port. A port found free can be taken by another test process before
 * Latch listens on it (EADDRINUSE): then, when the port was ours to choose, another is tried.
 */
export async function startLatch(options: StartLatchOptions): Promise<LatchService> {
  const choosesPort = options.port === undefined && options.baseURL === undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startLatchOnce(options);
    } catch (err) {
      if (!choosesPort || !portWasTaken(err) || attempt >= 3) throw err;
    }
  }
}

/** Runs `start` on a free port, again on another when Latch finds it taken (at most three tries). */
export async function withFreshPort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await findFreePort());
    } catch (err) {
      if (!portWasTaken(err) || attempt >= 3) throw err;
    }
  }
}

/** Latch could not listen because another process took the port found free for it. */
export function portWasTaken(err: unknown): boolean {
  return err instanceof Error && err.message.includes('EADDRINUSE');
}

async function startLatchOnce(options: StartLatchOptions): Promise<LatchService> {
  const port = options.port ?? (await findFreePort());
  const baseURL = options.baseURL ?? `http://${options.hostname ?? '127.0.0.1'}:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'latch-e2e-'));
  const configPath = join(dir, 'latch.config.json');
  const databaseFile = join(dir, 'latch.db');
  writeFileSync(configPath, JSON.stringify(options.config, null, 2));

  // The service runs as in development (no NODE_ENV=test from vitest): what a person trying it gets.
  const { NODE_ENV: _nodeEnv, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATABASE_URL: options.databaseURL ?? `sqlite:${databaseFile}`,
      AUTH_SECRET: options.secret ?? randomBytes(32).toString('base64url'),
      SMTP_URL: options.smtpURL,
      MAIL_FROM: 'Latch E2E <no-reply@latch.test>',
      AUTH_CONFIG: configPath,
      LATCH_DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'info',
      FORCE_COLOR: '0',
      ...options.env,
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exit = exited(child);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exit;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exit;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  // Ready when GET /api/auth/ok answers (RUNNING.md "Health"); fail at once if the process exits.
  const deadline = Date.now() + (options.startTimeoutMs ?? 45_000);
  let died: number | null | undefined;
  void exit.then((code) => {
    died = code;
  });
  for (;;) {
    if (died !== undefined) {
      await stop();
      throw new Error(`Latch exited with code ${died} before it was ready:\n${output}`);
    }
    try {
      // the address it listens on: `localhost` may resolve to ::1 first
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/ok`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Latch did not answer /api/auth/ok within the start timeout:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseURL, port, output: () => output, databaseFile, pid: child.pid ?? 0, stop, kill };
}
