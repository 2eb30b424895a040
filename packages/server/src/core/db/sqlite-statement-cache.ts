/**
 * better-sqlite3 compiles SQL on every `prepare`, and Kysely's SQLite driver prepares
 * each query anew: on the session check that was the largest single cost. This wrapper
 * keeps the most recent statements (bounded) and hands them out again. Statements are
 * executed synchronously one at a time, so reusing one is safe.
 *
 * It also reports each write, and each end of a transaction, once it has run
 * (`onWrite`): the in-memory session cache must forget what it read before.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** COMMIT and friends are "read-only" to SQLite, yet they are when other connections see the writes. */
const ENDS_TRANSACTION = /^\s*(commit|end|rollback|release)\b/i;

function reportingWrites(statement: Statement, onWrite: () => void): SqliteStatement {
  return {
    get reader() {
      return statement.reader;
    },
    all(parameters: ReadonlyArray<unknown>) {
      try {
        return statement.all(parameters);
      } finally {
        onWrite();
      }
    },
    run(parameters: ReadonlyArray<unknown>) {
      try {
        return statement.run(parameters);
      } finally {
        onWrite();
      }
    },
    *iterate(parameters: ReadonlyArray<unknown>) {
      try {
        yield* statement.iterate(parameters);
      } finally {
        onWrite();
      }
    },
  };
}

export function withStatementCache(
  database: SqliteDatabase,
  opts: { maxStatements?: number; onWrite?: () => void } = {},
): KyselySqliteDatabase {
  const maxStatements = opts.maxStatements ?? 500;
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare: (sql: string) => {
      const hit = cache.get(sql);
      if (hit) {
        // keep the most recently used at the end of the insertion order
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const prepared = database.prepare(sql);
      const writes = !prepared.readonly || ENDS_TRANSACTION.test(sql);
      const statement: SqliteStatement =
        writes && opts.onWrite ? reportingWrites(prepared, opts.onWrite) : (prepared as unknown as SqliteStatement);
      cache.set(sql, statement);
      if (cache.size > maxStatements) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
  };
}
