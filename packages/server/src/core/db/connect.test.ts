import pg from 'pg';
import { expect, it } from 'vitest';
import { forEachDatabase, openSharedDatabase } from '../../test/harness.ts';

await forEachDatabase(
  'a pooled connection',
  () => {
    it('survives PostgreSQL closing an idle pooled connection', async () => {
      const shared = await openSharedDatabase('postgres');
      try {
        const { db } = shared.handle;
        await db.selectFrom('user').select('id').execute();
        // an operator (or a failover) ends every other connection to this database
        const admin = new pg.Client({ connectionString: shared.test.url });
        await admin.connect();
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        await admin.end();
        await new Promise((r) => setTimeout(r, 200));
        // the process is still here and the next query gets a fresh connection
        await expect(db.selectFrom('user').select('id').execute()).resolves.toEqual([]);
      } finally {
        await shared.close();
      }
    });
  },
  { only: ['postgres'] },
);
