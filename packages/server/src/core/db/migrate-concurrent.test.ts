/**
 * Several instances starting together on an empty PostgreSQL or MariaDB database (a cluster's
 * first deployment): each applies the migrations at start (main.ts), all come up, and each
 * migration runs once. Kysely's Migrator creates its own tables tolerating a concurrent
 * creator, then takes a lock (PostgreSQL: an advisory lock, with every migration in one
 * transaction; MySQL: GET_LOCK) and reads what ran under it.
 */
import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import { createTestApp, forEachDatabase } from '../../test/harness.ts';
import { connectDatabase } from './connect.ts';

/** The migrations the tree holds, by file name: `0001-initial` to the newest. */
const MIGRATIONS = readdirSync(new URL('./migrations/', import.meta.url))
  .filter((file) => /^\d{4}-.*\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

await forEachDatabase(
  'migrations on a concurrent start',
  (dialect) => {
    it('three instances starting at once on an empty database all come up, and each migration runs once', async () => {
      const test = await createTestDatabase(dialect);
      const handles = [0, 1, 2].map(() => connectDatabase(test.url, { poolSize: 2 }));
      const apps = handles.map((handle) => createTestApp({ handle, test, close: async () => undefined }));
      try {
        const outcomes = await Promise.allSettled(
          apps.map(async (app) => {
            await app.auth.migrate();
            await app.auth.ready();
          }),
        );
        expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'up'))).toEqual(['up', 'up', 'up']);

        const { db } = handles[0] ?? connectDatabase(test.url);
        const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
        const names = ran.rows.map((r) => r.name);
        // every migration file of the tree, each once
        expect(names).toEqual(MIGRATIONS);
        // and each instance serves from the one schema
        for (const app of apps) {
          const res = await app.client().post('/sign-up/email', {
            name: 'First',
            email: `first-${Math.random().toString(36).slice(2)}@example.test`,
            password: 'Correct-Horse-9-Battery',
          });
          expect(res.status).toBe(200);
        }
      } finally {
        for (const app of apps) await app.close();
        for (const handle of handles) await handle.close();
        await test.drop();
      }
    });
  },
  { only: ['postgres', 'mysql'] },
);
