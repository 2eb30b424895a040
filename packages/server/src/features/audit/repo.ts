/** The auditEvent and auditChain tables: insert, the lists (newest first, keyset-paged), the chains and the retention sweep's deletes. */
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { AuditChainTable, AuditEventTable, Database, Dialect } from '../../core/db/schema.ts';
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
  /** With `targetId`: what kind of thing the target is (`user` for a person's own rows). */
  targetType?: string | undefined;
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
    chainId: row.chainId,
    chainSeq: row.chainSeq === null ? null : Number(row.chainSeq),
    hash: row.hash,
  };
}

export async function listAuditEvents(db: AuditDb, filter: AuditFilter, limit: number): Promise<AuditEvent[]> {
  let query = db.selectFrom('auditEvent').selectAll();
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.actorUserId !== undefined) query = query.where('actorUserId', '=', filter.actorUserId);
  if (filter.targetId !== undefined) query = query.where('targetId', '=', filter.targetId);
  if (filter.targetType !== undefined) query = query.where('targetType', '=', filter.targetType);
  if (filter.organizationId !== undefined) query = query.where('organizationId', '=', filter.organizationId);
  if (filter.outcome !== undefined) query = query.where('outcome', '=', filter.outcome);
  if (filter.from !== undefined) query = query.where('createdAt', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('createdAt', '<=', filter.to);
  const before = filter.before;
  if (before) {
    // written as a bound on createdAt first, so that every database reads it as an index
    // range: a page deep in millions of rows starts where the cursor is, not at the newest row
    query = query.where((eb) =>
      eb.and([
        eb('createdAt', '<=', before.createdAt),
        eb.or([eb('createdAt', '<', before.createdAt), eb('id', '<', before.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(auditEventFromRow);
}

/** The rows of one chain after place `afterSeq`, in order (verification). */
export async function listChainRows(
  db: AuditDb,
  chainId: string,
  afterSeq: number,
  limit: number,
): Promise<Selectable<AuditEventTable>[]> {
  return db
    .selectFrom('auditEvent')
    .selectAll()
    .where('chainId', '=', chainId)
    .where('chainSeq', '>', afterSeq)
    .orderBy('chainSeq')
    .limit(limit)
    .execute();
}

/** How many rows each chain holds; `null` counts the rows written before the chain existed. */
export async function countRowsByChain(db: AuditDb): Promise<{ chainId: string | null; count: number }[]> {
  const rows = await db
    .selectFrom('auditEvent')
    .select((eb) => ['chainId', eb.fn.countAll<number | string>().as('count')])
    .groupBy('chainId')
    .execute();
  return rows.map((r) => ({ chainId: r.chainId, count: Number(r.count) }));
}

export interface ChainHead {
  id: string;
  seq: number;
  lastHash: string | null;
  headMac: string | null;
  prunedSeq: number;
  prunedHash: string | null;
  prunedMac: string | null;
}

function headFromRow(row: Selectable<AuditChainTable>): ChainHead {
  return { ...row, seq: Number(row.seq), prunedSeq: Number(row.prunedSeq) };
}

export async function listChainHeads(db: AuditDb): Promise<ChainHead[]> {
  return (await db.selectFrom('auditChain').selectAll().orderBy('id').execute()).map(headFromRow);
}

export async function findChainHead(db: AuditDb, chainId: string): Promise<ChainHead | null> {
  const row = await db.selectFrom('auditChain').selectAll().where('id', '=', chainId).executeTakeFirst();
  return row ? headFromRow(row) : null;
}

/**
 * Takes the chain's next place inside `trx`: the UPDATE holds the head's row lock until
 * the transaction ends, so the writers of one chain follow one another and a rollback
 * gives the place back. Answers the place and the previous row's hash.
 */
export async function advanceChainHead(
  trx: Transaction<Database>,
  dialect: Dialect,
  chainId: string,
): Promise<{ seq: number; lastHash: string | null }> {
  const update = trx
    .updateTable('auditChain')
    .set({ seq: sql<number>`${sql.ref('seq')} + 1` })
    .where('id', '=', chainId);
  // MariaDB has no UPDATE … RETURNING: its own change is visible to the transaction's next read
  let row: { seq: number | string; lastHash: string | null } | undefined;
  if (dialect === 'mysql') {
    await update.execute();
    row = await trx.selectFrom('auditChain').select(['seq', 'lastHash']).where('id', '=', chainId).executeTakeFirst();
  } else {
    row = await update.returning(['seq', 'lastHash']).executeTakeFirst();
  }
  if (!row) throw new Error(`audit chain head ${chainId} is missing (migration 0009-audit-chain)`);
  return { seq: Number(row.seq), lastHash: row.lastHash };
}

/**
 * PostgreSQL: the row inserted and the head moved to it in one statement (a data-modifying
 * CTE), one round trip fewer per event than insertAuditEvent then setChainHead.
 */
export async function insertAuditEventAndSetHead(
  trx: Transaction<Database>,
  row: Insertable<AuditEventTable>,
  chainId: string,
  lastHash: string,
  mac: string,
): Promise<void> {
  await trx
    .with('inserted', (db) => db.insertInto('auditEvent').values(row))
    .updateTable('auditChain')
    .set({ lastHash, headMac: mac })
    .where('id', '=', chainId)
    .execute();
}

/**
 * Writes `row` at the place after `expected`, and moves the head to it, only if the head is
 * still at `expected` (its place and hash): the caller guessed the head (known-heads.ts)
 * instead of reading it. Answers whether the row was written; when it was not, nothing
 * was. PostgreSQL does both in one statement (the insert reads the CTE's moved row); the
 * others move the head first and insert only if it moved.
 */
export async function appendAtHead(
  trx: Transaction<Database>,
  dialect: Dialect,
  row: Insertable<AuditEventTable> & { chainId: string; chainSeq: number; hash: string },
  expected: { seq: number; lastHash: string | null },
  mac: string,
): Promise<boolean> {
  const move = (db: Transaction<Database>) => {
    const moved = db
      .updateTable('auditChain')
      .set({ seq: row.chainSeq, lastHash: row.hash, headMac: mac })
      .where('id', '=', row.chainId)
      .where('seq', '=', expected.seq);
    return expected.lastHash === null
      ? moved.where('lastHash', 'is', null)
      : moved.where('lastHash', '=', expected.lastHash);
  };
  if (dialect === 'postgres') {
    const columns = Object.keys(row) as (keyof typeof row & string)[];
    const result = await trx
      .with('moved', (db) => move(db as Transaction<Database>).returning('id'))
      .insertInto('auditEvent')
      .columns(columns)
      .expression((eb) => eb.selectFrom('moved').select(columns.map((c) => eb.val(row[c]).as(c))))
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const moved = await move(trx).executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await insertAuditEvent(trx, row);
  return true;
}

export async function setChainHead(
  trx: Transaction<Database>,
  chainId: string,
  lastHash: string,
  mac: string,
): Promise<void> {
  await trx.updateTable('auditChain').set({ lastHash, headMac: mac }).where('id', '=', chainId).execute();
}

/** Moves a chain's start (the retention sweep), unless another sweep moved it first. */
export async function setChainAnchor(
  db: AuditDb,
  chainId: string,
  from: number,
  anchor: { prunedSeq: number; prunedHash: string | null; prunedMac: string },
): Promise<boolean> {
  const result = await db
    .updateTable('auditChain')
    .set(anchor)
    .where('id', '=', chainId)
    .where('prunedSeq', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The first place of the chain after `afterSeq` whose row is not older than `before`. */
export async function firstPlaceSince(
  db: AuditDb,
  chainId: string,
  afterSeq: number,
  before: Date,
): Promise<number | null> {
  const row = await db
    .selectFrom('auditEvent')
    .select((eb) => eb.fn.min<number | string | null>('chainSeq').as('first'))
    .where('chainId', '=', chainId)
    .where('chainSeq', '>', afterSeq)
    .where('createdAt', '>=', before)
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
}

export async function findChainRow(
  db: AuditDb,
  chainId: string,
  seq: number,
): Promise<{ id: string; hash: string | null } | null> {
  const row = await db
    .selectFrom('auditEvent')
    .select(['id', 'hash'])
    .where('chainId', '=', chainId)
    .where('chainSeq', '=', seq)
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes up to `limit` rows of the chain at places up to `throughSeq`. */
export async function deleteChainRowsThrough(
  db: Kysely<Database>,
  chainId: string,
  throughSeq: number,
  limit: number,
): Promise<number> {
  // through a derived table: MySQL and MariaDB refuse LIMIT in an IN subquery otherwise
  const old = db
    .selectFrom((eb) =>
      eb
        .selectFrom('auditEvent')
        .select('id')
        .where('chainId', '=', chainId)
        .where('chainSeq', '<=', throughSeq)
        .limit(limit)
        .as('old'),
    )
    .select('old.id');
  const result = await db.deleteFrom('auditEvent').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes up to `limit` rows written before the chain existed and older than `before`. */
export async function deleteUnchainedBefore(db: Kysely<Database>, before: Date, limit: number): Promise<number> {
  const old = db
    .selectFrom((eb) =>
      eb
        .selectFrom('auditEvent')
        .select('id')
        .where('chainId', 'is', null)
        .where('createdAt', '<', before)
        .limit(limit)
        .as('old'),
    )
    .select('old.id');
  const result = await db.deleteFrom('auditEvent').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}
