/**
 * One-time secrets kept in the `verification` table: email verification and email
 * change links, password-reset tokens and account-deletion tokens. Only a SHA-256 hash
 * of the token is stored (`<purpose>:<hash>`), so a copy of the database cannot be used
 * to follow anyone's link (ARCHITECTURE.md, "Security by construction").
 */
import type { Kysely } from 'kysely';
import { addSeconds } from '../../core/clock.ts';
import { hashToken } from '../../core/crypto/hash.ts';
import { generateId } from '../../core/crypto/random.ts';
import type { Database } from '../../core/db/schema.ts';
import { toDate } from '../../core/db/values.ts';

type Db = Kysely<Database>;

export type TokenPurpose = 'email-verification' | 'reset-password' | 'delete-account';

export interface StoredToken {
  id: string;
  value: string;
  expiresAt: Date;
}

export function tokenIdentifier(purpose: TokenPurpose, token: string): string {
  return `${purpose}:${hashToken(token)}`;
}

export async function storeToken(
  db: Db,
  input: { purpose: TokenPurpose; token: string; value: string; now: Date; expiresInSeconds: number },
): Promise<string> {
  const id = generateId();
  await db
    .insertInto('verification')
    .values({
      id,
      identifier: tokenIdentifier(input.purpose, input.token),
      value: input.value,
      expiresAt: addSeconds(input.now, input.expiresInSeconds),
      createdAt: input.now,
      updatedAt: input.now,
    })
    .execute();
  return id;
}

/** The stored token, expired or not (callers tell "expired" from "unknown"), or null. */
export async function findToken(db: Db, purpose: TokenPurpose, token: string): Promise<StoredToken | null> {
  if (!token) return null;
  const row = await db
    .selectFrom('verification')
    .select(['id', 'value', 'expiresAt'])
    .where('identifier', '=', tokenIdentifier(purpose, token))
    .executeTakeFirst();
  return row ? { id: row.id, value: row.value, expiresAt: toDate(row.expiresAt) } : null;
}

/**
 * Deletes the row and says whether this call deleted it. Two concurrent consumers of
 * one token race on this DELETE: the database lets exactly one of them see a deleted row.
 */
export async function consumeTokenById(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('verification').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Replaces the value only if it is still `from` (a compare-and-set); true when this call changed it. */
export async function swapTokenValue(db: Db, id: string, from: string, to: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('verification')
    .set({ value: to, updatedAt: now })
    .where('id', '=', id)
    .where('value', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTokenById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('verification').where('id', '=', id).execute();
}

/** Removes rows of this purpose that expired more than `graceSeconds` ago (opportunistic cleanup). */
export async function deleteExpiredTokens(
  db: Db,
  purpose: TokenPurpose,
  now: Date,
  graceSeconds: number,
): Promise<void> {
  await db
    .deleteFrom('verification')
    .where('expiresAt', '<', addSeconds(now, -graceSeconds))
    .where('identifier', 'like', `${purpose}:%`)
    .execute();
}
