/**
 * How fast can this machine hash, measured several ways in one run, interleaved so that
 * whatever else shares the machine weighs on every method alike (docs/performance.md,
 * "The hash ceiling"):
 *
 * - `libuv ×N`: the bench's ceiling (ceilings.ts), @node-rs/argon2's async verify on
 *   libuv's pool (4 threads by default), N in flight;
 * - `pool T@nice`: the service's own pool (core/crypto/hash-pool.ts) with T threads at that
 *   nice value, with twice as many verifications in flight as threads, as under load.
 *
 *   node --import tsx bench/src/hash-ceilings.ts
 *
 * Knobs: HASH_SECONDS (5 per method and round), HASH_ROUNDS (3), HASH_METHODS (a
 * comma-separated subset of the labels below).
 */
import { availableParallelism, loadavg } from 'node:os';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { createHashPool } from '../../packages/server/src/core/crypto/hash-pool.ts';

const SECONDS = Number(process.env.HASH_SECONDS ?? 5);
const ROUNDS = Number(process.env.HASH_ROUNDS ?? 3);
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const PASSWORD = 'Bench-Password-123';
const cores = availableParallelism();

interface Figures {
  perSecond: number;
  /** CPU time of the whole process per verification (every thread): what a hash costs, whoever else wants the cores. */
  cpuMs: number;
}

async function loop(inFlight: number, verify: () => Promise<boolean>): Promise<Figures> {
  // warm-up: one round of every slot
  await Promise.all(Array.from({ length: inFlight }, verify));
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        if (!(await verify())) throw new Error('a right password did not verify');
        done++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { perSecond: done / ((performance.now() - started) / 1000), cpuMs: (used.user + used.system) / 1000 / done };
}

async function main(): Promise<void> {
  const hash = await argon2Hash(PASSWORD, ARGON2);
  const viaLibuv = (inFlight: number) => () => loop(inFlight, () => argon2Verify(hash, PASSWORD));
  const viaPool = (threads: number, nice: number) => async () => {
    const pool = createHashPool(threads, nice);
    try {
      return await loop(threads * 2, () => pool.verify(hash, PASSWORD));
    } finally {
      await pool.close();
    }
  };
  const all: [string, () => Promise<Figures>][] = [
    [`libuv ×${cores * 2} (the bench's ceiling)`, viaLibuv(cores * 2)],
    [`libuv ×${cores}`, viaLibuv(cores)],
    [`pool ${cores}@nice10 (the service's default)`, viaPool(cores, 10)],
    [`pool ${cores}@nice0`, viaPool(cores, 0)],
    [`pool ${cores * 2}@nice10`, viaPool(cores * 2, 10)],
  ];
  const only = (process.env.HASH_METHODS ?? '').split(',').filter(Boolean);
  const methods = only.length ? all.filter(([label]) => only.some((o) => label.startsWith(o))) : all;
  const results = new Map<string, Figures[]>(methods.map(([label]) => [label, []]));
  process.stderr.write(`${cores} cores, ${SECONDS} s per method, ${ROUNDS} rounds\n`);
  for (let round = 1; round <= ROUNDS; round++) {
    // a different order each round, so no method always follows the same one
    const order = round % 2 ? methods : [...methods].reverse();
    for (const [label, run] of order) {
      const load = loadavg()[0]?.toFixed(2);
      const figures = await run();
      results.get(label)?.push(figures);
      process.stderr.write(
        `round ${round}  ${label.padEnd(42)} ${figures.perSecond.toFixed(1)}/s  ${figures.cpuMs.toFixed(2)} ms CPU per hash  (load ${load})\n`,
      );
    }
  }
  process.stderr.write(`\nmedian of the rounds, and what ${cores} idle cores would do at that CPU per hash:\n`);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  for (const [label, values] of results) {
    const perSecond = median(values.map((v) => v.perSecond));
    const cpuMs = median(values.map((v) => v.cpuMs));
    const idle = (cores * 1000) / cpuMs;
    process.stderr.write(
      `  ${label.padEnd(42)} ${perSecond.toFixed(1)}/s  ${cpuMs.toFixed(2)} ms CPU per hash → ${idle.toFixed(0)}/s\n`,
    );
  }
}

await main();
