/**
 * In-process counters: a Map bounded to `maxKeys`, timed by the injected clock.
 * rate-limiter-flexible's RateLimiterMemory is not used here: it reads Date.now()
 * (so tests could not drive it with the clock), keeps one timer per key, has no bound
 * on the number of keys, and counts refused requests.
 */
import type { Clock } from '../../clock.ts';
import type { Rule } from './rules.ts';
import type { CounterStore, HitResult } from './store.ts';

interface Entry {
  count: number;
  endsAtMs: number;
}

/** As better-auth: 100k keys, about 20 MB at worst. */
export const DEFAULT_MEMORY_MAX_KEYS = 100_000;

export interface MemoryStore extends CounterStore {
  readonly size: number;
}

export function createMemoryStore(clock: Clock, maxKeys: number = DEFAULT_MEMORY_MAX_KEYS): MemoryStore {
  // insertion order is window-opening order, so the head holds the oldest windows
  const entries = new Map<string, Entry>();
  let hitsSinceSweep = 0;

  const sweepExpiredHead = (nowMs: number) => {
    for (const [key, entry] of entries) {
      if (entry.endsAtMs > nowMs) break;
      entries.delete(key);
    }
  };

  const makeRoom = (nowMs: number) => {
    sweepExpiredHead(nowMs);
    // still full of live windows: forget the oldest ones (the bound matters more than they do)
    for (const key of entries.keys()) {
      if (entries.size < maxKeys) break;
      entries.delete(key);
    }
  };

  return {
    name: 'memory',
    get size() {
      return entries.size;
    },
    async hit(key: string, rule: Rule): Promise<HitResult> {
      const nowMs = clock.now().getTime();
      if (++hitsSinceSweep >= 1000) {
        hitsSinceSweep = 0;
        sweepExpiredHead(nowMs);
      }
      const entry = entries.get(key);
      if (entry && entry.endsAtMs > nowMs) {
        if (entry.count >= rule.max)
          return { allowed: false, count: entry.count, msBeforeReset: entry.endsAtMs - nowMs };
        entry.count += 1;
        return { allowed: true, count: entry.count, msBeforeReset: entry.endsAtMs - nowMs };
      }
      // a new window; delete first so the key moves to the tail
      entries.delete(key);
      if (entries.size >= maxKeys) makeRoom(nowMs);
      const windowMs = rule.window * 1000;
      entries.set(key, { count: 1, endsAtMs: nowMs + windowMs });
      return { allowed: true, count: 1, msBeforeReset: windowMs };
    },
    async close() {
      entries.clear();
    },
  };
}
