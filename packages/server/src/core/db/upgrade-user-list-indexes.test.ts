/**
 * Migration 0012 on a running instance's data: users (one banned, one without a username),
 * their sessions and accounts seeded at the schema before it survive it on every database;
 * afterwards the user list's indexes are there with their columns in order, the
 * single-column createdAt index they replace is gone, and the unique email still holds.
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

await forEachDatabase('migration 0012', (dialect) => {
  it('0012 keeps every user, session and account and adds the user list indexes', async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    const db = handle.db as unknown as AnyDb;
    try {
      await migrateTo(handle.db, handle.dialect, '0011-session-second-factor');
      const at = (s: number) => new Date(Date.UTC(2026, 9, 1, 8, 30, s));
      const later = new Date('2026-12-01T08:30:00.000Z');
      await db
        .insertInto('user')
        .values(
          ['ada', 'bob', 'cy'].map((n, i) => ({
            id: `u-${n}`,
            name: n,
            email: `${n}@example.com`,
            emailVerified: i !== 1,
            createdAt: at(i),
            updatedAt: at(i),
            username: n === 'cy' ? null : n,
            role: i === 0 ? 'admin' : 'user',
            // cy was written before banned and twoFactorEnabled had their default
            banned: n === 'cy' ? null : n === 'bob',
            twoFactorEnabled: n === 'cy' ? null : n === 'ada',
          })),
        )
        .execute();
      await db
        .insertInto('session')
        .values({
          id: 's-ada',
          token: 'hash-ada',
          userId: 'u-ada',
          expiresAt: later,
          createdAt: at(1),
          updatedAt: at(5),
        })
        .execute();
      await db
        .insertInto('account')
        .values({
          id: 'a-bob',
          accountId: 'gh-1',
          providerId: 'github',
          userId: 'u-bob',
          createdAt: at(1),
          updatedAt: at(1),
        })
        .execute();

      const result = await migrateTo(handle.db, handle.dialect, '0012-user-list-indexes');
      expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([['0012-user-list-indexes', 'Success']]);

      expect(
        await db
          .selectFrom('user')
          .select(['id', 'username', 'role', 'banned', 'twoFactorEnabled'])
          .orderBy('createdAt')
          .execute(),
      ).toEqual(
        [
          { id: 'u-ada', username: 'ada', role: 'admin', banned: false, twoFactorEnabled: true },
          { id: 'u-bob', username: 'bob', role: 'user', banned: true, twoFactorEnabled: false },
          // NULL is now false: "not banned" and "two-factor off" find cy
          { id: 'u-cy', username: null, role: 'user', banned: false, twoFactorEnabled: false },
        ].map((u) =>
          dialect === 'postgres' ? u : { ...u, banned: Number(u.banned), twoFactorEnabled: Number(u.twoFactorEnabled) },
        ),
      );
      expect(await db.selectFrom('session').select(['id', 'userId']).execute()).toEqual([
        { id: 's-ada', userId: 'u-ada' },
      ]);
      expect(await db.selectFrom('account').select(['id', 'providerId']).execute()).toEqual([
        { id: 'a-bob', providerId: 'github' },
      ]);

      const user = await indexesOf(db, dialect, 'user');
      expect(user.user_name_id_idx).toEqual(['name', 'id']);
      expect(user.user_created_id_idx).toEqual(['createdAt', 'id']);
      expect(user.user_createdAt_idx).toBeUndefined();
      expect(user.user_updated_id_idx).toEqual(['updatedAt', 'id']);
      expect(user.user_username_id_idx).toEqual(['username', 'id']);
      expect(user.user_role_created_idx).toEqual(['role', 'createdAt', 'id']);
      expect(user.user_banned_created_idx).toEqual(['banned', 'createdAt', 'id']);
      expect(user.user_verified_created_idx).toEqual(['emailVerified', 'createdAt', 'id']);
      expect(user.user_two_factor_created_idx).toEqual(['twoFactorEnabled', 'createdAt', 'id']);
      if (dialect === 'postgres') {
        expect(user.user_email_pattern_idx).toEqual(['email']);
        expect(user.user_username_pattern_idx).toEqual(['username']);
      }
      expect((await indexesOf(db, dialect, 'session')).session_user_updated_idx).toEqual(['userId', 'updatedAt']);
      expect((await indexesOf(db, dialect, 'account')).account_provider_user_idx).toEqual(['providerId', 'userId']);

      // the unique email of 0001 still holds
      const twice = await db
        .insertInto('user')
        .values({ id: 'u-ada-2', name: 'x', email: 'ada@example.com', createdAt: at(9), updatedAt: at(9) })
        .execute()
        .catch((e: unknown) => e);
      expect(isUniqueViolation(twice)).toBe(true);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
