/**
 * 0010-leases is an upgrade: a database at 0009 keeps its rows, gains the empty `lease`
 * table, and the sweep's lease can be taken on it, on each database.
 */
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import { forEachDatabase } from '../../test/harness.ts';
import { connectDatabase } from './connect.ts';
import { findLease, takeLease } from './lease.ts';
import { migrateTo } from './migrate.ts';

await forEachDatabase('migration 0010-leases', (dialect) => {
  it('a database at 0009-audit-chain keeps its rows and gains the lease table', async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    // biome-ignore lint/suspicious/noExplicitAny: the seed writes an earlier schema, which the app's types no longer describe
    const db = handle.db as unknown as import('kysely').Kysely<any>;
    try {
      await migrateTo(handle.db, handle.dialect, '0009-audit-chain');
      const at = new Date('2026-10-01T08:30:00.000Z');
      await db
        .insertInto('user')
        .values({
          id: 'u-ada',
          name: 'Ada',
          email: 'ada@example.test',
          emailVerified: false,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      await db
        .insertInto('session')
        .values({ id: 's-1', token: 't-1', userId: 'u-ada', expiresAt: at, createdAt: at, updatedAt: at })
        .execute();
      const tablesBefore = (await handle.db.introspection.getTables()).map((t) => t.name);
      expect(tablesBefore).not.toContain('lease');

      const result = await migrateTo(handle.db, handle.dialect, '0010-leases');
      expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([['0010-leases', 'Success']]);

      expect(await db.selectFrom('user').select(['id', 'email']).execute()).toEqual([
        { id: 'u-ada', email: 'ada@example.test' },
      ]);
      expect(await db.selectFrom('session').select(['id', 'userId']).execute()).toEqual([
        { id: 's-1', userId: 'u-ada' },
      ]);
      expect(await db.selectFrom('lease').selectAll().execute()).toEqual([]);
      expect(await takeLease(handle.db, handle.dialect, 'maintenance.sweep', 'a', at, 60_000)).toBe(true);
      expect(await takeLease(handle.db, handle.dialect, 'maintenance.sweep', 'b', at, 60_000)).toBe(false);
      expect(await findLease(handle.db, 'maintenance.sweep')).toEqual({
        holder: 'a',
        expiresAt: new Date(at.getTime() + 60_000),
      });
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
