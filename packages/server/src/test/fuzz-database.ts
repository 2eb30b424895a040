/**
 * The database before and after a fuzzed request (security/fuzz-*.test.ts): every row of
 * every table, so that a refused request can be shown to have changed nothing.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { DIALECT, db } from './fuzz-app.ts';

/**
 * What may change although a request was refused, each on purpose:
 * - rateLimit: counts every request, refused or not (that is its job; off in tests anyway);
 * - signInLockout: a wrong password is refused AND counted, so that guessing slows down
 *   (features/credentials/lockout.ts);
 * - verification.attempts/updatedAt: a one-time code or two-factor challenge takes its try
 *   before the code is compared, in one UPDATE (core/db/verification-store.ts takeAttempt);
 *   a wrong code is then refused with the try spent;
 * - twoFactor.failedVerificationCount/lockedUntil: consecutive wrong second-factor codes of
 *   an account, counted on refusal to lock the factor (features/two-factor/challenge.ts).
 */
export const IGNORED_TABLES = new Set(['rateLimit', 'signInLockout']);
/**
 * And one refusal that deletes on purpose: TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE voids the code
 * or challenge whose tries are all spent, so its verification row goes (two-factor/otp.ts
 * checkOtp, two-factor/challenge.ts); only such removals, and only with that code.
 */
export const VOIDING_CODE = 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE';
/**
 * The audit log (auditEvent, features/audit) records refusals too, a failed sign-in above
 * all: a refused request may append events to it. Only new rows are let through; an audit
 * row changed or removed by a refusal still fails.
 */
export const APPEND_ONLY = 'auditEvent: + ';
/**
 * Each appended audit row moves the head of the chain it joins (auditChain, docs/audit-log.md
 * "Tamper evidence"): a head may change only together with an appended audit row.
 */
export const CHAIN_HEAD = 'auditChain: ';
export const IGNORED_COLUMNS: Record<string, readonly string[]> = {
  verification: ['attempts', 'updatedAt'],
  twoFactor: ['failedVerificationCount', 'lockedUntil'],
};

export const tableNames = (await db.handle.db.introspection.getTables())
  .map((t) => t.name)
  .filter((name) => !IGNORED_TABLES.has(name))
  .sort();
expect(tableNames).toEqual(expect.arrayContaining(['user', 'session', 'account', 'verification', 'organization']));

export interface Snapshot {
  rows: Map<string, string[]>;
  /** SQLite's count of rows written when the rows were read (null elsewhere). */
  writes: number | null;
}

/**
 * SQLite's total_changes() counts every row written on its one writing connection, which
 * the app and this file share: while it stands still no row changed, and the tables are not
 * read again (this keeps long runs linear). Other databases are read in full every time.
 */
export async function writeCount(): Promise<number | null> {
  if (DIALECT !== 'sqlite') return null;
  const result = await sql<{ n: number }>`select total_changes() as n`.execute(db.handle.db);
  return Number(result.rows[0]?.n);
}

let lastSnapshot: Snapshot | null = null;

export async function snapshot(): Promise<Snapshot> {
  const writes = await writeCount();
  if (lastSnapshot && writes !== null && lastSnapshot.writes === writes) return lastSnapshot;
  const rows = new Map<string, string[]>();
  for (const name of tableNames) {
    const found = (await db.handle.db
      .selectFrom(name as 'user')
      .selectAll()
      .execute()) as unknown as Record<string, unknown>[];
    const ignored = IGNORED_COLUMNS[name] ?? [];
    rows.set(
      name,
      found
        .map((row) => {
          const kept: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(row)) if (!ignored.includes(k)) kept[k] = v;
          return JSON.stringify(kept, (_k, v: unknown) =>
            v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v,
          );
        })
        .sort(),
    );
  }
  lastSnapshot = { rows, writes };
  return lastSnapshot;
}

export function differences(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const name of tableNames) {
    const a = new Set(before.rows.get(name));
    const b = new Set(after.rows.get(name));
    for (const row of a) if (!b.has(row)) out.push(`${name}: - ${row.slice(0, 400)}`);
    for (const row of b) if (!a.has(row)) out.push(`${name}: + ${row.slice(0, 400)}`);
  }
  return out;
}
