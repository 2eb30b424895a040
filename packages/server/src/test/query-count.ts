/**
 * Counts the statements a piece of work sends to the database, so that a test can hold a
 * read path to its number of queries (an N+1 fails it). Wraps a shared test database: its
 * Kysely gets a plugin that notes every executed statement (built, raw and batched ones,
 * inside transactions too), and its SQLite read-only connection (the session check's)
 * notes its reads. Only statements of the work being measured count: the measurement is
 * an async context, so a timer of the app (a heartbeat, a sweep) running meanwhile is not
 * counted, and concurrent batched lookups are counted in the context of the first caller.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { SqliteReader } from '../core/db/sqlite-reader.ts';
import type { SharedDatabase } from './harness.ts';

export interface QueryCounter {
  /** Runs `work` and returns its result with the statements it executed, in order. */
  measure<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }>;
}

/**
 * The same database, counted: pass `database` to createTestApp. Closing it closes the
 * wrapped one.
 */
export function countQueries(shared: SharedDatabase): { database: SharedDatabase; counter: QueryCounter } {
  const scope = new AsyncLocalStorage<string[]>();
  const texts = new WeakMap<QueryId, string>();
  const executor = shared.handle.db.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      // compiled here only for the failure message; a query compiled but never run counts nothing
      texts.set(args.queryId, executor.compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      scope.getStore()?.push(texts.get(args.queryId) ?? '(a precompiled statement)');
      return args.result;
    },
  };
  const reader = shared.handle.reader;
  const countedReader: SqliteReader | null = reader && {
    get<Row>(sql: string, params: readonly unknown[]): Row | undefined {
      scope.getStore()?.push(`(read-only connection) ${sql}`);
      return reader.get<Row>(sql, params);
    },
    changeVersion: () => reader.changeVersion(),
    noteWrite: () => reader.noteWrite(),
    close: () => reader.close(),
  };
  const database: SharedDatabase = {
    ...shared,
    handle: { ...shared.handle, db: shared.handle.db.withPlugin(plugin), reader: countedReader },
    close: () => shared.close(),
  };
  return {
    database,
    counter: {
      async measure<T>(work: () => Promise<T>) {
        const queries: string[] = [];
        const result = await scope.run(queries, work);
        return { result, queries };
      },
    },
  };
}
