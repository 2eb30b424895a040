/**
 * Leases: the right to run one named job (the expiry sweep) for a while, held by one
 * instance of all those sharing the database (docs/decisions/leases.md). The `lease` table
 * (0010-leases) has a row per job: who holds it and until when. An instance takes or
 * renews a lease by one conditional UPDATE (the row is free, expired or already its own),
 * which every database re-checks on the row it changes, so of several instances racing
 * exactly one wins; the first time, by an INSERT that the primary key lets only one make.
 * A holder that dies stops renewing and loses the lease when it expires. Times are the
 * instances' clocks: keep them in sync (NTP) to well within a lease's length.
 */
import type { Kysely } from 'kysely';
import type { Database, Dialect } from './schema.ts';
import { toDate } from './values.ts';

/**
 * Takes the lease `name` for `holder` until `now + ttlMs`, or renews it when `holder`
 * has it already. True when `holder` holds it afterwards.
 */
export async function takeLease(
  db: Kysely<Database>,
  dialect: Dialect,
  name: string,
  holder: string,
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const updated = await db
    .updateTable('lease')
    .set({ holder, expiresAt })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expiresAt', '<=', now)]))
    .executeTakeFirst();
  // rows matched, also on MySQL (mysql2 connects with FOUND_ROWS), so a renewal within the same millisecond counts
  if (Number(updated.numUpdatedRows) > 0) return true;
  // no row yet, or another holder's live one: only the first INSERT of the name succeeds
  const values = { name, holder, expiresAt };
  const insert =
    dialect === 'mysql'
      ? db.insertInto('lease').ignore().values(values)
      : db
          .insertInto('lease')
          .values(values)
          .onConflict((oc) => oc.column('name').doNothing());
  const inserted = await insert.executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Gives the lease up at once (a graceful shutdown), when `holder` has it: another instance need not wait for it to expire. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string, now: Date): Promise<void> {
  await db.updateTable('lease').set({ expiresAt: now }).where('name', '=', name).where('holder', '=', holder).execute();
}

/** Who holds the lease `name` and until when (null when nobody ever took it), for tests and operators. */
export async function findLease(
  db: Kysely<Database>,
  name: string,
): Promise<{ holder: string; expiresAt: Date } | null> {
  const row = await db.selectFrom('lease').select(['holder', 'expiresAt']).where('name', '=', name).executeTakeFirst();
  return row ? { holder: row.holder, expiresAt: toDate(row.expiresAt) } : null;
}
