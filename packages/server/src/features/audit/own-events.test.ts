/**
 * GET /list-own-audit-events (issue 13 item 4): a person reads their own security activity,
 * what they did and what was done to their account, and nothing of anyone else's; the
 * address and browser of a row are given only when the person acted themselves (not for an
 * admin's action, an impersonation or an anonymous attempt on their account). Cursor pages
 * hold every row once, newest first. On SQLite, PostgreSQL and MariaDB.
 */
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';

const ADA_IP = '203.0.113.5';
const STRANGER_IP = '198.51.100.7';
const ADMIN_IP = '192.0.2.9';

interface OwnEvent {
  id: string;
  createdAt: string;
  type: string;
  outcome: 'success' | 'failure';
  byYou: boolean;
  impersonated: boolean;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
}

await describeOnDatabases('own audit events', {}, (t) => {
  /** A request from this address (as the node adapter hands the socket's or the proxy's address over). */
  const from = (ip: string) => ({ ip });

  const person = async (ip: string) => {
    const email = `p-${Math.random().toString(36).slice(2, 10)}@example.test`;
    const client = t.app.client();
    const res = await client.post('/sign-up/email', { name: 'Person', email, password: PASSWORD }, from(ip));
    expect(res.status, res.text).toBe(200);
    return { client, email, userId: res.json.user.id as string };
  };

  const makeAdmin = async () => {
    const admin = await signUpUser(t.app);
    await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    return admin;
  };

  const readAll = async (client: TestClient, query: Record<string, string> = {}): Promise<OwnEvent[]> => {
    const res = await client.get('/list-own-audit-events', { query: { limit: '100', ...query } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.nextCursor).toBeNull();
    return res.json.events as OwnEvent[];
  };

  /** The rows the log holds about the person or by them, straight from the table. */
  const rowIdsOf = async (userId: string) => {
    const rows = await t.db.handle.db
      .selectFrom('auditEvent')
      .select('id')
      .where((eb) =>
        eb.or([eb('actorUserId', '=', userId), eb.and([eb('targetType', '=', 'user'), eb('targetId', '=', userId)])]),
      )
      .execute();
    return rows.map((r) => r.id).sort();
  };

  const countRows = async () =>
    Number(
      (
        await t.db.handle.db
          .selectFrom('auditEvent')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lists what the person did and what was done to them, newest first, their own address only on their own acts', async () => {
    const ada = await person(ADA_IP);
    // someone else tries Ada's password from elsewhere
    const stranger = t.app.client();
    const refused = await stranger.post(
      '/sign-in/email',
      { email: ada.email, password: 'not-her-password-1' },
      from(STRANGER_IP),
    );
    expect(refused.status).toBe(401);
    // an admin changes her role from their own address
    const admin = await makeAdmin();
    const role = await admin.client.post('/admin/set-role', { userId: ada.userId, role: 'user' }, from(ADMIN_IP));
    expect(role.status, role.text).toBe(200);
    const changed = await ada.client.post(
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'Another-Horse-7-Battery', revokeOtherSessions: false },
      from(ADA_IP),
    );
    expect(changed.status, changed.text).toBe(200);

    const events = await readAll(ada.client);
    const times = events.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(events.map((e) => e.id).sort()).toEqual(await rowIdsOf(ada.userId));

    const own = events.filter((e) => ['sign_up', 'password.changed'].includes(e.type));
    expect(own.map((e) => e.type).sort()).toEqual(['password.changed', 'sign_up']);
    for (const event of own) {
      expect([event.byYou, event.ipAddress, event.userAgent]).toEqual([true, ADA_IP, 'latch-test/1']);
    }
    const attempt = events.find((e) => e.type === 'sign_in' && e.outcome === 'failure');
    expect(attempt).toMatchObject({ byYou: false, ipAddress: null, userAgent: null });
    expect(attempt?.details).toMatchObject({ reason: 'wrong_password' });
    const byAdmin = events.find((e) => e.type === 'user.role_changed');
    expect(byAdmin).toMatchObject({ byYou: false, impersonated: false, ipAddress: null, userAgent: null });
    // the admin's own address is nowhere in Ada's answer
    expect(JSON.stringify(events)).not.toContain(ADMIN_IP);
    expect(JSON.stringify(events)).not.toContain(STRANGER_IP);
  });

  it("never answers with another person's rows, whatever the query names", async () => {
    const ada = await person(ADA_IP);
    const bob = await person(STRANGER_IP);
    await bob.client.post('/sign-out', {});
    const bobIds = await rowIdsOf(bob.userId);
    expect(bobIds.length).toBeGreaterThan(1);

    const plain = await readAll(ada.client);
    const asking = await readAll(ada.client, { actorUserId: bob.userId, targetId: bob.userId });
    expect(asking).toEqual(plain);
    const ids = new Set(plain.map((e) => e.id));
    for (const id of bobIds) expect(ids.has(id)).toBe(false);
    expect(JSON.stringify(plain)).not.toContain(bob.userId);
    expect(JSON.stringify(plain)).not.toContain(STRANGER_IP);

    // the admin who acted on Ada sees their own act (with their address), not Ada's sign-up
    const admin = await makeAdmin();
    await admin.client.post('/admin/set-role', { userId: ada.userId, role: 'user' }, from(ADMIN_IP));
    const adminEvents = await readAll(admin.client);
    expect(adminEvents.find((e) => e.type === 'user.role_changed')).toMatchObject({ byYou: true, ipAddress: ADMIN_IP });
    expect(adminEvents.some((e) => e.type === 'sign_up' && plain.some((p) => p.id === e.id))).toBe(false);
  });

  it('pages with the cursor hold every row once, in order', async () => {
    const ada = await person(ADA_IP);
    for (let i = 0; i < 4; i++) {
      t.app.clock.advance(1);
      const res = await ada.client.post('/sign-in/email', { email: ada.email, password: PASSWORD }, from(ADA_IP));
      expect(res.status, res.text).toBe(200);
    }
    const all = await readAll(ada.client);
    expect(all.length).toBeGreaterThanOrEqual(6);
    const seen: OwnEvent[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const query: Record<string, string> = { limit: '3', ...(cursor ? { cursor } : {}) };
      const res = await ada.client.get('/list-own-audit-events', { query });
      expect(res.status, res.text).toBe(200);
      expect(res.json.events.length).toBeLessThanOrEqual(3);
      seen.push(...(res.json.events as OwnEvent[]));
      cursor = res.json.nextCursor;
      if (!cursor) break;
    }
    expect(seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
    const signIns = await readAll(ada.client, { type: 'sign_in' });
    expect(signIns.length).toBeGreaterThanOrEqual(5);
    expect(signIns.every((e) => e.type === 'sign_in')).toBe(true);
  });

  it('refuses a signed-out caller, an admin acting as the person, and a bad cursor or limit, writing nothing', async () => {
    const ada = await person(ADA_IP);
    const admin = await makeAdmin();
    const before = await countRows();

    const anonymous = await t.app.client().get('/list-own-audit-events');
    expect([anonymous.status, anonymous.json.code]).toEqual([401, 'UNAUTHORIZED']);
    const cursor = await ada.client.get('/list-own-audit-events', { query: { cursor: 'bm90LWEtY3Vyc29y' } });
    expect([cursor.status, cursor.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    const limit = await ada.client.get('/list-own-audit-events', { query: { limit: '101' } });
    expect([limit.status, limit.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(await countRows()).toBe(before);

    const impersonation = await admin.client.post('/admin/impersonate-user', { userId: ada.userId });
    expect(impersonation.status, impersonation.text).toBe(200);
    const asAda = await admin.client.get('/list-own-audit-events');
    expect([asAda.status, asAda.json.code]).toEqual([403, 'NOT_ALLOWED_WHILE_IMPERSONATING']);
  });
});
