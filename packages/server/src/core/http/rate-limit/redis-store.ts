/**
 * Counters in Redis through rate-limiter-flexible's RateLimiterRedis, so every instance
 * behind a load balancer shares them. One Lua script per request keeps it atomic.
 *
 * RateLimiterRedis's stock script increments on every call, refused ones included
 * (the count can pass `max`; the window's end does not move). We hand it our own script
 * through its `customIncrTtlLuaScript` option: same arguments and reply, but it does not
 * increment once the window is full, as CONTRACT.md §9 asks ("rejected requests do not
 * bump the counter").
 *
 * A per-client rule with a large `max` is counted through leases instead (leases.ts,
 * docs/decisions/rate-limit-leases.md): a second script of ours reserves a block of points
 * in the same counter, never beyond `max`, and this process spends them without a round
 * trip. Both scripts keep the same integer with the same TTL, so they can share a key.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { loadRateLimiterFlexible } from '../../optional-modules.ts';
import { createLeaseBook, type Grant } from './leases.ts';
import { DEFAULT_MEMORY_MAX_KEYS } from './memory-store.ts';
import type { Rule } from './rules.ts';
import type { CounterStore, HitOptions, HitResult } from './store.ts';

export const REDIS_KEY_PREFIX = 'latch:rl';

/**
 * KEYS[1] the counter; ARGV[1] points to add (1), ARGV[2] window in seconds,
 * ARGV[3] max points. Replies {consumed, pttl}: a consumed value above ARGV[3] makes
 * RateLimiterRedis refuse, and for a refused call it is reported without being stored.
 */
const INCREMENT_UNLESS_FULL_LUA = `
redis.call('set', KEYS[1], 0, 'EX', ARGV[2], 'NX')
local current = tonumber(redis.call('get', KEYS[1]))
local ttl = redis.call('pttl', KEYS[1])
if ttl == -1 then
  redis.call('expire', KEYS[1], ARGV[2])
  ttl = 1000 * tonumber(ARGV[2])
end
local points = tonumber(ARGV[1])
if current + points > tonumber(ARGV[3]) then
  return {current + points, ttl}
end
return {redis.call('incrby', KEYS[1], points), ttl}
`;

/**
 * KEYS[1] the counter; ARGV[1] points wanted, ARGV[2] window in seconds, ARGV[3] max points.
 * Reserves min(wanted, max − count) points (none once the window is full) and replies
 * {reserved, count after, pttl}. The window opens and expires as in the script above.
 */
const RESERVE_LUA = `
redis.call('set', KEYS[1], 0, 'EX', ARGV[2], 'NX')
local current = tonumber(redis.call('get', KEYS[1]))
local ttl = redis.call('pttl', KEYS[1])
if ttl == -1 then
  redis.call('expire', KEYS[1], ARGV[2])
  ttl = 1000 * tonumber(ARGV[2])
end
local take = tonumber(ARGV[3]) - current
if take > tonumber(ARGV[1]) then take = tonumber(ARGV[1]) end
if take <= 0 then
  return {0, current, ttl}
end
return {take, redis.call('incrby', KEYS[1], take), ttl}
`;
const RESERVE_SHA = createHash('sha1').update(RESERVE_LUA).digest('hex');

export interface RedisStoreOptions {
  /** The most keys with a lease remembered in this process (default 100,000, as the memory store). */
  maxLeasedKeys?: number;
}

export function createRedisStore(redis: Redis, options: RedisStoreOptions = {}): CounterStore {
  const { RateLimiterRedis, RateLimiterRes } = loadRateLimiterFlexible();
  // RateLimiterRedis fixes points and duration per instance: keep one per rule
  const limiters = new Map<string, RateLimiterRedis>();
  const limiterFor = (rule: Rule) => {
    const id = `${rule.window}:${rule.max}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: REDIS_KEY_PREFIX,
        points: rule.max,
        duration: rule.window,
        customIncrTtlLuaScript: INCREMENT_UNLESS_FULL_LUA,
        // fail fast while Redis is down (the limiter then falls back to memory) instead of
        // waiting in ioredis's offline queue through its retries
        rejectIfRedisNotReady: true,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };

  const reserve = async (key: string, rule: Rule, wanted: number): Promise<Grant> => {
    // as rejectIfRedisNotReady below: fail fast while Redis is down, the limiter then counts in memory
    if (redis.status !== 'ready') throw new Error(`Redis is not ready (${redis.status})`);
    const args = [`${REDIS_KEY_PREFIX}:${key}`, wanted, rule.window, rule.max] as const;
    let reply: unknown;
    try {
      reply = await redis.evalsha(RESERVE_SHA, 1, ...args);
    } catch (error) {
      // the script is not cached yet (first use, or after SCRIPT FLUSH or a failover): send it whole once
      if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
      reply = await redis.eval(RESERVE_LUA, 1, ...args);
    }
    return grantFrom(reply);
  };
  // leases end by a monotonic clock, not the limiter's: Redis expires keys in real time
  const leases = createLeaseBook(reserve, { maxKeys: options.maxLeasedKeys ?? DEFAULT_MEMORY_MAX_KEYS });

  /** One request counted in Redis by the per-request script. */
  const countOne = async (key: string, rule: Rule): Promise<HitResult> => {
    try {
      const res = await limiterFor(rule).consume(key, 1);
      return { allowed: true, count: res.consumedPoints, msBeforeReset: Math.max(0, res.msBeforeNext) };
    } catch (outcome: unknown) {
      // RateLimiterRedis rejects with a RateLimiterRes when the limit is reached, an Error when Redis failed
      if (outcome instanceof RateLimiterRes) {
        return {
          allowed: false,
          count: outcome.consumedPoints - 1,
          msBeforeReset: Math.max(0, outcome.msBeforeNext),
        };
      }
      throw outcome;
    }
  };

  return {
    name: 'redis',
    hit(key: string, rule: Rule, hitOptions?: HitOptions): Promise<HitResult> {
      const lease = hitOptions?.lease ?? 1;
      return lease > 1 ? leases.hit(key, rule, lease) : countOne(key, rule);
    },
    async close() {
      // the connection belongs to the caller; unspent leased points are simply not spent
      limiters.clear();
      leases.clear();
    },
  };
}

function grantFrom(reply: unknown): Grant {
  if (Array.isArray(reply) && reply.length === 3) {
    const [taken = Number.NaN, count = Number.NaN, msLeft = Number.NaN] = reply.map(Number);
    if (Number.isInteger(taken) && Number.isInteger(count) && Number.isInteger(msLeft) && msLeft > 0)
      return { taken: Math.max(0, taken), count, msLeft };
  }
  throw new Error(`rate limit: unexpected reply from the lease script: ${JSON.stringify(reply)}`);
}
