/**
 * The delivery worker each instance runs (docs/webhooks.md): every `workerIntervalMs` it
 * claims due deliveries (repo.claimDueDeliveries: one instance per row, with a lease), sends
 * up to `concurrency` at once, and records each outcome: succeeded, pending again after a
 * backoff with jitter, or failed after `maxAttempts`. A claim whose instance died is due
 * again when its lease runs out. Stopping stops claiming, lets the attempts in flight
 * finish (each within its own time limit) and leaves everything else pending for the next
 * start or another instance.
 */
import { randomString } from '../../core/crypto/random.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { recordWebhookDelivery, recordWebhookQueueDepth } from '../../core/metrics.ts';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDueDeliveries,
  countPending,
  finishAttempt,
  releaseClaim,
} from './repo.ts';
import { sendAttempt } from './send.ts';
import { secretEncrypter, signAttempt } from './signing.ts';

/**
 * Seconds to wait after the nth failed attempt: the Standard Webhooks example schedule
 * (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h), then 24 h for any further one.
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400] as const;
/** ± this fraction of random jitter, so that failures caused by load are not retried in step. */
export const RETRY_JITTER = 0.1;
/** The longest a Retry-After header may push an attempt back. */
const MAX_RETRY_AFTER_SECONDS = 86_400;

/** The wait after `attemptsMade` failed attempts, with jitter (`random` in [0, 1)). */
export function retryDelaySeconds(attemptsMade: number, random: () => number = Math.random): number {
  const index = Math.min(Math.max(attemptsMade, 1), RETRY_DELAYS_SECONDS.length) - 1;
  const base = RETRY_DELAYS_SECONDS[index] ?? 86_400;
  return base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random());
}

/** How long a claim holds a row: the attempt's time limit and a minute for the rest. */
export function leaseSecondsFor(timeoutMs: number): number {
  return Math.ceil(timeoutMs / 1000) + 60;
}

export interface PassResult {
  claimed: number;
  succeeded: number;
  retrying: number;
  failed: number;
}

export interface WebhookWorker {
  /**
   * Sends every delivery due now, pass after pass until a pass finds fewer than
   * `concurrency`; resolves when their outcomes are recorded. The timer calls it; tests
   * call it after moving their clock.
   */
  deliverDue(): Promise<PassResult>;
  /** Runs deliverDue every `workerIntervalMs` until stopped. */
  start(): void;
  /** Stops claiming and waits (bounded) for the attempts in flight; the rest stays pending. */
  stop(): Promise<void>;
  /** Pending deliveries (the queue depth). */
  queueDepth(): Promise<number>;
}

type WorkerDeps = Pick<AuthDeps, 'db' | 'clock' | 'logger' | 'config'>;

const QUEUE_DEPTH_EVERY_MS = 15_000;

export function createWebhookWorker(deps: WorkerDeps): WebhookWorker {
  const options = deps.config.webhooks;
  const policy = { allowInsecureUrls: options.allowInsecureUrls, allowPrivateNetworks: options.allowPrivateNetworks };
  const encrypter = secretEncrypter(deps.config.secret);
  /** Set by stop(): no new claims, no new attempts. */
  let stopped = false;
  /** Fired when stop()'s bound runs out: the attempts still in flight are cut short. */
  const cut = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let lastError: string | null = null;
  let depthReadAt = 0;

  function outcomeOf(delivery: ClaimedDelivery, result: Awaited<ReturnType<typeof sendAttempt>>, at: Date) {
    const base = { attemptedAt: at, statusCode: result.statusCode, error: result.error, nextAttemptAt: at };
    if (result.ok) return { ...base, status: 'succeeded' as const };
    // 410 Gone: the receiver wants no more of this (the specification); its retries would be wasted
    if (result.statusCode === 410 || delivery.attempts >= options.maxAttempts)
      return { ...base, status: 'failed' as const };
    const backoff = retryDelaySeconds(delivery.attempts);
    const wait = Math.max(backoff, Math.min(result.retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS));
    return { ...base, status: 'pending' as const, nextAttemptAt: new Date(at.getTime() + wait * 1000) };
  }

  async function deliverOne(delivery: ClaimedDelivery, token: string): Promise<AttemptOutcome['status'] | null> {
    if (stopped) {
      // claimed while stop() was called: not started, given back
      await releaseClaim(deps.db, delivery.id, token, deps.clock.now());
      return null;
    }
    const now = deps.clock.now();
    let result: Awaited<ReturnType<typeof sendAttempt>>;
    try {
      const headers = signAttempt(delivery.secrets, encrypter, delivery.messageId, delivery.payload, now);
      result = await sendAttempt({
        url: delivery.url,
        body: delivery.payload,
        headers: { ...headers },
        timeoutMs: options.timeoutMs,
        policy,
        signal: cut.signal,
        now,
      });
    } catch (err) {
      // a secret that no longer decrypts (AUTH_SECRET changed): a failed attempt, until the secret is rotated
      deps.logger.error('webhooks: could not sign a delivery', { deliveryId: delivery.id, error: err });
      result = { ok: false, statusCode: null, error: 'could not sign', retryAfterSeconds: null, aborted: false };
    }
    if (result.aborted) {
      await releaseClaim(deps.db, delivery.id, token, deps.clock.now());
      return null;
    }
    const outcome = outcomeOf(delivery, result, deps.clock.now());
    const recorded = await finishAttempt(deps.db, delivery.id, token, outcome);
    if (!recorded) {
      deps.logger.warn('webhooks: an attempt outlived its lease and was taken over; its outcome is not recorded', {
        deliveryId: delivery.id,
      });
      return null;
    }
    recordWebhookDelivery(outcome.status === 'pending' ? 'retrying' : outcome.status);
    if (outcome.status !== 'succeeded') {
      deps.logger.warn('webhooks: a delivery failed', {
        deliveryId: delivery.id,
        endpointId: delivery.endpointId,
        attempt: delivery.attempts,
        error: outcome.error,
        willRetry: outcome.status === 'pending',
      });
    }
    return outcome.status;
  }

  async function pass(): Promise<PassResult> {
    const result: PassResult = { claimed: 0, succeeded: 0, retrying: 0, failed: 0 };
    if (stopped) return result;
    const now = deps.clock.now();
    const token = randomString(24);
    const leaseUntil = new Date(now.getTime() + leaseSecondsFor(options.timeoutMs) * 1000);
    const claimed = await claimDueDeliveries(deps.db, now, options.concurrency, leaseUntil, token);
    result.claimed = claimed.length;
    const outcomes = await Promise.all(
      claimed.map((delivery) => {
        const attempt = deliverOne(delivery, token);
        inFlight.add(attempt);
        return attempt.finally(() => inFlight.delete(attempt));
      }),
    );
    for (const status of outcomes) {
      if (status === 'succeeded') result.succeeded++;
      else if (status === 'pending') result.retrying++;
      else if (status === 'failed') result.failed++;
    }
    return result;
  }

  async function deliverDue(): Promise<PassResult> {
    const total: PassResult = { claimed: 0, succeeded: 0, retrying: 0, failed: 0 };
    // bounded, so that a clock standing still can never spin here
    for (let i = 0; i < 1000 && !stopped; i++) {
      const r = await pass();
      total.claimed += r.claimed;
      total.succeeded += r.succeeded;
      total.retrying += r.retrying;
      total.failed += r.failed;
      if (r.claimed < options.concurrency) break;
    }
    return total;
  }

  async function reportDepth(): Promise<void> {
    const now = Date.now();
    if (now - depthReadAt < QUEUE_DEPTH_EVERY_MS) return;
    depthReadAt = now;
    recordWebhookQueueDepth(await countPending(deps.db));
  }

  const tick = async () => {
    timer = null;
    if (stopped) return;
    const work = (async () => {
      try {
        await deliverDue();
        await reportDepth();
        lastError = null;
      } catch (err) {
        // logged once per distinct error (e.g. the tables before the first migration), not every second
        const message = err instanceof Error ? err.message : String(err);
        if (message !== lastError) deps.logger.warn('webhooks: the delivery worker failed', { error: message });
        lastError = message;
      }
    })();
    running = work;
    await work;
    running = null;
    if (!stopped) {
      timer = setTimeout(tick, options.workerIntervalMs);
      timer.unref();
    }
  };

  return {
    deliverDue,
    start() {
      if (timer || running || stopped) return;
      timer = setTimeout(tick, options.workerIntervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const current = running;
      // no new claims from here; attempts in flight go on (each is bounded by timeoutMs)
      // settled, not resolved: a failure was logged by its pass, and must not fail the shutdown
      const finished = Promise.allSettled([current, ...inFlight]);
      let bound: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        finished.then(() => false),
        new Promise<boolean>((done) => {
          bound = setTimeout(() => done(true), options.timeoutMs + 1000);
        }),
      ]);
      clearTimeout(bound);
      if (late) {
        // cut short: their claims are given back, due at once
        cut.abort();
        await Promise.allSettled([current, ...inFlight]);
      }
    },
    queueDepth: () => countPending(deps.db),
  };
}
