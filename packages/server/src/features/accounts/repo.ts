/** Plain functions over the account table (credential and social accounts). */
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { AccountTable, Database, Dialect } from '../../core/db/schema.ts';
import { toDate, toDateOrNull } from '../../core/db/values.ts';
import { type User, type UserCondition, userFromRow } from '../user/index.ts';

type Db = Kysely<Database>;

export const CREDENTIAL_PROVIDER = 'credential';

export interface Account {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  scope: string | null;
  password: string | null;
  createdAt: Date;
  updatedAt: Date;
}

function accountFromRow(row: Selectable<AccountTable>): Account {
  return {
    ...row,
    accessTokenExpiresAt: toDateOrNull(row.accessTokenExpiresAt),
    refreshTokenExpiresAt: toDateOrNull(row.refreshTokenExpiresAt),
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
  };
}

export async function findCredentialAccount(db: Db, userId: string): Promise<Account | null> {
  const row = await db
    .selectFrom('account')
    .selectAll()
    .where('userId', '=', userId)
    .where('providerId', '=', CREDENTIAL_PROVIDER)
    .executeTakeFirst();
  return row ? accountFromRow(row) : null;
}

/** A person signing in with a password, with their credential account's id and hash (null without one). */
export interface PasswordSignInCandidate {
  user: User;
  credential: { id: string; password: string | null } | null;
}

/**
 * The user of this address or username and their credential account, in one statement: a
 * password sign-in needs both, and on a database over the network each statement is a
 * round trip (docs/performance.md, "Statements per answer").
 */
export async function findPasswordSignInCandidate(
  db: Db,
  by: { email: string } | { username: string },
): Promise<PasswordSignInCandidate | null> {
  const query = db
    .selectFrom('user')
    .leftJoin('account', (join) =>
      join.onRef('account.userId', '=', 'user.id').on('account.providerId', '=', CREDENTIAL_PROVIDER),
    )
    .selectAll('user')
    .select(['account.id as credentialId', 'account.password as credentialPassword']);
  const row = await ('email' in by
    ? query.where('user.email', '=', by.email.toLowerCase())
    : query.where('user.username', '=', by.username.toLowerCase())
  ).executeTakeFirst();
  if (!row) return null;
  const { credentialId, credentialPassword, ...user } = row;
  return {
    user: userFromRow(user),
    credential: credentialId === null ? null : { id: credentialId, password: credentialPassword },
  };
}

/**
 * Whether the credential a password was checked against is still there, unchanged, holding a
 * share lock on it until the caller's transaction ends. A password sign-in asks this in the
 * transaction that writes its session: a claim of the address (features/mailbox-proof), a reset
 * or a change that removed or replaced the password while the hash was computed waits for the
 * session to commit and then deletes it with the others, or commits first and the sign-in is
 * refused. Without it, a sign-in in flight outlived the claim that removed its password.
 */
export async function holdCredential(
  db: Db,
  dialect: Dialect,
  credential: { id: string; password: string },
): Promise<boolean> {
  const query = db
    .selectFrom('account')
    .select('id')
    .where('id', '=', credential.id)
    .where('password', '=', credential.password);
  const locked =
    dialect === 'postgres' ? query.forShare() : dialect === 'mysql' ? query.modifyEnd(sql`lock in share mode`) : query;
  return (await locked.executeTakeFirst()) !== undefined;
}

export async function findAccountsOfUser(db: Db, userId: string): Promise<Account[]> {
  const rows = await db.selectFrom('account').selectAll().where('userId', '=', userId).orderBy('createdAt').execute();
  return rows.map(accountFromRow);
}

export async function findAccountByProvider(db: Db, providerId: string, accountId: string): Promise<Account | null> {
  const row = await db
    .selectFrom('account')
    .selectAll()
    .where('providerId', '=', providerId)
    .where('accountId', '=', accountId)
    .executeTakeFirst();
  return row ? accountFromRow(row) : null;
}

export async function insertAccount(db: Db, values: Insertable<AccountTable>): Promise<void> {
  await db.insertInto('account').values(values).execute();
}

export async function updateAccount(db: Db, id: string, values: Updateable<AccountTable>): Promise<void> {
  await db.updateTable('account').set(values).where('id', '=', id).execute();
}

export async function deleteAccount(db: Db, id: string): Promise<void> {
  await db.deleteFrom('account').where('id', '=', id).execute();
}

/** Deletes every account of a user, the password's too (deleting the user). */
export async function deleteAccountsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('account').where('userId', '=', userId).execute();
}

/** Deletes every provider link of a user (all accounts but the password's). */
export async function deleteProviderAccountsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('account').where('userId', '=', userId).where('providerId', '!=', CREDENTIAL_PROVIDER).execute();
}

/** The admin list's provider filter: the user has an account of this provider (`credential`: a password). */
export function hasAccountOfProvider(providerId: string): UserCondition {
  return (eb) =>
    eb.exists(
      eb
        .selectFrom('account')
        .select('account.id')
        .whereRef('account.userId', '=', 'user.id')
        .where('account.providerId', '=', providerId),
    );
}
