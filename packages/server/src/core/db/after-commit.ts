/**
 * Work that must follow a transaction's commit, never precede it: `audit.log` mirrors an
 * audit row to the log only once the change that wrote it has committed, so a SIEM never
 * holds a line for an event that rolled back (docs/audit-log.md).
 *
 * `trackCommits(db)` gives a Kysely whose `transaction().execute(…)` collects what the
 * callback hands to `afterCommit` and runs it after the commit, in order; when the callback
 * throws (a rollback), it is dropped. Outside such a transaction `afterCommit` runs at once:
 * a statement on its own has committed when it returns.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction, TransactionBuilder } from 'kysely';

const pending = new AsyncLocalStorage<Array<() => void>>();

/** Runs `work` after the current transaction commits (at once outside one). */
export function afterCommit(work: () => void): void {
  const queue = pending.getStore();
  if (queue) queue.push(work);
  else work();
}

function deferringCommitWork<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const execute = builder.execute.bind(builder);
  builder.execute = async <T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
    const queue: Array<() => void> = [];
    const result = await pending.run(queue, () => execute(callback));
    // committed: each piece of work on its own, so one that throws does not keep the others back
    for (const work of queue) {
      try {
        work();
      } catch {
        // the work's own concern (a log line that could not be written); the commit stands
      }
    }
    return result;
  };
  return builder;
}

/**
 * The same database (pool, dialect and plugins), as a new Kysely instance whose transactions
 * run their `afterCommit` work after committing. The instance given is not changed.
 */
export function trackCommits<DB>(db: Kysely<DB>): Kysely<DB> {
  const tracked = db.withTables<Record<never, never>>() as unknown as Kysely<DB>;
  const open = tracked.transaction.bind(tracked);
  tracked.transaction = () => deferringCommitWork(open());
  return tracked;
}
