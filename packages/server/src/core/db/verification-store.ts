/**
 * One-time secrets kept in the `verification` table: email verification and email
 * change links, password-reset tokens, account-deletion tokens, undo links, OAuth
 * states. Only a SHA-256 hash of the token is stored (`<purpose>:<hash>`), so a copy of
 * the database cannot be used to follow anyone's link (ARCHITECTURE.md, "Security by
 * construction"). Every feature that mails a secret keeps it here; the identifier
 * conventions of each purpose are written down here too, so that a credential change
 * can void them all.
 *
 * This file is the only writer of the `verification` table (docs/architecture.md, "Who
 * writes which table"): features whose rows have their own identifiers (two-factor's
 * challenges, codes, trusted devices and TOTP steps) write them through the
 * identifier-addressed functions at the end.
 */
import type { Kysely } from 'kysely';
import { addSeconds } from '../clock.ts';
import { hashToken } from '../crypto/hash.ts';
import { generateId } from '../crypto/random.ts';
import type { Database, Dialect } from './schema.ts';
import { toDate } from './values.ts';

type Db = Kysely<Database>;

/** `auth-state`: the OAuth state of a sign-in at a provider (features/social/state.ts). */
/**
 * `magic-link`: a mailed sign-in link, value `{email, userId, name}` (features/magic-link);
 * `email-otp`: a mailed code, keyed by `<type>:<address>` instead of a secret token, value
 * `{digest, userId, issue}` where the digest is an HMAC of the code (features/email-otp); one
 * row per key, written by replaceKeyedToken.
 */
export type TokenPurpose =
  | 'email-verification'
  | 'reset-password'
  | 'delete-account'
  | 'undo-change'
  | 'auth-state'
  | 'magic-link'
  | 'email-otp'
  /** a WebAuthn ceremony's challenge, value `{purpose, challenge, userId}` (features/passkey/challenge.ts) */
  | 'passkey-challenge';

export interface StoredToken {
  id: string;
  value: string;
  expiresAt: Date;
}

function tokenIdentifier(purpose: TokenPurpose, token: string): string {
  return `${purpose}:${hashToken(token)}`;
}

export async function storeToken(
  db: Db,
  input: { purpose: TokenPurpose; token: string; value: string; now: Date; expiresInSeconds: number },
): Promise<string> {
  const id = generateId();
  await insertVerificationRow(db, {
    id,
    identifier: tokenIdentifier(input.purpose, input.token),
    value: input.value,
    now: input.now,
    expiresInSeconds: input.expiresInSeconds,
  });
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
 * With `value`, only while the row still holds it (a keyed token replaced since is another secret).
 */
export async function consumeTokenById(db: Db, id: string, value?: string): Promise<boolean> {
  let q = db.deleteFrom('verification').where('id', '=', id);
  if (value !== undefined) q = q.where('value', '=', value);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Replaces the value (and, when given, the expiry) only if the value is still `from` (a
 * compare-and-set); true when this call changed it.
 */
export async function swapTokenValue(
  db: Db,
  id: string,
  from: string,
  to: string,
  now: Date,
  expiresAt?: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('verification')
    .set({ value: to, updatedAt: now, ...(expiresAt && { expiresAt }) })
    .where('id', '=', id)
    .where('value', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** With `value`, only while the row still holds it (see consumeTokenById). */
export async function deleteTokenById(db: Db, id: string, value?: string): Promise<void> {
  await consumeTokenById(db, id, value);
}

/**
 * Deletes up to `limit` rows, of any purpose, that expired before `before`; the number
 * deleted (features/maintenance sweeps in batches with this).
 */
export async function deleteVerificationsExpiredBefore(db: Db, before: Date, limit: number): Promise<number> {
  // the ids through a derived table: MySQL and MariaDB allow neither LIMIT in an IN
  // subquery nor a subquery on the table a DELETE is deleting from, except this way
  const expired = db
    .selectFrom((eb) =>
      eb.selectFrom('verification').select('id').where('expiresAt', '<', before).limit(limit).as('expired'),
    )
    .select('expired.id');
  const result = await db.deleteFrom('verification').where('id', 'in', expired).executeTakeFirst();
  return Number(result.numDeletedRows);
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

/**
 * Takes one try of a code or challenge, atomically: one conditional UPDATE that succeeds
 * only while fewer than `max` tries were taken and the row is unexpired. The try is taken
 * BEFORE the code is compared, so a burst of concurrent guesses cannot compare more than
 * `max` codes (ARCHITECTURE.md "Counters are atomic"); true when this call got a try.
 * With `value`, only while the row still holds the value the caller compares with: a keyed
 * token replaced meanwhile (replaceKeyedToken) is a new code, whose tries are its own.
 */
export async function takeAttempt(db: Db, id: string, max: number, now: Date, value?: string): Promise<boolean> {
  let q = db
    .updateTable('verification')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), updatedAt: now }))
    .where('id', '=', id)
    .where('attempts', '<', max)
    .where('expiresAt', '>', now);
  if (value !== undefined) q = q.where('value', '=', value);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Voids every password-reset link of a user (their rows hold the user id as value): a
 * reset or a password change leaves no older link usable (security issue, item 8).
 */
export async function deleteResetTokensOfUser(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('verification')
    .where('identifier', 'like', 'reset-password:%')
    .where('value', '=', userId)
    .execute();
}

/** The identifier prefix of the browsers a user trusted for two-factor (features/two-factor/trust-device.ts). */
export function trustedDevicePrefix(userId: string): string {
  return `trust-device:${userId}:`;
}

/** Forgets every browser the user trusted for two-factor. */
export async function deleteTrustedDevicesOfUser(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('verification')
    .where('identifier', 'like', `${trustedDevicePrefix(userId)}%`)
    .execute();
}

/**
 * Ends the user's two-factor sign-ins in progress (`2fa:` rows, value `<userId>:…`): after a
 * reset or a password change, a challenge opened with the old password completes nothing.
 * Matched exactly here, as MariaDB's LIKE ignores case.
 */
export async function deleteTwoFactorChallengesOfUser(db: Db, userId: string): Promise<void> {
  const rows = await db
    .selectFrom('verification')
    .select(['id', 'value'])
    .where('identifier', 'like', '2fa:%')
    .where('value', 'like', `${userId}:%`)
    .execute();
  const ids = rows.filter((row) => row.value.startsWith(`${userId}:`)).map((row) => row.id);
  if (ids.length > 0) await db.deleteFrom('verification').where('id', 'in', ids).execute();
}

// --- passwordless sign-in (features/magic-link, features/email-otp, features/mailbox-proof) ---

/**
 * Stores the value of a token that has one row per token (email-otp's `<type>:<address>`),
 * replacing the one it had, with its tries back at 0 and a new expiry; answers the row's id.
 *
 * The row's id is derived from its identifier, so the primary key lets a token have one row
 * (the identifier's index is not unique, and making it so would take a migration), and one
 * upsert writes it: of concurrent writers the last one's value stays, and no two values are
 * ever live at once. A delete-then-insert let two interleaved writers leave a row each, each
 * with its own tries. Rows the token got from versions that gave them random ids go after.
 */
export async function replaceKeyedToken(
  db: Db,
  dialect: Dialect,
  input: { purpose: TokenPurpose; token: string; value: string; now: Date; expiresInSeconds: number },
): Promise<string> {
  const { purpose, token, ...rest } = input;
  return replaceRowOf(db, dialect, { identifier: tokenIdentifier(purpose, token), ...rest });
}

/** replaceKeyedToken for a row whose identifier its feature makes itself (two-factor's emailed codes). */
export async function replaceRowOf(
  db: Db,
  dialect: Dialect,
  input: { identifier: string; value: string; now: Date; expiresInSeconds: number },
): Promise<string> {
  const { identifier } = input;
  const id = hashToken(identifier).slice(0, 32);
  const fresh = {
    value: input.value,
    attempts: 0,
    expiresAt: addSeconds(input.now, input.expiresInSeconds),
    createdAt: input.now,
    updatedAt: input.now,
  };
  const insert = db.insertInto('verification').values({ id, identifier, ...fresh });
  await (dialect === 'mysql'
    ? insert.onDuplicateKeyUpdate(fresh)
    : insert.onConflict((oc) => oc.column('id').doUpdateSet(fresh))
  ).execute();
  await db.deleteFrom('verification').where('identifier', '=', identifier).where('id', '<>', id).execute();
  return id;
}

/**
 * Gives back the try a right code took, when the code is only checked and stays good for
 * the request that spends it (check-verification-otp). Only a holder of the right code gets
 * a try back, so a guesser gains nothing from it. With `value`, only while the row still
 * holds it: a code replaced meanwhile gets no try it did not give.
 */
export async function giveBackAttempt(db: Db, id: string, now: Date, value?: string): Promise<void> {
  let q = db
    .updateTable('verification')
    .set((eb) => ({ attempts: eb('attempts', '-', 1), updatedAt: now }))
    .where('id', '=', id)
    .where('attempts', '>', 0);
  if (value !== undefined) q = q.where('value', '=', value);
  await q.execute();
}

/** The kinds of undo link whose undo clears the password (and, for an address change, puts the old address back). */
const UNDO_KINDS_VOIDED_BY_A_NEW_PASSWORD = ['password-changed', 'email-changed'];

/**
 * Voids the user's undo links that would clear the password and hand out a reset token
 * (`password-changed`, `email-changed`): a reset or password change leaves no older way back
 * to the account (docs/security.md rule 10). Callers void them BEFORE the change announces
 * itself, so the undo link that change mails is the only one left. Undo links of other kinds
 * (a linked provider, a passkey, two-factor turned off) stay: undoing them only takes back
 * what was added, and the owner may still need them.
 */
export async function deletePasswordUndoLinksOfUser(db: Db, userId: string): Promise<void> {
  const rows = await undoLinkCandidates(db, userId);
  const ids = rows
    .filter((row) => {
      const value = undoLinkValue(row.value);
      return (
        value?.userId === userId &&
        typeof value.kind === 'string' &&
        UNDO_KINDS_VOIDED_BY_A_NEW_PASSWORD.includes(value.kind)
      );
    })
    .map((row) => row.id);
  if (ids.length) await db.deleteFrom('verification').where('id', 'in', ids).execute();
}

/** The undo-change rows that may be the user's (matched exactly by the caller: see deleteSecretsOfUser). */
function undoLinkCandidates(db: Db, userId: string): Promise<{ id: string; identifier: string; value: string }[]> {
  return db
    .selectFrom('verification')
    .select(['id', 'identifier', 'value'])
    .where('identifier', 'like', 'undo-change:%')
    .where('value', 'like', `%"userId":"${userId}"%`)
    .execute();
}

/** An undo link's value (`{userId, change: {kind, …}}`, features/security-notices), or null. */
function undoLinkValue(text: string): { userId: unknown; kind: unknown } | null {
  const value = parseObject(text);
  if (!value) return null;
  const change = value.change;
  const kind = typeof change === 'object' && change !== null ? (change as { kind?: unknown }).kind : undefined;
  return { userId: value.userId, kind };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Voids every one-time secret bound to a user: reset and deletion links, verification and
 * email-change links, undo links, two-factor sign-in challenges and trusted browsers. For when the
 * mailbox is proven over an account someone set up without proving it
 * (features/mailbox-proof): nothing issued before the proof may act on the account after it.
 * Candidates are found in SQL, then matched exactly here: MariaDB compares without case, and
 * LIKE would take a `_` in an imported id for any character.
 */
export async function deleteSecretsOfUser(db: Db, userId: string): Promise<void> {
  const rows = await db
    .selectFrom('verification')
    .select(['id', 'identifier', 'value'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb.or([eb('identifier', 'like', 'reset-password:%'), eb('identifier', 'like', 'delete-account:%')]),
          eb('value', '=', userId),
        ]),
        eb.and([
          eb.or([eb('identifier', 'like', 'email-verification:%'), eb('identifier', 'like', 'undo-change:%')]),
          eb('value', 'like', `%"userId":"${userId}"%`),
        ]),
        eb.and([eb('identifier', 'like', '2fa:%'), eb('value', 'like', `${userId}:%`)]),
        eb('identifier', 'like', `${trustedDevicePrefix(userId)}%`),
      ]),
    )
    .execute();
  const ids = rows.filter((row) => isSecretOf(row, userId)).map((row) => row.id);
  if (ids.length) await db.deleteFrom('verification').where('id', 'in', ids).execute();
}

function isSecretOf(row: { identifier: string; value: string }, userId: string): boolean {
  if (row.identifier.startsWith('reset-password:') || row.identifier.startsWith('delete-account:'))
    return row.value === userId;
  // a two-factor challenge's value is `<userId>:<dontRemember>:<tries>` (features/two-factor/challenge.ts)
  if (row.identifier.startsWith('2fa:')) return row.value.startsWith(`${userId}:`);
  if (row.identifier.startsWith('trust-device:')) return row.identifier.startsWith(trustedDevicePrefix(userId));
  // an email link's value is `{kind, userId, email, …}`, an undo link's `{userId, change}`
  if (row.identifier.startsWith('email-verification:') || row.identifier.startsWith('undo-change:'))
    return parseObject(row.value)?.userId === userId;
  return false;
}

// --- rows addressed by an identifier their feature builds (features/two-factor) ---------

/** Inserts a row with the caller's id and identifier (a duplicate id fails: the first of two racing writers wins). */
export async function insertVerificationRow(
  db: Db,
  input: { id: string; identifier: string; value: string; now: Date; expiresInSeconds: number },
): Promise<void> {
  await db
    .insertInto('verification')
    .values({
      id: input.id,
      identifier: input.identifier,
      value: input.value,
      expiresAt: addSeconds(input.now, input.expiresInSeconds),
      createdAt: input.now,
      updatedAt: input.now,
    })
    .execute();
}

export async function deleteVerificationsByIdentifier(db: Db, identifier: string): Promise<void> {
  await db.deleteFrom('verification').where('identifier', '=', identifier).execute();
}
