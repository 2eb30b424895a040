/**
 * Webhook delivery (docs/webhooks.md) against a local receiver, on every database: an
 * event is queued with its audit row and sent signed as Standard Webhooks says (checked
 * with the library's Webhook.verify); a failing or hanging receiver is retried on the
 * backoff schedule, driven by the test clock, until it recovers or the attempts run out;
 * two instances on one database send each event once; a restart, and a crashed claim, are
 * resumed; a replay sends the same webhook-id again; stopping lets attempts finish.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createMetrics } from '../../core/metrics.ts';
import { createTestApp, describeOnDatabases, PASSWORD, signUpUser, type TestApp } from '../../test/harness.ts';
import { LOCAL_DELIVERY, makeAdmin, type Receiver, startReceiver, verifyAt } from '../../test/webhooks.ts';
import { recordEvent } from '../audit/index.ts';
import { claimDueDeliveries } from './repo.ts';
import { leaseSecondsFor, RETRY_DELAYS_SECONDS, RETRY_JITTER } from './worker.ts';

type Admin = Awaited<ReturnType<typeof makeAdmin>>;

await describeOnDatabases('webhook delivery', LOCAL_DELIVERY, (t) => {
  let receiver: Receiver;
  let admin: Admin;
  const db = () => t.db.handle.db;
  const worker = (app: TestApp = t.app) => {
    if (!app.auth.webhooks) throw new Error('webhooks are off');
    return app.auth.webhooks;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  // a fresh admin each test: tests move the clock by days, past a session's life
  beforeEach(async () => {
    admin = await makeAdmin(t.app);
  });
  afterAll(async () => {
    await receiver.close();
  });
  // each test with its own endpoints, and the receiver's answers of one test never left to the next
  afterEach(async () => {
    await db().deleteFrom('webhookDelivery').execute();
    await db().deleteFrom('webhookEndpoint').execute();
    receiver.reset();
  });

  /** A new endpoint on the receiver (a path of its own, so that tests tell their requests apart). */
  async function subscribe(eventTypes: string[], path = `/${Math.random().toString(36).slice(2)}`) {
    const res = await admin.client.post('/admin/webhooks/create-endpoint', {
      url: `${receiver.url}${path}`,
      eventTypes,
    });
    expect(res.status).toBe(200);
    return { id: res.json.endpoint.id as string, secret: res.json.secret as string, path };
  }
  const deliveriesOf = (endpointId: string) =>
    db().selectFrom('webhookDelivery').selectAll().where('endpointId', '=', endpointId).orderBy('createdAt').execute();
  /** A system event recorded the way every audited change records its own. */
  const systemEvent = (targetId: string) =>
    recordEvent(t.app.auth.deps.db, { deps: t.app.auth.deps }, { type: 'user.updated', targetType: 'user', targetId });

  it('sends a subscribed event once, signed (Webhook.verify), with what the audit row holds and no secret', async () => {
    const metrics = createMetrics();
    const banned = await subscribe(['user.banned']);
    const signUps = await subscribe(['sign_up']);
    const user = await signUpUser(t.app);

    // queued with the audit row, for the subscribed endpoint only
    const event = await db()
      .selectFrom('auditEvent')
      .selectAll()
      .where('type', '=', 'sign_up')
      .where('targetId', '=', user.userId)
      .executeTakeFirstOrThrow();
    const queued = await deliveriesOf(signUps.id);
    expect(queued.map((d) => [d.status, d.eventId, d.messageId, Number(d.attempts)])).toEqual([
      ['pending', event.id, `msg_${event.id}`, 0],
    ]);
    expect(await deliveriesOf(banned.id)).toEqual([]);

    const before = receiver.received.length;
    const pass = await worker().deliverDue();
    expect(pass.succeeded).toBeGreaterThanOrEqual(1);
    const requests = receiver.received.slice(before);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    if (!request) throw new Error('nothing received');
    expect(request.headers['webhook-id']).toBe(`msg_${event.id}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-timestamp']).toBe(String(Math.floor(t.app.clock.now().getTime() / 1000)));
    const payload = verifyAt(signUps.secret, request, t.app.clock.now()) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload.type).toBe('sign_up');
    expect(payload.data).toMatchObject({
      id: event.id,
      outcome: 'success',
      actorUserId: user.userId,
      targetType: 'user',
      targetId: user.userId,
      details: { method: 'email' },
    });
    // another endpoint's secret does not verify it
    expect(() => verifyAt(banned.secret, request, t.app.clock.now())).toThrow();
    expect(request.body).not.toContain(PASSWORD);
    expect(request.body).not.toContain(user.token);

    const [sent] = await deliveriesOf(signUps.id);
    expect([sent?.status, Number(sent?.attempts), Number(sent?.lastStatusCode), sent?.leaseToken]).toEqual([
      'succeeded',
      1,
      200,
      null,
    ]);
    // nothing is sent twice
    expect((await worker().deliverDue()).claimed).toBe(0);
    expect(await metrics.render()).toMatch(/latch_webhook_deliveries_total\{outcome="succeeded"\} [1-9]/);
  });

  it('an event that rolls back is never queued; one that commits is', async () => {
    const endpoint = await subscribe(['user.updated']);
    const failed = await t.app.auth.deps.db
      .transaction()
      .execute(async (trx) => {
        await recordEvent(trx, { deps: t.app.auth.deps }, { type: 'user.updated', targetType: 'user', targetId: 'x' });
        throw new Error('the change failed');
      })
      .catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(Error);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    expect(
      await db()
        .selectFrom('auditEvent')
        .select('id')
        .where('targetId', '=', 'x')
        .where('type', '=', 'user.updated')
        .execute(),
    ).toEqual([]);

    await t.app.auth.deps.db.transaction().execute(async (trx) => {
      await recordEvent(trx, { deps: t.app.auth.deps }, { type: 'user.updated', targetType: 'user', targetId: 'y' });
    });
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(['pending']);
    await worker().deliverDue();
  });

  it('a failing receiver is retried on the backoff schedule, driven by the clock, until it recovers', async () => {
    const endpoint = await subscribe(['user.updated']);
    receiver.answer(500, 503, 200);
    await systemEvent('retry-1');
    const start = t.app.clock.now().getTime();
    const [queued] = await deliveriesOf(endpoint.id);
    const state = async () => {
      const [d] = await deliveriesOf(endpoint.id);
      if (!d) throw new Error('no delivery');
      return {
        status: d.status,
        attempts: Number(d.attempts),
        code: d.lastStatusCode === null ? null : Number(d.lastStatusCode),
        waitSeconds: (new Date(d.nextAttemptAt).getTime() - t.app.clock.now().getTime()) / 1000,
      };
    };
    const within = (seconds: number, base: number) =>
      seconds >= base * (1 - RETRY_JITTER) - 0.001 && seconds <= base * (1 + RETRY_JITTER) + 0.001;

    await worker().deliverDue();
    let now = await state();
    expect([now.status, now.attempts, now.code]).toEqual(['pending', 1, 500]);
    expect(within(now.waitSeconds, RETRY_DELAYS_SECONDS[0])).toBe(true);
    // not due yet: nothing happens however often the worker looks
    expect((await worker().deliverDue()).claimed).toBe(0);

    t.app.clock.advance(RETRY_DELAYS_SECONDS[0] * (1 + RETRY_JITTER) + 1);
    await worker().deliverDue();
    now = await state();
    expect([now.status, now.attempts, now.code]).toEqual(['pending', 2, 503]);
    expect(within(now.waitSeconds, RETRY_DELAYS_SECONDS[1])).toBe(true);
    t.app.clock.advance(RETRY_DELAYS_SECONDS[1] * (1 - RETRY_JITTER) - 5);
    expect((await worker().deliverDue()).claimed).toBe(0);

    t.app.clock.advance(RETRY_DELAYS_SECONDS[1] * 2 * RETRY_JITTER + 10);
    await worker().deliverDue();
    now = await state();
    expect([now.status, now.attempts, now.code]).toEqual(['succeeded', 3, 200]);

    // three attempts of one message: the same id, each signed at its own time
    const attempts = receiver.received.filter((r) => r.headers['webhook-id'] === queued?.messageId);
    expect(attempts.map((r) => r.answered)).toEqual([500, 503, 200]);
    const stamps = attempts.map((r) => Number(r.headers['webhook-timestamp']));
    expect(stamps[1]).toBeGreaterThan(stamps[0] ?? 0);
    expect(stamps[2]).toBeGreaterThan(stamps[1] ?? 0);
    expect(Math.floor(start / 1000)).toBe(stamps[0]);
  });

  it('a receiver that hangs past the time limit fails the attempt; after maxAttempts the delivery is failed', async () => {
    const endpoint = await subscribe(['user.updated']);
    receiver.answer({ hangMs: 2000 }, 500, { hangMs: 2000 }, 502);
    await systemEvent('gives-up');
    for (let attempt = 1; attempt <= LOCAL_DELIVERY.webhooks.maxAttempts; attempt++) {
      const startedAt = Date.now();
      await worker().deliverDue();
      const [d] = await deliveriesOf(endpoint.id);
      expect(Number(d?.attempts)).toBe(attempt);
      if (attempt === 1) {
        expect(d?.lastError).toBe(`timeout after ${LOCAL_DELIVERY.webhooks.timeoutMs} ms`);
        expect(d?.lastStatusCode).toBeNull();
        // the time limit holds: no waiting for the receiver's 2 s
        expect(Date.now() - startedAt).toBeLessThan(1500);
      }
      expect(d?.status).toBe(attempt < LOCAL_DELIVERY.webhooks.maxAttempts ? 'pending' : 'failed');
      t.app.clock.advance(86_400 * 2);
    }
    const [d] = await deliveriesOf(endpoint.id);
    expect([d?.status, Number(d?.lastStatusCode), d?.completedAt === null]).toEqual(['failed', 502, false]);
    // given up: never tried again
    t.app.clock.advance(86_400 * 30);
    const before = receiver.received.length;
    await worker().deliverDue();
    expect(receiver.received.length).toBe(before);
  });

  it('two instances on one database send each event exactly once', async () => {
    const endpoint = await subscribe(['user.updated']);
    const other = createTestApp(t.db, LOCAL_DELIVERY);
    try {
      other.clock.set(t.app.clock.now());
      for (let i = 0; i < 24; i++) await systemEvent(`twice-${i}`);
      const queued = await deliveriesOf(endpoint.id);
      expect(queued).toHaveLength(24);
      const before = receiver.received.length;
      const [a, b] = await Promise.all([worker().deliverDue(), worker(other).deliverDue()]);
      expect(a.claimed + b.claimed).toBe(24);
      const ids = receiver.received.slice(before).map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(24);
      expect(new Set(ids).size).toBe(24);
      expect(new Set(ids)).toEqual(new Set(queued.map((d) => d.messageId)));
      const after = await deliveriesOf(endpoint.id);
      expect(after.every((d) => d.status === 'succeeded' && Number(d.attempts) === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('claims racing for the same due rows never share one', async () => {
    const endpoint = await subscribe(['user.updated']);
    for (let i = 0; i < 24; i++) await systemEvent(`race-${i}`);
    const now = t.app.clock.now();
    const until = new Date(now.getTime() + 60_000);
    // eight claims at once, each seeing all 24 rows due (the pools run them side by side on PostgreSQL and MariaDB)
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimDueDeliveries(db(), now, 24, until, `racer-${i}`)),
    );
    const ids = claims.flatMap((claim) => claim.map((d) => d.id));
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.every((d) => Number(d.attempts) === 1 && d.leaseToken?.startsWith('racer-'))).toBe(true);
  });

  it('a restart resumes what was pending, and a claim whose instance died is retried when its lease runs out', async () => {
    const endpoint = await subscribe(['user.updated']);
    // the first instance queues two events and stops before its worker sends them
    const first = createTestApp(t.db, LOCAL_DELIVERY);
    first.clock.set(t.app.clock.now());
    await recordEvent(first.auth.deps.db, { deps: first.auth.deps }, { type: 'user.updated', targetId: 'restart-1' });
    await recordEvent(first.auth.deps.db, { deps: first.auth.deps }, { type: 'user.updated', targetId: 'restart-2' });
    await first.close();
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(['pending', 'pending']);

    // an instance claimed one and died before it answered
    const now = t.app.clock.now();
    const leaseSeconds = leaseSecondsFor(LOCAL_DELIVERY.webhooks.timeoutMs);
    const crashed = await claimDueDeliveries(db(), now, 1, new Date(now.getTime() + leaseSeconds * 1000), 'dead-claim');
    expect(crashed).toHaveLength(1);

    // the next instance sends the other one at once, and the crashed one only after the lease
    const next = createTestApp(t.db, LOCAL_DELIVERY);
    try {
      next.clock.set(now);
      await worker(next).deliverDue();
      let rows = await deliveriesOf(endpoint.id);
      expect(rows.map((d) => [d.id === crashed[0]?.id, d.status]).sort()).toEqual([
        [false, 'succeeded'],
        [true, 'pending'],
      ]);
      next.clock.advance(leaseSeconds + 1);
      await worker(next).deliverDue();
      rows = await deliveriesOf(endpoint.id);
      const retried = rows.find((d) => d.id === crashed[0]?.id);
      // the lost attempt counts: a delivery that crashes its instance cannot be retried for ever
      expect([retried?.status, Number(retried?.attempts)]).toEqual(['succeeded', 2]);
    } finally {
      await next.close();
    }
  });

  it('replay sends the delivery again with the same webhook-id and body, as a new entry of the log', async () => {
    const endpoint = await subscribe(['user.updated']);
    await systemEvent('replayed');
    await worker().deliverDue();
    const [original] = await deliveriesOf(endpoint.id);
    if (!original) throw new Error('no delivery');
    const first = receiver.received.filter((r) => r.headers['webhook-id'] === original.messageId);
    expect(first).toHaveLength(1);

    t.app.clock.advance(3600);
    const res = await admin.client.post('/admin/webhooks/replay-delivery', { deliveryId: original.id });
    expect(res.status).toBe(200);
    expect(res.json.delivery).toMatchObject({
      messageId: original.messageId,
      replayOf: original.id,
      status: 'pending',
      attempts: 0,
    });
    await worker().deliverDue();
    const sent = receiver.received.filter((r) => r.headers['webhook-id'] === original.messageId);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toBe(sent[0]?.body);
    verifyAt(endpoint.secret, sent[1] as NonNullable<(typeof sent)[1]>, t.app.clock.now());
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    const audit = await db()
      .selectFrom('auditEvent')
      .select(['actorUserId', 'targetId', 'details'])
      .where('type', '=', 'webhook.delivery_replayed')
      .where('targetId', '=', endpoint.id)
      .execute();
    expect(audit).toEqual([
      { actorUserId: admin.userId, targetId: endpoint.id, details: JSON.stringify({ deliveryId: original.id }) },
    ]);
  });

  it('after a secret rotation both secrets sign for a day, then only the new one', async () => {
    const endpoint = await subscribe(['user.updated']);
    const rotated = await admin.client.post('/admin/webhooks/rotate-secret', { endpointId: endpoint.id });
    expect(rotated.status).toBe(200);
    const fresh = rotated.json.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(endpoint.secret);

    await systemEvent('rotation-1');
    const before = receiver.received.length;
    await worker().deliverDue();
    const [during] = receiver.received.slice(before);
    if (!during) throw new Error('nothing received');
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    verifyAt(fresh, during, t.app.clock.now());
    verifyAt(endpoint.secret, during, t.app.clock.now());

    t.app.clock.advance(86_400 + 60);
    await systemEvent('rotation-2');
    const later = receiver.received.length;
    await worker().deliverDue();
    const [after] = receiver.received.slice(later);
    if (!after) throw new Error('nothing received');
    verifyAt(fresh, after, t.app.clock.now());
    expect(() => verifyAt(endpoint.secret, after, t.app.clock.now())).toThrow();
  });

  it('a disabled endpoint gets nothing new, and what it had waits until it is enabled again', async () => {
    const endpoint = await subscribe(['user.updated']);
    await systemEvent('paused-1');
    const off = await admin.client.post('/admin/webhooks/update-endpoint', { endpointId: endpoint.id, enabled: false });
    expect(off.json.endpoint.enabled).toBe(false);
    await systemEvent('paused-2');
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    expect((await worker().deliverDue()).claimed).toBe(0);
    await admin.client.post('/admin/webhooks/update-endpoint', { endpointId: endpoint.id, enabled: true });
    await worker().deliverDue();
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(['succeeded']);
  });

  it('a started worker sends on its own timer and reports the queue depth', async () => {
    const metrics = createMetrics();
    const endpoint = await subscribe(['user.updated']);
    const running = createTestApp(t.db, { webhooks: { ...LOCAL_DELIVERY.webhooks, workerIntervalMs: 50 } });
    running.clock.set(t.app.clock.now());
    try {
      await systemEvent('timer');
      worker(running).start();
      // the timer runs in real time: wait for it, briefly
      await expect
        .poll(async () => (await deliveriesOf(endpoint.id)).map((d) => d.status), { timeout: 3000, interval: 20 })
        .toEqual(['succeeded']);
      await expect
        .poll(() => metrics.render(), { timeout: 3000, interval: 20 })
        .toMatch(/^latch_webhook_queue_depth 0$/m);
    } finally {
      await running.close();
    }
  });

  it('stopping lets the attempt in flight finish and leaves the rest pending for the next instance', async () => {
    const endpoint = await subscribe(['user.updated']);
    const stopping = createTestApp(t.db, { webhooks: { ...LOCAL_DELIVERY.webhooks, concurrency: 1 } });
    stopping.clock.set(t.app.clock.now());
    for (let i = 0; i < 3; i++) await systemEvent(`stop-${i}`);
    receiver.answer({ status: 200, delayMs: 150 });
    const before = receiver.received.length;
    const running = worker(stopping).deliverDue();
    await expect.poll(() => receiver.received.length, { timeout: 2000, interval: 10 }).toBe(before + 1);
    await stopping.close();
    await running;
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((d) => [d.status, Number(d.attempts), d.leaseToken]).sort()).toEqual([
      ['pending', 0, null],
      ['pending', 0, null],
      ['succeeded', 1, null],
    ]);
    expect(receiver.received.length).toBe(before + 1);
    await worker().deliverDue();
    expect((await deliveriesOf(endpoint.id)).every((d) => d.status === 'succeeded')).toBe(true);
  });
});
