/** The counter a limiter consults: one fixed window per key. */
import type { Rule } from './rules.ts';

export interface HitResult {
  allowed: boolean;
  /** Requests counted in the current window, this one included when it was allowed. */
  count: number;
  /** Milliseconds until the current window ends. */
  msBeforeReset: number;
}

export interface CounterStore {
  readonly name: 'memory' | 'database' | 'redis';
  /**
   * Counts one request against `key` under `rule`, atomically: the first request opens a
   * window of `rule.window` seconds; within it at most `rule.max` requests are allowed;
   * a refused request changes nothing (it neither counts nor moves the window).
   */
  hit(key: string, rule: Rule): Promise<HitResult>;
  close(): Promise<void>;
}
