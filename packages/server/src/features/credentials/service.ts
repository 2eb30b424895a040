/** Email/password accounts: creating them, checking a password, changing it. */
import type { Kysely } from 'kysely';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../core/crypto/password.ts';
import { generateId } from '../../core/crypto/random.ts';
import type { Database } from '../../core/db/schema.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import {
  CREDENTIAL_PROVIDER,
  findCredentialAccount,
  findPasswordSignInCandidate,
  insertAccount,
  type PasswordSignInCandidate,
  updateAccount,
} from '../accounts/index.ts';
import type { User } from '../user/index.ts';

/**
 * Whether the password matches the user's credential account. Takes about the same time
 * whether or not the user or the password exists (a dummy hash is verified instead), and
 * upgrades an imported scrypt hash to Argon2id on success. `credential` is the account
 * when the caller read it with the user (a sign-in); otherwise it is looked up here.
 */
export async function checkCredentials(
  deps: AuthDeps,
  user: User | null,
  password: string,
  credential?: PasswordSignInCandidate['credential'],
): Promise<boolean> {
  if (!user) {
    await verifyDummyPassword(password);
    return false;
  }
  const account = credential === undefined ? await findCredentialAccount(deps.db, user.id) : credential;
  if (!account?.password) {
    await verifyDummyPassword(password);
    return false;
  }
  const check = await verifyPassword(account.password, password);
  if (check.valid && check.needsRehash) {
    try {
      const upgraded = await hashPassword(password);
      await updateAccount(deps.db, account.id, { password: upgraded, updatedAt: deps.clock.now() });
      // the caller's candidate holds what the row holds now: a sign-in writes its session only
      // while the credential it checked is unchanged (accounts/repo.ts holdCredential)
      account.password = upgraded;
    } catch (err) {
      deps.logger.warn('could not upgrade a password hash; it will be tried again at the next sign-in', { error: err });
    }
  }
  return check.valid;
}

/** The user of this address with their credential account, read together (one statement). */
export async function findUserForSignIn(deps: AuthDeps, email: string): Promise<PasswordSignInCandidate | null> {
  return findPasswordSignInCandidate(deps.db, { email });
}

/** Sets (or replaces) the credential password of a user, creating the credential account if needed. */
export async function storePassword(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  const account = await findCredentialAccount(db, userId);
  if (account) {
    await updateAccount(db, account.id, { password: passwordHash, updatedAt: now });
    return;
  }
  await insertPasswordAccount(db, userId, passwordHash, now);
}

/** The credential account of a user created in the same transaction (sign-up): nothing to look for first. */
export async function insertPasswordAccount(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await insertAccount(db, {
    id: generateId(),
    accountId: userId,
    providerId: CREDENTIAL_PROVIDER,
    userId,
    password: passwordHash,
    createdAt: now,
    updatedAt: now,
  });
}
