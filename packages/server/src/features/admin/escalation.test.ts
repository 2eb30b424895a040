/**
 * Ways a plain user, an impersonating admin or an admin could try to climb (docs/admin.md):
 * - an impersonation session has the person's rights, never the admin's, and cannot start another;
 * - stop-impersonating believes only the impersonator's own waiting session, signed by Latch;
 * - a role is one Latch knows, exactly: case, padding and commas inside a name name nothing else;
 * - a person reaches no role by themselves (sign-up, update-user, the has-permission body);
 * - there are no partial admin roles to escape from: the configuration refuses `roles`.
 * Every refusal leaves the database as it was.
 */
import { beforeAll, expect, it } from 'vitest';
import { configFileSchema } from '../../core/config/schema.ts';
import type { TestClient } from '../../test/client.ts';
import { createTestApp, describeOnDatabases, PASSWORD, signUpUser, type TestApp } from '../../test/harness.ts';
import { snapshot } from '../../test/mailbox-proof.ts';

it('the configuration has no partial admin roles: `roles` and `allowImpersonatingAdmins` are refused', () => {
  for (const admin of [
    { roles: { support: { user: ['list', 'ban'], session: ['list', 'revoke'] } } },
    { allowImpersonatingAdmins: true },
  ]) {
    expect(configFileSchema.safeParse({ plugins: { admin } }).success, JSON.stringify(admin)).toBe(false);
  }
  expect(configFileSchema.safeParse({ plugins: { admin: { adminRoles: ['admin', 'support'] } } }).success).toBe(true);
});

await describeOnDatabases('climbing the admin plugin', {}, (t) => {
  let app: TestApp;
  let configuredId: string;

  const signIn = async (email: string): Promise<TestClient> => {
    const client = app.client();
    const res = await client.post('/sign-in/email', { email, password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    return client;
  };
  const admin = async () => {
    const made = await signUpUser(t.app);
    await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', made.userId).execute();
    return { ...made, client: await signIn(made.email) };
  };
  const roleOf = async (userId: string) =>
    (await t.db.handle.db.selectFrom('user').select('role').where('id', '=', userId).executeTakeFirstOrThrow()).role;

  beforeAll(async () => {
    const root = await signUpUser(t.app);
    configuredId = root.userId;
    app = createTestApp(t.db, { plugins: { admin: { adminUserIds: [root.userId] } } });
    return () => app.close();
  });

  it('an impersonation session has the rights of the person, and starts no other impersonation', async () => {
    const boss = await admin();
    const person = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    expect((await boss.client.post('/admin/impersonate-user', { userId: person.userId })).status).toBe(200);
    const before = await snapshot(t.db);
    const calls: [string, string, unknown, string][] = [
      ['GET', '/admin/list-users', undefined, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS'],
      ['POST', '/admin/set-role', { userId: person.userId, role: 'admin' }, 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE'],
      [
        'POST',
        '/admin/update-user',
        { userId: person.userId, data: { role: 'admin' } },
        'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS',
      ],
      [
        'POST',
        '/admin/create-user',
        { email: 'made-by-impersonation@example.test', name: 'X', role: 'admin' },
        'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS',
      ],
      ['POST', '/admin/impersonate-user', { userId: other.userId }, 'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS'],
      ['POST', '/admin/revoke-user-sessions', { userId: other.userId }, 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS'],
      ['GET', '/admin/list-organizations', undefined, 'YOU_ARE_NOT_ALLOWED_TO_READ_ORGANIZATIONS'],
      ['GET', '/admin/list-audit-events', undefined, 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG'],
    ];
    for (const [method, path, body, code] of calls) {
      const res = await boss.client.request(method, path, { body });
      expect([res.status, res.json?.code], path).toEqual([403, code]);
    }
    const asked = await boss.client.post('/admin/has-permission', { permissions: { user: ['list'] } });
    expect(asked.json).toEqual({ error: null, success: false });
    expect(await snapshot(t.db)).toBe(before);
    expect(await roleOf(person.userId)).toBe('user');
  });

  it('an admin by configuration is not impersonated either', async () => {
    const boss = await admin();
    const before = await snapshot(t.db);
    const res = await boss.client.post('/admin/impersonate-user', { userId: configuredId });
    expect([res.status, res.json.code]).toEqual([403, 'YOU_CANNOT_IMPERSONATE_ADMINS']);
    expect(await snapshot(t.db)).toBe(before);
    expect(boss.client.cookie('admin_session')).toBeUndefined();
  });

  it("stop-impersonating refuses another admin's waiting session and a forged one, and ends nothing", async () => {
    const [one, two] = [await admin(), await admin()];
    const [p1, p2] = [await signUpUser(t.app), await signUpUser(t.app)];
    expect((await one.client.post('/admin/impersonate-user', { userId: p1.userId })).status).toBe(200);
    expect((await two.client.post('/admin/impersonate-user', { userId: p2.userId })).status).toBe(200);
    const mine = one.client.cookie('admin_session');
    const theirs = two.client.cookie('admin_session');
    if (!mine || !theirs) throw new Error('no admin_session cookie');
    // the admin's own token and choice, without Latch's signature or with a made-up one
    const [unsigned = ''] = decodeURIComponent(mine.value).split('.');
    const before = await snapshot(t.db);
    for (const value of [
      theirs.value,
      encodeURIComponent(unsigned),
      encodeURIComponent(`${unsigned}.bm90LWEtc2lnbmF0dXJl`),
    ]) {
      one.client.jar.set(mine.name, value);
      const res = await one.client.post('/admin/stop-impersonating', {});
      expect([res.status, res.json.code], value).toEqual([400, 'FAILED_TO_FIND_ADMIN_SESSION']);
      expect((await one.client.get('/get-session')).json.user.id).toBe(p1.userId);
    }
    expect(await snapshot(t.db)).toBe(before);
    // a person who is not impersonating gains nothing from a copied admin_session cookie
    const plain = await signUpUser(t.app);
    plain.client.jar.set(theirs.name, theirs.value);
    const beforePlain = await snapshot(t.db);
    const res = await plain.client.post('/admin/stop-impersonating', {});
    expect([res.status, res.json.code]).toEqual([400, 'NOT_IMPERSONATING']);
    expect((await plain.client.get('/get-session')).json.user.id).toBe(plain.userId);
    expect(await snapshot(t.db)).toBe(beforePlain);
    // the real cookie still brings the admin back
    one.client.jar.set(mine.name, mine.value);
    expect((await one.client.post('/admin/stop-impersonating', {})).json.user.id).toBe(one.userId);
  });

  it('a role is one Latch knows, exactly: case, padding and commas inside a name name no other', async () => {
    const boss = await admin();
    const person = await signUpUser(t.app);
    const refused: [unknown, string][] = [
      ['Admin', 'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE'],
      [['ADMIN'], 'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE'],
      ['admin,user', 'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE'],
      [['user', 'admin,superadmin'], 'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE'],
      ['\u0430dmin', 'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE'],
      [['user', ' '], 'INVALID_ROLE_TYPE'],
    ];
    const before = await snapshot(t.db);
    for (const [role, code] of refused) {
      const res = await boss.client.post('/admin/set-role', { userId: person.userId, role });
      expect([res.status, res.json.code], JSON.stringify(role)).toEqual([400, code]);
      const made = await boss.client.post('/admin/create-user', {
        email: `r${Date.now()}@example.test`,
        name: 'R',
        role,
      });
      expect([made.status, made.json.code], JSON.stringify(role)).toEqual([400, code]);
    }
    expect(await snapshot(t.db)).toBe(before);
    // padding around a known name is not part of it; a list is stored comma-joined, once each
    expect((await boss.client.post('/admin/set-role', { userId: person.userId, role: ' admin ' })).json.user.role).toBe(
      'admin',
    );
    const listed = await boss.client.post('/admin/set-role', {
      userId: person.userId,
      role: ['user', ' admin', 'user'],
    });
    expect(listed.json.user.role).toBe('user,admin');
  });

  it('a person reaches no role by themselves: sign-up, update-user, a role in the has-permission body', async () => {
    const client = app.client();
    const email = `climber-${Date.now()}@example.test`;
    await client.post('/sign-up/email', { name: 'Climber', email, password: PASSWORD, role: 'admin' });
    const row = await t.db.handle.db
      .selectFrom('user')
      .select(['id', 'role'])
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row?.role ?? 'user').toBe('user');
    const me = await signUpUser(t.app);
    const before = await snapshot(t.db);
    const self = await me.client.post('/update-user', { role: 'admin' });
    expect([self.status, self.json.code]).toEqual([400, 'FIELD_NOT_ALLOWED']);
    const asked = await me.client.post('/admin/has-permission', {
      permissions: { user: ['set-role'] },
      role: 'admin',
      userId: configuredId,
    });
    expect(asked.json).toEqual({ error: null, success: false });
    const raw = await me.client.request('POST', '/admin/set-role', {
      rawBody: `{"userId":"${me.userId}","role":"admin","__proto__":{"role":"admin"}}`,
    });
    expect([raw.status, raw.json.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE']);
    expect(await snapshot(t.db)).toBe(before);
  });
});
