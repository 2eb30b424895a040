/**
 * Indexes for the filters and sorts of the read paths (issue 14 item 2), so that a page
 * of a large organization is read in order and stops at its limit instead of sorting every
 * row first:
 *
 * - member (organizationId, createdAt, id): list-members' and get-full-organization's
 *   default order (createdAt, then id) and createdAt filters; the total counts on it too.
 *   (organizationId, role, id): the role filters and sort. (organizationId, id): the id
 *   sort. The userId filter and sort use the unique (organizationId, userId) of 0001.
 * - team and invitation (organizationId, createdAt, id): an organization's teams and
 *   invitations in the order get-full-organization answers them. They replace the
 *   organizationId indexes of 0001, which are their prefix.
 * - session (userId, createdAt): list-sessions' order (newest first). It replaces
 *   session_userId_idx, its prefix.
 *
 * The new index is created before the old one is dropped: MySQL and MariaDB keep an index
 * whose first column is a foreign key's column, and refuse to drop the last one.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const dropIndex = async (name: string, table: string) => {
    // MySQL names the table of an index; SQLite and PostgreSQL refuse it
    const q = db.schema.dropIndex(name);
    await (dialect === 'mysql' ? q.on(table) : q).execute();
  };

  await db.schema
    .createIndex('member_org_created_idx')
    .on('member')
    .columns(['organizationId', 'createdAt', 'id'])
    .execute();
  await db.schema.createIndex('member_org_role_idx').on('member').columns(['organizationId', 'role', 'id']).execute();
  await db.schema.createIndex('member_org_id_idx').on('member').columns(['organizationId', 'id']).execute();

  await db.schema
    .createIndex('team_org_created_idx')
    .on('team')
    .columns(['organizationId', 'createdAt', 'id'])
    .execute();
  await dropIndex('team_organizationId_idx', 'team');

  await db.schema
    .createIndex('invitation_org_created_idx')
    .on('invitation')
    .columns(['organizationId', 'createdAt', 'id'])
    .execute();
  await dropIndex('invitation_organizationId_idx', 'invitation');

  await db.schema.createIndex('session_user_created_idx').on('session').columns(['userId', 'createdAt']).execute();
  await dropIndex('session_userId_idx', 'session');
}
