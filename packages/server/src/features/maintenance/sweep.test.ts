import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { addSeconds } from '../../core/clock.ts';
import { describeOnDatabases, signUpUser } from '../../test/harness.ts';
import { sweepExpired } from './sweep.ts';

await describeOnDatabases('sweeping expired rows', {}, (t) => {
  it('deletes expired sessions and week-old verification rows, in batches, and nothing that can still be used', async () => {
    const { db } = t.db.handle;
    const now = t.app.clock.now();
    const { userId } = await signUpUser(t.app);
    const id = () => randomUUID().replaceAll('-', '');
    const live = await db.selectFrom('session').select('id').where('userId', '=', userId).executeTakeFirstOrThrow();
    const session = (expiresAt: Date) => ({
      id: id(),
      token: id(),
      userId,
      expiresAt,
      createdAt: addSeconds(now, -700_000),
      updatedAt: addSeconds(now, -700_000),
    });
    await db
      .insertInto('session')
      .values([session(addSeconds(now, -10)), session(addSeconds(now, -86_400)), session(addSeconds(now, -600_000))])
      .execute();
    const ids = { weekOld: id(), hourOld: id(), live: id() };
    const verification = (rowId: string, expiresAt: Date) => ({
      id: rowId,
      identifier: `sweep-test:${rowId}`,
      value: 'x',
      expiresAt,
      createdAt: addSeconds(now, -900_000),
      updatedAt: addSeconds(now, -900_000),
    });
    await db
      .insertInto('verification')
      .values([
        verification(ids.weekOld, addSeconds(now, -8 * 86_400)),
        verification(ids.hourOld, addSeconds(now, -3600)),
        verification(ids.live, addSeconds(now, 3600)),
      ])
      .execute();

    const swept = await sweepExpired({ db, clock: t.app.clock }, { batchSize: 2 });
    expect(swept.sessions).toBeGreaterThanOrEqual(3);
    expect(swept.verifications).toBeGreaterThanOrEqual(1);

    const sessions = await db.selectFrom('session').select('id').where('userId', '=', userId).execute();
    expect(sessions.map((s) => s.id)).toEqual([live.id]);
    const rows = await db
      .selectFrom('verification')
      .select('id')
      .where('id', 'in', [ids.weekOld, ids.hourOld, ids.live])
      .execute();
    // an hour-old row stays: within a day an old link still says "expired", not "invalid"
    expect(rows.map((r) => r.id).sort()).toEqual([ids.hourOld, ids.live].sort());

    // the live session still answers
    const check = await t.app.client().get('/get-session');
    expect(check.status).toBe(200);
  });

  it('forgets lockout runs idle for 30 days, of unknown addresses and accounts alike; a hard lock stays', async () => {
    const { db } = t.db.handle;
    const nowMs = t.app.clock.now().getTime();
    const day = 86_400_000;
    const tag = randomUUID().slice(0, 8);
    await db
      .insertInto('signInLockout')
      .values([
        { key: `unknown:idle-${tag}`, failures: 3, lockedUntil: nowMs - 31 * day },
        { key: `user:idle-${tag}`, failures: 12, lockedUntil: nowMs - 31 * day },
        { key: `user:recent-${tag}`, failures: 12, lockedUntil: nowMs - 29 * day },
        { key: `user:locked-${tag}`, failures: 100, lockedUntil: nowMs - 400 * day },
      ])
      .execute();
    const swept = await sweepExpired({ db, clock: t.app.clock });
    expect(swept.lockouts).toBeGreaterThanOrEqual(2);
    const left = await db.selectFrom('signInLockout').select('key').where('key', 'like', `%-${tag}`).execute();
    expect(left.map((r) => r.key).sort()).toEqual([`user:locked-${tag}`, `user:recent-${tag}`]);
  });

  it('stops after maxBatches and leaves the rest for the next sweep', async () => {
    const { db } = t.db.handle;
    const now = t.app.clock.now();
    const { userId } = await signUpUser(t.app);
    await db
      .insertInto('session')
      .values(
        Array.from({ length: 5 }, () => ({
          id: randomUUID().replaceAll('-', ''),
          token: randomUUID().replaceAll('-', ''),
          userId,
          expiresAt: addSeconds(now, -1),
          createdAt: addSeconds(now, -100),
          updatedAt: addSeconds(now, -100),
        })),
      )
      .execute();
    const first = await sweepExpired({ db, clock: t.app.clock }, { batchSize: 2, maxBatches: 1 });
    expect(first.sessions).toBe(2);
    const second = await sweepExpired({ db, clock: t.app.clock }, { batchSize: 10 });
    expect(second.sessions).toBe(3);
  });

  it('stopped (the instance shuts down), deletes nothing more and leaves the rest for the next sweep', async () => {
    const { db } = t.db.handle;
    const now = t.app.clock.now();
    const { userId } = await signUpUser(t.app);
    await db
      .insertInto('session')
      .values(
        Array.from({ length: 3 }, () => ({
          id: randomUUID().replaceAll('-', ''),
          token: randomUUID().replaceAll('-', ''),
          userId,
          expiresAt: addSeconds(now, -1),
          createdAt: addSeconds(now, -100),
          updatedAt: addSeconds(now, -100),
        })),
      )
      .execute();
    const stopped = new AbortController();
    stopped.abort();
    const swept = await sweepExpired({ db, clock: t.app.clock }, { signal: stopped.signal });
    expect(swept).toEqual({ sessions: 0, verifications: 0, auditEvents: 0, webhookDeliveries: 0, lockouts: 0 });
    const expired = () =>
      db.selectFrom('session').select('id').where('userId', '=', userId).where('expiresAt', '<', now);
    expect(await expired().execute()).toHaveLength(3);
    expect((await sweepExpired({ db, clock: t.app.clock })).sessions).toBeGreaterThanOrEqual(3);
    expect(await expired().execute()).toHaveLength(0);
  });
  it('deletes audit events older than the retention, in batches, and keeps the rest', async () => {
    const { db } = t.db.handle;
    const now = t.app.clock.now();
    const event = (ageDays: number) => ({
      id: randomUUID().replaceAll('-', ''),
      createdAt: addSeconds(now, -ageDays * 86_400),
      type: 'sweep-test',
      outcome: 'success' as const,
      actorType: 'system' as const,
    });
    const old = [event(91), event(200), event(365)];
    const kept = [event(89), event(30), event(0)];
    await db
      .insertInto('auditEvent')
      .values([...old, ...kept])
      .execute();
    const remaining = async () =>
      (await db.selectFrom('auditEvent').select('id').where('type', '=', 'sweep-test').execute())
        .map((r) => r.id)
        .sort();

    const first = await sweepExpired(
      { db, clock: t.app.clock },
      { auditRetentionDays: 90, batchSize: 2, maxBatches: 1 },
    );
    expect(first.auditEvents).toBe(2);
    const second = await sweepExpired({ db, clock: t.app.clock }, { auditRetentionDays: 90 });
    expect(second.auditEvents).toBe(1);
    expect(await remaining()).toEqual(kept.map((e) => e.id).sort());
    // a shorter retention takes more
    await sweepExpired({ db, clock: t.app.clock }, { auditRetentionDays: 10 });
    expect(await remaining()).toEqual([kept[2]?.id]);
  });
});
