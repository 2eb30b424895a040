/**
 * The limits of this machine, measured in the same run: a bare node:http server answering
 * a fixed JSON body (the ceiling for any Node endpoint), and the throughput of the
 * password hash on every core (the ceiling for sign-in).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { freePort } from './server.ts';

/** A bare server in its own process, as Latch runs in its own process. */
export async function startBareServer(root: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'bench/src/bare-server.mjs'), String(port)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Latch's parameters (packages/server/src/core/crypto/password.ts): Argon2id, 19 MiB, t=2, p=1. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password verifications per second with every core busy: the library itself on libuv's
 * pool, twice as many in flight as cores, with nothing else to do. Latch's own pool
 * (hash-pool.ts) is not used, so the ceiling does not depend on it.
 */
export async function measureHashCeiling(seconds: number): Promise<{ perSecond: number; concurrency: number }> {
  const hash = await argon2Hash('Bench-Password-123', ARGON2);
  const concurrency = Math.max(2, availableParallelism() * 2);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  // warm-up
  await Promise.all(Array.from({ length: concurrency }, () => argon2Verify(hash, 'Bench-Password-123')));
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await argon2Verify(hash, 'Bench-Password-123');
        done++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), concurrency };
}
