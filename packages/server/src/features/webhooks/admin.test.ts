/**
 * /admin/webhooks/* over HTTP on every database: an admin creates, lists, changes, deletes
 * endpoints and rotates secrets, each an audit event; the secret is answered once and
 * stored encrypted; the delivery log filters and pages; a non-admin and a bad request are
 * refused and change nothing; URLs that are not https or point into private networks are
 * refused unless the configuration allows them.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createTestApp,
  describeOnDatabases,
  openSharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';
import { makeAdmin } from '../../test/webhooks.ts';
import { recordEvent } from '../audit/index.ts';

const ENABLED = { webhooks: { enabled: true } };
const HOOK = 'https://hooks.example.com/latch';

await describeOnDatabases('webhook endpoints for admins', ENABLED, (t) => {
  const db = () => t.db.handle.db;
  let admin: Awaited<ReturnType<typeof makeAdmin>>;
  beforeEach(async () => {
    admin = await makeAdmin(t.app);
  });
  afterEach(async () => {
    await db().deleteFrom('webhookDelivery').execute();
    await db().deleteFrom('webhookEndpoint').execute();
  });

  const webhookAudit = () =>
    db()
      .selectFrom('auditEvent')
      .select(['type', 'actorUserId', 'targetType', 'targetId', 'details'])
      .where('type', 'like', 'webhook.%')
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
  /** Everything an endpoint request could change. */
  const snapshot = async () => ({
    endpoints: await db().selectFrom('webhookEndpoint').selectAll().orderBy('id').execute(),
    deliveries: await db().selectFrom('webhookDelivery').selectAll().orderBy('id').execute(),
    audit: await webhookAudit(),
  });

  it('creates an endpoint, answers its secret once, stores it encrypted, and records who did it', async () => {
    const before = (await webhookAudit()).length;
    const res = await admin.client.post('/admin/webhooks/create-endpoint', {
      url: `${HOOK}?token=in-the-query`,
      eventTypes: ['user.banned', 'sign_in', 'user.banned'],
      description: 'SIEM',
    });
    expect(res.status).toBe(200);
    const { endpoint, secret } = res.json;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      url: `${HOOK}?token=in-the-query`,
      description: 'SIEM',
      eventTypes: ['user.banned', 'sign_in'],
      enabled: true,
    });
    expect(JSON.stringify(endpoint)).not.toContain('whsec_');

    const row = await db()
      .selectFrom('webhookEndpoint')
      .selectAll()
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(secret.slice(6, 20));

    const list = await admin.client.get('/admin/webhooks/list-endpoints');
    expect(list.status).toBe(200);
    expect(list.json.endpoints.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    expect(list.text).not.toContain('whsec_');

    const audit = (await webhookAudit()).slice(before);
    expect(audit).toEqual([
      {
        type: 'webhook.endpoint_created',
        actorUserId: admin.userId,
        targetType: 'webhook_endpoint',
        targetId: endpoint.id,
        details: JSON.stringify({ eventTypes: 'user.banned,sign_in', enabled: true }),
      },
    ]);
    // the URL, which may carry a token, is not in the audit log
    expect(JSON.stringify(audit)).not.toContain('in-the-query');
  });

  it('updates, rotates and deletes, each an audit event; deleting takes the deliveries with it', async () => {
    const created = await admin.client.post('/admin/webhooks/create-endpoint', { url: HOOK, eventTypes: ['*'] });
    const id = created.json.endpoint.id as string;
    t.app.clock.advance(1);
    const updated = await admin.client.post('/admin/webhooks/update-endpoint', {
      endpointId: id,
      url: 'https://hooks.example.com/v2',
      eventTypes: ['user.deleted'],
      enabled: false,
      description: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.json.endpoint).toMatchObject({
      url: 'https://hooks.example.com/v2',
      eventTypes: ['user.deleted'],
      enabled: false,
      description: null,
    });
    expect(updated.json.endpoint.updatedAt).not.toBe(created.json.endpoint.updatedAt);

    const stored = async () =>
      db().selectFrom('webhookEndpoint').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const beforeRotation = await stored();
    t.app.clock.advance(1);
    const rotated = await admin.client.post('/admin/webhooks/rotate-secret', { endpointId: id });
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(created.json.secret);
    // the old secret still signs beside the new one for a day
    const row = await stored();
    expect(row.previousSecret).toBe(beforeRotation.secret);
    expect(row.secret).not.toBe(beforeRotation.secret);
    expect(new Date(row.previousSecretExpiresAt ?? 0).getTime() - t.app.clock.now().getTime()).toBe(86_400_000);

    // its own creation event ("*") was queued for it; deleting takes it along
    expect((await db().selectFrom('webhookDelivery').select('id').where('endpointId', '=', id).execute()).length).toBe(
      1,
    );
    t.app.clock.advance(1);
    const deleted = await admin.client.post('/admin/webhooks/delete-endpoint', { endpointId: id });
    expect([deleted.status, deleted.json]).toEqual([200, { success: true }]);
    expect(await db().selectFrom('webhookEndpoint').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await db().selectFrom('webhookDelivery').select('id').where('endpointId', '=', id).execute()).toEqual([]);

    const audit = (await webhookAudit()).filter((e) => e.targetId === id);
    expect(audit.map((e) => [e.type, e.actorUserId])).toEqual([
      ['webhook.endpoint_created', admin.userId],
      ['webhook.endpoint_updated', admin.userId],
      ['webhook.secret_rotated', admin.userId],
      ['webhook.endpoint_deleted', admin.userId],
    ]);
    expect(JSON.parse(audit[1]?.details ?? '{}')).toEqual({
      fields: 'description,enabled,eventTypes,url',
      eventTypes: 'user.deleted',
      enabled: false,
    });

    for (const [path, body] of [
      ['/admin/webhooks/update-endpoint', { endpointId: id, enabled: true }],
      ['/admin/webhooks/rotate-secret', { endpointId: id }],
      ['/admin/webhooks/delete-endpoint', { endpointId: id }],
    ] as const) {
      const res = await admin.client.post(path, body);
      expect([res.status, res.json.code]).toEqual([404, 'WEBHOOK_ENDPOINT_NOT_FOUND']);
    }
    const replay = await admin.client.post('/admin/webhooks/replay-delivery', { deliveryId: 'nope' });
    expect([replay.status, replay.json.code]).toEqual([404, 'WEBHOOK_DELIVERY_NOT_FOUND']);
  });

  it('lists deliveries newest first, by endpoint and status, page by page', async () => {
    const a = await admin.client.post('/admin/webhooks/create-endpoint', { url: HOOK, eventTypes: ['user.updated'] });
    const b = await admin.client.post('/admin/webhooks/create-endpoint', {
      url: `${HOOK}/b`,
      eventTypes: ['user.updated'],
    });
    for (let i = 0; i < 5; i++) {
      t.app.clock.advance(1);
      await recordEvent(
        db(),
        { deps: t.app.auth.deps },
        { type: 'user.updated', targetType: 'user', targetId: `u${i}` },
      );
    }
    const first = await db()
      .selectFrom('webhookDelivery')
      .select('id')
      .where('endpointId', '=', a.json.endpoint.id)
      .orderBy('createdAt')
      .executeTakeFirstOrThrow();
    await db().updateTable('webhookDelivery').set({ status: 'failed' }).where('id', '=', first.id).execute();

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { endpointId: a.json.endpoint.id, limit: '2' };
      if (cursor) query.cursor = cursor;
      const res = await admin.client.get('/admin/webhooks/list-deliveries', { query });
      expect(res.status).toBe(200);
      pages.push(res.json.deliveries.map((d: { payload: { data: { targetId: string } } }) => d.payload.data.targetId));
      cursor = res.json.nextCursor;
    } while (cursor);
    expect(pages).toEqual([['u4', 'u3'], ['u2', 'u1'], ['u0']]);

    const failed = await admin.client.get('/admin/webhooks/list-deliveries', { query: { status: 'failed' } });
    expect(failed.json.deliveries.map((d: { id: string; nextAttemptAt: unknown }) => [d.id, d.nextAttemptAt])).toEqual([
      [first.id, null],
    ]);
    const all = await admin.client.get('/admin/webhooks/list-deliveries');
    expect(all.json.deliveries).toHaveLength(10);
    expect(new Set(all.json.deliveries.map((d: { endpointId: string }) => d.endpointId))).toEqual(
      new Set([a.json.endpoint.id, b.json.endpoint.id]),
    );

    const types = await admin.client.get('/admin/webhooks/list-event-types');
    expect(types.json.eventTypes).toEqual(
      expect.arrayContaining(['sign_in', 'user.banned', 'webhook.endpoint_created']),
    );
  });

  it('refuses anyone but an admin, and changes nothing', async () => {
    const created = await admin.client.post('/admin/webhooks/create-endpoint', { url: HOOK, eventTypes: ['sign_in'] });
    const id = created.json.endpoint.id as string;
    await recordEvent(db(), { deps: t.app.auth.deps }, { type: 'sign_in', targetType: 'user', targetId: 'someone' });
    const delivery = await db().selectFrom('webhookDelivery').select('id').executeTakeFirstOrThrow();
    const user = await signUpUser(t.app);
    const anonymous = t.app.client();
    const calls = [
      ['POST', '/admin/webhooks/create-endpoint', { url: HOOK, eventTypes: ['*'] }],
      ['GET', '/admin/webhooks/list-endpoints', undefined],
      ['POST', '/admin/webhooks/update-endpoint', { endpointId: id, enabled: false }],
      ['POST', '/admin/webhooks/delete-endpoint', { endpointId: id }],
      ['POST', '/admin/webhooks/rotate-secret', { endpointId: id }],
      ['GET', '/admin/webhooks/list-deliveries', undefined],
      ['POST', '/admin/webhooks/replay-delivery', { deliveryId: delivery.id }],
      ['GET', '/admin/webhooks/list-event-types', undefined],
    ] as const;
    const before = await snapshot();
    for (const [method, path, body] of calls) {
      const asUser = method === 'GET' ? await user.client.get(path) : await user.client.post(path, body);
      expect([path, asUser.status, asUser.json.code]).toEqual([path, 403, 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS']);
      expect(asUser.text).not.toContain('whsec_');
      const nobody = method === 'GET' ? await anonymous.get(path) : await anonymous.post(path, body);
      expect([path, nobody.status]).toEqual([path, 401]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a bad request with 400 VALIDATION_ERROR naming the field, and changes nothing', async () => {
    const created = await admin.client.post('/admin/webhooks/create-endpoint', { url: HOOK, eventTypes: ['sign_in'] });
    const id = created.json.endpoint.id as string;
    const before = await snapshot();
    const refusals = [
      ['/admin/webhooks/create-endpoint', { url: 'not a url', eventTypes: ['sign_in'] }, 'url'],
      ['/admin/webhooks/create-endpoint', { url: HOOK, eventTypes: [] }, 'eventTypes'],
      ['/admin/webhooks/create-endpoint', { url: HOOK, eventTypes: ['sign in'] }, 'eventTypes'],
      ['/admin/webhooks/create-endpoint', { url: HOOK, eventTypes: ['user.exploded'] }, 'eventTypes.0'],
      ['/admin/webhooks/create-endpoint', { url: HOOK }, 'eventTypes'],
      ['/admin/webhooks/create-endpoint', { url: HOOK, eventTypes: ['*'], enabled: 'yes' }, 'enabled'],
      ['/admin/webhooks/update-endpoint', { endpointId: id }, 'endpointId'],
      ['/admin/webhooks/update-endpoint', { endpointId: id, eventTypes: ['sign_in', 'nope.nope'] }, 'eventTypes.1'],
      ['/admin/webhooks/delete-endpoint', {}, 'endpointId'],
      ['/admin/webhooks/replay-delivery', { deliveryId: '' }, 'deliveryId'],
    ] as const;
    for (const [path, body, field] of refusals) {
      const res = await admin.client.post(path, body);
      expect([path, field, res.status, res.json.code]).toEqual([path, field, 400, 'VALIDATION_ERROR']);
      expect(res.json.message).toContain(field);
    }
    for (const query of [{ limit: '500' }, { status: 'lost' }, { cursor: 'bm9wZQ' }] as Record<string, string>[]) {
      const res = await admin.client.get('/admin/webhooks/list-deliveries', { query });
      expect([res.status, res.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses URLs that are not https, carry credentials or point into private networks', async () => {
    const before = await snapshot();
    for (const url of [
      'http://hooks.example.com/latch',
      'http://127.0.0.1:9000/hook',
      'ftp://hooks.example.com/x',
      'https://user:pass@hooks.example.com/x',
      'https://localhost/hook',
      'https://localhost./hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
    ]) {
      const res = await admin.client.post('/admin/webhooks/create-endpoint', { url, eventTypes: ['*'] });
      expect([url, res.status, res.json.code]).toEqual([url, 400, 'WEBHOOK_URL_NOT_ALLOWED']);
    }
    const created = await admin.client.post('/admin/webhooks/create-endpoint', { url: HOOK, eventTypes: ['*'] });
    const moved = await admin.client.post('/admin/webhooks/update-endpoint', {
      endpointId: created.json.endpoint.id,
      url: 'https://172.16.0.1/x',
    });
    expect([moved.status, moved.json.code]).toEqual([400, 'WEBHOOK_URL_NOT_ALLOWED']);
    const after = await snapshot();
    expect(after.endpoints.map((e) => e.url)).toEqual([...before.endpoints.map((e) => e.url), HOOK]);
  });
});

it('the webhook endpoints answer 404 while webhooks are off, and events queue nothing', async () => {
  const database = await openSharedDatabase('sqlite');
  const app: TestApp = createTestApp(database);
  try {
    const admin = await makeAdmin(app);
    const res = await admin.client.post('/admin/webhooks/create-endpoint', { url: HOOK, eventTypes: ['*'] });
    expect([res.status, res.json.code]).toEqual([404, 'NOT_FOUND']);
    expect(app.auth.webhooks).toBeNull();
    expect(await app.auth.deps.db.selectFrom('webhookDelivery').select('id').execute()).toEqual([]);
  } finally {
    await app.close();
    await database.close();
  }
});

it('loopback receivers over http are allowed only when the configuration says so', async () => {
  const database = await openSharedDatabase('sqlite');
  const dev = createTestApp(database, {
    webhooks: { enabled: true, allowInsecureUrls: true, allowPrivateNetworks: true },
  });
  const insecureOnly = createTestApp(database, { webhooks: { enabled: true, allowInsecureUrls: true } });
  try {
    const admin = await makeAdmin(dev);
    const ok = await admin.client.post('/admin/webhooks/create-endpoint', {
      url: 'http://127.0.0.1:9/hook',
      eventTypes: ['*'],
    });
    expect(ok.status).toBe(200);
    // http stays refused for any other host, whatever the settings
    const remote = await admin.client.post('/admin/webhooks/create-endpoint', {
      url: 'http://hooks.example.com/hook',
      eventTypes: ['*'],
    });
    expect([remote.status, remote.json.code]).toEqual([400, 'WEBHOOK_URL_NOT_ALLOWED']);
    // without allowPrivateNetworks, loopback is a private target even over http
    const other = await makeAdmin(insecureOnly);
    const refused = await other.client.post('/admin/webhooks/create-endpoint', {
      url: 'http://127.0.0.1:9/hook',
      eventTypes: ['*'],
    });
    expect([refused.status, refused.json.code]).toEqual([400, 'WEBHOOK_URL_NOT_ALLOWED']);
  } finally {
    await dev.close();
    await insecureOnly.close();
    await database.close();
  }
});
