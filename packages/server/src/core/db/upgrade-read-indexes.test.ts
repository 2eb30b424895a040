/**
 * Migration 0008 on a running instance's data: organizations with members, teams, team
 * memberships, invitations and sessions seeded at the schema before it survive it on
 * every database; afterwards each table has the read indexes with their columns in order,
 * and the single-column indexes they replace are gone (on MySQL/MariaDB the foreign keys
 * kept an index to stand on, or the drop would have failed).
 */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import { forEachDatabase } from '../../test/harness.ts';
import { indexesOf } from '../../test/indexes.ts';
import { connectDatabase } from './connect.ts';
import { isUniqueViolation } from './errors.ts';
import { migrateTo } from './migrate.ts';

// biome-ignore lint/suspicious/noExplicitAny: the seed writes an earlier schema, which the app's types may no longer describe
type AnyDb = Kysely<any>;

await forEachDatabase('migration 0008', (dialect) => {
  it('0008 keeps every row and adds the read indexes', async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    const db = handle.db as unknown as AnyDb;
    try {
      await migrateTo(handle.db, handle.dialect, '0007-session-change-notify');
      const at = (s: number) => new Date(Date.UTC(2026, 9, 1, 8, 30, s));
      const later = new Date('2026-12-01T08:30:00.000Z');
      await db
        .insertInto('user')
        .values(
          ['ada', 'bob', 'cy'].map((n, i) => ({
            id: `u-${n}`,
            name: n,
            email: `${n}@example.com`,
            emailVerified: true,
            createdAt: at(i),
            updatedAt: at(i),
          })),
        )
        .execute();
      await db
        .insertInto('session')
        .values([
          { id: 's-ada-1', token: 'hash-ada-1', userId: 'u-ada', expiresAt: later, createdAt: at(1), updatedAt: at(1) },
          { id: 's-ada-2', token: 'hash-ada-2', userId: 'u-ada', expiresAt: later, createdAt: at(2), updatedAt: at(2) },
        ])
        .execute();
      await db
        .insertInto('organization')
        .values({ id: 'o-1', name: 'One', slug: 'one', createdAt: at(0) })
        .execute();
      await db
        .insertInto('member')
        .values([
          { id: 'm-ada', organizationId: 'o-1', userId: 'u-ada', role: 'owner', createdAt: at(0) },
          { id: 'm-bob', organizationId: 'o-1', userId: 'u-bob', role: 'admin', createdAt: at(1) },
          { id: 'm-cy', organizationId: 'o-1', userId: 'u-cy', role: 'member', createdAt: at(2) },
        ])
        .execute();
      await db
        .insertInto('team')
        .values([
          { id: 't-1', name: 'One', organizationId: 'o-1', createdAt: at(0), updatedAt: at(0) },
          { id: 't-2', name: 'Two', organizationId: 'o-1', createdAt: at(1), updatedAt: at(1) },
        ])
        .execute();
      await db
        .insertInto('teamMember')
        .values([
          { id: 'tm-1', teamId: 't-1', userId: 'u-ada', createdAt: at(0) },
          { id: 'tm-2', teamId: 't-2', userId: 'u-bob', createdAt: at(1) },
        ])
        .execute();
      await db
        .insertInto('invitation')
        .values({
          id: 'i-1',
          organizationId: 'o-1',
          email: 'dee@example.com',
          role: 'member',
          status: 'pending',
          teamId: 't-2',
          inviterId: 'u-ada',
          expiresAt: later,
          createdAt: at(3),
        })
        .execute();

      const result = await migrateTo(handle.db, handle.dialect, '0008-read-indexes');
      expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([['0008-read-indexes', 'Success']]);

      // every row is still there
      expect(await db.selectFrom('member').select(['id', 'role']).orderBy('createdAt').execute()).toEqual([
        { id: 'm-ada', role: 'owner' },
        { id: 'm-bob', role: 'admin' },
        { id: 'm-cy', role: 'member' },
      ]);
      expect(await db.selectFrom('session').select('id').orderBy('createdAt', 'desc').execute()).toEqual([
        { id: 's-ada-2' },
        { id: 's-ada-1' },
      ]);
      expect(await db.selectFrom('team').select('id').orderBy('createdAt').execute()).toEqual([
        { id: 't-1' },
        { id: 't-2' },
      ]);
      expect(await db.selectFrom('teamMember').select('id').orderBy('id').execute()).toEqual([
        { id: 'tm-1' },
        { id: 'tm-2' },
      ]);
      expect(await db.selectFrom('invitation').select(['id', 'teamId']).execute()).toEqual([
        { id: 'i-1', teamId: 't-2' },
      ]);

      // the new indexes, columns in order; the ones they replace are gone
      const member = await indexesOf(db, dialect, 'member');
      expect(member.member_org_created_idx).toEqual(['organizationId', 'createdAt', 'id']);
      expect(member.member_org_role_idx).toEqual(['organizationId', 'role', 'id']);
      expect(member.member_org_id_idx).toEqual(['organizationId', 'id']);
      const team = await indexesOf(db, dialect, 'team');
      expect(team.team_org_created_idx).toEqual(['organizationId', 'createdAt', 'id']);
      expect(team.team_organizationId_idx).toBeUndefined();
      const invitation = await indexesOf(db, dialect, 'invitation');
      expect(invitation.invitation_org_created_idx).toEqual(['organizationId', 'createdAt', 'id']);
      expect(invitation.invitation_organizationId_idx).toBeUndefined();
      expect(invitation.invitation_email_idx).toEqual(['email']);
      const session = await indexesOf(db, dialect, 'session');
      expect(session.session_user_created_idx).toEqual(['userId', 'createdAt']);
      expect(session.session_userId_idx).toBeUndefined();
      expect(session.session_expiresAt_idx).toEqual(['expiresAt']);

      // the constraints of 0001 still hold: one membership per person and organization
      const twice = await db
        .insertInto('member')
        .values({ id: 'm-ada-2', organizationId: 'o-1', userId: 'u-ada', role: 'member', createdAt: at(5) })
        .execute()
        .catch((e: unknown) => e);
      expect(isUniqueViolation(twice)).toBe(true);
      // and the foreign keys still cascade: deleting a user takes their sessions, memberships and team memberships
      await db.deleteFrom('user').where('id', '=', 'u-bob').execute();
      expect(await db.selectFrom('member').select('id').where('userId', '=', 'u-bob').execute()).toEqual([]);
      expect(await db.selectFrom('teamMember').select('id').where('userId', '=', 'u-bob').execute()).toEqual([]);
      await db.deleteFrom('user').where('id', '=', 'u-ada').execute();
      expect(await db.selectFrom('session').select('id').execute()).toEqual([]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
