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
import { afterAll, beforeAll } from 'vitest';
import type { LatchOptions } from '../core/config/schema.ts';
import type { Dialect } from '../core/db/schema.ts';
import type { SqliteReader } from '../core/db/sqlite-reader.ts';
import { createTestApp, openSharedDatabase, type SharedDatabase, type TestApp } from './harness.ts';

export interface Statement {
  sql: string;
  /** Empty for a statement compiled before it was run (the session lookup's). */
  parameters: readonly unknown[];
}

export interface QueryCounter {
  /**
   * Runs `work` and returns its result with the statements it executed, in order: their
   * SQL (`queries`) and with their parameters (`statements`, to EXPLAIN them).
   */
  measure<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[]; statements: Statement[] }>;
}

/**
 * The same database, counted: pass `database` to createTestApp. Closing it closes the
 * wrapped one.
 */
export function countQueries(shared: SharedDatabase): { database: SharedDatabase; counter: QueryCounter } {
  const scope = new AsyncLocalStorage<Statement[]>();
  const texts = new WeakMap<QueryId, Statement>();
  const executor = shared.handle.db.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      // compiled here for the record (SQL and parameters); a query compiled but never run counts nothing
      const { sql, parameters } = executor.compileQuery(args.node, args.queryId);
      texts.set(args.queryId, { sql, parameters });
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      scope
        .getStore()
        ?.push(texts.get(args.queryId) ?? { sql: '(a statement compiled before it ran)', parameters: [] });
      return args.result;
    },
  };
  const reader = shared.handle.reader;
  const countedReader: SqliteReader | null = reader && {
    get<Row>(sql: string, params: readonly unknown[]): Row | undefined {
      scope.getStore()?.push({ sql: `(read-only connection) ${sql}`, parameters: params });
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
        const statements: Statement[] = [];
        const result = await scope.run(statements, work);
        return { result, queries: statements.map((s) => s.sql), statements };
      },
    },
  };
}

/** A counted database of its own and an app on it, for one `describe` (set in its beforeAll). */
export interface CountedApp {
  shared: SharedDatabase;
  app: TestApp;
  counter: QueryCounter;
}

/**
 * Opens a counted database of `dialect` and an app on it before the enclosing describe's
 * tests (register further beforeAll hooks after this call to seed it), and closes both
 * after them. The fields are set once the hook has run.
 */
export function countedApp(dialect: Dialect, options: LatchOptions = {}): CountedApp {
  const holder = {} as CountedApp;
  beforeAll(async () => {
    const counted = countQueries(await openSharedDatabase(dialect));
    holder.shared = counted.database;
    holder.counter = counted.counter;
    holder.app = createTestApp(counted.database, options);
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.shared?.close();
  });
  return holder;
}
