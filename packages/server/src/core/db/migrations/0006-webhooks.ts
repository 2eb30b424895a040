/**
 * Webhooks (issue 13 item 2, docs/webhooks.md): the endpoints operators subscribe to audit
 * event types, and the durable queue of deliveries, one row per (event, endpoint), written
 * in the audit event's transaction and claimed by each instance's worker with a lease.
 * The signing secrets are stored encrypted (as OAuth tokens are). Nothing existing changes:
 * both tables start empty.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.ts';
import { columnTypes } from './column-types.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('webhookEndpoint')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('url', t.text, (c) => c.notNull())
    .addColumn('description', t.text)
    /** JSON array of audit event types, or ["*"]. */
    .addColumn('eventTypes', t.text, (c) => c.notNull())
    .addColumn('enabled', t.bool, (c) => c.notNull())
    /** `whsec_…`, encrypted at rest. */
    .addColumn('secret', t.text, (c) => c.notNull())
    /** The secret before the last rotation, still signed with until previousSecretExpiresAt. */
    .addColumn('previousSecret', t.text)
    .addColumn('previousSecretExpiresAt', t.date)
    .addColumn('createdAt', t.date, (c) => c.notNull())
    .addColumn('updatedAt', t.date, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhookDelivery')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('endpointId', t.id, (c) => c.notNull().references('webhookEndpoint.id').onDelete('cascade'))
    /** The audit event's id; not a foreign key: the audit retention may delete the event first. */
    .addColumn('eventId', t.id, (c) => c.notNull())
    .addColumn('eventType', t.key, (c) => c.notNull())
    /** The `webhook-id` header: the same for every attempt and every replay of the event. */
    .addColumn('messageId', t.key, (c) => c.notNull())
    /** The exact body sent, so that every attempt signs and sends the same bytes. */
    .addColumn('payload', t.text, (c) => c.notNull())
    /** pending, succeeded or failed */
    .addColumn('status', t.key, (c) => c.notNull())
    .addColumn('attempts', t.int, (c) => c.notNull().defaultTo(0))
    /** When a pending row is due; while claimed, when the claim's lease runs out. */
    .addColumn('nextAttemptAt', t.date, (c) => c.notNull())
    /** The claim of the instance sending it now (null when nobody holds it). */
    .addColumn('leaseToken', t.key)
    .addColumn('lastAttemptAt', t.date)
    .addColumn('lastStatusCode', t.int)
    .addColumn('lastError', t.text)
    .addColumn('replayOf', t.id)
    .addColumn('createdAt', t.date, (c) => c.notNull())
    .addColumn('completedAt', t.date)
    .execute();
  // the workers' claim: pending rows by due time
  await db.schema
    .createIndex('webhookDelivery_due_idx')
    .on('webhookDelivery')
    .columns(['status', 'nextAttemptAt'])
    .execute();
  // the delivery log, newest first, whole or by endpoint or by status
  await db.schema
    .createIndex('webhookDelivery_createdAt_idx')
    .on('webhookDelivery')
    .columns(['createdAt', 'id'])
    .execute();
  await db.schema
    .createIndex('webhookDelivery_endpoint_idx')
    .on('webhookDelivery')
    .columns(['endpointId', 'createdAt', 'id'])
    .execute();
  await db.schema
    .createIndex('webhookDelivery_status_idx')
    .on('webhookDelivery')
    .columns(['status', 'createdAt', 'id'])
    .execute();
}
