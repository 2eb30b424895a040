/**
 * The limiter over Redis. Redis expires keys in real time, so windows here are 1–2 s
 * and the tests wait them out; every test uses its own client addresses.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis, redisAvailable as probeRedis, randomIPv4 } from '../../../test/databases.ts';
import { ManualClock } from '../../clock.ts';
import type { ResolvedConfig } from '../../config/resolve.ts';
import type { Database } from '../../db/schema.ts';
import { createMemoryLogger } from '../../logger.ts';
import { createRateLimiter, type RateLimiter } from './index.ts';
import { storeKey } from './keys.ts';
import { REDIS_KEY_PREFIX } from './redis-store.ts';

const redisAvailable = await probeRedis();

const config = (over: Partial<ResolvedConfig['rateLimit']> = {}): ResolvedConfig['rateLimit'] => ({
  enabled: true,
  window: 10,
  max: 100,
  customRules: {
    '/one-second': { window: 1, max: 2 },
    '/two-seconds': { window: 2, max: 2 },
    '/burst': { window: 60, max: 7 },
  },
  storage: 'redis',
  ...over,
});

// the Redis store never touches the database
const noDb = {} as Kysely<Database>;

describe.skipIf(!redisAvailable)('redis store', () => {
  const clients: Redis[] = [];
  const limiters: RateLimiter[] = [];

  /** A limiter with a connection of its own, as a separate instance of the service would have. */
  async function instance(): Promise<{ limiter: RateLimiter; redis: Redis }> {
    const redis = await openRedis();
    clients.push(redis);
    const limiter = createRateLimiter(config(), { db: noDb, redis, clock: new ManualClock() });
    limiters.push(limiter);
    return { limiter, redis };
  }

  let a: { limiter: RateLimiter; redis: Redis };
  let b: { limiter: RateLimiter; redis: Redis };

  beforeAll(async () => {
    a = await instance();
    b = await instance();
  });

  afterAll(async () => {
    await Promise.all(limiters.map((l) => l.close()));
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('allows max, then refuses with the seconds left, then recovers after the window', async () => {
    const ip = randomIPv4();
    for (let i = 0; i < 3; i++) {
      expect(await a.limiter.checkRequest({ ip, path: '/api/auth/sign-in/email' })).toMatchObject({
        allowed: true,
        remaining: 2 - i,
      });
    }
    expect(await a.limiter.checkRequest({ ip, path: '/api/auth/sign-in/email' })).toEqual({
      allowed: false,
      retryAfterSeconds: 10,
      limit: 3,
      remaining: 0,
    });

    const path = '/api/auth/one-second';
    expect((await a.limiter.checkRequest({ ip, path })).allowed).toBe(true);
    expect((await a.limiter.checkRequest({ ip, path })).allowed).toBe(true);
    expect(await a.limiter.checkRequest({ ip, path })).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    await sleep(1100);
    expect(await a.limiter.checkRequest({ ip, path })).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('does not let refused requests extend the window or bump the stored count', async () => {
    const ip = randomIPv4();
    const path = '/two-seconds';
    expect((await a.limiter.checkRequest({ ip, path })).allowed).toBe(true);
    expect((await a.limiter.checkRequest({ ip, path })).allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect((await a.limiter.checkRequest({ ip, path })).allowed).toBe(false);
    expect(await a.redis.get(`${REDIS_KEY_PREFIX}:${storeKey(`ip|${ip}|${path}`)}`)).toBe('2');
    await sleep(1000);
    expect(await a.limiter.checkRequest({ ip, path })).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    await sleep(1100);
    // 2.1 s after the window opened: a refusal at 1 s that moved the window would still refuse here
    expect(await a.limiter.checkRequest({ ip, path })).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('two instances sharing one Redis agree', async () => {
    const ip = randomIPv4();
    const path = '/api/auth/sign-in/email';
    expect(await a.limiter.checkRequest({ ip, path })).toMatchObject({ allowed: true, remaining: 2 });
    expect(await a.limiter.checkRequest({ ip, path })).toMatchObject({ allowed: true, remaining: 1 });
    // the second instance sees the first one's count
    expect(await b.limiter.checkRequest({ ip, path })).toMatchObject({ allowed: true, remaining: 0 });
    expect((await b.limiter.checkRequest({ ip, path })).allowed).toBe(false);
    expect((await a.limiter.checkRequest({ ip, path })).allowed).toBe(false);

    // and per account too
    const account = `victim-${ip}@example.com`;
    for (let i = 0; i < 5; i++) {
      const side = i % 2 === 0 ? a : b;
      expect((await side.limiter.checkAccount({ path: '/sign-in/email', account })).allowed).toBe(true);
    }
    expect(await b.limiter.checkAccount({ path: '/sign-in/email', account: account.toUpperCase() })).toMatchObject({
      allowed: false,
      retryAfterSeconds: 60,
    });
  });

  it('shares buckets across path spellings and within an IPv6 /64', async () => {
    const [x = 0, y = 0] = randomIPv4().split('.').slice(2).map(Number);
    const prefix = `2001:db8:${x.toString(16)}:${y.toString(16)}`;
    expect((await a.limiter.checkRequest({ ip: `${prefix}::1`, path: '/api/auth/Sign-Up/Email/' })).allowed).toBe(true);
    expect((await b.limiter.checkRequest({ ip: `${prefix}::2`, path: '/api/auth/sign-up//email' })).allowed).toBe(true);
    expect((await a.limiter.checkRequest({ ip: `${prefix}:1:2:3:4`, path: '/sign-up%2Femail' })).allowed).toBe(true);
    expect((await b.limiter.checkRequest({ ip: `${prefix}::9`, path: '/sign-up/email' })).allowed).toBe(false);
    expect((await b.limiter.checkRequest({ ip: `2001:db9:${x}:${y}::1`, path: '/sign-up/email' })).allowed).toBe(true);
  });

  it('lets exactly max of 50 parallel requests through, spread over two instances', async () => {
    const ip = randomIPv4();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b).limiter.checkRequest({ ip, path: '/burst' })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds >= 59)).toBe(true);
  });

  it('falls back to memory, and says so, while Redis is unreachable', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    const logger = createMemoryLogger();
    const limiter = createRateLimiter(config(), { db: noDb, redis: down, clock: new ManualClock(), logger });
    try {
      const ip = randomIPv4();
      for (let i = 0; i < 3; i++)
        expect((await limiter.checkRequest({ ip, path: '/sign-in/email' })).allowed).toBe(true);
      expect((await limiter.checkRequest({ ip, path: '/sign-in/email' })).allowed).toBe(false);
      expect(logger.lines.some((l) => l.level === 'error' && l.line.includes('redis store failed'))).toBe(true);
    } finally {
      await limiter.close();
      down.disconnect();
    }
  });
});
