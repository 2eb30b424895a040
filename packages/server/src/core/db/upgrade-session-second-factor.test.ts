/**
 * Migration 0011-session-second-factor on a running instance's data: sessions seeded at the
 * previous schema (0009) survive it on every database and
 * carry no second-factor proof (null); the new column then holds a time to the millisecond.
 */
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import { forEachDatabase } from '../../test/harness.ts';
import { connectDatabase } from './connect.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';
import { toDate } from './values.ts';

await forEachDatabase('migration 0011-session-second-factor', (dialect) => {
  it('sessions written before 0011 survive it with no proof, and a proof is stored to the millisecond', async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    // biome-ignore lint/suspicious/noExplicitAny: the seed writes an earlier schema, which the app's types no longer describe
    const db = handle.db as unknown as import('kysely').Kysely<any>;
    try {
      await migrateTo(handle.db, handle.dialect, '0009-audit-chain');
      const at = new Date('2026-10-01T08:30:00.000Z');
      const later = new Date('2026-12-01T08:30:00.000Z');
      await db
        .insertInto('user')
        .values({
          id: 'u-ada',
          name: 'Ada',
          email: 'ada@example.com',
          emailVerified: true,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      await db
        .insertInto('session')
        .values({ id: 's-ada', token: 'hash-of-ada', userId: 'u-ada', expiresAt: later, createdAt: at, updatedAt: at })
        .execute();

      const result = await migrateToLatest(handle.db, handle.dialect);
      expect(result.results?.map((r) => [r.migrationName, r.status])).toContainEqual([
        '0011-session-second-factor',
        'Success',
      ]);

      const row = await db.selectFrom('session').selectAll().where('id', '=', 's-ada').executeTakeFirstOrThrow();
      expect([row.userId, row.token, row.secondFactorVerifiedAt]).toEqual(['u-ada', 'hash-of-ada', null]);

      const proved = new Date('2026-10-02T09:15:30.123Z');
      await db.updateTable('session').set({ secondFactorVerifiedAt: proved }).where('id', '=', 's-ada').execute();
      const read = await db.selectFrom('session').selectAll().where('id', '=', 's-ada').executeTakeFirstOrThrow();
      expect(toDate(read.secondFactorVerifiedAt).toISOString()).toBe(proved.toISOString());
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
