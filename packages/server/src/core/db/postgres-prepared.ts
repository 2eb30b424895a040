/**
 * Named (prepared) statements on PostgreSQL. Kysely hands node-postgres every query as
 * unnamed text, so the server parses and plans it again on every run; a session check with
 * the memory off, or a sign-in, is a handful of short statements, and for each of them
 * parsing and planning cost the database about as much as running it (docs/performance.md,
 * "Prepared statements on PostgreSQL"). This wrapper gives each distinct statement text a
 * name: node-postgres then parses it once per connection and afterwards sends only its
 * parameters, and PostgreSQL keeps its plan.
 *
 * Bounded: at most `limit` texts are named, and none with more than MAX_PARAMETERS
 * parameters (batched `in` lists come in many lengths; each named text costs every
 * connection a little memory on the server). Only data statements are named.
 *
 * A column added while the service runs (another instance's migration) changes what a
 * prepared `select *` returns, and PostgreSQL refuses to run it ("cached plan must not
 * change result type"). Then every name is forgotten, so each text is prepared afresh under
 * a new name, and the statement is run again unnamed when no transaction is open (nothing
 * ran: the check comes before execution). Inside a transaction the error stands, once.
 *
 * `database.preparedStatements: false` turns this off, for PgBouncer before 1.21 in
 * transaction mode (which cannot carry named statements between server connections).
 */
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Pool, PoolClient } from 'pg';

/** Statements worth naming: the rest (BEGIN, SET, DDL) run once or are too cheap to matter. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const OPENS_TRANSACTION = /^\s*(begin|start\s+transaction)\b/i;
const CLOSES_TRANSACTION = /^\s*(commit|rollback|end|abort)\b/i;
export const MAX_PARAMETERS = 64;
const DEFAULT_LIMIT = 1000;

/** PostgreSQL's answer when a prepared statement's result columns changed under it. */
function isChangedResultType(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan');
}

export interface NamedStatements extends PostgresPool {
  /** How many texts carry a name now. */
  readonly named: number;
}

export function namingStatements(pool: Pool, limit = DEFAULT_LIMIT): NamedStatements {
  /** text → name (data statements only, at most `limit` of them). */
  const names = new Map<string, string>();
  let serial = 0;

  const nameOf = (text: string, parameters: number): string => {
    if (parameters > MAX_PARAMETERS) return '';
    const known = names.get(text);
    if (known !== undefined) return known;
    // BEGIN, SET, DDL: never named nor remembered (an anchored test that fails on the first word)
    if (names.size >= limit || !DATA_STATEMENT.test(text)) return '';
    const name = `latch_${(++serial).toString(36)}`;
    names.set(text, name);
    return name;
  };

  // one wrapper per connection, so that Kysely (which keeps its own object per client) sees the same one each time
  const wrappers = new WeakMap<PoolClient, PostgresPoolClient>();

  const wrap = (client: PoolClient): PostgresPoolClient => {
    let inTransaction = false;
    const run = async <R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
      if (OPENS_TRANSACTION.test(sql)) inTransaction = true;
      else if (CLOSES_TRANSACTION.test(sql)) inTransaction = false;
      const values = [...parameters];
      const name = nameOf(sql, values.length);
      if (!name) return (await client.query(sql, values)) as unknown as PostgresQueryResult<R>;
      try {
        return (await client.query({ name, text: sql, values })) as unknown as PostgresQueryResult<R>;
      } catch (err) {
        if (!isChangedResultType(err)) throw err;
        names.clear();
        if (inTransaction) throw err;
        return (await client.query(sql, values)) as unknown as PostgresQueryResult<R>;
      }
    };
    const wrapper = {
      query: (sqlOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) =>
        typeof sqlOrCursor === 'string'
          ? run(sqlOrCursor, parameters ?? [])
          : // a cursor (Kysely's stream) goes through as it is
            (client.query(sqlOrCursor as unknown as Parameters<PoolClient['query']>[0]) as unknown),
      release: () => client.release(),
    };
    return wrapper as PostgresPoolClient;
  };

  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
    get named() {
      return names.size;
    },
  };
}
