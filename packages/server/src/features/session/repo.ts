/** Plain functions over the session table. */
import { CompiledQuery, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, SessionTable, UserTable } from '../../core/db/schema.ts';
import type { SqliteReader } from '../../core/db/sqlite-reader.ts';
import { type User, type UserCondition, userFromRow } from '../user/index.ts';
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

type Found = { session: Session; user: User };

interface Waiting {
  tokenHash: string;
  resolve(found: Found | null): void;
  reject(error: unknown): void;
}

/** Lookups waiting for the next batch, per database. */
const pending = new WeakMap<Db, Waiting[]>();
/** The SQL of a lookup of n tokens, per database (`token in ($1 … $n)`), compiled once per n. */
const compiledBatches = new WeakMap<Db, Map<number, string>>();
const MAX_BATCH = 64;

function batchSql(db: Db, size: number): string {
  if (size === 1) return lookupQuery(db).sql;
  let bySize = compiledBatches.get(db);
  if (!bySize) {
    bySize = new Map();
    compiledBatches.set(db, bySize);
  }
  let sql = bySize.get(size);
  if (!sql) {
    const placeholders = Array.from({ length: size }, (_, i) => `token-${i}`);
    sql = sessionWithUserQuery(db, '').clearWhere().where('session.token', 'in', placeholders).compile().sql;
    bySize.set(size, sql);
  }
  return sql;
}

async function runBatch(db: Db, waiting: Waiting[]): Promise<void> {
  try {
    const hashes = [...new Set(waiting.map((w) => w.tokenHash))];
    const result = await db.executeQuery<JoinedRow>(CompiledQuery.raw(batchSql(db, hashes.length), hashes));
    const rows = new Map(result.rows.map((row) => [row.token, row]));
    for (const w of waiting) {
      const row = rows.get(w.tokenHash);
      w.resolve(row ? fromJoinedRow(row) : null);
    }
  } catch (err) {
    for (const w of waiting) w.reject(err);
  }
}

/**
 * On a database over the network every lookup is a round trip, and on this class of
 * machine waking the database's process costs more than the query: the lookups of one
 * turn of the event loop go out as one query (`token in (…)`, up to 64 at a time), each
 * caller getting its own answer. A lookup waits at most until the end of the current turn.
 */
function lookupInBatch(db: Db, tokenHash: string): Promise<Found | null> {
  return new Promise((resolve, reject) => {
    let waiting = pending.get(db);
    if (!waiting) {
      waiting = [];
      pending.set(db, waiting);
      setImmediate(() => {
        const all = pending.get(db) ?? [];
        pending.delete(db);
        for (let i = 0; i < all.length; i += MAX_BATCH) void runBatch(db, all.slice(i, i + MAX_BATCH));
      });
    }
    waiting.push({ tokenHash, resolve, reject });
  });
}

/** The hot path of every session check: one indexed read of the session joined with its user. */
export async function findSessionWithUserByTokenHash(source: SessionSource, tokenHash: string): Promise<Found | null> {
  const sync = findSessionWithUserSync(source, tokenHash);
  if (sync !== undefined) return sync;
  return lookupInBatch(source.db, tokenHash);
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

/**
 * Deletes every session an admin opened by impersonating someone (`impersonatedBy`, which
 * has no foreign key): when that admin is banned, removed or stops being an admin, acting
 * as anyone ends too. Answers the ids of the users those sessions were for, each once, so
 * the caller can announce their revocation (core/revocations.ts) after its commit.
 */
export async function deleteImpersonationSessionsBy(db: Db, impersonatorId: string): Promise<string[]> {
  const rows = await db.selectFrom('session').select('userId').where('impersonatedBy', '=', impersonatorId).execute();
  if (rows.length === 0) return [];
  await db.deleteFrom('session').where('impersonatedBy', '=', impersonatorId).execute();
  return [...new Set(rows.map((r) => r.userId))];
}

/**
 * Deletes up to `limit` sessions that expired before `before`; the number deleted
 * (features/maintenance sweeps in batches with this). An expired session is dead
 * already: no instance would accept it, so there is nothing to revoke.
 */
export async function deleteSessionsExpiredBefore(db: Db, before: Date, limit: number): Promise<number> {
  // the ids through a derived table: MySQL and MariaDB allow neither LIMIT in an IN
  // subquery nor a subquery on the table a DELETE is deleting from, except this way
  const expired = db
    .selectFrom((eb) =>
      eb.selectFrom('session').select('id').where('expiresAt', '<', before).limit(limit).as('expired'),
    )
    .select('expired.id');
  const result = await db.deleteFrom('session').where('id', 'in', expired).executeTakeFirst();
  return Number(result.numDeletedRows);
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

// ---- the active organization and team of sessions (written for the organization and teams features) ----

export async function setActiveScope(
  db: Db,
  sessionId: string,
  values: { activeOrganizationId?: string | null; activeTeamId?: string | null },
): Promise<void> {
  await db.updateTable('session').set(values).where('id', '=', sessionId).execute();
}

/** Sessions (of one user, or of everyone) whose active organization is this one lose it, and its team. */
export async function clearActiveOrganization(db: Db, organizationId: string, userId?: string): Promise<string[]> {
  // whose sessions change: their cache cookies still name the organization (the caller revokes them)
  let who = db.selectFrom('session').select('userId').distinct().where('activeOrganizationId', '=', organizationId);
  if (userId !== undefined) who = who.where('userId', '=', userId);
  const users = (await who.execute()).map((r) => r.userId);
  if (users.length === 0) return [];
  let q = db
    .updateTable('session')
    .set({ activeOrganizationId: null, activeTeamId: null })
    .where('activeOrganizationId', '=', organizationId);
  if (userId !== undefined) q = q.where('userId', '=', userId);
  await q.execute();
  return users;
}

/** Sessions (of one user, or of everyone) whose active team is this one lose it. */
export async function clearActiveTeam(db: Db, teamId: string, userId?: string): Promise<void> {
  let q = db.updateTable('session').set({ activeTeamId: null }).where('activeTeamId', '=', teamId);
  if (userId !== undefined) q = q.where('userId', '=', userId);
  await q.execute();
}

/**
 * The admin list's last-active filters. A session's updatedAt moves when it is used and
 * refreshed (session.updateAge), so "last active" is the newest updatedAt of the user's
 * live sessions: active since `from` when one was used at or after it, and not active
 * after `to` when none was (a user without a live session is not active after any time).
 */
export function activeSince(from: Date): UserCondition {
  return (eb) =>
    eb.exists(
      eb
        .selectFrom('session')
        .select('session.id')
        .whereRef('session.userId', '=', 'user.id')
        .where('session.updatedAt', '>=', from),
    );
}

export function notActiveAfter(to: Date): UserCondition {
  return (eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('session')
          .select('session.id')
          .whereRef('session.userId', '=', 'user.id')
          .where('session.updatedAt', '>', to),
      ),
    );
}
