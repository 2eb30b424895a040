/** Removing a user and everything that hangs off them, in the caller's transaction. */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { deleteSessionsOfUser } from '../session/index.ts';

/**
 * Every foreign key to user cascades (CONTRACT §7), so the last DELETE alone would do;
 * the explicit deletes say what goes and keep working if a cascade is ever dropped.
 */
export async function deleteUserAndDependents(db: Kysely<Database>, userId: string): Promise<number> {
  // the session feature writes its table
  await deleteSessionsOfUser(db, userId);
  await db.deleteFrom('account').where('userId', '=', userId).execute();
  await db.deleteFrom('teamMember').where('userId', '=', userId).execute();
  await db.deleteFrom('member').where('userId', '=', userId).execute();
  await db.deleteFrom('twoFactor').where('userId', '=', userId).execute();
  const result = await db.deleteFrom('user').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
