/**
 * Leases of the shared budget over a real Redis (docs/decisions/rate-limit-leases.md):
 * several limiters, each with its own connection as separate instances would have, never
 * allow more than `max` in a window in total, and a rule with a large `max` costs one round
 * trip per lease instead of one per request. Round trips are counted with MONITOR, on the
 * test's own keys (other tests may share this Redis).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis, redisAvailable as probeRedis, randomIPv4 } from '../../../test/databases.ts';
import { ManualClock } from '../../clock.ts';
import type { RateLimitRule, ResolvedConfig } from '../../config/resolve.ts';
import type { Database } from '../../db/schema.ts';
import { createMemoryLogger, type Logger } from '../../logger.ts';
import { createRateLimiter, type RateLimiter } from './index.ts';
import { accountDigest, storeKey } from './keys.ts';
import { REDIS_KEY_PREFIX } from './redis-store.ts';

const redisAvailable = await probeRedis();

// the Redis store never touches the database
const noDb = {} as Kysely<Database>;

const config = (customRules: Record<string, RateLimitRule>): ResolvedConfig['rateLimit'] => ({
  enabled: true,
  window: 10,
  max: 100,
  customRules,
  storage: 'redis',
});

const redisKey = (ip: string, path: string) => `${REDIS_KEY_PREFIX}:${storeKey(`ip|${ip}|${path}`)}`;

/** A deterministic stream of numbers in [0, 1) from a seed (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.skipIf(!redisAvailable)('rate-limit leases over Redis', () => {
  const connections: Redis[] = [];
  const open: RateLimiter[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) connections.push(await openRedis());
  });

  afterAll(async () => {
    await Promise.all(open.map((l) => l.close()));
    await Promise.all(connections.map((c) => c.quit()));
  });

  /** One limiter per connection: separate instances of the service sharing one Redis. */
  function instances(count: number, rules: Record<string, RateLimitRule>, logger?: Logger): RateLimiter[] {
    return connections.slice(0, count).map((redis) => {
      const limiter = createRateLimiter(config(rules), { db: noDb, redis, clock: new ManualClock(), logger });
      open.push(limiter);
      return limiter;
    });
  }

  /**
   * The Lua evaluations Redis runs on `key` from now on (EVALSHA, and EVAL when the script
   * was not cached), each a round trip of some instance.
   */
  async function watch(key: string): Promise<{ evaluations(): Promise<number>; stop(): void }> {
    const monitor = await (connections[0] as Redis).monitor();
    const marker = `${key}:marker`;
    let evaluations = 0;
    let markers = 0;
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[1] === marker) markers += 1;
      else if (args.includes(key) && /^eval(sha)?$/i.test(args[0] ?? '')) evaluations += 1;
    });
    return {
      // MONITOR reports in order: once a marker command is seen, everything before it was
      async evaluations() {
        const expected = markers + 1;
        await (connections[1] as Redis).get(marker);
        for (let i = 0; i < 200 && markers < expected; i++) await sleep(10);
        expect(markers).toBe(expected);
        return evaluations;
      },
      stop: () => monitor.disconnect(),
    };
  }

  it('never lets the instances together allow more than max in a window, and allows exactly max once all are spent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(1, 3, 100, 199, 200, 201, 1000, 2500), fc.integer({ min: 1, max: 3000 })),
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer(),
        async (max, count, batch, extra, seed) => {
          const path = '/leased';
          const limiters = instances(count, { [path]: { window: 60, max } });
          const ip = randomIPv4();
          const next = random(seed);
          // a burst of max + extra requests, `batch` at a time, each to a random instance
          let allowed = 0;
          for (let sent = 0; sent < max + extra; sent += batch) {
            const size = Math.min(batch, max + extra - sent);
            const results = await Promise.all(
              Array.from({ length: size }, () =>
                (limiters[Math.floor(next() * count)] as RateLimiter).checkRequest({ ip, path }),
              ),
            );
            allowed += results.filter((r) => r.allowed).length;
          }
          expect(allowed).toBeLessThanOrEqual(max);
          expect(Number(await (connections[0] as Redis).get(redisKey(ip, path)))).toBeLessThanOrEqual(max);
          // then every instance until it refuses: by then no instance holds an unspent point
          for (const limiter of limiters) {
            for (let i = 0; i <= max; i++) {
              const decision = await limiter.checkRequest({ ip, path });
              if (!decision.allowed) {
                expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(1);
                expect(decision.retryAfterSeconds).toBeLessThanOrEqual(60);
                break;
              }
              allowed += 1;
            }
          }
          expect(allowed).toBe(max);
          expect(await (connections[0] as Redis).get(redisKey(ip, path))).toBe(String(max));
          await Promise.all(limiters.map((l) => l.close()));
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('counts every request in Redis below max 200, and a lease of max/100 above it', async () => {
    const [a] = instances(1, { '/exact': { window: 60, max: 199 }, '/leased': { window: 60, max: 1000 } });
    const limiter = a as RateLimiter;
    const ip = randomIPv4();
    const redis = connections[0] as Redis;
    for (let i = 1; i <= 3; i++) {
      expect(await limiter.checkRequest({ ip, path: '/exact' })).toMatchObject({ allowed: true, remaining: 199 - i });
      expect(await redis.get(redisKey(ip, '/exact'))).toBe(String(i));
    }
    // the first request reserves 10 points; the next nine spend them here
    for (let i = 1; i <= 10; i++) {
      expect(await limiter.checkRequest({ ip, path: '/leased' })).toMatchObject({ allowed: true, remaining: 1000 - i });
      expect(await redis.get(redisKey(ip, '/leased'))).toBe('10');
    }
    expect((await limiter.checkRequest({ ip, path: '/leased' })).allowed).toBe(true);
    expect(await redis.get(redisKey(ip, '/leased'))).toBe('20');
  });

  it('counts per-account attempts in Redis one by one', async () => {
    const [a] = instances(1, { '/sign-in/email': { window: 60, max: 100_000 } });
    const account = `lease-${randomIPv4()}@example.com`;
    const limiter = a as RateLimiter;
    // the per-IP rule of this path leases (max 100,000); its per-account rule never does
    for (let i = 0; i < 5; i++)
      expect((await limiter.checkAccount({ path: '/sign-in/email', account })).allowed).toBe(true);
    expect(await limiter.checkAccount({ path: '/sign-in/email', account })).toMatchObject({
      allowed: false,
      remaining: 0,
    });
    const key = `${REDIS_KEY_PREFIX}:${storeKey(`acct|sign-in|${accountDigest(account)}`)}`;
    expect(await (connections[0] as Redis).get(key)).toBe('5');
  });

  it('makes concurrent requests on one instance share one lease request', async () => {
    const path = '/busy';
    const [a, b] = instances(2, { [path]: { window: 60, max: 100_000 }, '/small-lease': { window: 60, max: 1000 } });
    // the script is cached in Redis after its first use: warm it on another key
    await (a as RateLimiter).checkRequest({ ip: randomIPv4(), path });
    const ip = randomIPv4();
    const watched = await watch(redisKey(ip, path));
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, () => (a as RateLimiter).checkRequest({ ip, path })),
      );
      expect(results.every((r) => r.allowed)).toBe(true);
      expect(await watched.evaluations()).toBe(1);
      // the other instance takes a lease of its own, and then spends it without Redis too
      await Promise.all(Array.from({ length: 50 }, () => (b as RateLimiter).checkRequest({ ip, path })));
      await Promise.all(Array.from({ length: 50 }, () => (a as RateLimiter).checkRequest({ ip, path })));
      expect(await watched.evaluations()).toBe(2);
      // b's requests saw a's lease in the shared count
      expect(await (b as RateLimiter).checkRequest({ ip, path })).toMatchObject({
        allowed: true,
        remaining: 100_000 - 1000 - 51,
      });
    } finally {
      watched.stop();
    }

    // with a lease of 10, fifty concurrent requests make five lease requests, not fifty
    const small = await watch(redisKey(ip, '/small-lease'));
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, () => (a as RateLimiter).checkRequest({ ip, path: '/small-lease' })),
      );
      expect(results.every((r) => r.allowed)).toBe(true);
      expect(await small.evaluations()).toBe(5);
    } finally {
      small.stop();
    }
  });

  it('remembers a spent budget until the window ends: no round trip, and the right retry-after', async () => {
    const path = '/spent';
    const [a] = instances(1, { [path]: { window: 3, max: 200 } });
    const limiter = a as RateLimiter;
    const ip = randomIPv4();
    const watched = await watch(redisKey(ip, path));
    try {
      for (let i = 0; i < 200; i++) expect((await limiter.checkRequest({ ip, path })).allowed).toBe(true);
      // 100 leases of 2, and one more asked for in vain
      expect(await limiter.checkRequest({ ip, path })).toMatchObject({ allowed: false, remaining: 0 });
      expect(await watched.evaluations()).toBe(101);
      const flood = await Promise.all(Array.from({ length: 100 }, () => limiter.checkRequest({ ip, path })));
      expect(flood.every((r) => !r.allowed && r.retryAfterSeconds >= 1 && r.retryAfterSeconds <= 3)).toBe(true);
      expect(await watched.evaluations()).toBe(101);
      expect(await (connections[0] as Redis).get(redisKey(ip, path))).toBe('200');
      // the window ends: the next request asks Redis again and opens a new one
      await sleep(3100);
      expect(await limiter.checkRequest({ ip, path })).toMatchObject({ allowed: true, remaining: 199 });
      expect(await watched.evaluations()).toBe(102);
      expect(await (connections[0] as Redis).get(redisKey(ip, path))).toBe('2');
    } finally {
      watched.stop();
    }
  });

  it('does not spend a lease after its window ended', async () => {
    const path = '/short';
    const [a] = instances(1, { [path]: { window: 2, max: 1000 } });
    const limiter = a as RateLimiter;
    const ip = randomIPv4();
    const redis = connections[0] as Redis;
    for (let i = 0; i < 3; i++) expect((await limiter.checkRequest({ ip, path })).allowed).toBe(true);
    expect(await redis.get(redisKey(ip, path))).toBe('10');
    await sleep(2100);
    // seven points of the old lease are left; the window they belong to is over, so Redis gives a new lease
    expect(await redis.get(redisKey(ip, path))).toBeNull();
    expect(await limiter.checkRequest({ ip, path })).toMatchObject({ allowed: true, remaining: 999 });
    expect(await redis.get(redisKey(ip, path))).toBe('10');
    expect(await redis.pttl(redisKey(ip, path))).toBeGreaterThan(1000);
  });

  it('remembers leases for a bounded number of keys, dropping the oldest (whose points are then lost)', async () => {
    const path = '/bounded';
    const limiter = createRateLimiter(config({ [path]: { window: 60, max: 1000 } }), {
      db: noDb,
      redis: connections[0] as Redis,
      clock: new ManualClock(),
      memoryMaxKeys: 2,
    });
    open.push(limiter);
    const redis = connections[0] as Redis;
    const [first, second, third] = [randomIPv4(), randomIPv4(), randomIPv4()];
    for (const ip of [first, second]) expect((await limiter.checkRequest({ ip, path })).allowed).toBe(true);
    expect((await limiter.checkRequest({ ip: first, path })).allowed).toBe(true);
    expect(await redis.get(redisKey(first, path))).toBe('10');
    // a third key pushes the oldest lease out; the first address then needs a new one
    expect((await limiter.checkRequest({ ip: third, path })).allowed).toBe(true);
    expect((await limiter.checkRequest({ ip: first, path })).allowed).toBe(true);
    expect(await redis.get(redisKey(first, path))).toBe('20');
  });

  it('spends a lease it holds when Redis goes away, then counts in memory and says so', async () => {
    const path = '/outage';
    const redis = await openRedis();
    const logger = createMemoryLogger();
    const limiter = createRateLimiter(config({ [path]: { window: 60, max: 1000 } }), {
      db: noDb,
      redis,
      clock: new ManualClock(),
      logger,
    });
    try {
      const ip = randomIPv4();
      expect((await limiter.checkRequest({ ip, path })).allowed).toBe(true);
      redis.disconnect();
      // nine leased points left: spent without Redis and without a complaint
      for (let i = 0; i < 9; i++) expect((await limiter.checkRequest({ ip, path })).allowed).toBe(true);
      expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
      // the lease is spent and Redis cannot give another: memory counts meanwhile
      expect(await limiter.checkRequest({ ip, path })).toMatchObject({ allowed: true, remaining: 999 });
      expect(logger.lines.some((l) => l.level === 'error' && l.line.includes('redis store failed'))).toBe(true);
    } finally {
      await limiter.close();
      redis.disconnect();
    }
  });
});
