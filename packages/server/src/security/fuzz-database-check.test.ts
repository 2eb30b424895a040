/**
 * The check the whole fuzz (security/fuzz-*.test.ts) leans on, checked itself: the snapshot
 * of test/fuzz-database.ts sees a row that changes, and ignores only the documented counters.
 */
import { describe, expect, it } from 'vitest';
import { db, RUNS, SEED } from '../test/fuzz-app.ts';
import { differences, snapshot } from '../test/fuzz-database.ts';
import { fixtures } from '../test/fuzz-fixtures.ts';

describe(`every endpoint of the route table, fuzzed (seed ${SEED}, ${RUNS} requests each)`, () => {
  it('the database check sees a row that changes, and only the documented counters are ignored', async () => {
    const before = await snapshot();
    const userId = fixtures.identities.user.userId ?? '';
    await db.handle.db.updateTable('user').set({ name: 'Changed Behind The Check' }).where('id', '=', userId).execute();
    const renamed = await snapshot();
    expect(differences(before, renamed).join('\n')).toContain('Changed Behind The Check');
    await db.handle.db
      .insertInto('signInLockout')
      .values({ key: 'fuzz-self-check', failures: 1, lockedUntil: 0 })
      .execute();
    expect(differences(renamed, await snapshot())).toEqual([]);
    await db.handle.db.deleteFrom('signInLockout').where('key', '=', 'fuzz-self-check').execute();
    await db.handle.db.updateTable('user').set({ name: 'Test User' }).where('id', '=', userId).execute();
  });
});
