/**
 * The rate limiter the HTTP layer consults before routing (CONTRACT.md §9), per client
 * network and path, and per account on credential endpoints. docs/rate-limiting.md has
 * the rules and the reasons.
 */
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { ResolvedConfig } from '../../config/resolve.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import { createDatabaseStore } from './database-store.ts';
import { accountDigest, canonicalPath, clientKeyForIp, storeKey, UNKNOWN_CLIENT } from './keys.ts';
import { createMemoryStore, DEFAULT_MEMORY_MAX_KEYS } from './memory-store.ts';
import { createRedisStore } from './redis-store.ts';
import { compileRules, leaseSize, type Rule } from './rules.ts';
import type { CounterStore } from './store.ts';

export interface RateLimitDecision {
  allowed: boolean;
  /** Whole seconds until the window ends (≥ 1); 0 when no limit applies. */
  retryAfterSeconds: number;
  /** The window's maximum; 0 when no limit applies (then send no rate-limit headers). */
  limit: number;
  /**
   * Requests left in this window: exact when each request is counted in the store, approximate
   * for a rule counted through leases (docs/decisions/rate-limit-leases.md).
   */
  remaining: number;
}

export interface RateLimiter {
  /** Per client IP (IPv6 grouped by /64, IPv4-mapped IPv6 as IPv4) and canonical path. */
  checkRequest(input: { ip: string | null; path: string }): Promise<RateLimitDecision>;
  /**
   * Per account on credential endpoints (sign-in/email, sign-in/username,
   * request-password-reset, forget-password, two-factor verify…), keyed by the
   * lower-cased email/username, so an attacker rotating IPs still hits a wall.
   */
  checkAccount(input: { path: string; account: string }): Promise<RateLimitDecision>;
  close(): Promise<void>;
}

export interface RateLimiterDeps {
  db: Kysely<Database>;
  redis: Redis | null;
  clock: Clock;
  logger?: Logger;
  /**
   * Bound of the memory store (and of the fallback used while the shared store fails), and of
   * the keys whose leases of the Redis store this process remembers.
   */
  memoryMaxKeys?: number;
}

/** What a check answers when no limit applies (disabled, or `customRules[path]: false`). */
export const UNLIMITED: RateLimitDecision = Object.freeze({
  allowed: true,
  retryAfterSeconds: 0,
  limit: 0,
  remaining: 0,
});

/** How many distinct paths and client addresses the limiter remembers the bucket of. */
const MEMO_PATHS = 1_000;
const MEMO_ADDRESSES = 10_000;

/**
 * A pure function's answers, remembered for at most `max` arguments; when full it starts
 * over (paths and addresses are attacker-chosen: memory stays bounded whatever they send).
 */
export function memoize<T>(fn: (arg: string) => T, max: number): (arg: string) => T {
  const known = new Map<string, T>();
  return (arg) => {
    const hit = known.get(arg);
    if (hit !== undefined || known.has(arg)) return hit as T;
    const value = fn(arg);
    if (known.size >= max) known.clear();
    known.set(arg, value);
    return value;
  };
}

/** Store failures are logged at most this often. */
const FAILURE_LOG_EVERY_MS = 60_000;

export function createRateLimiter(config: ResolvedConfig['rateLimit'], deps: RateLimiterDeps): RateLimiter {
  const { clock, logger } = deps;
  const rules = compileRules(config);
  const memory = createMemoryStore(clock, deps.memoryMaxKeys ?? DEFAULT_MEMORY_MAX_KEYS);
  const store = selectStore(config.storage, deps, rules.longestWindowSeconds, memory);
  // counted in memory, the per-account windows live apart from the per-address ones: a spray of
  // made-up paths fills the address store to its bound and makes it forget windows, and must
  // never make it forget a victim's per-account budget (the reset mails of one address, say)
  const accounts = store === memory ? createMemoryStore(clock, deps.memoryMaxKeys ?? DEFAULT_MEMORY_MAX_KEYS) : store;
  let lastFailureLogMs = Number.NEGATIVE_INFINITY;
  let unknownClientWarned = false;
  // the bucket of a (path, address) pair is a pure function of the two: worked out once per
  // pair, not on every request (the session check's hot path asks the same pair again and again)
  const bucketOfPath = memoize((path: string) => {
    const canonical = canonicalPath(path);
    const rule = rules.forRequest(canonical);
    return rule ? { canonical, rule, lease: leaseSize(rule.max) } : null;
  }, MEMO_PATHS);
  const clientOf = memoize(clientKeyForIp, MEMO_ADDRESSES);
  const requestStoreKey = memoize(storeKey, MEMO_ADDRESSES);

  /**
   * `key` as the store sees it (storeKey); `lease` 1 counts this request in the store, more
   * lets a shared store reserve that many at once.
   */
  const decide = async (key: string, rule: Rule, lease: number, counter = store): Promise<RateLimitDecision> => {
    let hit: Awaited<ReturnType<CounterStore['hit']>>;
    try {
      hit = await counter.hit(key, rule, { lease });
    } catch (error) {
      // a broken shared store must not take sign-in down with it: count in this process
      // until it is back (limits are then per instance), and say so
      const nowMs = clock.now().getTime();
      if (nowMs - lastFailureLogMs >= FAILURE_LOG_EVERY_MS) {
        lastFailureLogMs = nowMs;
        logger?.error(`rate limit: the ${store.name} store failed; counting in memory meanwhile`, { error });
      }
      hit = await memory.hit(key, rule);
    }
    return {
      allowed: hit.allowed,
      retryAfterSeconds: Math.max(1, Math.ceil(hit.msBeforeReset / 1000)),
      limit: rule.max,
      remaining: Math.max(0, rule.max - hit.count),
    };
  };

  return {
    async checkRequest({ ip, path }) {
      if (!config.enabled) return UNLIMITED;
      const bucket = bucketOfPath(path);
      if (!bucket) return UNLIMITED;
      const client = ip === null ? UNKNOWN_CLIENT : clientOf(ip);
      if (client === UNKNOWN_CLIENT && !unknownClientWarned) {
        unknownClientWarned = true;
        logger?.warn(
          'rate limit: a request came without a usable client IP; such requests share one bucket per path. ' +
            'Check advanced.ipAddressHeaders and the proxy in front of Latch.',
          { ip },
        );
      }
      return decide(requestStoreKey(`ip|${client}|${bucket.canonical}`), bucket.rule, bucket.lease);
    },
    async checkAccount({ path, account }) {
      if (!config.enabled) return UNLIMITED;
      const match = rules.forAccount(canonicalPath(path));
      if (!match) return UNLIMITED;
      // per account, every attempt is counted in the store, whatever the rule's max
      return decide(storeKey(`acct|${match.group}|${accountDigest(account)}`), match.rule, 1, accounts);
    },
    async close() {
      await store.close();
      if (store !== memory) await memory.close();
      if (accounts !== store) await accounts.close();
    },
  };
}

function selectStore(
  storage: ResolvedConfig['rateLimit']['storage'],
  deps: RateLimiterDeps,
  longestWindowSeconds: number,
  memory: CounterStore,
): CounterStore {
  switch (storage) {
    case 'memory':
      return memory;
    case 'database':
      return createDatabaseStore({ db: deps.db, clock: deps.clock, logger: deps.logger, longestWindowSeconds });
    case 'redis':
      if (!deps.redis)
        throw new Error('rateLimit.storage is "redis" but no Redis connection is configured (redis.url)');
      return createRedisStore(deps.redis, { maxLeasedKeys: deps.memoryMaxKeys });
  }
}
