import { expect, it } from 'vitest';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';

async function makeAdmin(t: {
  db: { handle: { db: import('kysely').Kysely<import('../../core/db/schema.ts').Database> } };
  app: import('../../test/harness.ts').TestApp;
}) {
  const admin = await signUpUser(t.app);
  await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  return admin;
}

await describeOnDatabases('the admin API', {}, (t) => {
  it('new users are "user" and every admin endpoint refuses them with its own code', async () => {
    const me = await signUpUser(t.app, { role: undefined });
    expect((await me.client.get('/get-session')).json.user.role).toBe('user');
    const victim = await signUpUser(t.app);
    const calls: [string, string, unknown, string][] = [
      ['GET', '/admin/list-users', undefined, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS'],
      ['POST', '/admin/ban-user', { userId: victim.userId }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS'],
      ['POST', '/admin/impersonate-user', { userId: victim.userId }, 'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS'],
      ['POST', '/admin/remove-user', { userId: victim.userId }, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS'],
      ['POST', '/admin/set-role', { userId: me.userId, role: 'admin' }, 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE'],
    ];
    for (const [method, path, body, code] of calls) {
      const res = await me.client.request(method, path, { body });
      expect([res.status, res.json.code], path).toEqual([403, code]);
    }
    expect((await t.app.client().get('/admin/list-users')).status).toBe(401);
    expect((await victim.client.get('/get-session')).json).not.toBeNull();
  });

  it('a ban ends the sessions and blocks sign-in until it expires, then lifts itself', async () => {
    const admin = await makeAdmin(t);
    const user = await signUpUser(t.app);
    const ban = await admin.client.post('/admin/ban-user', {
      userId: user.userId,
      banReason: 'spam',
      banExpiresIn: 3600,
    });
    expect(ban.json.user).toMatchObject({ banned: true, banReason: 'spam' });
    expect((await user.client.get('/get-session')).json).toBeNull();
    const blocked = await t.app.client().post('/sign-in/email', { email: user.email, password: PASSWORD });
    expect([blocked.status, blocked.json.code]).toEqual([403, 'BANNED_USER']);
    t.app.clock.advance(3601);
    expect((await t.app.client().post('/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(200);
    t.app.clock.advance(-3601);
    expect((await admin.client.post('/admin/ban-user', { userId: admin.userId })).json.code).toBe(
      'YOU_CANNOT_BAN_YOURSELF',
    );
  });

  it('impersonation switches into the user for an hour at most and back again', async () => {
    const admin = await makeAdmin(t);
    const user = await signUpUser(t.app);
    const res = await admin.client.post('/admin/impersonate-user', { userId: user.userId });
    expect(res.json.session.impersonatedBy).toBe(admin.userId);
    expect(Date.parse(res.json.session.expiresAt) - t.app.clock.now().getTime()).toBe(3_600_000);
    expect((await admin.client.get('/get-session')).json.user.id).toBe(user.userId);
    // the impersonation does not show in the user's own list
    expect((await user.client.get('/list-sessions')).json).toHaveLength(1);
    // acting as the user, the admin cannot delete the account or change its credentials
    for (const [path, body] of [
      ['/change-password', { currentPassword: PASSWORD, newPassword: 'Taken-Over-123' }],
      ['/change-email', { newEmail: 'admin-owned@example.test' }],
      ['/delete-user', {}],
    ] as const) {
      const refused = await admin.client.post(path, body);
      expect([refused.status, refused.json?.code], path).toEqual([403, 'NOT_ALLOWED_WHILE_IMPERSONATING']);
    }
    const back = await admin.client.post('/admin/stop-impersonating', {});
    expect(back.json.user.id).toBe(admin.userId);
    expect((await admin.client.get('/get-session')).json.user.id).toBe(admin.userId);
    expect((await admin.client.post('/admin/stop-impersonating', {})).json.code).toBe('NOT_IMPERSONATING');
    const other = await makeAdmin(t);
    expect((await admin.client.post('/admin/impersonate-user', { userId: other.userId })).json.code).toBe(
      'YOU_CANNOT_IMPERSONATE_ADMINS',
    );
  });

  it('list-users searches, filters, sorts and pages with a total of every match', async () => {
    const admin = await makeAdmin(t);
    const tag = `tag${Math.random().toString(36).slice(2, 8)}`;
    for (const n of ['charlie', 'alpha', 'bravo'])
      await signUpUser(t.app, { email: `${tag}-${n}@example.test`, name: `${n} ${tag}` });
    const q = (query: Record<string, string>) =>
      admin.client.get('/admin/list-users', { query: { searchValue: tag, ...query } });
    const all = await q({ sortBy: 'email' });
    expect(all.json.total).toBe(3);
    expect(all.json.users.map((u: { email: string }) => u.email.split('-')[1])).toEqual([
      'alpha@example.test',
      'bravo@example.test',
      'charlie@example.test',
    ]);
    const page = await q({ sortBy: 'email', sortDirection: 'desc', limit: '1', offset: '1' });
    expect(page.json).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.json.users[0].email).toBe(`${tag}-bravo@example.test`);
    const byName = await admin.client.get('/admin/list-users', {
      query: { searchValue: 'BRAVO', searchField: 'name', searchOperator: 'starts_with' },
    });
    expect(byName.json.users.some((u: { email: string }) => u.email === `${tag}-bravo@example.test`)).toBe(true);
    const filtered = await q({ filterField: 'role', filterValue: 'admin' });
    expect(filtered.json.total).toBe(0);
  });

  it('list-users refuses a text match on a boolean field with 400, never 500', async () => {
    const admin = await makeAdmin(t);
    for (const filterField of ['banned', 'emailVerified'])
      for (const filterOperator of ['contains', 'starts_with', 'ends_with']) {
        const res = await admin.client.get('/admin/list-users', {
          query: { filterField, filterOperator, filterValue: 'true' },
        });
        expect([res.status, res.json.code], `${filterField} ${filterOperator}`).toEqual([400, 'VALIDATION_ERROR']);
      }
    const banned = await admin.client.get('/admin/list-users', {
      query: { filterField: 'banned', filterOperator: 'eq', filterValue: 'true' },
    });
    expect(banned.status).toBe(200);
  });

  it('remove-user deletes the user with sessions and accounts; set-user-password sets a new one', async () => {
    const admin = await makeAdmin(t);
    const user = await signUpUser(t.app);
    expect(
      (await admin.client.post('/admin/set-user-password', { userId: user.userId, newPassword: 'Set-By-Admin-1' }))
        .json,
    ).toEqual({ status: true });
    expect(
      (await t.app.client().post('/sign-in/email', { email: user.email, password: 'Set-By-Admin-1' })).status,
    ).toBe(200);
    expect((await admin.client.post('/admin/remove-user', { userId: user.userId })).json).toEqual({ success: true });
    expect((await user.client.get('/get-session')).json).toBeNull();
    const left = await t.db.handle.db.selectFrom('account').select('id').where('userId', '=', user.userId).execute();
    expect(left).toHaveLength(0);
    expect((await admin.client.post('/admin/remove-user', { userId: admin.userId })).json.code).toBe(
      'YOU_CANNOT_REMOVE_YOURSELF',
    );
    expect((await admin.client.post('/admin/ban-user', { userId: 'nobody' })).status).toBe(404);
  });
});
