/**
 * Plain functions over the `twoFactor` table and the two-factor rows of `verification`
 * (challenges, emailed codes, trusted devices, the last TOTP step used). This feature
 * writes `twoFactor`; its `verification` rows are read here and written through
 * core/db/verification-store.ts, that table's one writer.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { toBool, toDate, toDateOrNull } from '../../core/db/values.ts';
import {
  consumeTokenById,
  deleteVerificationsByIdentifier,
  insertVerificationRow,
  swapTokenValue,
} from '../../core/db/verification-store.ts';

type Db = Kysely<Database>;

export interface TwoFactorRecord {
  id: string;
  userId: string;
  /** Encrypted envelopes, opened by the service. */
  secretEnvelope: string;
  backupCodesEnvelope: string;
  verified: boolean;
  failedVerificationCount: number;
  lockedUntil: Date | null;
}

export async function findTwoFactorOfUser(db: Db, userId: string): Promise<TwoFactorRecord | null> {
  const row = await db.selectFrom('twoFactor').selectAll().where('userId', '=', userId).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.userId,
    secretEnvelope: row.secret,
    backupCodesEnvelope: row.backupCodes,
    // the column defaults to true (CONTRACT §7): rows written before enrolment checks count as verified
    verified: row.verified === null ? true : toBool(row.verified),
    failedVerificationCount: Number(row.failedVerificationCount ?? 0),
    lockedUntil: toDateOrNull(row.lockedUntil),
  };
}

export async function insertTwoFactor(
  db: Db,
  values: { id: string; userId: string; secretEnvelope: string; backupCodesEnvelope: string; verified: boolean },
): Promise<void> {
  await db
    .insertInto('twoFactor')
    .values({
      id: values.id,
      userId: values.userId,
      secret: values.secretEnvelope,
      backupCodes: values.backupCodesEnvelope,
      verified: values.verified,
      failedVerificationCount: 0,
      lockedUntil: null,
    })
    .execute();
}

export async function updateTwoFactor(
  db: Db,
  id: string,
  values: { secretEnvelope?: string; backupCodesEnvelope?: string; verified?: boolean },
): Promise<void> {
  await db
    .updateTable('twoFactor')
    .set({
      ...(values.secretEnvelope !== undefined && { secret: values.secretEnvelope }),
      ...(values.backupCodesEnvelope !== undefined && { backupCodes: values.backupCodesEnvelope }),
      ...(values.verified !== undefined && { verified: values.verified }),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Replaces the backup codes only if they are still `from` (compare-and-set on the
 * envelope, whose random IV makes every write unique): of two concurrent uses of one
 * code, exactly one sees `true`.
 */
export async function swapBackupCodes(db: Db, id: string, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('twoFactor')
    .set({ backupCodes: to })
    .where('id', '=', id)
    .where('backupCodes', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTwoFactorOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('twoFactor').where('userId', '=', userId).execute();
}

/**
 * Takes one try of the account's budget of consecutive second-factor tries, in one
 * statement: refused (false) while the account is locked. Every `lockAfter`-th try in a
 * row locks the account, each time longer: the n-th lock lasts `lockSeconds[n - 1]` (the
 * last one for every later lock), so a guesser who waits out the locks gets fewer tries a
 * day the longer they go on. The count only starts again with a success
 * (resetFailedVerifications). Taken before the code is compared, so concurrent guesses on
 * several challenges cannot compare more codes than the budget.
 *
 * `neverLock`: a try that would start a lock is refused instead of taken (a code inside a
 * session, challenge.ts): it counts toward the run, but a copied session alone never locks
 * the owner's sign-in, which would keep them from signing in to end it.
 */
export async function takeAccountTry(
  db: Db,
  id: string,
  input: { now: Date; lockAfter: number; lockSeconds: readonly number[]; neverLock?: boolean },
): Promise<boolean> {
  const count = sql<number>`(coalesce(${sql.ref('failedVerificationCount')}, 0) + 1)`;
  // the lock that this try starts, if it is a multiple of lockAfter: the longest tier it has reached
  const tiers = input.lockSeconds
    .map((seconds, i) => ({ from: input.lockAfter * (i + 1), until: new Date(input.now.getTime() + seconds * 1000) }))
    .reverse();
  const lockFor = sql.join(
    tiers.map((t) => sql`when ${count} >= ${t.from} then ${t.until}`),
    sql` `,
  );
  const result = await db
    .updateTable('twoFactor')
    .set({
      // lockedUntil first: MySQL evaluates assignments left to right, each seeing the ones before it.
      // `else` keeps the column (a lock already past, or none): it also gives PostgreSQL the branch's type
      lockedUntil: sql`case when ${count} % ${input.lockAfter} <> 0 then ${sql.ref('lockedUntil')} ${lockFor} else ${sql.ref('lockedUntil')} end`,
      failedVerificationCount: count,
    })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', input.now)]))
    .$if(input.neverLock === true, (qb) => qb.where(sql<boolean>`${count} % ${input.lockAfter} <> 0`))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the account's second factor is locked now. */
export async function isLocked(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await db.selectFrom('twoFactor').select('lockedUntil').where('id', '=', id).executeTakeFirst();
  const until = toDateOrNull(row?.lockedUntil);
  return until !== null && until > now;
}

export async function resetFailedVerifications(db: Db, id: string): Promise<void> {
  await db
    .updateTable('twoFactor')
    .set({ failedVerificationCount: 0, lockedUntil: null })
    .where('id', '=', id)
    .execute();
}

// --- rows of the verification table -------------------------------------------------

export interface VerificationRecord {
  id: string;
  value: string;
  expiresAt: Date;
}

export async function insertVerification(
  db: Db,
  input: { id: string; identifier: string; value: string; now: Date; expiresInSeconds: number },
): Promise<void> {
  await insertVerificationRow(db, input);
}

/** The newest row with this identifier, expired or not, or null. */
export async function findVerification(db: Db, identifier: string): Promise<VerificationRecord | null> {
  const row = await db
    .selectFrom('verification')
    .select(['id', 'value', 'expiresAt'])
    .where('identifier', '=', identifier)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  return row ? { id: row.id, value: row.value, expiresAt: toDate(row.expiresAt) } : null;
}

export async function findVerificationById(db: Db, id: string): Promise<VerificationRecord | null> {
  const row = await db
    .selectFrom('verification')
    .select(['id', 'value', 'expiresAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, value: row.value, expiresAt: toDate(row.expiresAt) } : null;
}

/** Deletes the row and says whether this call deleted it (the single-use race is decided here). */
export async function consumeVerification(db: Db, id: string): Promise<boolean> {
  return consumeTokenById(db, id);
}

export async function deleteVerifications(db: Db, identifier: string): Promise<void> {
  await deleteVerificationsByIdentifier(db, identifier);
}

/** Compare-and-set on the value; true when this call changed it. */
export async function swapVerificationValue(
  db: Db,
  input: { id: string; from: string; to: string; now: Date; expiresAt?: Date },
): Promise<boolean> {
  return swapTokenValue(db, input.id, input.from, input.to, input.now, input.expiresAt);
}
