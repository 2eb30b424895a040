/**
 * The webhookEndpoint and webhookDelivery tables (0006-webhooks): the only module that
 * writes them. Plain functions, executor first; `find*` returns null.
 */
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, WebhookDeliveryTable, WebhookEndpointTable } from '../../core/db/schema.ts';
import { toBool, toDate, toDateOrNull } from '../../core/db/values.ts';
import { type DeliveryStatus, parseEventTypes, type WebhookDelivery, type WebhookEndpoint } from './model.ts';

export type WebhooksDb = Kysely<Database> | Transaction<Database>;

/** An endpoint with its (encrypted) secrets, for signing. */
export interface EndpointSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

function endpointFromRow(row: Selectable<WebhookEndpointTable>): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: parseEventTypes(row.eventTypes),
    enabled: toBool(row.enabled),
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
  };
}

function deliveryFromRow(row: Selectable<WebhookDeliveryTable>): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    messageId: row.messageId,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: toDate(row.nextAttemptAt),
    lastAttemptAt: toDateOrNull(row.lastAttemptAt),
    lastStatusCode: row.lastStatusCode === null ? null : Number(row.lastStatusCode),
    lastError: row.lastError,
    replayOf: row.replayOf,
    createdAt: toDate(row.createdAt),
    completedAt: toDateOrNull(row.completedAt),
    payload: row.payload,
  };
}

// endpoints

export async function insertEndpoint(db: WebhooksDb, row: Insertable<WebhookEndpointTable>): Promise<void> {
  await db.insertInto('webhookEndpoint').values(row).execute();
}

export async function findEndpoint(db: WebhooksDb, id: string): Promise<WebhookEndpoint | null> {
  const row = await db.selectFrom('webhookEndpoint').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? endpointFromRow(row) : null;
}

export async function findEndpointSecrets(db: WebhooksDb, id: string): Promise<EndpointSecrets | null> {
  const row = await db
    .selectFrom('webhookEndpoint')
    .select(['secret', 'previousSecret', 'previousSecretExpiresAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        secret: row.secret,
        previousSecret: row.previousSecret,
        previousSecretExpiresAt: toDateOrNull(row.previousSecretExpiresAt),
      }
    : null;
}

export async function listEndpoints(db: WebhooksDb): Promise<WebhookEndpoint[]> {
  const rows = await db.selectFrom('webhookEndpoint').selectAll().orderBy('createdAt').orderBy('id').execute();
  return rows.map(endpointFromRow);
}

/** Enabled endpoints' ids and subscriptions: what an event is matched against. */
export async function listEnabledSubscriptions(db: WebhooksDb): Promise<{ id: string; eventTypes: string[] }[]> {
  const rows = await db
    .selectFrom('webhookEndpoint')
    .select(['id', 'eventTypes'])
    .where('enabled', '=', true)
    .execute();
  return rows.map((r) => ({ id: r.id, eventTypes: parseEventTypes(r.eventTypes) }));
}

export async function updateEndpointRow(
  db: WebhooksDb,
  id: string,
  values: Partial<Omit<Insertable<WebhookEndpointTable>, 'id' | 'createdAt'>>,
): Promise<boolean> {
  const result = await db.updateTable('webhookEndpoint').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEndpointRow(db: WebhooksDb, id: string): Promise<boolean> {
  // the deliveries first: not every database is sure to cascade (SQLite needs its pragma)
  await db.deleteFrom('webhookDelivery').where('endpointId', '=', id).execute();
  const result = await db.deleteFrom('webhookEndpoint').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// deliveries

export async function insertDeliveries(db: WebhooksDb, rows: Insertable<WebhookDeliveryTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('webhookDelivery').values(rows).execute();
}

export async function findDelivery(db: WebhooksDb, id: string): Promise<WebhookDelivery | null> {
  const row = await db.selectFrom('webhookDelivery').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? deliveryFromRow(row) : null;
}

export interface DeliveryFilter {
  endpointId?: string | undefined;
  status?: DeliveryStatus | undefined;
  /** Rows strictly older than this (createdAt, id), in the list's order. */
  before?: { createdAt: Date; id: string } | undefined;
}

export async function listDeliveries(
  db: WebhooksDb,
  filter: DeliveryFilter,
  limit: number,
): Promise<WebhookDelivery[]> {
  let query = db.selectFrom('webhookDelivery').selectAll();
  if (filter.endpointId !== undefined) query = query.where('endpointId', '=', filter.endpointId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  const before = filter.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('createdAt', '<', before.createdAt),
        eb.and([eb('createdAt', '=', before.createdAt), eb('id', '<', before.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(deliveryFromRow);
}

/** Pending deliveries, due or not, of enabled endpoints and of disabled ones (the queue depth). */
export async function countPending(db: WebhooksDb): Promise<number> {
  const row = await db
    .selectFrom('webhookDelivery')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  messageId: string;
  payload: string;
  attempts: number;
  url: string;
  secrets: EndpointSecrets;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints for this instance: one UPDATE
 * whose condition (still pending, still due) every database re-checks on the row it
 * changes, so of several instances racing for a row exactly one changes it. The claim
 * moves `nextAttemptAt` to the lease's end (a claim whose instance died is due again
 * then), counts the attempt and marks the row with this claim's token.
 */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  now: Date,
  limit: number,
  leaseUntil: Date,
  token: string,
): Promise<ClaimedDelivery[]> {
  const candidates = await db
    .selectFrom('webhookDelivery as d')
    .innerJoin('webhookEndpoint as e', 'e.id', 'd.endpointId')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.nextAttemptAt', '<=', now)
    .where('e.enabled', '=', true)
    .orderBy('d.nextAttemptAt')
    .limit(limit)
    .execute();
  if (candidates.length === 0) return [];
  // in one order on every instance, so that two claims lock rows in the same order
  const ids = candidates.map((c) => c.id).sort();
  await db
    .updateTable('webhookDelivery')
    .set({ leaseToken: token, nextAttemptAt: leaseUntil, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .execute();
  const rows = await db
    .selectFrom('webhookDelivery as d')
    .innerJoin('webhookEndpoint as e', 'e.id', 'd.endpointId')
    .select([
      'd.id',
      'd.endpointId',
      'd.messageId',
      'd.payload',
      'd.attempts',
      'e.url',
      'e.secret',
      'e.previousSecret',
      'e.previousSecretExpiresAt',
    ])
    .where('d.id', 'in', ids)
    .where('d.leaseToken', '=', token)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    endpointId: r.endpointId,
    messageId: r.messageId,
    payload: r.payload,
    attempts: Number(r.attempts),
    url: r.url,
    secrets: {
      secret: r.secret,
      previousSecret: r.previousSecret,
      previousSecretExpiresAt: toDateOrNull(r.previousSecretExpiresAt),
    },
  }));
}

export interface AttemptOutcome {
  status: DeliveryStatus;
  /** When a pending delivery is due next; ignored otherwise. */
  nextAttemptAt: Date;
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
}

/**
 * Records an attempt's outcome and gives the claim back, if this claim still holds the row
 * (a claim that outlived its lease may have been taken over: then nothing changes and
 * false is answered).
 */
export async function finishAttempt(
  db: Kysely<Database>,
  id: string,
  token: string,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const done = outcome.status !== 'pending';
  const result = await db
    .updateTable('webhookDelivery')
    .set({
      status: outcome.status,
      leaseToken: null,
      nextAttemptAt: done ? outcome.attemptedAt : outcome.nextAttemptAt,
      lastAttemptAt: outcome.attemptedAt,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      completedAt: done ? outcome.attemptedAt : null,
    })
    .where('id', '=', id)
    .where('leaseToken', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Gives back a claim without an outcome (shutdown cut the attempt short): due at once, and
 * the attempt it counted is not held against the delivery.
 */
export async function releaseClaim(db: Kysely<Database>, id: string, token: string, now: Date): Promise<void> {
  await db
    .updateTable('webhookDelivery')
    .set({ leaseToken: null, nextAttemptAt: now, attempts: sql<number>`attempts - 1` })
    .where('id', '=', id)
    .where('leaseToken', '=', token)
    .execute();
}

/** One batch of the finished deliveries older than `before` (the maintenance sweep repeats it). */
export async function deleteFinishedDeliveriesBefore(
  db: Kysely<Database>,
  before: Date,
  limit: number,
): Promise<number> {
  // through a derived table: MySQL and MariaDB refuse LIMIT in an IN subquery otherwise
  const old = db
    .selectFrom((eb) =>
      eb
        .selectFrom('webhookDelivery')
        .select('id')
        .where('status', 'in', ['succeeded', 'failed'])
        .where('createdAt', '<', before)
        .limit(limit)
        .as('old'),
    )
    .select('old.id');
  const result = await db.deleteFrom('webhookDelivery').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}
