/**
 * Deletes what can no longer be used, so the tables do not grow for ever:
 *   - sessions past their expiry (an expired session is deleted when its cookie comes
 *     back, but most never come back);
 *   - verification rows that expired more than a week ago (each flow keeps its expired
 *     rows for a day, so that an old link says "expired" rather than "invalid", and
 *     sweeps its own purpose now and then; this catches the rest);
 *   - audit events older than `audit.retentionDays` (docs/audit-log.md), and the webhook
 *     deliveries of that age that succeeded or failed (pending ones stay: docs/webhooks.md).
 * In batches, each its own statement, with a pause for other requests in between, so a
 * first sweep of a large table never holds the database, or SQLite's event loop, for long.
 */
import { addSeconds } from '../../core/clock.ts';
import { deleteVerificationsExpiredBefore } from '../../core/db/verification-store.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { deleteAuditEventsBefore } from '../audit/index.ts';
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
}

export interface SweepResult {
  sessions: number;
  verifications: number;
  auditEvents: number;
  webhookDeliveries: number;
}

/**
 * Runs one owner's batch deletion (each table is deleted from by the feature or core
 * file that owns it, docs/architecture.md) until a batch comes back short.
 */
async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  batchSize: number,
  maxBatches: number,
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
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
  return {
    sessions: await deleteInBatches((limit) => deleteSessionsExpiredBefore(deps.db, now, limit), batchSize, maxBatches),
    verifications: await deleteInBatches(
      (limit) => deleteVerificationsExpiredBefore(deps.db, verificationsBefore, limit),
      batchSize,
      maxBatches,
    ),
    auditEvents: await deleteAuditEventsBefore(deps, retentionCutoff, batchSize, maxBatches),
    webhookDeliveries: await deleteInBatches(
      (limit) => deleteFinishedDeliveriesBefore(deps.db, retentionCutoff, limit),
      batchSize,
      maxBatches,
    ),
  };
}

export interface Sweeper {
  stop(): void;
}

/** Sweeps a minute after start and then every `intervalMs`; failures are logged, never thrown. */
export function startSweeper(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'logger' | 'config'>,
  intervalMs = 3_600_000,
): Sweeper {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const swept = await sweepExpired(deps, { auditRetentionDays: deps.config.audit.retentionDays });
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
  const first = setTimeout(sweep, Math.min(60_000, intervalMs));
  const every = setInterval(sweep, intervalMs);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
