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
 * A name is derived from the statement's text (statementName), never from an order of
 * arrival: behind a pooler that hands one server connection to several instances in turn,
 * a name another instance prepared there means the same statement, so a statement can never
 * run in place of another.
 *
 * A column added while the service runs (another instance's migration) changes what a
 * prepared `select *` returns, and PostgreSQL refuses to run it ("cached plan must not
 * change result type"). Then every name is forgotten and the next ones carry a new
 * generation, so each text is prepared afresh, and the statement is run again unnamed when
 * no transaction is open (nothing ran: the check comes before execution). Inside a
 * transaction the error stands, once.
 *
 * A pooler that does not keep a connection's prepared statements (PgBouncer before 1.21 in
 * transaction mode) answers that a name does not exist, or already does: naming stops for
 * the rest of the process (`onUnsupported` is told once) and the statement is run again
 * unnamed, as above. `database.preparedStatements: false` never starts.
 */
import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Pool, PoolClient } from 'pg';

/** Statements worth naming: the rest (BEGIN, SET, DDL) run once or are too cheap to matter. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const OPENS_TRANSACTION = /^\s*(begin|start\s+transaction)\b/i;
const CLOSES_TRANSACTION = /^\s*(commit|rollback|end|abort)\b/i;
export const MAX_PARAMETERS = 64;
const DEFAULT_LIMIT = 500;

/** The name of `text` in a generation: the same on every instance, another for every other text. */
export function statementName(generation: number, text: string): string {
  return `latch_${generation.toString(36)}_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/** A name the server does not have (26000), or has already (42P05): its connections are not ours alone. */
function isForeignConnection(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '26000' || code === '42P05';
}

/** PostgreSQL's answer when a prepared statement's result columns changed under it. */
function isChangedResultType(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan');
}

export interface NamedStatements extends PostgresPool {
  /** How many texts carry a name now. */
  readonly named: number;
  /** False once the connections turned out to be shared (a pooler): nothing is named any more. */
  readonly naming: boolean;
}

export interface NamingOptions {
  /** At most this many texts carry a name (500: each holds ~30 KB of the server's memory per connection). */
  limit?: number;
  /** Naming stopped because the connections are shared (a pooler): said once. */
  onUnsupported?: (err: Error) => void;
}

export function namingStatements(pool: Pool, options: NamingOptions = {}): NamedStatements {
  const limit = options.limit ?? DEFAULT_LIMIT;
  /** text → name (data statements only, at most `limit` of them). */
  const names = new Map<string, string>();
  let generation = 0;
  let naming = true;

  const nameOf = (text: string, parameters: number): string => {
    if (!naming || parameters > MAX_PARAMETERS) return '';
    const known = names.get(text);
    if (known !== undefined) return known;
    // BEGIN, SET, DDL: never named nor remembered (an anchored test that fails on the first word)
    if (names.size >= limit || !DATA_STATEMENT.test(text)) return '';
    const name = statementName(generation, text);
    names.set(text, name);
    return name;
  };

  // one wrapper per connection, so that Kysely (which keeps its own object per client) sees the same one each time
  const wrappers = new WeakMap<PoolClient, PostgresPoolClient>();

  const wrap = (client: PoolClient): PostgresPoolClient => {
    let inTransaction = false;
    const run = async <R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
      // Kysely hands over a copy of its parameters made for this call: passed on as it is
      const values = parameters as unknown[];
      const name = nameOf(sql, values.length);
      if (!name) {
        // transaction control is never named: it is followed here, off the named statements' path
        if (OPENS_TRANSACTION.test(sql)) inTransaction = true;
        else if (CLOSES_TRANSACTION.test(sql)) inTransaction = false;
        return (await client.query(sql, values)) as unknown as PostgresQueryResult<R>;
      }
      try {
        return (await client.query({ name, text: sql, values })) as unknown as PostgresQueryResult<R>;
      } catch (err) {
        if (isChangedResultType(err)) {
          names.clear();
          generation++;
        } else if (isForeignConnection(err)) {
          if (naming) options.onUnsupported?.(err as Error);
          naming = false;
          names.clear();
        } else throw err;
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
    get naming() {
      return naming;
    },
  };
}
