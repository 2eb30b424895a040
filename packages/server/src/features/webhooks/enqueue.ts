/**
 * The outbox side (docs/webhooks.md, "Once per event"): an audit event's deliveries, one
 * per enabled endpoint subscribed to its type, are inserted in the transaction that
 * inserts the event. An event that rolls back is never sent; one that commits always is.
 * The audit feature calls `writeWithDeliveries` around its insert; this module imports
 * nothing of the audit feature, so the two never import each other at load time.
 */
import type { Insertable } from 'kysely';
import { generateId } from '../../core/crypto/random.ts';
import type { AuditEventTable } from '../../core/db/schema.ts';
import { toDate } from '../../core/db/values.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { isSubscribed } from './model.ts';
import { insertDeliveries, listEnabledSubscriptions, type WebhooksDb } from './repo.ts';

/** The body every attempt sends: the Standard Webhooks shape { type, timestamp, data }. */
export function eventPayload(event: Insertable<AuditEventTable>): string {
  let details: unknown = null;
  try {
    details = event.details ? JSON.parse(event.details) : null;
  } catch {
    details = null;
  }
  return JSON.stringify({
    type: event.type,
    timestamp: toDate(event.createdAt).toISOString(),
    // what the audit row holds, and nothing else: the row never holds a token, code or password
    data: {
      id: event.id,
      type: event.type,
      outcome: event.outcome,
      actorUserId: event.actorUserId ?? null,
      actorType: event.actorType,
      impersonatorUserId: event.impersonatorUserId ?? null,
      targetType: event.targetType ?? null,
      targetId: event.targetId ?? null,
      organizationId: event.organizationId ?? null,
      ipAddress: event.ipAddress ?? null,
      userAgent: event.userAgent ?? null,
      details,
    },
  });
}

/** Inserts the event's deliveries with `db`, the event's own transaction. */
export async function enqueueDeliveries(
  db: WebhooksDb,
  deps: Pick<AuthDeps, 'clock'>,
  event: Insertable<AuditEventTable>,
): Promise<number> {
  const endpoints = (await listEnabledSubscriptions(db)).filter((e) => isSubscribed(e.eventTypes, event.type));
  if (endpoints.length === 0) return 0;
  const now = deps.clock.now();
  const payload = eventPayload(event);
  await insertDeliveries(
    db,
    endpoints.map((endpoint) => ({
      id: generateId(),
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: event.type,
      messageId: `msg_${event.id}`,
      payload,
      status: 'pending' as const,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  return endpoints.length;
}

/**
 * Runs `write` (the audit event's insert) and inserts the event's deliveries in the same
 * transaction: the caller's when `db` is one, else a transaction of their own. With
 * webhooks off, `write` alone runs, as it did before webhooks existed.
 */
export async function writeWithDeliveries(
  db: WebhooksDb,
  deps: Pick<AuthDeps, 'clock' | 'config'>,
  event: Insertable<AuditEventTable>,
  write: (db: WebhooksDb) => Promise<void>,
): Promise<void> {
  if (!deps.config.webhooks.enabled) return write(db);
  if (db.isTransaction) {
    await write(db);
    await enqueueDeliveries(db, deps, event);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await write(trx);
    await enqueueDeliveries(trx, deps, event);
  });
}
