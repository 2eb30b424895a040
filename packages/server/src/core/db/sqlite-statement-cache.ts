/**
 * better-sqlite3 compiles SQL on every `prepare`, and Kysely's SQLite driver prepares
 * each query anew: on the session check that was the largest single cost. This wrapper
 * keeps the most recent statements (bounded) and hands them out again. Statements are
 * executed synchronously one at a time, so reusing one is safe.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

export function withStatementCache(database: SqliteDatabase, maxStatements = 500): KyselySqliteDatabase {
  const cache = new Map<string, Statement>();
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
      const statement = database.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > maxStatements) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
  };
}
