/**
 * Several instances on one PostgreSQL or MariaDB database start their sweepers: one sweeps
 * each period (the holder of the sweep's lease). When the holder dies (its database
 * connections gone, it renews nothing), another instance takes over once the lease expired;
 * when an instance shuts down, it gives the lease up and another takes over at once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../core/clock.ts';
import { connectDatabase, type DatabaseHandle } from '../../core/db/connect.ts';
import { findLease } from '../../core/db/lease.ts';
import {
  createTestApp,
  forEachDatabase,
  openSharedDatabase,
  type SharedDatabase,
  type TestApp,
} from '../../test/harness.ts';
import { SWEEP_LEASE, type Sweeper, startSweeper } from './sweep.ts';

const INTERVAL_MS = 100;
// long beside the interval, so that a busy machine's stalls never pass for a death
const LEASE_MS = 2_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

await forEachDatabase(
  'the sweep across instances',
  (dialect) => {
    let shared: SharedDatabase;
    const handles: DatabaseHandle[] = [];
    const apps: TestApp[] = [];
    const sweepers: Sweeper[] = [];
    /** Each sweep: which instance, when. */
    const sweeps: { instance: number; at: number }[] = [];
    beforeAll(async () => {
      shared = await openSharedDatabase(dialect);
    });
    afterAll(async () => {
      for (const s of sweepers) await s.stop();
      for (const a of apps) await a.close();
      for (const h of handles) await h.close().catch(() => undefined);
      await shared?.close();
    });

    /** An instance of its own (its own connections to the shared database) whose sweeper ticks every INTERVAL_MS. */
    function startInstance(instance: number): { app: TestApp; handle: DatabaseHandle; sweeper: Sweeper } {
      const handle = connectDatabase(shared.test.url, { poolSize: 2 });
      handles.push(handle);
      const app = createTestApp({ ...shared, handle });
      apps.push(app);
      // the sweeper on real time (the app's clock stands still in tests)
      const sweeper = startSweeper(
        { ...app.auth.deps, clock: systemClock },
        {
          intervalMs: INTERVAL_MS,
          leaseMs: LEASE_MS,
          firstDelayMs: 0,
          onSwept: () => sweeps.push({ instance, at: Date.now() }),
        },
      );
      sweepers.push(sweeper);
      return { app, handle, sweeper };
    }

    const sweepersOf = (from: number, to = Date.now()) =>
      new Set(sweeps.filter((s) => s.at >= from && s.at <= to).map((s) => s.instance));

    it('one instance sweeps each period; another takes over when it dies, or at once when it shuts down', async () => {
      const instances = [0, 1, 2].map(startInstance);
      await sleep(1_200);
      const started = sweeps[0]?.at ?? 0;
      expect(sweeps.length).toBeGreaterThanOrEqual(3);
      // one holder: every sweep so far was made by one instance, never two in one period
      expect(sweepersOf(started).size).toBe(1);
      const first = sweeps[0]?.instance ?? -1;
      const holder = instances[first];
      if (!holder) throw new Error('no holder');
      expect((await findLease(shared.handle.db, SWEEP_LEASE))?.holder).toMatch(/:\d+:/);

      // the holder dies: its connections are gone, it renews nothing and gives nothing up
      await holder.handle.close();
      const died = Date.now();
      await sleep(LEASE_MS + 1_500);
      const after = sweeps.filter((s) => s.at > died);
      const successor = after.at(-1)?.instance;
      expect(successor).toBeDefined();
      expect(successor).not.toBe(first);
      // nobody swept in the holder's place before its lease expired (renewed at its last tick, shortly before it died)
      expect(after[0]?.at ?? 0).toBeGreaterThanOrEqual(died + LEASE_MS - 500);
      // from then on one instance sweeps
      const takenOver = after[0]?.at ?? 0;
      expect(sweepersOf(takenOver)).toEqual(new Set([successor]));

      // the successor shuts down: it gives the lease up, and the last instance sweeps well before the lease would expire
      const successorInstance = instances[successor ?? -1];
      if (!successorInstance) throw new Error('no successor');
      await successorInstance.sweeper.stop();
      const stopped = Date.now();
      await sleep(1_000);
      const last = sweeps.filter((s) => s.at > stopped);
      expect(last.length).toBeGreaterThan(0);
      expect(new Set(last.map((s) => s.instance))).toEqual(new Set([3 - first - (successor ?? 0)]));
    });
  },
  { only: ['postgres', 'mysql'] },
);
