/**
 * The per-account sign-in lockout (NIST SP 800-63B rev 4 §3.2.2, docs/passwords.md): one row
 * per sign-in identity with its consecutive failures and the time before which no password
 * is compared (ms since the epoch, as `rateLimit` keeps its windows). A row is keyed by the
 * account (`user:<id>`) or, for an address or username without one, by a digest of what was
 * typed, so that unknown identities are delayed exactly as real ones are.
 * Nothing existing changes: every account starts with no failures.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.ts';
import { columnTypes } from './column-types.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('signInLockout')
    .addColumn('key', t.key, (c) => c.primaryKey())
    .addColumn('failures', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('lockedUntil', t.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
}
