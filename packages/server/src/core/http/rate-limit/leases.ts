/**
 * Leases of a shared budget (docs/decisions/rate-limit-leases.md). For a rule with a large
 * `max`, an instance reserves a block of points in the shared store with one atomic call
 * and spends them here without a round trip, until they run out or the window ends. The
 * shared count never passes `max` (a reservation is at most what is left), so across all
 * instances the limit holds exactly; a refusal may come early instead, by at most the
 * points other instances hold unspent.
 *
 * Per key, concurrent hits share one reservation in flight, and a reservation refused
 * (the budget is spent) is remembered until the window ends: a flood after exhaustion
 * costs no round trip either.
 */
import type { Rule } from './rules.ts';
import type { HitResult } from './store.ts';

/** What the shared store answers a reservation. */
export interface Grant {
  /** Points reserved for this instance: min(wanted, max − count before), 0 once the budget is spent. */
  taken: number;
  /** The shared count after the reservation (never above `max` through a reservation). */
  count: number;
  /** Milliseconds the shared window had left when the store answered. */
  msLeft: number;
}

/** Reserves up to `wanted` points of `key`'s window under `rule`, atomically. */
export type Reserve = (key: string, rule: Rule, wanted: number) => Promise<Grant>;

interface Lease {
  /** Reserved points not spent yet. */
  left: number;
  /** The shared count as far as this instance knows: at the reservation, minus what it reserved, plus what it spent. */
  count: number;
  /** The store refused to reserve anything: refuse here until `endsAt`. */
  exhausted: boolean;
  /** (monotonic ms) By then the shared window has surely ended; nothing is spent at or after it. */
  endsAt: number;
}

export interface LeaseBook {
  /** Counts one request against `key`, from the lease or through one reservation shared by concurrent hits. */
  hit(key: string, rule: Rule, wanted: number): Promise<HitResult>;
  /** Keys with a lease or a remembered refusal (bounded by `maxKeys`). */
  readonly size: number;
  clear(): void;
}

export interface LeaseBookOptions {
  /** The most keys remembered; beyond it the oldest leases are dropped (their points are lost, which only refuses earlier). */
  maxKeys: number;
  /** Monotonic milliseconds; the shared store's windows run in real time. */
  now?: () => number;
}

const SWEEP_EVERY_HITS = 1000;

export function createLeaseBook(reserve: Reserve, options: LeaseBookOptions): LeaseBook {
  const now = options.now ?? (() => performance.now());
  const { maxKeys } = options;
  // insertion order is reservation order, so the head holds the oldest leases
  const leases = new Map<string, Lease>();
  const inFlight = new Map<string, Promise<void>>();
  let hitsSinceSweep = 0;

  const sweepExpiredHead = (nowMs: number) => {
    for (const [key, lease] of leases) {
      if (lease.endsAt > nowMs) break;
      leases.delete(key);
    }
  };

  const keep = (key: string, lease: Lease, nowMs: number) => {
    // delete first so the key moves to the tail
    leases.delete(key);
    if (leases.size >= maxKeys) {
      sweepExpiredHead(nowMs);
      for (const oldest of leases.keys()) {
        if (leases.size < maxKeys) break;
        leases.delete(oldest);
      }
    }
    leases.set(key, lease);
  };

  const reserveFor = (key: string, rule: Rule, wanted: number): Promise<void> => {
    // a window's end is measured from before the request left: the store's window ends no sooner
    const sentAt = now();
    const pending = (async () => {
      try {
        const grant = await reserve(key, rule, wanted);
        keep(
          key,
          {
            left: grant.taken,
            count: grant.count - grant.taken,
            exhausted: grant.taken <= 0,
            endsAt: sentAt + grant.msLeft,
          },
          now(),
        );
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, pending);
    return pending;
  };

  /** Spends a point of `key`'s live lease, or repeats its remembered refusal; null when the store must be asked. */
  const fromLease = (key: string, rule: Rule): HitResult | null => {
    const nowMs = now();
    const lease = leases.get(key);
    if (!lease || lease.endsAt <= nowMs) return null;
    const msBeforeReset = Math.ceil(lease.endsAt - nowMs);
    if (lease.left > 0) {
      lease.left -= 1;
      lease.count += 1;
      return { allowed: true, count: Math.min(rule.max, lease.count), msBeforeReset };
    }
    return lease.exhausted ? { allowed: false, count: rule.max, msBeforeReset } : null;
  };

  const hitThroughStore = async (key: string, rule: Rule, wanted: number): Promise<HitResult> => {
    for (;;) {
      // wait for the reservation in flight, or make one; then look again (concurrent hits may
      // have spent it already, and a window may have ended meanwhile)
      await (inFlight.get(key) ?? reserveFor(key, rule, wanted));
      const answer = fromLease(key, rule);
      if (answer) return answer;
    }
  };

  return {
    get size() {
      return leases.size;
    },
    hit(key, rule, wanted) {
      if (++hitsSinceSweep >= SWEEP_EVERY_HITS) {
        hitsSinceSweep = 0;
        sweepExpiredHead(now());
      }
      // the common case, a live lease with points left (or a remembered refusal), answers without a turn
      const answer = fromLease(key, rule);
      return answer ? Promise.resolve(answer) : hitThroughStore(key, rule, wanted);
    },
    clear() {
      leases.clear();
    },
  };
}
