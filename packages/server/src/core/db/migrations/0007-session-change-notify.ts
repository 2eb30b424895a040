/**
 * PostgreSQL announces every committed change of a session or user row itself: a
 * statement-level trigger sends NOTIFY on `latch_session_changes`, which PostgreSQL
 * delivers when (and only if) the transaction commits. Every instance listens there
 * (core/session-change-channels.ts), so a remembered session answer is dropped everywhere
 * after any change, including one made outside Latch (an operator's SQL). Inserts are left
 * out: a new row is in no answer yet. Nothing changes on SQLite (the file's own change
 * counter does this) or MySQL (Latch announces its own writes over Redis there).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    CREATE OR REPLACE FUNCTION latch_notify_session_change() RETURNS trigger AS $$
    BEGIN
      PERFORM pg_notify('latch_session_changes', 'w:db');
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`.execute(db);
  for (const table of ['session', 'user']) {
    await sql`
      CREATE TRIGGER ${sql.id(`latch_${table}_changed`)}
      AFTER UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION latch_notify_session_change()`.execute(db);
  }
}
