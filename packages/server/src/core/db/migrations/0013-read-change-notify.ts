/**
 * PostgreSQL announces every committed change the remembered reads (core/read-cache.ts)
 * are made of: statement-level triggers on organization, member, invitation, team and
 * teamMember (INSERT, UPDATE, DELETE, TRUNCATE) and on new session rows (INSERT: a new
 * session appears in list-sessions) send `r:db` on `latch_session_changes`, the channel of
 * migration 0007. PostgreSQL delivers a NOTIFY only when (and if) the transaction commits,
 * and folds identical ones of a transaction into one. `r:` moves only the read version:
 * the session check's memory is left alone (0007's `w:db` for session and user updates and
 * deletes moves both). Nothing changes on SQLite (the file's own change counter moves on
 * every write) or MySQL (Latch announces its own writes over Redis there).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

const READ_TABLES = ['organization', 'member', 'invitation', 'team', 'teamMember'] as const;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    CREATE OR REPLACE FUNCTION latch_notify_read_change() RETURNS trigger AS $$
    BEGIN
      PERFORM pg_notify('latch_session_changes', 'r:db');
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`.execute(db);
  for (const table of READ_TABLES) {
    await sql`
      CREATE TRIGGER ${sql.id(`latch_${table}_read_changed`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION latch_notify_read_change()`.execute(db);
  }
  await sql`
    CREATE TRIGGER latch_session_read_inserted
    AFTER INSERT ON "session"
    FOR EACH STATEMENT EXECUTE FUNCTION latch_notify_read_change()`.execute(db);
}
