/**
 * The per-account sign-in lockout (NIST SP 800-63B rev 4 §3.2.2; docs/passwords.md):
 * the first `freeAttempts` consecutive failures cost nothing, each one after that makes the
 * identity wait twice as long before the next password is compared (1 s, 2 s, 4 s … up to
 * `maxDelaySeconds`), and after `maxFailures` (at most 100) no password is compared at all
 * until a password reset (by mail, or by an admin) clears the count. A success clears it too.
 *
 * A try is taken before the password is compared, by one conditional statement that counts
 * it as a failure and sets the delay it would earn (ARCHITECTURE.md "Counters are atomic"):
 * a burst of concurrent guesses gets exactly as many comparisons as the schedule allows, on
 * every database. On SQLite and PostgreSQL that statement is one upsert (the row made or
 * counted, answered by RETURNING); on MySQL/MariaDB, which have no RETURNING, a conditional
 * UPDATE, then an INSERT when there was no row. A right password then deletes the row.
 *
 * Addresses and usernames without an account have rows too (keyed by a digest of what was
 * typed), so an unknown identity is delayed and locked exactly as a real one is: the answers
 * say nothing about who has an account.
 */

import { type Kysely, sql } from 'kysely';
import type { ResolvedConfig } from '../../core/config/resolve.ts';
import { hashToken } from '../../core/crypto/hash.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { Database, Dialect } from '../../core/db/schema.ts';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { limitAccount, PASSWORD_CHECK_PATH } from '../../core/http/rate-limit/index.ts';
import type { PasswordSignInCandidate } from '../accounts/index.ts';
import { recordEvent } from '../audit/index.ts';
import type { User } from '../user/index.ts';
import { checkCredentials } from './service.ts';

type Db = Kysely<Database>;
export type LockoutRules = ResolvedConfig['password']['lockout'];

/** Rounds of update → read → insert before giving up (a round is only lost to a concurrent change of the row). */
const MAX_ROUNDS = 5;

export function accountLockoutKey(userId: string): string {
  return `user:${userId}`;
}

/**
 * Password checks inside a session count on a key of their own: the failures a stranger
 * sends to the sign-in form never keep the signed-in owner from proving their password
 * (verify-password, change-password, two-factor settings, deletion). A wrong password in a
 * session counts on the account's key too, so a copied cookie gains no quiet guesses.
 */
function inSessionLockoutKey(userId: string): string {
  return `session:${accountLockoutKey(userId)}`;
}

/** The row of an account, or of what was typed when there is none (sign-in by `kind`). */
function lockoutKey(user: User | null, kind: 'email' | 'username', typed: string): string {
  return user ? accountLockoutKey(user.id) : `unknown:${hashToken(`${kind}:${typed}`)}`;
}

/** Seconds to wait after the n-th consecutive failure (n ≥ 1): 0, then base·2^k up to the cap. */
export function delayAfterFailure(n: number, rules: LockoutRules): number {
  if (n < rules.freeAttempts) return 0;
  const doublings = Math.min(n - rules.freeAttempts, 40);
  return Math.min(rules.baseDelaySeconds * 2 ** doublings, rules.maxDelaySeconds);
}

export type TryDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; hardLocked: boolean };

/**
 * `lockedUntil` after one more failure, as SQL over the row's current `failures`: a CASE
 * that lists the growing delays until the cap (at most ~17 branches). The first branch
 * keeps the column, which also gives PostgreSQL the type of the others.
 */
function nextLockedUntil(nowMs: number, rules: LockoutRules, table = '') {
  const failures = sql.ref(`${table}failures`);
  const branches = [sql`when ${failures} < ${rules.freeAttempts - 1} then ${sql.ref(`${table}lockedUntil`)}`];
  let n = rules.freeAttempts;
  for (; delayAfterFailure(n, rules) < rules.maxDelaySeconds; n++) {
    branches.push(sql`when ${failures} = ${n - 1} then ${nowMs + delayAfterFailure(n, rules) * 1000}`);
  }
  return sql<number>`case ${sql.join(branches, sql` `)} else ${nowMs + rules.maxDelaySeconds * 1000} end`;
}

async function readRow(db: Db, key: string): Promise<{ failures: number; lockedUntil: number } | null> {
  const row = await db
    .selectFrom('signInLockout')
    .select(['failures', 'lockedUntil'])
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? { failures: Number(row.failures), lockedUntil: Number(row.lockedUntil) } : null;
}

/** MySQL/MariaDB: the first failure's row, unless a concurrent first try made it (then false). */
async function tryInsertFirst(db: Db, key: string, nowMs: number, rules: LockoutRules) {
  const values = { key, failures: 1, lockedUntil: nowMs + delayAfterFailure(1, rules) * 1000 };
  try {
    const result = await db.insertInto('signInLockout').ignore().values(values).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/**
 * SQLite and PostgreSQL: the first failure's row inserted, or the row counted when its delay
 * has run out and it is not locked for good, in one statement. Whether a row came back says
 * whether the try was taken (a conflict whose WHERE is false changes nothing and returns nothing).
 */
async function upsertTry(db: Db, key: string, rules: LockoutRules, nowMs: number): Promise<boolean> {
  const row = await db
    .insertInto('signInLockout')
    .values({ key, failures: 1, lockedUntil: nowMs + delayAfterFailure(1, rules) * 1000 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({
          lockedUntil: nextLockedUntil(nowMs, rules, 'signInLockout.'),
          failures: eb('signInLockout.failures', '+', 1),
        }))
        .where('signInLockout.lockedUntil', '<=', nowMs)
        .where('signInLockout.failures', '<', rules.maxFailures),
    )
    .returning('failures')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one try for `key`, counted as a failure until `clearSignInFailures` says otherwise;
 * refused while the key waits out its delay or is locked for good.
 */
async function takeSignInTry(
  db: Db,
  dialect: Dialect,
  key: string,
  rules: LockoutRules,
  nowMs: number,
): Promise<TryDecision> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let row: { failures: number; lockedUntil: number } | null;
    if (dialect === 'mysql') {
      const result = await db
        .updateTable('signInLockout')
        // lockedUntil first: MySQL evaluates SET left to right, each assignment seeing the ones before
        .set((eb) => ({ lockedUntil: nextLockedUntil(nowMs, rules), failures: eb('failures', '+', 1) }))
        .where('key', '=', key)
        .where('lockedUntil', '<=', nowMs)
        .where('failures', '<', rules.maxFailures)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return { allowed: true };
      row = await readRow(db, key);
      if (!row) {
        if (await tryInsertFirst(db, key, nowMs, rules)) return { allowed: true };
        continue; // a concurrent first try created it: count this one on the row
      }
    } else {
      if (await upsertTry(db, key, rules, nowMs)) return { allowed: true };
      row = await readRow(db, key);
      if (!row) continue; // a right password deleted it since the upsert: go round again
    }
    if (row.failures >= rules.maxFailures) {
      return { allowed: false, retryAfterSeconds: rules.maxDelaySeconds, hardLocked: true };
    }
    if (row.lockedUntil > nowMs) {
      return { allowed: false, retryAfterSeconds: Math.ceil((row.lockedUntil - nowMs) / 1000), hardLocked: false };
    }
    // the delay ran out between the statement and the read: go round again
  }
  return { allowed: false, retryAfterSeconds: 1, hardLocked: false };
}

/**
 * Forgets the failures of `key`: a right password, a password reset, an admin's new
 * password. An account's key takes its in-session twin with it: either proof ends both runs.
 */
export async function clearSignInFailures(db: Db, key: string): Promise<void> {
  const keys = key.startsWith('user:') ? [key, `session:${key}`] : [key];
  await db.deleteFrom('signInLockout').where('key', 'in', keys).execute();
}

/** A run untouched this long is forgotten by the sweep (unless it reached the hard lock). */
export const LOCKOUT_KEEP_SECONDS = 30 * 86_400;

/**
 * The maintenance sweep's part: runs whose last delay ran out before `beforeMs` and that are
 * not locked for good. Rows of unknown addresses and of accounts go by the same rule, so
 * their going says nothing about which addresses are real; hard-locked rows stay until a reset.
 */
export async function deleteLockoutsIdleBefore(
  db: Db,
  beforeMs: number,
  maxFailures: number,
  limit: number,
): Promise<number> {
  // the keys through a derived table: MySQL and MariaDB allow no LIMIT in an IN subquery
  const idle = db
    .selectFrom((eb) =>
      eb
        .selectFrom('signInLockout')
        .select('key')
        .where('lockedUntil', '<', beforeMs)
        .where('failures', '<', maxFailures)
        .limit(limit)
        .as('idle'),
    )
    .select('idle.key');
  const result = await db.deleteFrom('signInLockout').where('key', 'in', idle).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The password check of a sign-in (email or username), behind the lockout: 429
 * TOO_MANY_REQUESTS with X-Retry-After while the identity is delayed or locked (the
 * password is not even compared then), else whether the password is right.
 */
export async function checkSignInPassword(
  ctx: RequestContext<unknown, unknown>,
  candidate: PasswordSignInCandidate | null,
  password: string,
  typed: { kind: 'email' | 'username'; value: string },
): Promise<boolean> {
  const { db, dialect, clock, logger, config } = ctx.deps;
  const rules = config.password.lockout;
  const user = candidate?.user ?? null;
  const credential = candidate?.credential ?? null;
  if (!rules.enabled) return checkCredentials(ctx.deps, user, password, credential);
  const key = lockoutKey(user, typed.kind, typed.value);
  const decision = await takeSignInTry(db, dialect, key, rules, clock.now().getTime());
  if (!decision.allowed) {
    if (decision.hardLocked) logger.warn('sign-in refused: locked after consecutive failures', { key });
    await recordEvent(db, ctx, {
      type: 'sign_in',
      outcome: 'failure',
      actorType: 'user',
      targetType: user ? 'user' : null,
      targetId: user?.id ?? null,
      details: { method: typed.kind === 'email' ? 'password' : 'username', reason: 'locked' },
    });
    throw authError('TOO_MANY_REQUESTS', { headers: { 'x-retry-after': String(decision.retryAfterSeconds) } });
  }
  const valid = await checkCredentials(ctx.deps, user, password, credential);
  if (valid && user) await clearSignInFailures(db, key);
  return valid;
}

/**
 * The password entered again inside a session (change-password, verify-password, the
 * two-factor settings, deleting the account): one per-account budget for all of them
 * (`password-check`, 5 a minute), and the lockout's schedule on a key of the session's own
 * (never more than 100 in a row), which failures at the sign-in form do not touch: a
 * stranger who knows the address cannot lock the owner out of their own settings. Each
 * wrong password here also counts at the sign-in form, so a copied cookie buys no quiet
 * guesses. A right password ends both runs.
 */
export async function checkPasswordInSession(
  ctx: RequestContext<unknown, unknown>,
  user: User,
  password: string,
): Promise<boolean> {
  await limitAccount(ctx, user.id, PASSWORD_CHECK_PATH);
  const { db, dialect, clock, logger, config } = ctx.deps;
  const rules = config.password.lockout;
  if (!rules.enabled) return checkCredentials(ctx.deps, user, password);
  const decision = await takeSignInTry(db, dialect, inSessionLockoutKey(user.id), rules, clock.now().getTime());
  if (!decision.allowed) {
    if (decision.hardLocked)
      logger.warn('password check refused: locked after consecutive failures', { userId: user.id });
    throw authError('TOO_MANY_REQUESTS', { headers: { 'x-retry-after': String(decision.retryAfterSeconds) } });
  }
  const valid = await checkCredentials(ctx.deps, user, password);
  if (valid) await clearSignInFailures(db, accountLockoutKey(user.id));
  // the run is the account's too: the sign-in form waits as if the guess had been made there
  else await takeSignInTry(db, dialect, accountLockoutKey(user.id), rules, clock.now().getTime());
  return valid;
}
