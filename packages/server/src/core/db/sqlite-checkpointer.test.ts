import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

it('checkpoints the WAL in the background, and leaves it empty at close', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'latch-wal-')), 'wal.db');
  const handle = connectDatabase(`sqlite:${path}`);
  await migrateToLatest(handle.db, handle.dialect);
  const before = statSync(path).size;
  const now = new Date();
  for (let batch = 0; batch < 20; batch++) {
    await handle.db
      .insertInto('verification')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          id: `v${batch}-${i}`,
          identifier: `x${batch}-${i}`,
          value: 'v'.repeat(200),
          expiresAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
  // the application's connection never checkpoints: the rows reach the main file through the worker
  const deadline = Date.now() + 5000;
  while (statSync(path).size <= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(statSync(path).size).toBeGreaterThan(before);
  await handle.close();
  expect(existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0).toBe(0);
  const reopened = connectDatabase(`sqlite:${path}`);
  const count = await reopened.db
    .selectFrom('verification')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  expect(Number(count?.n)).toBe(2000);
  await reopened.close();
});
