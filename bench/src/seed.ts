/**
 * Seeds a database for the benchmark: `users` users with a credential account and
 * `sessionsPerUser` sessions each, generated inside the database where it can
 * (PostgreSQL: generate_series) and in batched transactions where it cannot (SQLite;
 * MySQL/MariaDB through Kysely, multi-row inserts of a few thousand rows).
 * Every user shares one precomputed password hash (hashing a million passwords would
 * take hours and measures nothing). A few sessions get tokens we know, for cookies.
 */
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { hashToken } from '../../packages/server/src/core/crypto/hash.ts';
import { hashPassword } from '../../packages/server/src/core/crypto/password.ts';
import { signValue } from '../../packages/server/src/core/crypto/signing.ts';
import { connectDatabase, sqlitePath } from '../../packages/server/src/core/db/connect.ts';
import { migrateToLatest } from '../../packages/server/src/core/db/migrate.ts';

export const BENCH_PASSWORD = 'Bench-Password-123';

export interface SeedResult {
  users: number;
  sessions: number;
  /** Signed session cookies of user 1..n, valid for a week. */
  cookies: string[];
  /** Emails that exist, for sign-in. */
  emails: string[];
  seconds: number;
}

const KNOWN = 64;
const pad = (n: number) => String(n).padStart(9, '0');
const userId = (n: number) => `benchuser${pad(n)}`.padEnd(32, 'x');
const email = (n: number) => `user${n}@bench.test`;
const knownToken = (n: number) => `benchtoken${pad(n)}`.padEnd(32, 'k');
/** The id seed() gives user n (1-based), for rows another part of the bench adds to them. */
export const benchUserId = (n: number): string => userId(n);

/**
 * `spread`: the users of the admin console's rows: created 30 s apart (user n the newest of
 * the first n), every 100th banned, user 1 an admin. Otherwise every user is created now,
 * unbanned, with the role "user".
 */
export interface SeedOptions {
  spread?: boolean;
}

const SPREAD_MS = 30_000;
/** When seed({ spread }) created user n (1-based) of `users`. */
export const benchUserCreatedAt = (now: Date, users: number, n: number): Date =>
  new Date(now.getTime() - (users - n) * SPREAD_MS);

export async function seed(
  url: string,
  users: number,
  sessionsPerUser: number,
  secret: string,
  options: SeedOptions = {},
): Promise<SeedResult & { now: Date }> {
  const started = performance.now();
  const handle = connectDatabase(url);
  await migrateToLatest(handle.db, handle.dialect);
  await handle.close();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const now = new Date();
  const expires = new Date(now.getTime() + 7 * 86_400_000);
  const spread = options.spread === true;
  if (url.startsWith('postgres')) await seedPostgres(url, users, sessionsPerUser, passwordHash, now, expires, spread);
  else if (/^(mysql|mariadb):/.test(url)) await seedMysql(url, users, sessionsPerUser, passwordHash, now, expires);
  else seedSqlite(sqlitePath(url), users, sessionsPerUser, passwordHash, now, expires, spread);
  const count = Math.min(KNOWN, users);
  return {
    users,
    sessions: users * sessionsPerUser,
    cookies: Array.from({ length: count }, (_, i) => encodeURIComponent(signValue(knownToken(i + 1), secret))),
    emails: Array.from({ length: count }, (_, i) => email(i + 1)),
    seconds: (performance.now() - started) / 1000,
    now,
  };
}

function seedSqlite(
  path: string,
  users: number,
  perUser: number,
  passwordHash: string,
  now: Date,
  expires: Date,
  spread = false,
): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const iso = now.toISOString();
  const exp = expires.toISOString();
  const insertUser = db.prepare(
    'INSERT INTO "user" (id, name, email, emailVerified, createdAt, updatedAt, role, banned, twoFactorEnabled) VALUES (?, ?, ?, 1, ?, ?, ?, ?, 0)',
  );
  const insertAccount = db.prepare(
    "INSERT INTO account (id, accountId, providerId, userId, password, createdAt, updatedAt) VALUES (?, ?, 'credential', ?, ?, ?, ?)",
  );
  const insertSession = db.prepare(
    "INSERT INTO session (id, token, userId, expiresAt, ipAddress, userAgent, createdAt, updatedAt) VALUES (?, ?, ?, ?, '127.0.0.1', 'bench', ?, ?)",
  );
  const batch = db.transaction((from: number, to: number) => {
    for (let n = from; n < to; n++) {
      const id = userId(n);
      const created = spread ? benchUserCreatedAt(now, users, n).toISOString() : iso;
      const role = spread && n === 1 ? 'admin' : 'user';
      insertUser.run(id, `Bench User ${n}`, email(n), created, created, role, spread && n % 100 === 0 ? 1 : 0);
      insertAccount.run(`acct${pad(n)}`.padEnd(32, 'a'), id, id, passwordHash, iso, iso);
      for (let s = 0; s < perUser; s++) {
        const token = n <= KNOWN && s === 0 ? knownToken(n) : `t${n}-${s}-${Math.random()}`;
        insertSession.run(`sess${pad(n)}${s}`.padEnd(32, 's'), hashToken(token), id, exp, iso, iso);
      }
    }
  });
  for (let from = 1; from <= users; from += 20_000) batch(from, Math.min(users + 1, from + 20_000));
  db.close();
}

async function seedPostgres(
  url: string,
  users: number,
  perUser: number,
  passwordHash: string,
  now: Date,
  expires: Date,
  spread = false,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const created = spread ? `$2::timestamptz - ($1 - n) * interval '${SPREAD_MS} milliseconds'` : '$2';
  await client.query(
    `INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role, banned, "twoFactorEnabled")
     SELECT rpad('benchuser' || lpad(n::text, 9, '0'), 32, 'x'), 'Bench User ' || n, 'user' || n || '@bench.test', true, ${created}, ${created},
       CASE WHEN $3 AND n = 1 THEN 'admin' ELSE 'user' END, $3 AND n % 100 = 0, false
     FROM generate_series(1, $1) AS n`,
    [users, now, spread],
  );
  await client.query(
    `INSERT INTO account (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
     SELECT rpad('acct' || lpad(n::text, 9, '0'), 32, 'a'), u, 'credential', u, $2, $3, $3
     FROM (SELECT n, rpad('benchuser' || lpad(n::text, 9, '0'), 32, 'x') AS u FROM generate_series(1, $1) AS n) t`,
    [users, passwordHash, now],
  );
  await client.query(
    `INSERT INTO session (id, token, "userId", "expiresAt", "ipAddress", "userAgent", "createdAt", "updatedAt")
     SELECT rpad('sess' || lpad(n::text, 9, '0') || s, 32, 's'), md5(random()::text) || md5(n::text || s), rpad('benchuser' || lpad(n::text, 9, '0'), 32, 'x'), $3, '127.0.0.1', 'bench', $4, $4
     FROM generate_series(1, $1) AS n, generate_series(0, $2 - 1) AS s
     WHERE NOT (n <= ${KNOWN} AND s = 0)`,
    [users, perUser, expires, now],
  );
  for (let n = 1; n <= Math.min(KNOWN, users); n++) {
    await client.query(
      `INSERT INTO session (id, token, "userId", "expiresAt", "ipAddress", "userAgent", "createdAt", "updatedAt") VALUES ($1, $2, $3, $4, '127.0.0.1', 'bench', $5, $5)`,
      [`sess${pad(n)}0`.padEnd(32, 's'), hashToken(knownToken(n)), userId(n), expires, now],
    );
  }
  // as autovacuum would leave the tables in steady state: otherwise its vacuum of millions of
  // freshly inserted rows starts during the measurement and takes a core from the service
  await client.query('VACUUM ANALYZE');
  await client.end();
}

const MYSQL_BATCH = 2_000;

/** MySQL/MariaDB: the same rows as the other dialects, in multi-row inserts through the server's own driver setup. */
async function seedMysql(
  url: string,
  users: number,
  perUser: number,
  passwordHash: string,
  now: Date,
  expires: Date,
): Promise<void> {
  const handle = connectDatabase(url);
  try {
    for (let from = 1; from <= users; from += MYSQL_BATCH) {
      const numbers = Array.from({ length: Math.min(MYSQL_BATCH, users + 1 - from) }, (_, i) => from + i);
      await handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('user')
          .values(
            numbers.map((n) => ({
              id: userId(n),
              name: `Bench User ${n}`,
              email: email(n),
              emailVerified: true,
              createdAt: now,
              updatedAt: now,
              role: 'user',
              banned: false,
              twoFactorEnabled: false,
            })),
          )
          .execute();
        await trx
          .insertInto('account')
          .values(
            numbers.map((n) => ({
              id: `acct${pad(n)}`.padEnd(32, 'a'),
              accountId: userId(n),
              providerId: 'credential',
              userId: userId(n),
              password: passwordHash,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .execute();
        await trx
          .insertInto('session')
          .values(
            numbers.flatMap((n) =>
              Array.from({ length: perUser }, (_, s) => ({
                id: `sess${pad(n)}${s}`.padEnd(32, 's'),
                token: hashToken(n <= KNOWN && s === 0 ? knownToken(n) : `t${n}-${s}-${Math.random()}`),
                userId: userId(n),
                expiresAt: expires,
                ipAddress: '127.0.0.1',
                userAgent: 'bench',
                createdAt: now,
                updatedAt: now,
              })),
            ),
          )
          .execute();
      });
    }
    await sql`ANALYZE TABLE ${sql.table('user')}, ${sql.table('account')}, ${sql.table('session')}`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

/** The database server's version, for the log (MySQL or MariaDB). */
export async function serverVersion(url: string): Promise<string> {
  const handle = connectDatabase(url);
  try {
    const { rows } = await sql<{ version: string }>`SELECT version() AS version`.execute(handle.db);
    return rows[0]?.version ?? 'unknown';
  } finally {
    await handle.close();
  }
}

const ORGANIZATION_ID = 'benchorganization'.padEnd(32, 'o');

/**
 * An organization whose owner is user 1 and whose members are users 1..members, on any
 * dialect (the users must exist: seed at least as many). Returns its id.
 */
export async function seedOrganization(url: string, members: number): Promise<string> {
  const handle = connectDatabase(url);
  const now = new Date();
  try {
    await handle.db
      .insertInto('organization')
      .values({ id: ORGANIZATION_ID, name: 'Bench Organization', slug: 'bench-organization', createdAt: now })
      .execute();
    for (let from = 1; from <= members; from += MYSQL_BATCH) {
      const numbers = Array.from({ length: Math.min(MYSQL_BATCH, members + 1 - from) }, (_, i) => from + i);
      await handle.db
        .insertInto('member')
        .values(
          numbers.map((n) => ({
            id: `member${pad(n)}`.padEnd(32, 'm'),
            organizationId: ORGANIZATION_ID,
            userId: userId(n),
            role: n === 1 ? 'owner' : 'member',
            teamId: null,
            createdAt: now,
          })),
        )
        .execute();
    }
    if (handle.dialect === 'postgres') await sql`ANALYZE member`.execute(handle.db);
  } finally {
    await handle.close();
  }
  return ORGANIZATION_ID;
}

/** The audit log's event types the bench writes, in turn. */
const AUDIT_TYPES = [
  'sign_in.succeeded',
  'sign_in.failed',
  'sign_out',
  'session.revoked',
  'password.changed',
  'email.verified',
  'two_factor.enabled',
  'provider.linked',
  'user.updated',
  'user.banned',
] as const;
const AUDIT_SPAN_MS = 90 * 86_400_000;

/** The audit row n (1-based) of `rows` that seedAuditEvents writes: its id, time, type and actor. */
export function benchAuditRow(now: Date, rows: number, users: number, n: number) {
  return {
    id: `benchaudit${String(n).padStart(12, '0')}`,
    createdAt: new Date(now.getTime() - AUDIT_SPAN_MS + Math.floor((n * AUDIT_SPAN_MS) / rows)),
    type: AUDIT_TYPES[n % AUDIT_TYPES.length] as string,
    actorUserId: userId(1 + (n % users)),
  };
}

/**
 * `rows` audit events over the last 90 days (the default retention), oldest first, each by
 * one of the `users` seed() made (user 1 + n % users) about themselves; one in ten a failure.
 * PostgreSQL generates them in the database (generate_series), SQLite in batched
 * transactions of one prepared statement. Returns the seconds it took.
 */
export async function seedAuditEvents(url: string, rows: number, users: number, now: Date): Promise<number> {
  const started = performance.now();
  const types = `ARRAY[${AUDIT_TYPES.map((t) => `'${t}'`).join(',')}]`;
  if (url.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const start = new Date(now.getTime() - AUDIT_SPAN_MS);
    const CHUNK = 1_000_000;
    for (let from = 1; from <= rows; from += CHUNK) {
      await client.query(
        `INSERT INTO "auditEvent" (id, "createdAt", type, outcome, "actorUserId", "actorType", "targetType", "targetId", "ipAddress", "userAgent", details)
         SELECT 'benchaudit' || lpad(n::text, 12, '0'),
           $3::timestamptz + (floor(n::numeric * ${AUDIT_SPAN_MS} / $4) * interval '1 millisecond'),
           (${types})[1 + n % ${AUDIT_TYPES.length}],
           CASE WHEN n % 10 = 0 THEN 'failure' ELSE 'success' END,
           rpad('benchuser' || lpad((1 + n % $5)::text, 9, '0'), 32, 'x'), 'user', 'user',
           rpad('benchuser' || lpad((1 + n % $5)::text, 9, '0'), 32, 'x'),
           '203.0.113.' || (n % 250), 'bench', '{"bench":true}'
         FROM generate_series($1::bigint, $2::bigint) AS n`,
        [from, Math.min(rows, from + CHUNK - 1), start, rows, users],
      );
    }
    // as autovacuum would leave it: the visibility map set (index-only counts) and the statistics fresh,
    // and no vacuum of millions of new rows running under the load
    await client.query('VACUUM ANALYZE');
    await client.end();
  } else {
    const db = new Database(sqlitePath(url));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    const insert = db.prepare(
      `INSERT INTO auditEvent (id, createdAt, type, outcome, actorUserId, actorType, targetType, targetId, ipAddress, userAgent, details)
       VALUES (?, ?, ?, ?, ?, 'user', 'user', ?, ?, 'bench', '{"bench":true}')`,
    );
    const batch = db.transaction((from: number, to: number) => {
      for (let n = from; n < to; n++) {
        const row = benchAuditRow(now, rows, users, n);
        insert.run(
          row.id,
          row.createdAt.toISOString(),
          row.type,
          n % 10 === 0 ? 'failure' : 'success',
          row.actorUserId,
          row.actorUserId,
          `203.0.113.${n % 250}`,
        );
      }
    });
    for (let from = 1; from <= rows; from += 100_000) batch(from, Math.min(rows + 1, from + 100_000));
    db.close();
  }
  return (performance.now() - started) / 1000;
}
