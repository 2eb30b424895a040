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

it('the start line never shows a database password, whatever characters it holds', async () => {
  const { redact } = await import('./connect.ts');
  for (const [url, shown] of [
    ['postgres://latch:Sup3r:Secret@Pass@db.internal:5432/latch', 'postgres://latch:***@db.internal:5432/latch'],
    ['mysql://root:p%40ss@127.0.0.1:3306/test', 'mysql://root:***@127.0.0.1:3306/test'],
    ['postgres://db.internal/latch', 'postgres://db.internal/latch'],
  ] as const) {
    expect(redact(url)).toBe(shown);
    expect(redact(url)).not.toMatch(/Sup3r|Secret|Pass@|p%40ss/);
  }
});

it('a SQLite URL may be spelled sqlite:, file: or a bare path; each names the same file', async () => {
  const { sqlitePath } = await import('./connect.ts');
  const { resolve } = await import('node:path');
  for (const url of [
    'sqlite:/tmp/latch/x.db',
    'sqlite:///tmp/latch/x.db',
    'file:/tmp/latch/x.db',
    'file:///tmp/latch/x.db',
    '/tmp/latch/x.db',
  ])
    expect(sqlitePath(url), url).toBe('/tmp/latch/x.db');
  expect(sqlitePath('file:./data/latch.db')).toBe(resolve('data/latch.db'));
  expect(sqlitePath('sqlite::memory:')).toBe(':memory:');
});
