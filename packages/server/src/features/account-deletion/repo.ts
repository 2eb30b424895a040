/** Removing a user and everything that hangs off them, in the caller's transaction. */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { deleteAccountsOfUser } from '../accounts/index.ts';
import { deleteMembershipsOfUser } from '../organization/index.ts';
import { deletePasskeysOfUser } from '../passkey/index.ts';
import { deleteImpersonationSessionsBy, deleteSessionsOfUser } from '../session/index.ts';
import { deleteTeamMembershipsOfUser } from '../teams/index.ts';
import { deleteTwoFactorOfUser } from '../two-factor/index.ts';
import { deleteUserRow } from '../user/index.ts';

/**
 * Every foreign key to user cascades (CONTRACT §7), so the last DELETE alone would do;
 * the explicit deletes say what goes and keep working if a cascade is ever dropped.
 * Each table is written by the feature that owns it (docs/architecture.md, "Who writes
 * which table"), through its index.
 */
/**
 * Answers whether the user row went, and the people the user was acting as (an admin's
 * impersonations, which have no foreign key): the caller revokes them after the commit.
 */
export async function deleteUserAndDependents(
  db: Kysely<Database>,
  userId: string,
): Promise<{ deleted: number; actedAs: string[] }> {
  await deleteSessionsOfUser(db, userId);
  const actedAs = await deleteImpersonationSessionsBy(db, userId);
  await deleteAccountsOfUser(db, userId);
  await deleteTeamMembershipsOfUser(db, userId);
  await deleteMembershipsOfUser(db, userId);
  await deleteTwoFactorOfUser(db, userId);
  await deletePasskeysOfUser(db, userId);
  return { deleted: await deleteUserRow(db, userId), actedAs };
}
