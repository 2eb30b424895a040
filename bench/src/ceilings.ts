/**
 * The limits of this machine, measured in the same run: a bare node:http server answering
 * a fixed JSON body (the ceiling for any Node endpoint), and the throughput of the
 * password hash on every core (the ceiling for sign-in).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { hashPassword, verifyPassword } from '../../packages/server/src/core/crypto/password.ts';
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

/** Password verifications per second with every core busy (libuv's pool runs them). */
export async function measureHashCeiling(seconds: number): Promise<{ perSecond: number; concurrency: number }> {
  const hash = await hashPassword('Bench-Password-123');
  const concurrency = Math.max(2, availableParallelism() * 2);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  // warm-up
  await Promise.all(Array.from({ length: concurrency }, () => verifyPassword(hash, 'Bench-Password-123')));
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await verifyPassword(hash, 'Bench-Password-123');
        done++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), concurrency };
}
