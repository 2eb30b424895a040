/** Plain functions over the user table. Lookups return null for absence. */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, Dialect, UserTable } from '../../core/db/schema.ts';
import { type User, userFromRow } from './model.ts';

type Db = Kysely<Database>;

export async function findUserById(db: Db, id: string): Promise<User | null> {
  const row = await db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? userFromRow(row) : null;
}

/** The names and addresses of the users of these ids that exist, in one query (a page's worth of ids). */
export async function findUserNamesByIds(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; name: string; email: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('user')
    .select(['id', 'name', 'email'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const row = await db.selectFrom('user').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row ? userFromRow(row) : null;
}

export async function findUserByUsername(db: Db, username: string): Promise<User | null> {
  const row = await db.selectFrom('user').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();
  return row ? userFromRow(row) : null;
}

/**
 * Serialises what one person does with a limit on it (the organizations they may create)
 * on Postgres and MariaDB with a lock on their row, inside the caller's transaction;
 * SQLite already runs one write transaction at a time. False when the user is gone.
 */
export async function lockUser(db: Db, dialect: Dialect, id: string): Promise<boolean> {
  let q = db.selectFrom('user').select('id').where('id', '=', id);
  // Postgres: NO KEY UPDATE leaves rows that reference the user (a session being written
  // for them) free to be inserted meanwhile
  if (dialect === 'postgres') q = q.forNoKeyUpdate();
  else if (dialect === 'mysql') q = q.forUpdate();
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, values: Insertable<UserTable>): Promise<void> {
  await db.insertInto('user').values(values).execute();
}

export async function updateUserRow(db: Db, id: string, values: Updateable<UserTable>): Promise<void> {
  await db.updateTable('user').set(values).where('id', '=', id).execute();
}

/**
 * Changes the user only while the address is still `email`: a link sent to an address
 * acts on the account only if the account is still at that address. True when it changed.
 */
export async function updateUserIfEmail(
  db: Db,
  id: string,
  email: string,
  values: Updateable<UserTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('user')
    .set(values)
    .where('id', '=', id)
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The number of rows deleted (0 when the user was already gone). */
export async function deleteUserRow(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('user').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
