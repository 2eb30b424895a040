/**
 * The production shape: two Latch instances sharing one PostgreSQL and one Redis behind a
 * round-robin proxy (proxy.ts), under the session-check load, with the staleness between
 * the instances measured in the same run (staleness.ts, in a process of its own).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { startBareServer } from './ceilings.ts';
import { type LoadFigures, runLoad } from './load.ts';
import { freePort, type RunningServer, startLatch } from './server.ts';
import type { StalenessInput, StalenessOutput } from './staleness.ts';

type Diagnostics = Awaited<ReturnType<RunningServer['stop']>>;

/** A TypeScript file of the bench in a process of its own, with an IPC channel. */
function spawnTs(root: string, file: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/src', file), ...args], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** Resolves with the child's first IPC message, or rejects when it exits first. */
function firstMessage(child: ChildProcess, what: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${what} exited (${code}) before answering`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function startProxy(root: string, upstreams: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawnTs(root, 'proxy.ts', [String(port), ...upstreams]);
  await firstMessage(child, 'the proxy');
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/** The ceiling of the proxied shape: two bare node:http servers behind the same proxy. */
export async function proxiedCeiling(
  root: string,
  connections: number,
  seconds: number,
  warmup: number,
): Promise<LoadFigures> {
  const servers = [await startBareServer(root), await startBareServer(root)];
  const proxy = await startProxy(
    root,
    servers.map((s) => s.url),
  );
  try {
    return await runLoad({ url: proxy.url, connections }, seconds, warmup);
  } finally {
    await proxy.stop();
    for (const s of servers) await s.stop();
  }
}

export interface ClusterOptions {
  root: string;
  workDir: string;
  databaseURL: string;
  redisURL: string;
  secret: string;
  config: Record<string, unknown>;
  /** The Cookie header the load sends. */
  loadCookie: string;
  /** The Cookie header of the session whose person the staleness prober renames. */
  probeCookie: string;
  connections: number;
  seconds: number;
  warmup: number;
  samples: number;
}

export interface ClusterResult {
  load: LoadFigures;
  staleness: StalenessOutput;
  /** One per instance. */
  diagnostics: Diagnostics[];
}

function isStalenessAnswer(m: unknown): m is { output: StalenessOutput } | { error: string } {
  return typeof m === 'object' && m !== null && ('output' in m || 'error' in m);
}

export async function clusterScenario(opts: ClusterOptions): Promise<ClusterResult> {
  const instances: RunningServer[] = [];
  const children: ChildProcess[] = [];
  let proxy: { url: string; stop(): Promise<void> } | null = null;
  try {
    for (const name of ['cluster-a', 'cluster-b']) {
      instances.push(
        await startLatch({
          root: opts.root,
          workDir: opts.workDir,
          name,
          databaseURL: opts.databaseURL,
          secret: opts.secret,
          config: opts.config,
          redisURL: opts.redisURL,
        }),
      );
    }
    const [a, b] = instances;
    if (!a || !b) throw new Error('two instances did not start');
    proxy = await startProxy(
      opts.root,
      instances.map((i) => i.url),
    );
    for (const url of [a.url, b.url, proxy.url]) {
      const probe = await fetch(`${url}/api/auth/get-session`, { headers: { cookie: opts.loadCookie } });
      if (!probe.ok || (await probe.json()) === null)
        throw new Error(`cluster: the seeded session is not valid on ${url}`);
    }
    const input: StalenessInput = {
      a: a.url,
      b: b.url,
      cookie: opts.probeCookie,
      samples: opts.samples,
      // the prober stops a little before the load does, so that every sample is taken under load
      durationMs: Math.max(0, opts.seconds * 1000 - 250),
    };
    const prober = spawnTs(opts.root, 'staleness.ts', [JSON.stringify(input)]);
    children.push(prober);
    await firstMessage(prober, 'the staleness prober');
    const answer = firstMessage(prober, 'the staleness prober');
    const load = await runLoad(
      {
        url: `${proxy.url}/api/auth/get-session`,
        connections: opts.connections,
        headers: { cookie: opts.loadCookie },
      },
      opts.seconds,
      opts.warmup,
      () => {
        for (const i of instances) i.resetDiagnostics();
        prober.send('start');
      },
    );
    const message = await answer;
    if (!isStalenessAnswer(message)) throw new Error('the staleness prober answered nonsense');
    if ('error' in message) throw new Error(`the staleness prober failed: ${message.error}`);
    const diagnostics: Diagnostics[] = [];
    await proxy.stop();
    proxy = null;
    for (const instance of instances.splice(0)) diagnostics.push(await instance.stop());
    return { load, staleness: message.output, diagnostics };
  } finally {
    for (const child of children) await stopChild(child);
    await proxy?.stop();
    for (const i of instances) await i.stop();
  }
}
