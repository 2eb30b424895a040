/**
 * Attempt counters as a column (ARCHITECTURE.md "Counters are atomic"): a one-time code or
 * a sign-in challenge counts its tries in `verification.attempts`, so that a try is taken
 * with one conditional UPDATE (`attempts < max`) before the code is looked at, instead of
 * being read, checked and written back by separate statements.
 * Existing rows start at 0: a pending code or challenge at the upgrade gets its full tries.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.ts';
import { columnTypes } from './column-types.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .alterTable('verification')
    .addColumn('attempts', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
}
