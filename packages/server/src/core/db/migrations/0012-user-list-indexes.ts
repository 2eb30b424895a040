/**
 * Indexes for the admin's list of users at a million rows (docs/admin.md, "Finding a user"):
 * each sort of list-users reads an index in order, its id the tie-breaker, so a page (and a
 * cursor deep in the list) stops at its limit instead of sorting every user first; the
 * boolean and role filters read the same indexes.
 *
 * - user (name, id), (createdAt, id), (updatedAt, id), (username, id): those sorts.
 *   (createdAt, id) replaces user_createdAt_idx, its prefix. The email sort reads the
 *   unique email index (email is unique and never NULL: no tie-breaker). MySQL/MariaDB
 *   index the first 191 characters of name, a TEXT column.
 * - user (role, createdAt, id), (banned, createdAt, id), (emailVerified, createdAt, id),
 *   (twoFactorEnabled, createdAt, id): a filter on one of these with the console's default
 *   order (newest first) reads its page in order, and so does a sort by role, banned or
 *   emailVerified (whose ties go by createdAt, then id).
 * - banned and twoFactorEnabled NULL (rows of before their default) become false, so that
 *   "not banned" is one equality an index reads in order.
 * - PostgreSQL: user (email text_pattern_ops) and (username text_pattern_ops), so that a
 *   prefix search (LIKE 'ada%') reads an index whatever the database's collation.
 *   MySQL/MariaDB read a LIKE prefix from the plain index; SQLite's query is a range.
 * - session (userId, updatedAt): the last-active filters (a session used since …).
 * - account (providerId, userId): the provider filter.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const byId = async (name: string, column: string) => {
    await db.schema.createIndex(name).on('user').columns([column, 'id']).execute();
  };
  if (dialect === 'mysql') {
    await sql`CREATE INDEX user_name_id_idx ON ${sql.table('user')} (name(191), id)`.execute(db);
  } else {
    await byId('user_name_id_idx', 'name');
  }
  await byId('user_created_id_idx', 'createdAt');
  const drop = db.schema.dropIndex('user_createdAt_idx');
  await (dialect === 'mysql' ? drop.on('user') : drop).execute();
  await byId('user_updated_id_idx', 'updatedAt');
  await byId('user_username_id_idx', 'username');
  await db.updateTable('user').set({ banned: false }).where('banned', 'is', null).execute();
  await db.updateTable('user').set({ twoFactorEnabled: false }).where('twoFactorEnabled', 'is', null).execute();
  const byCreated = async (name: string, column: string) => {
    await db.schema.createIndex(name).on('user').columns([column, 'createdAt', 'id']).execute();
  };
  await byCreated('user_role_created_idx', 'role');
  await byCreated('user_banned_created_idx', 'banned');
  await byCreated('user_verified_created_idx', 'emailVerified');
  await byCreated('user_two_factor_created_idx', 'twoFactorEnabled');
  if (dialect === 'postgres') {
    await sql`CREATE INDEX user_email_pattern_idx ON "user" (email text_pattern_ops)`.execute(db);
    await sql`CREATE INDEX user_username_pattern_idx ON "user" (username text_pattern_ops)`.execute(db);
  }
  await db.schema.createIndex('session_user_updated_idx').on('session').columns(['userId', 'updatedAt']).execute();
  await db.schema.createIndex('account_provider_user_idx').on('account').columns(['providerId', 'userId']).execute();
}
