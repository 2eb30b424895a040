/**
 * Leases for background work that must run on one instance at a time (core/db/lease.ts):
 * one row per job, naming the instance that holds it and until when. Taken and renewed by
 * one conditional UPDATE (or, the first time, an INSERT that the primary key lets only one
 * instance make), so it works alike on the three databases (docs/decisions/leases.md).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.ts';
import { columnTypes } from './column-types.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('lease')
    .addColumn('name', t.key, (c) => c.primaryKey())
    .addColumn('holder', t.key, (c) => c.notNull())
    .addColumn('expiresAt', t.date, (c) => c.notNull())
    .execute();
}
