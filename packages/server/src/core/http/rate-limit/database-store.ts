/**
 * Counters in the `rateLimit` table, over Kysely, for SQLite, Postgres and MariaDB/MySQL.
 *
 * rate-limiter-flexible's SQL stores create and own their own tables (key, points,
 * expire) and speak to raw drivers; ours is the `rateLimit` table of the shared schema
 * (id, key, count, lastRequest) reached through Kysely, so this store is our own.
 *
 * `lastRequest` holds the start of the current window (ms since the epoch): the window
 * is fixed, so the start is the one timestamp the algorithm needs.
 *
 * Atomicity: the increment is one conditional UPDATE,
 *   UPDATE rateLimit SET count = CASE WHEN lastRequest <= :cutoff THEN 1 ELSE count + 1 END, …
 *   WHERE key = :key AND (lastRequest <= :cutoff OR count < :max)
 * Every dialect runs it under a row lock and re-checks the WHERE against the latest row
 * (Postgres re-evaluates it after waiting on the lock; InnoDB's UPDATE reads the latest
 * committed version; SQLite has one writer), so no interleaving lets more than `max`
 * through. A refused request matches no row and so changes nothing. A missing row is
 * created with INSERT … ON CONFLICT DO NOTHING (INSERT IGNORE on MySQL); whoever loses
 * that race goes round again and meets the UPDATE.
 */
import { type Kysely, MysqlAdapter, PostgresAdapter } from 'kysely';
import type { Clock } from '../../clock.ts';
import { generateId } from '../../crypto/random.ts';
import type { Database, Dialect } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import type { Rule } from './rules.ts';
import type { CounterStore, HitResult } from './store.ts';

/** Rounds of update → read → insert before giving up (a round is only lost to a concurrent reset or insert). */
const MAX_ROUNDS = 5;
/** How often expired rows are deleted, at most. */
const PRUNE_EVERY_MS = 60_000;

export interface DatabaseStoreOptions {
  db: Kysely<Database>;
  /** Picked from the Kysely adapter when not given. */
  dialect?: Dialect;
  clock: Clock;
  logger?: Logger;
  /** Rows whose window started longer ago than this are deleted now and then. */
  longestWindowSeconds: number;
}

export function detectDialect(db: Kysely<Database>): Dialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite';
}

export function createDatabaseStore(options: DatabaseStoreOptions): CounterStore {
  const { db, clock, logger } = options;
  const dialect = options.dialect ?? detectDialect(db);
  const supportsUpdateReturning = dialect !== 'mysql';
  const keepMs = options.longestWindowSeconds * 1000;
  let lastPruneMs = clock.now().getTime();
  let pruning: Promise<void> | null = null;

  const readRow = async (key: string) => {
    const row = await db
      .selectFrom('rateLimit')
      .select(['count', 'lastRequest'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? { count: Number(row.count), startMs: Number(row.lastRequest) } : null;
  };

  /** The conditional increment; the row after it when it matched, else null. */
  const tryIncrement = async (key: string, rule: Rule, nowMs: number) => {
    const cutoff = nowMs - rule.window * 1000;
    const query = db
      .updateTable('rateLimit')
      // `count` before `lastRequest`: MySQL evaluates SET assignments left to right and lets
      // later ones see earlier results, so count's CASE must read the old lastRequest
      .set((eb) => ({
        count: eb
          .case()
          .when('lastRequest', '<=', cutoff)
          .then(1)
          .else(eb('count', '+', 1))
          .end(),
        lastRequest: eb
          .case()
          .when('lastRequest', '<=', cutoff)
          .then(nowMs)
          // the column reads as number | string (pg returns bigint as text); it is written as a number
          .else(eb.ref('lastRequest').$castTo<number>())
          .end(),
      }))
      .where('key', '=', key)
      .where((eb) => eb.or([eb('lastRequest', '<=', cutoff), eb('count', '<', rule.max)]));

    if (supportsUpdateReturning) {
      const row = await query.returning(['count', 'lastRequest']).executeTakeFirst();
      return row ? { count: Number(row.count), startMs: Number(row.lastRequest) } : null;
    }
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    // MySQL has no UPDATE … RETURNING; this read only informs `remaining` and the reset time
    return (await readRow(key)) ?? { count: 1, startMs: nowMs };
  };

  const tryInsert = async (key: string, nowMs: number): Promise<boolean> => {
    const values = { id: generateId(), key, count: 1, lastRequest: nowMs };
    const insert =
      dialect === 'mysql'
        ? // keys are bounded printable ASCII (storeKey), so a duplicate key is the only error IGNORE can swallow
          db.insertInto('rateLimit').ignore().values(values)
        : db
            .insertInto('rateLimit')
            .values(values)
            .onConflict((oc) => oc.column('key').doNothing());
    const result = await insert.executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  };

  const maybePrune = (nowMs: number) => {
    if (pruning || nowMs - lastPruneMs < PRUNE_EVERY_MS) return;
    lastPruneMs = nowMs;
    pruning = db
      .deleteFrom('rateLimit')
      .where('lastRequest', '<', nowMs - keepMs)
      .execute()
      .then(
        () => undefined,
        (error: unknown) => logger?.warn('rate limit: pruning expired rows failed', { error }),
      )
      .finally(() => {
        pruning = null;
      });
  };

  return {
    name: 'database',
    async hit(key: string, rule: Rule): Promise<HitResult> {
      const windowMs = rule.window * 1000;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const nowMs = clock.now().getTime();
        maybePrune(nowMs);
        const updated = await tryIncrement(key, rule, nowMs);
        if (updated) {
          return {
            allowed: true,
            count: updated.count,
            msBeforeReset: Math.max(0, updated.startMs + windowMs - nowMs),
          };
        }
        const row = await readRow(key);
        if (!row) {
          if (await tryInsert(key, nowMs)) return { allowed: true, count: 1, msBeforeReset: windowMs };
          continue; // someone else created it first
        }
        const open = row.startMs > nowMs - windowMs;
        if (open && row.count >= rule.max) {
          return { allowed: false, count: row.count, msBeforeReset: row.startMs + windowMs - nowMs };
        }
        // the window closed or a slot freed between our UPDATE and the read: go round again
      }
      throw new Error(`rate limit: the counter for ${key} kept changing under ${MAX_ROUNDS} attempts`);
    },
    async close() {
      await pruning;
    },
  };
}
