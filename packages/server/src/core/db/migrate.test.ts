import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import { forEachDatabase } from '../../test/harness.ts';
import { connectDatabase } from './connect.ts';
import { isUniqueViolation } from './errors.ts';
import { migrateToLatest } from './migrate.ts';

const TABLES = [
  'user',
  'session',
  'account',
  'verification',
  'organization',
  'member',
  'invitation',
  'team',
  'teamMember',
  'twoFactor',
  'jwks',
  'rateLimit',
  'signInLockout',
  'auditEvent',
  'passkey',
  'lease',
];

await forEachDatabase('migrations', (dialect) => {
  it('create every entity once and are idempotent', async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    try {
      const first = await migrateToLatest(handle.db, handle.dialect);
      expect(first.results?.length).toBeGreaterThan(0);
      expect(first.results?.every((r) => r.status === 'Success')).toBe(true);
      const again = await migrateToLatest(handle.db, handle.dialect);
      expect(again.results).toEqual([]);
      const tables = (await handle.db.introspection.getTables()).map((t) => t.name);
      for (const table of TABLES) expect(tables).toContain(table);

      // constraints the product relies on: unique emails, cascading deletes
      const now = new Date();
      const user = {
        id: 'u1',
        name: 'A',
        email: 'a@example.test',
        emailVerified: false,
        createdAt: now,
        updatedAt: now,
      };
      await handle.db.insertInto('user').values(user).execute();
      const duplicate = await handle.db
        .insertInto('user')
        .values({ ...user, id: 'u2' })
        .execute()
        .catch((e: unknown) => e);
      expect(isUniqueViolation(duplicate)).toBe(true);
      await handle.db
        .insertInto('session')
        .values({ id: 's1', token: 't1', userId: 'u1', expiresAt: now, createdAt: now, updatedAt: now })
        .execute();
      await handle.db.deleteFrom('user').where('id', '=', 'u1').execute();
      expect(await handle.db.selectFrom('session').select('id').execute()).toEqual([]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
