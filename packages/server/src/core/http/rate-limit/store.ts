/** The counter a limiter consults: one fixed window per key. */
import type { Rule } from './rules.ts';

export interface HitResult {
  allowed: boolean;
  /**
   * Requests counted in the current window, this one included when it was allowed. Exact
   * when each request is counted in the store; approximate under a lease (the shared count
   * when the lease was taken, plus what this instance spent of it since).
   */
  count: number;
  /** Milliseconds until the current window ends. */
  msBeforeReset: number;
}

export interface HitOptions {
  /**
   * The most points a shared store may reserve for this key at once and then spend in
   * this process without asking again (docs/decisions/rate-limit-leases.md). 1 (the
   * default) counts this one request in the store. Stores that do not lease ignore it.
   */
  lease?: number;
}

export interface CounterStore {
  readonly name: 'memory' | 'database' | 'redis';
  /**
   * Counts one request against `key` under `rule`, atomically: the first request opens a
   * window of `rule.window` seconds; within it at most `rule.max` requests are allowed;
   * a refused request changes nothing (it neither counts nor moves the window).
   */
  hit(key: string, rule: Rule, options?: HitOptions): Promise<HitResult>;
  close(): Promise<void>;
}
