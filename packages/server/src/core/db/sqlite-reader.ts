/**
 * A second, read-only SQLite connection for the hot reads (the session check). It runs
 * synchronously, without Kysely's connection lock, and, being its own connection, in WAL
 * mode it sees only committed data: never a transaction that the application's
 * connection has open between two awaits.
 *
 * It also tells whether anything may have changed since an earlier read, for the
 * in-memory session cache (features/session/memory-cache.ts): `changeVersion()` moves
 * at once when this process writes (the application's connection reports every write and
 * every commit through `noteWrite`), and within POLL_MS when another process commits
 * (SQLite's `PRAGMA data_version`, which costs three system calls, is read at most that
 * often rather than on every request).
 */
import SQLite, { type Database as SqliteDatabase, type Statement } from 'better-sqlite3';

/** How stale a read may be about a commit made by another process, in milliseconds. */
export const POLL_MS = 50;

export interface SqliteReader {
  /** The first row of a read, or undefined; statements are prepared once per SQL text. */
  get<Row>(sql: string, params: readonly unknown[]): Row | undefined;
  /** A number that changes whenever the database may have changed (see above). */
  changeVersion(): number;
  /** The application's connection wrote or committed: every earlier read may be stale. */
  noteWrite(): void;
  close(): void;
}

const DATA_VERSION = 'PRAGMA data_version';

export function openSqliteReader(path: string): SqliteReader {
  let connection: SqliteDatabase | null = null;
  const statements = new Map<string, Statement>();
  let version = 0;
  let dataVersion = -1;
  let polledAt = Number.NEGATIVE_INFINITY;
  // opened on first use: at start-up the file may not hold the tables yet (migrations run later)
  const open = (): SqliteDatabase => {
    if (!connection) {
      connection = new SQLite(path, { readonly: true, fileMustExist: true });
      connection.pragma('busy_timeout = 5000');
    }
    return connection;
  };
  const prepared = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = open().prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    get<Row>(sql: string, params: readonly unknown[]): Row | undefined {
      return prepared(sql).get(...params) as Row | undefined;
    },
    changeVersion(): number {
      const now = performance.now();
      if (now - polledAt >= POLL_MS) {
        polledAt = now;
        const current = prepared(DATA_VERSION).pluck().get() as number;
        if (current !== dataVersion) {
          dataVersion = current;
          version++;
        }
      }
      return version;
    },
    noteWrite() {
      version++;
    },
    close() {
      statements.clear();
      connection?.close();
      connection = null;
    },
  };
}
