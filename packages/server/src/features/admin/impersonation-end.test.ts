/**
 * An impersonation lives no longer than the impersonator's power to impersonate: when the
 * admin is banned (ban-user, update-user banned: true), demoted (set-role, update-user role)
 * or removed, every session they opened as someone else ends, on the store, through the
 * cache cookie and at /token. And signing out while impersonating signs the admin out too.
 */
import { expect, it } from 'vitest';
import { hashToken } from '../../core/crypto/hash.ts';
import type { TestClient } from '../../test/client.ts';
import { describeOnDatabases, PASSWORD, signUpUser, type TestApp } from '../../test/harness.ts';

const OPTIONS = {
  session: { cookieCache: { enabled: true, maxAge: 300 } },
  user: { deleteUser: { enabled: true } },
  plugins: { jwt: {}, admin: {} },
} as const;

function copyOf(client: TestClient): TestClient {
  const copy = client.fresh();
  for (const [name, value] of client.jar) copy.jar.set(name, value);
  return copy;
}

/** get-session as a browser sees it: the fast check, or the general endpoint where it steps aside. */
async function sessionOf(app: TestApp, client: TestClient): Promise<{ user: { id: string } } | null> {
  const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const fast = await app.auth.fastSessionCheck({ cookie, ip: '127.0.0.1' });
  if (fast) return JSON.parse(fast.body);
  return (await client.get('/get-session')).json ?? null;
}

function rawToken(client: TestClient): string {
  return decodeURIComponent(client.cookie('session_token')?.value ?? '').split('.')[0] ?? '';
}

await describeOnDatabases('an impersonation ends with the impersonator', OPTIONS, (t) => {
  async function admin() {
    const a = await signUpUser(t.app);
    await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', a.userId).execute();
    // signed in again so that the session (and its cache cookie) reads the role
    const client = t.app.client();
    await client.post('/sign-in/email', { email: a.email, password: PASSWORD });
    return { client, userId: a.userId, email: a.email };
  }

  const impersonationsBy = (adminId: string) =>
    t.db.handle.db.selectFrom('session').select(['id', 'userId']).where('impersonatedBy', '=', adminId).execute();

  /** An admin acting as a person, and a copy of the admin's cookies (cache cookie included). */
  async function impersonating(by?: Awaited<ReturnType<typeof admin>>) {
    const acting = by ?? (await admin());
    const person = await signUpUser(t.app);
    const res = await acting.client.post('/admin/impersonate-user', { userId: person.userId });
    expect(res.status).toBe(200);
    const stolen = copyOf(acting.client);
    expect(stolen.cookie('session_data')).toBeDefined();
    // before: the copy acts as the person, from its cache cookie, and mints their JWT
    expect((await sessionOf(t.app, copyOf(stolen)))?.user.id).toBe(person.userId);
    expect((await copyOf(stolen).get('/token')).status).toBe(200);
    expect(await impersonationsBy(acting.userId)).toHaveLength(1);
    return { acting, person, stolen };
  }

  async function actingHasEnded(s: Awaited<ReturnType<typeof impersonating>>) {
    expect(await impersonationsBy(s.acting.userId)).toEqual([]);
    // the cache cookie is not believed, the fast check and the general endpoint alike
    expect(await sessionOf(t.app, copyOf(s.stolen))).toBeNull();
    expect((await copyOf(s.stolen).get('/get-session', { query: { disableCookieCache: 'true' } })).json).toBeNull();
    const token = await copyOf(s.stolen).get('/token');
    expect(token.status).toBe(401);
    expect(token.json?.token).toBeUndefined();
    // nothing is written as the person through the copy
    const before = await t.db.handle.db.selectFrom('user').selectAll().where('id', '=', s.person.userId).execute();
    expect((await copyOf(s.stolen).post('/update-user', { name: 'Admin was here' })).status).toBe(401);
    expect(await t.db.handle.db.selectFrom('user').selectAll().where('id', '=', s.person.userId).execute()).toEqual(
      before,
    );
    // the person's own session is theirs and lives on
    expect((await sessionOf(t.app, s.person.client))?.user.id).toBe(s.person.userId);
  }

  it('an admin who deletes their own account stops acting as anyone', async () => {
    const acting = await admin();
    const s = await impersonating(acting);
    const own = t.app.client();
    expect((await own.post('/sign-in/email', { email: acting.email, password: PASSWORD })).status).toBe(200);
    const res = await own.post('/delete-user', { password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    await actingHasEnded(s);
  });

  it('ban-user of the impersonating admin ends their impersonation sessions', async () => {
    const boss = await admin();
    const s = await impersonating();
    expect((await boss.client.post('/admin/ban-user', { userId: s.acting.userId })).status).toBe(200);
    await actingHasEnded(s);
  });

  it('update-user banned: true of the impersonating admin ends their impersonation sessions', async () => {
    const boss = await admin();
    const s = await impersonating();
    const res = await boss.client.post('/admin/update-user', { userId: s.acting.userId, data: { banned: true } });
    expect(res.status).toBe(200);
    await actingHasEnded(s);
  });

  it('set-role to a non-admin role ends the demoted admin’s impersonation sessions', async () => {
    const boss = await admin();
    const s = await impersonating();
    expect((await boss.client.post('/admin/set-role', { userId: s.acting.userId, role: 'user' })).status).toBe(200);
    await actingHasEnded(s);
  });

  it('update-user role to a non-admin role ends the demoted admin’s impersonation sessions', async () => {
    const boss = await admin();
    const s = await impersonating();
    const res = await boss.client.post('/admin/update-user', { userId: s.acting.userId, data: { role: 'user' } });
    expect(res.status).toBe(200);
    await actingHasEnded(s);
  });

  it('remove-user of the impersonating admin ends their impersonation sessions', async () => {
    const boss = await admin();
    const s = await impersonating();
    expect((await boss.client.post('/admin/remove-user', { userId: s.acting.userId })).json).toEqual({
      success: true,
    });
    await actingHasEnded(s);
  });

  it('a change that leaves the admin an admin, and a ban of someone else, end no impersonation', async () => {
    const boss = await admin();
    const s = await impersonating();
    const other = await impersonating();
    expect((await boss.client.post('/admin/set-role', { userId: s.acting.userId, role: 'admin' })).status).toBe(200);
    const renamed = await boss.client.post('/admin/update-user', { userId: s.acting.userId, data: { name: 'Still' } });
    expect(renamed.status).toBe(200);
    // another admin's ban ends only that admin's impersonations
    expect((await boss.client.post('/admin/ban-user', { userId: other.acting.userId })).status).toBe(200);
    await actingHasEnded(other);
    expect(await impersonationsBy(s.acting.userId)).toHaveLength(1);
    expect((await sessionOf(t.app, copyOf(s.stolen)))?.user.id).toBe(s.person.userId);
    expect((await copyOf(s.stolen).get('/token')).status).toBe(200);
  });

  it('signing out while impersonating also ends the admin’s own waiting session and clears its cookie', async () => {
    const acting = await admin();
    const own = copyOf(acting.client);
    const ownHash = hashToken(rawToken(acting.client));
    const s = await impersonating(acting);
    const res = await acting.client.post('/sign-out', {});
    expect(res.json).toEqual({ success: true });
    expect(res.setCookies.some((c) => c.includes('admin_session=') && /Max-Age=0/i.test(c))).toBe(true);
    expect(acting.client.cookie('admin_session')).toBeUndefined();
    expect(await impersonationsBy(acting.userId)).toEqual([]);
    const left = await t.db.handle.db.selectFrom('session').select('id').where('token', '=', ownHash).execute();
    expect(left).toEqual([]);
    // neither the admin's own cookies nor a copy of the impersonation's read anything any more
    expect(await sessionOf(t.app, copyOf(own))).toBeNull();
    expect(await sessionOf(t.app, copyOf(s.stolen))).toBeNull();
    expect((await copyOf(s.stolen).post('/admin/stop-impersonating', {})).status).toBe(401);
  });

  it('signing out while impersonating leaves a session of someone else named in admin_session alone', async () => {
    const first = await admin();
    const second = await admin();
    await impersonating(first);
    await impersonating(second);
    const firstOwn = first.client.cookie('admin_session');
    // the second admin's browser carries the first admin's (signed) admin_session cookie
    const jarKey = second.client.cookie('admin_session')?.name ?? '';
    second.client.jar.set(jarKey, firstOwn?.value ?? '');
    const sessionsBefore = await t.db.handle.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', first.userId)
      .execute();
    expect(sessionsBefore.length).toBeGreaterThan(0);
    expect((await second.client.post('/sign-out', {})).json).toEqual({ success: true });
    expect(await impersonationsBy(second.userId)).toEqual([]);
    // the first admin's own session and their impersonation are untouched
    const sessionsAfter = await t.db.handle.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', first.userId)
      .execute();
    expect(sessionsAfter).toEqual(sessionsBefore);
    expect(await impersonationsBy(first.userId)).toHaveLength(1);
    expect((await first.client.post('/admin/stop-impersonating', {})).json.user.id).toBe(first.userId);
  });
});
