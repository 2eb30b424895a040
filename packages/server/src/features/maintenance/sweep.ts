/**
 * Deletes what can no longer be used, so the tables do not grow for ever:
 *   - sessions past their expiry (an expired session is deleted when its cookie comes
 *     back, but most never come back);
 *   - verification rows that expired more than a week ago (each flow keeps its expired
 *     rows for a day, so that an old link says "expired" rather than "invalid", and
 *     sweeps its own purpose now and then; this catches the rest);
 *   - sign-in lockout runs untouched for 30 days that did not reach the hard lock (of real
 *     and unknown addresses alike, docs/passwords.md);
 *   - audit events older than `audit.retentionDays` (docs/audit-log.md), and the webhook
 *     deliveries of that age that succeeded or failed (pending ones stay: docs/webhooks.md).
 * In batches, each its own statement, with a pause for other requests in between, so a
 * first sweep of a large table never holds the database, or SQLite's event loop, for long.
 * Of several instances sharing a database, one sweeps: the holder of the sweep's lease
 * (core/db/lease.ts, docs/operations.md "Running several instances").
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { addSeconds } from '../../core/clock.ts';
import { releaseLease, takeLease } from '../../core/db/lease.ts';
import { deleteVerificationsExpiredBefore } from '../../core/db/verification-store.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { deleteAuditEventsBefore } from '../audit/index.ts';
import { deleteLockoutsIdleBefore, LOCKOUT_KEEP_SECONDS } from '../credentials/index.ts';
import { deleteSessionsExpiredBefore } from '../session/index.ts';
import { deleteFinishedDeliveriesBefore } from '../webhooks/index.ts';

const VERIFICATION_KEEP_SECONDS = 7 * 86_400;

export interface SweepOptions {
  /** Rows per statement. */
  batchSize?: number;
  /** Statements per table and sweep; what is left waits for the next sweep. */
  maxBatches?: number;
  /** Audit events older than this many days go (the instance's `audit.retentionDays`; 90 when not given). */
  auditRetentionDays?: number;
  /** Aborted (the instance shuts down): the sweep stops after the batch under way; the rest waits for the next one. */
  signal?: AbortSignal;
}

export interface SweepResult {
  sessions: number;
  verifications: number;
  auditEvents: number;
  webhookDeliveries: number;
  lockouts: number;
}

/**
 * Runs one owner's batch deletion (each table is deleted from by the feature or core
 * file that owns it, docs/architecture.md) until a batch comes back short.
 */
async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  batchSize: number,
  maxBatches: number,
  signal?: AbortSignal,
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches && !signal?.aborted; batch++) {
    const deleted = await deleteBatch(batchSize);
    total += deleted;
    if (deleted < batchSize) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return total;
}

export async function sweepExpired(
  // config and logger: the audit chains' anchors need the instance secret (features/audit/retention.ts)
  deps: Pick<AuthDeps, 'db' | 'clock'> & Partial<Pick<AuthDeps, 'config' | 'logger'>>,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const batchSize = options.batchSize ?? 500;
  const maxBatches = options.maxBatches ?? 200;
  const now = deps.clock.now();
  const verificationsBefore = addSeconds(now, -VERIFICATION_KEEP_SECONDS);
  // the delivery log is kept as long as the audit log it mirrors
  const retentionCutoff = addSeconds(now, -(options.auditRetentionDays ?? 90) * 86_400);
  const { signal } = options;
  const sessions = await deleteInBatches(
    (limit) => deleteSessionsExpiredBefore(deps.db, now, limit),
    batchSize,
    maxBatches,
    signal,
  );
  const verifications = await deleteInBatches(
    (limit) => deleteVerificationsExpiredBefore(deps.db, verificationsBefore, limit),
    batchSize,
    maxBatches,
    signal,
  );
  const auditEvents = signal?.aborted ? 0 : await deleteAuditEventsBefore(deps, retentionCutoff, batchSize, maxBatches);
  const webhookDeliveries = await deleteInBatches(
    (limit) => deleteFinishedDeliveriesBefore(deps.db, retentionCutoff, limit),
    batchSize,
    maxBatches,
    signal,
  );
  const lockouts = await deleteInBatches(
    (limit) =>
      deleteLockoutsIdleBefore(
        deps.db,
        now.getTime() - LOCKOUT_KEEP_SECONDS * 1000,
        deps.config?.password.lockout.maxFailures ?? 100,
        limit,
      ),
    batchSize,
    maxBatches,
    signal,
  );
  return { sessions, verifications, auditEvents, webhookDeliveries, lockouts };
}

export interface Sweeper {
  /** Stops sweeping (a sweep under way ends after its current batch) and gives the lease up, so that another instance takes over at its next tick. */
  stop(): Promise<void>;
}

export interface SweeperOptions {
  /** How often each instance tries to take (or renew) the lease, and the holder sweeps. One hour when not given. */
  intervalMs?: number;
  /** How long a lease lasts unrenewed: a holder that dies is replaced this long after its last tick at most. Two intervals when not given. */
  leaseMs?: number;
  /** The first tick, after start. A minute (or the interval, when shorter) when not given. */
  firstDelayMs?: number;
  /** Told of each sweep this instance made (tests count them). */
  onSwept?: (result: SweepResult) => void;
}

/** The lease's name in the `lease` table (core/db/lease.ts). */
export const SWEEP_LEASE = 'maintenance.sweep';

/**
 * Sweeps now and then, on one instance of all those sharing the database: at each tick an
 * instance takes (or renews) the sweep's lease, and only the holder sweeps. A holder that
 * dies stops renewing; another instance takes the lease at its first tick after it expired.
 * Failures are logged, never thrown.
 */
export function startSweeper(
  deps: Pick<AuthDeps, 'db' | 'dialect' | 'clock' | 'logger' | 'config'>,
  options: SweeperOptions = {},
): Sweeper {
  const intervalMs = options.intervalMs ?? 3_600_000;
  const leaseMs = options.leaseMs ?? 2 * intervalMs;
  // who holds the lease, as an operator reading the table can tell instances apart
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let running = false;
  let stopped = false;
  const stopping = new AbortController();
  /** Ticks under way: stop() waits for them. */
  const inFlight = new Set<Promise<void>>();
  const tick = async () => {
    if (stopped) return;
    try {
      // renewed even while a long sweep runs, so that the lease never lapses under its holder
      const held = await takeLease(deps.db, deps.dialect, SWEEP_LEASE, holder, deps.clock.now(), leaseMs);
      if (!held || running || stopped) return;
    } catch (err) {
      deps.logger.warn('could not take the sweep lease', { error: (err as Error).message });
      return;
    }
    running = true;
    try {
      const swept = await sweepExpired(deps, {
        auditRetentionDays: deps.config.audit.retentionDays,
        signal: stopping.signal,
      });
      options.onSwept?.(swept);
      if (swept.sessions + swept.verifications + swept.auditEvents + swept.webhookDeliveries > 0)
        deps.logger.info('swept expired rows', { ...swept });
    } catch (err) {
      deps.logger.warn('could not sweep expired sessions, verification rows and audit events', {
        error: (err as Error).message,
      });
    } finally {
      running = false;
    }
  };
  const run = () => {
    const ticking = tick();
    inFlight.add(ticking);
    void ticking.finally(() => inFlight.delete(ticking));
  };
  const first = setTimeout(run, options.firstDelayMs ?? Math.min(60_000, intervalMs));
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return {
    async stop() {
      stopped = true;
      stopping.abort();
      clearTimeout(first);
      clearInterval(every);
      // a sweep under way ends after its current batch, before the lease is given up and the database closed
      await Promise.all(inFlight);
      try {
        await releaseLease(deps.db, SWEEP_LEASE, holder, deps.clock.now());
      } catch (err) {
        // the lease then expires on its own
        deps.logger.warn('could not give the sweep lease up', { error: (err as Error).message });
      }
    },
  };
}
