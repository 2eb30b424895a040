/**
 * The delivery log is kept as long as the audit log: the maintenance sweep deletes finished
 * deliveries older than `audit.retentionDays`, in batches, and never a pending one however old.
 */
import { expect, it } from 'vitest';
import { addSeconds } from '../../core/clock.ts';
import { describeOnDatabases } from '../../test/harness.ts';
import { sweepExpired } from '../maintenance/sweep.ts';

await describeOnDatabases('sweeping the webhook delivery log', {}, (t) => {
  it('deletes succeeded and failed deliveries past the retention, in batches, and keeps pending ones', async () => {
    const db = t.db.handle.db;
    const now = t.app.clock.now();
    await db
      .insertInto('webhookEndpoint')
      .values({
        id: 'sweep-endpoint',
        url: 'https://hooks.example.com/x',
        description: null,
        eventTypes: '["*"]',
        enabled: true,
        secret: 'v1:x',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const delivery = (id: string, ageDays: number, status: 'pending' | 'succeeded' | 'failed') => ({
      id,
      endpointId: 'sweep-endpoint',
      eventId: `e-${id}`,
      eventType: 'sign_in',
      messageId: `msg_e-${id}`,
      payload: '{}',
      status,
      nextAttemptAt: addSeconds(now, -ageDays * 86_400),
      createdAt: addSeconds(now, -ageDays * 86_400),
    });
    await db
      .insertInto('webhookDelivery')
      .values([
        delivery('old-ok', 100, 'succeeded'),
        delivery('old-failed', 200, 'failed'),
        delivery('old-ok-2', 95, 'succeeded'),
        delivery('old-pending', 300, 'pending'),
        delivery('recent-ok', 10, 'succeeded'),
      ])
      .execute();
    const remaining = async () =>
      (await db.selectFrom('webhookDelivery').select('id').where('endpointId', '=', 'sweep-endpoint').execute())
        .map((r) => r.id)
        .sort();

    const first = await sweepExpired(
      { db, clock: t.app.clock },
      { auditRetentionDays: 90, batchSize: 2, maxBatches: 1 },
    );
    expect(first.webhookDeliveries).toBe(2);
    const second = await sweepExpired({ db, clock: t.app.clock }, { auditRetentionDays: 90 });
    expect(second.webhookDeliveries).toBe(1);
    expect(await remaining()).toEqual(['old-pending', 'recent-ok']);
  });
});
