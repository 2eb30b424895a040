/**
 * The lease (core/db/lease.ts) on each database: one holder at a time, renewed by its
 * holder, taken over only after it expired (a holder that died) or was given up, and of
 * many instances racing for a free lease exactly one gets it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, openSharedDatabase, type SharedDatabase } from '../../test/harness.ts';
import { findLease, releaseLease, takeLease } from './lease.ts';

await forEachDatabase('leases', (dialect) => {
  let shared: SharedDatabase;
  beforeAll(async () => {
    shared = await openSharedDatabase(dialect);
  });
  afterAll(async () => {
    await shared?.close();
  });
  const t0 = new Date('2026-11-25T10:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  it('is held by one instance until it expires, renewed by its holder, then taken over', async () => {
    const { db } = shared.handle;
    const take = (holder: string, ms: number) => takeLease(db, dialect, 'job-a', holder, at(ms), 10_000);
    expect(await take('a', 0)).toBe(true);
    expect(await take('b', 1_000)).toBe(false);
    // the holder renews: another instance still cannot take it where the first lease would have ended
    expect(await take('a', 9_000)).toBe(true);
    expect(await take('b', 12_000)).toBe(false);
    expect(await findLease(db, 'job-a')).toEqual({ holder: 'a', expiresAt: at(19_000) });
    // the holder died (renews no more): once the lease expires, another instance takes it
    expect(await take('b', 19_000)).toBe(true);
    expect(await take('a', 20_000)).toBe(false);
    expect((await findLease(db, 'job-a'))?.holder).toBe('b');
  });

  it('given up, is free at once; given up by someone else, stays where it is', async () => {
    const { db } = shared.handle;
    const take = (holder: string, ms: number) => takeLease(db, dialect, 'job-b', holder, at(ms), 60_000);
    expect(await take('a', 0)).toBe(true);
    await releaseLease(db, 'job-b', 'b', at(1_000));
    expect(await take('b', 2_000)).toBe(false);
    await releaseLease(db, 'job-b', 'a', at(3_000));
    expect(await take('b', 4_000)).toBe(true);
    // leases of other names are apart
    expect(await takeLease(db, dialect, 'job-c', 'a', at(4_000), 60_000)).toBe(true);
  });

  it('goes to exactly one of 20 instances racing for it, free or expired', async () => {
    const { db } = shared.handle;
    const race = (ms: number) =>
      Promise.all(Array.from({ length: 20 }, (_, i) => takeLease(db, dialect, 'job-race', `i${i}`, at(ms), 5_000)));
    // the first time: the row does not exist yet, and every instance tries to insert it
    const first = await race(0);
    expect(first.filter(Boolean)).toHaveLength(1);
    // expired: every instance updates the same row
    const second = await race(10_000);
    expect(second.filter(Boolean)).toHaveLength(1);
    const holder = (await findLease(db, 'job-race'))?.holder;
    expect(holder).toBe(`i${second.indexOf(true)}`);
  });
});
