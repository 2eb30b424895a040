import { expect, it } from 'vitest';
import { hashScryptForImport } from '../../core/crypto/password.ts';
import { generateId } from '../../core/crypto/random.ts';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';

await describeOnDatabases('email and password', {}, (t) => {
  it('sign-up lower-cases the email, hashes with Argon2id and signs in', async () => {
    const client = t.app.client();
    const res = await client.post('/sign-up/email', {
      name: 'Ada',
      email: 'Ada.Lovelace@Example.TEST',
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe('ada.lovelace@example.test');
    expect(res.json.user.emailVerified).toBe(false);
    const account = await t.db.handle.db
      .selectFrom('account')
      .selectAll()
      .where('userId', '=', res.json.user.id)
      .executeTakeFirst();
    expect(account?.providerId).toBe('credential');
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await client.get('/get-session')).json.user.id).toBe(res.json.user.id);
  });

  it('sign-up keeps the chosen language and refuses one outside the enumeration', async () => {
    const c = t.app.client();
    const res = await c.post('/sign-up/email', {
      name: 'L',
      email: `lang-${Date.now()}@example.test`,
      password: PASSWORD,
      language: 6,
    });
    expect(res.json.user.language).toBe(6);
    expect((await c.get('/get-session')).json.user.language).toBe(6);
    const bad = await t.app.client().post('/sign-up/email', {
      name: 'L',
      email: `lang2-${Date.now()}@example.test`,
      password: PASSWORD,
      language: 5,
    });
    expect([bad.status, bad.json.code]).toEqual([400, 'INVALID_LANGUAGE']);
  });

  it('a taken email (any case) answers 422 and leaves the first account working', async () => {
    const { email } = await signUpUser(t.app);
    const res = await t.app
      .client()
      .post('/sign-up/email', { name: 'B', email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    expect((await t.app.client().post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });

  it('two sign-ups racing for one address create one user and no 500', async () => {
    const email = `race-${generateId().slice(0, 8).toLowerCase()}@example.test`;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.app.client().post('/sign-up/email', { name: 'R', email, password: PASSWORD })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422)).toHaveLength(3);
    const users = await t.db.handle.db.selectFrom('user').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  it('every credential failure has the same answer', async () => {
    const { email } = await signUpUser(t.app);
    const wrong = await t.app.client().post('/sign-in/email', { email, password: 'Wrong-Password-1' });
    const unknown = await t.app.client().post('/sign-in/email', { email: 'nobody@example.test', password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(wrong.setCookies).toHaveLength(0);
  });

  it('password length rules on sign-up and change-password', async () => {
    const short = await t.app
      .client()
      .post('/sign-up/email', { name: 'x', email: 'short@example.test', password: 'Short-7' });
    expect(short.json.code).toBe('PASSWORD_TOO_SHORT');
    const long = await t.app
      .client()
      .post('/sign-up/email', { name: 'x', email: 'long@example.test', password: 'L'.repeat(129) });
    expect(long.json.code).toBe('PASSWORD_TOO_LONG');
    const me = await signUpUser(t.app);
    const res = await me.client.post('/change-password', { currentPassword: PASSWORD, newPassword: 'tiny' });
    expect(res.json.code).toBe('PASSWORD_TOO_SHORT');
  });

  it('change-password with revokeOtherSessions ends the others and issues a new session', async () => {
    const me = await signUpUser(t.app);
    const other = t.app.client();
    await other.post('/sign-in/email', { email: me.email, password: PASSWORD });
    const wrong = await me.client.post('/change-password', {
      currentPassword: 'Nope-Nope-1',
      newPassword: 'Brand-New-Password-1',
    });
    expect(wrong.json.code).toBe('INVALID_PASSWORD');
    const res = await me.client.post('/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Brand-New-Password-1',
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    expect(typeof res.json.token).toBe('string');
    expect((await other.get('/get-session')).json).toBeNull();
    expect((await me.client.get('/get-session')).json).not.toBeNull();
    expect((await t.app.client().post('/sign-in/email', { email: me.email, password: PASSWORD })).status).toBe(401);
    expect(
      (await t.app.client().post('/sign-in/email', { email: me.email, password: 'Brand-New-Password-1' })).status,
    ).toBe(200);
  });

  it('an imported better-auth scrypt hash signs in and is upgraded to Argon2id', async () => {
    const { userId, email } = await signUpUser(t.app);
    const legacy = await hashScryptForImport('Imported-Password-1', 'aadf7164a7b241f25b896ca71b8c2e81');
    await t.db.handle.db.updateTable('account').set({ password: legacy }).where('userId', '=', userId).execute();
    expect((await t.app.client().post('/sign-in/email', { email, password: 'Wrong-Password-1' })).status).toBe(401);
    expect((await t.app.client().post('/sign-in/email', { email, password: 'Imported-Password-1' })).status).toBe(200);
    const row = await t.db.handle.db
      .selectFrom('account')
      .select('password')
      .where('userId', '=', userId)
      .executeTakeFirst();
    expect(row?.password).toMatch(/^\$argon2id\$/);
    expect((await t.app.client().post('/sign-in/email', { email, password: 'Imported-Password-1' })).status).toBe(200);
  });

  it('update-user changes the profile, refuses email and role, and answers 400 for nothing to do', async () => {
    const me = await signUpUser(t.app);
    expect(
      (await me.client.post('/update-user', { name: 'Grace', image: 'https://img.example/g.png', language: 6 })).json,
    ).toEqual({
      status: true,
    });
    const s = await me.client.get('/get-session');
    expect(s.json.user).toMatchObject({ name: 'Grace', image: 'https://img.example/g.png', language: 6 });
    expect((await me.client.post('/update-user', { email: 'x@example.test' })).json.code).toBe(
      'EMAIL_CAN_NOT_BE_UPDATED',
    );
    expect((await me.client.post('/update-user', { role: 'admin' })).json.code).toBe('FIELD_NOT_ALLOWED');
    expect((await me.client.post('/update-user', { language: 2 })).json.code).toBe('INVALID_LANGUAGE');
    const empty = await me.client.post('/update-user', {});
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ code: 'NO_FIELDS_TO_UPDATE', message: 'No fields to update' });
  });

  it('set-password is served to trusted server code only', async () => {
    const me = await signUpUser(t.app);
    expect((await me.client.post('/set-password', { newPassword: 'Another-Password-1' })).status).toBe(404);
    await expect(
      t.app.auth.api.setPassword({ userId: me.userId, newPassword: 'Another-Password-1' }),
    ).rejects.toMatchObject({
      code: 'PASSWORD_ALREADY_SET',
    });
    await t.db.handle.db.updateTable('account').set({ password: null }).where('userId', '=', me.userId).execute();
    await expect(t.app.auth.api.setPassword({ userId: me.userId, newPassword: 'Another-Password-1' })).resolves.toEqual(
      {
        status: true,
      },
    );
    expect(
      (await t.app.client().post('/sign-in/email', { email: me.email, password: 'Another-Password-1' })).status,
    ).toBe(200);
  });
});
