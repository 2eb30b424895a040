/**
 * The database, chosen by its URL: `sqlite:<path>` or a bare path (embedded default),
 * `postgres://…`, `mysql://…` or `mariadb://…`.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import { loadMysql2, loadPg } from '../optional-modules.ts';
import { namingStatements } from './postgres-prepared.ts';
import type { Database, Dialect } from './schema.ts';
import { startCheckpointer } from './sqlite-checkpointer.ts';
import { openSqliteReader, type SqliteReader } from './sqlite-reader.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';
import { SqliteValuesPlugin } from './sqlite-values-plugin.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** A description without credentials, for logs. */
  label: string;
  /** SQLite files only: a read-only connection for the hot reads (sqlite-reader.ts). */
  reader: SqliteReader | null;
  /** PostgreSQL only: the URL, for the connection that LISTENs to session changes (core/session-change-channels.ts). */
  postgresURL?: string;
  /** PostgreSQL only (node-postgres exposes its counts): the pool's connections, for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

function dialectOf(url: string): Dialect {
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  if (/^(mysql|mariadb):\/\//i.test(url)) return 'mysql';
  return 'sqlite';
}

/**
 * The file of a SQLite URL: `sqlite:<path>`, `sqlite://<path>`, a bare path, or `file:<path>`
 * (the spelling other tools use; taken as a relative path it made a directory named `file:`).
 */
export function sqlitePath(url: string): string {
  const path = url.replace(/^(sqlite|file):(\/\/)?/i, '');
  return path === ':memory:' ? path : resolve(path);
}

export interface ConnectOptions {
  poolSize?: number;
  /**
   * An idle pooled connection that the server closed (a restart, a failover, an operator's
   * pg_terminate_backend). node-postgres reports it as an 'error' event on the pool, which
   * crashes the process when nobody listens; the pool replaces the connection by itself.
   */
  onIdleConnectionError?: (err: Error) => void;
  /**
   * PostgreSQL: name each statement so that the server parses and plans it once per
   * connection (postgres-prepared.ts). Default true; false behind PgBouncer before 1.21 in
   * transaction mode.
   */
  preparedStatements?: boolean;
}

const reportIdleError = (err: Error) =>
  process.stderr.write(`database: an idle connection was closed by the server (${err.message}); it will be replaced\n`);

const reportSharedConnections = (err: Error) =>
  process.stderr.write(
    `database: PostgreSQL did not keep a prepared statement (${err.message}): a pooler shares its connections (PgBouncer before 1.21 in transaction mode?); statements now run unprepared. Set DATABASE_PREPARED_STATEMENTS=false to start that way\n`,
  );

export function connectDatabase(url: string, opts: ConnectOptions = {}): DatabaseHandle {
  const dialect = dialectOf(url);
  if (dialect === 'postgres') {
    const pool = new (loadPg().Pool)({ connectionString: url, max: opts.poolSize ?? 10 });
    pool.on('error', opts.onIdleConnectionError ?? reportIdleError);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool:
          opts.preparedStatements === false ? pool : namingStatements(pool, { onUnsupported: reportSharedConnections }),
      }),
    });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, dialect, label: redact(url), reader: null, postgresURL: url, poolStats, close: () => db.destroy() };
  }
  if (dialect === 'mysql') {
    const pool = loadMysql2().createPool({
      uri: url.replace(/^mariadb:/i, 'mysql:'),
      connectionLimit: opts.poolSize ?? 10,
      timezone: 'Z',
      dateStrings: false,
      supportBigNumbers: true,
    });
    const db = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
    return { db, dialect, label: redact(url), reader: null, close: () => db.destroy() };
  }
  const path = sqlitePath(url);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers run beside the single writer; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // checkpoints happen in a worker thread, never on the event loop (sqlite-checkpointer.ts)
  const checkpointer = path === ':memory:' ? null : startCheckpointer(path);
  if (checkpointer) sqlite.pragma('wal_autocheckpoint = 0');
  const reader = path === ':memory:' ? null : openSqliteReader(path);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: withStatementCache(sqlite, reader ? { onWrite: () => reader.noteWrite() } : {}),
    }),
    plugins: [new SqliteValuesPlugin()],
  });
  return {
    db,
    dialect,
    label: `sqlite:${path}`,
    reader,
    close: async () => {
      reader?.close();
      await db.destroy();
      await checkpointer?.close();
    },
  };
}

/** The URL as the start line shows it: never its password, whatever characters the password holds. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    // not a URL to WHATWG: everything before the last '@' may be credentials
    const at = url.lastIndexOf('@');
    const scheme = url.indexOf('://');
    return at === -1 || scheme === -1 ? url : `${url.slice(0, scheme + 3)}***@${url.slice(at + 1)}`;
  }
}
