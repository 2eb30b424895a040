/**
 * Tamper evidence for the audit log (docs/audit-log.md, "Tamper evidence"). Each new row
 * carries the chain it was written on, its place in that chain, the hash of the row before
 * it and its own keyed hash (over its content and that link). `auditChain` holds one head
 * row per chain: the writer of an event takes one chain's head for the time of its
 * transaction, so writers on different chains (several instances, several requests) never
 * wait for one another. There are CHAIN_COUNT chains; the count is written out here rather
 * than imported, as migrations never depend on app code (features/audit/chain.ts holds the
 * same number). The retention sweep's anchor (prunedSeq, prunedHash, prunedMac) says where
 * a chain now starts once its oldest rows are gone.
 *
 * Existing rows are left as they are: their chain columns stay null, and verification
 * counts them as unchained (written before the chain existed) instead of vouching for them.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.ts';
import { columnTypes } from './column-types.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

const CHAIN_COUNT = 16;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  // one column per statement: SQLite adds one column per ALTER TABLE
  await db.schema.alterTable('auditEvent').addColumn('chainId', t.key).execute();
  await db.schema.alterTable('auditEvent').addColumn('chainSeq', t.bigint).execute();
  await db.schema.alterTable('auditEvent').addColumn('prevHash', t.key).execute();
  await db.schema.alterTable('auditEvent').addColumn('hash', t.key).execute();
  // a chain has one row per place: two writers can never fork it; unchained rows (nulls) do not collide
  await db.schema
    .createIndex('auditEvent_chain_idx')
    .on('auditEvent')
    .columns(['chainId', 'chainSeq'])
    .unique()
    .execute();

  await db.schema
    .createTable('auditChain')
    .addColumn('id', t.key, (c) => c.primaryKey())
    /** The place of the chain's last row (0: none yet). */
    .addColumn('seq', t.bigint, (c) => c.notNull())
    .addColumn('lastHash', t.key)
    /** Keyed hash of (id, seq, lastHash): a head rewound by hand does not verify. */
    .addColumn('headMac', t.key)
    /** The retention sweep's anchor: rows up to prunedSeq are gone, and prunedHash was the last one's hash. */
    .addColumn('prunedSeq', t.bigint, (c) => c.notNull())
    .addColumn('prunedHash', t.key)
    .addColumn('prunedMac', t.key)
    .execute();
  await db
    .insertInto('auditChain')
    .values(
      Array.from({ length: CHAIN_COUNT }, (_, i) => ({
        id: `c${String(i).padStart(2, '0')}`,
        seq: 0,
        lastHash: null,
        headMac: null,
        prunedSeq: 0,
        prunedHash: null,
        prunedMac: null,
      })),
    )
    .execute();
}
