/** Plain functions over the session table. */
import { CompiledQuery, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, SessionTable, UserTable } from '../../core/db/schema.ts';
import type { SqliteReader } from '../../core/db/sqlite-reader.ts';
import { type User, userFromRow } from '../user/model.ts';
import { type Session, sessionFromRow } from './model.ts';

type Db = Kysely<Database>;

const USER_COLUMNS = [
  'id',
  'name',
  'email',
  'emailVerified',
  'image',
  'createdAt',
  'updatedAt',
  'username',
  'displayUsername',
  'language',
  'role',
  'banned',
  'banReason',
  'banExpires',
  'twoFactorEnabled',
] as const;

type JoinedRow = Selectable<SessionTable> & Record<`u_${(typeof USER_COLUMNS)[number]}`, unknown>;

function sessionWithUserQuery(db: Db, tokenHash: string) {
  return db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .selectAll('session')
    .select(USER_COLUMNS.map((c) => `user.${c} as u_${c}` as const))
    .where('session.token', '=', tokenHash);
}

/**
 * The query is built and compiled once per database and then only executed with a new
 * parameter: building it with Kysely on every request cost more than running it.
 */
const compiledLookups = new WeakMap<Db, CompiledQuery>();

function lookupQuery(db: Db): CompiledQuery {
  let compiled = compiledLookups.get(db);
  if (!compiled) {
    compiled = sessionWithUserQuery(db, '').compile();
    compiledLookups.set(db, compiled);
  }
  return compiled;
}

export interface SessionSource {
  db: Db;
  /** SQLite files: the synchronous read-only connection (core/db/sqlite-reader.ts). */
  reader: SqliteReader | null;
}

function fromJoinedRow(r: JoinedRow): { session: Session; user: User } {
  const userRow = Object.fromEntries(USER_COLUMNS.map((c) => [c, r[`u_${c}`]])) as unknown as Selectable<UserTable>;
  return { session: sessionFromRow(r), user: userFromRow(userRow) };
}

/**
 * The session check's read where it can be synchronous (SQLite): undefined when this
 * database has no synchronous reader, null when there is no such session.
 */
export function findSessionWithUserSync(
  source: SessionSource,
  tokenHash: string,
): { session: Session; user: User } | null | undefined {
  if (!source.reader) return undefined;
  const row = source.reader.get<JoinedRow>(lookupQuery(source.db).sql, [tokenHash]);
  return row ? fromJoinedRow(row) : null;
}

/** The hot path of every session check: one indexed read of the session joined with its user. */
export async function findSessionWithUserByTokenHash(
  source: SessionSource,
  tokenHash: string,
): Promise<{ session: Session; user: User } | null> {
  const sync = findSessionWithUserSync(source, tokenHash);
  if (sync !== undefined) return sync;
  const result = await source.db.executeQuery<JoinedRow>(CompiledQuery.raw(lookupQuery(source.db).sql, [tokenHash]));
  const r = result.rows[0];
  return r ? fromJoinedRow(r) : null;
}

export async function insertSession(db: Db, values: Insertable<SessionTable>): Promise<void> {
  await db.insertInto('session').values(values).execute();
}

export async function updateSession(db: Db, id: string, values: Updateable<SessionTable>): Promise<number> {
  const result = await db.updateTable('session').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteSessionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('session').where('id', '=', id).execute();
}

/** Deletes one of the user's sessions by its opaque token; another user's is left alone. */
export async function deleteUserSessionByTokenHash(db: Db, userId: string, tokenHash: string): Promise<number> {
  const result = await db
    .deleteFrom('session')
    .where('token', '=', tokenHash)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSessionsOfUser(db: Db, userId: string, exceptId?: string): Promise<void> {
  let q = db.deleteFrom('session').where('userId', '=', userId);
  if (exceptId) q = q.where('id', '!=', exceptId);
  await q.execute();
}

export async function listActiveSessionsOfUser(db: Db, userId: string, now: Date): Promise<Session[]> {
  const rows = await db
    .selectFrom('session')
    .selectAll()
    .where('userId', '=', userId)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map(sessionFromRow);
}
