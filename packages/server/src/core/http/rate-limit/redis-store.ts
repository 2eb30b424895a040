/**
 * Counters in Redis through rate-limiter-flexible's RateLimiterRedis, so every instance
 * behind a load balancer shares them. One Lua script per request keeps it atomic.
 *
 * RateLimiterRedis's stock script increments on every call, refused ones included
 * (the count can pass `max`; the window's end does not move). We hand it our own script
 * through its `customIncrTtlLuaScript` option: same arguments and reply, but it does not
 * increment once the window is full, as CONTRACT.md §9 asks ("rejected requests do not
 * bump the counter").
 */
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { loadRateLimiterFlexible } from '../../optional-modules.ts';
import type { Rule } from './rules.ts';
import type { CounterStore, HitResult } from './store.ts';

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

export function createRedisStore(redis: Redis): CounterStore {
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

  return {
    name: 'redis',
    async hit(key: string, rule: Rule): Promise<HitResult> {
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
    },
    async close() {
      // the connection belongs to the caller
      limiters.clear();
    },
  };
}
