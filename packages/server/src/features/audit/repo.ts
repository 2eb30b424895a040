/** The auditEvent table: insert, the admin list (newest first, keyset-paged) and the retention sweep. */
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AuditEventTable, Database } from '../../core/db/schema.ts';
import { toDate } from '../../core/db/values.ts';
import type { AuditEvent } from './model.ts';

export type AuditDb = Kysely<Database> | Transaction<Database>;

export async function insertAuditEvent(db: AuditDb, row: Insertable<AuditEventTable>): Promise<void> {
  await db.insertInto('auditEvent').values(row).execute();
}

export interface AuditFilter {
  type?: string | undefined;
  actorUserId?: string | undefined;
  targetId?: string | undefined;
  organizationId?: string | undefined;
  outcome?: 'success' | 'failure' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Rows strictly older than this (createdAt, id), in the list's order. */
  before?: { createdAt: Date; id: string } | undefined;
}

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function auditEventFromRow(row: Selectable<AuditEventTable>): AuditEvent {
  return {
    id: row.id,
    createdAt: toDate(row.createdAt),
    type: row.type,
    outcome: row.outcome,
    actorUserId: row.actorUserId,
    actorType: row.actorType,
    impersonatorUserId: row.impersonatorUserId,
    targetType: row.targetType,
    targetId: row.targetId,
    organizationId: row.organizationId,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    details: parseDetails(row.details),
  };
}

export async function listAuditEvents(db: AuditDb, filter: AuditFilter, limit: number): Promise<AuditEvent[]> {
  let query = db.selectFrom('auditEvent').selectAll();
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.actorUserId !== undefined) query = query.where('actorUserId', '=', filter.actorUserId);
  if (filter.targetId !== undefined) query = query.where('targetId', '=', filter.targetId);
  if (filter.organizationId !== undefined) query = query.where('organizationId', '=', filter.organizationId);
  if (filter.outcome !== undefined) query = query.where('outcome', '=', filter.outcome);
  if (filter.from !== undefined) query = query.where('createdAt', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('createdAt', '<=', filter.to);
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
  return rows.map(auditEventFromRow);
}

/** Deletes rows older than `before`, in batches (features/maintenance). */
export async function deleteAuditEventsBefore(
  db: Kysely<Database>,
  before: Date,
  batchSize: number,
  maxBatches: number,
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    // through a derived table: MySQL and MariaDB refuse LIMIT in an IN subquery otherwise
    const old = db
      .selectFrom((eb) =>
        eb.selectFrom('auditEvent').select('id').where('createdAt', '<', before).limit(batchSize).as('old'),
      )
      .select('old.id');
    const result = await db.deleteFrom('auditEvent').where('id', 'in', old).executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < batchSize) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return total;
}
