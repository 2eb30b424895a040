import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashToken } from '../../core/crypto/hash.ts';
import { generateId } from '../../core/crypto/random.ts';
import {
  createTestApp,
  describeOnDatabases,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';
import { lastLink } from '../../test/mail-links.ts';

await describeOnDatabases('account deletion', { user: { deleteUser: { enabled: true } } }, (t) => {
  let db: SharedDatabase;
  let app: TestApp;
  let disabled: TestApp;
  beforeAll(() => {
    ({ db, app } = t);
    disabled = createTestApp(db);
  });
  afterAll(async () => {
    await disabled?.close();
  });

  async function expectGone(userId: string) {
    const k = db.handle.db;
    expect(await k.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst()).toBeUndefined();
    expect(await k.selectFrom('session').select('id').where('userId', '=', userId).execute()).toHaveLength(0);
    expect(await k.selectFrom('account').select('id').where('userId', '=', userId).execute()).toHaveLength(0);
    expect(await k.selectFrom('member').select('id').where('userId', '=', userId).execute()).toHaveLength(0);
  }

  async function addMembership(userId: string) {
    const orgId = generateId();
    const now = app.clock.now();
    await db.handle.db
      .insertInto('organization')
      .values({
        id: orgId,
        name: 'Org',
        slug: `org-${orgId.toLowerCase()}`,
        logo: null,
        metadata: null,
        createdAt: now,
      })
      .execute();
    await db.handle.db
      .insertInto('member')
      .values({ id: generateId(), organizationId: orgId, userId, role: 'owner', teamId: null, createdAt: now })
      .execute();
  }

  it('is 404 while disabled and needs a session', async () => {
    const { client, userId } = await signUpUser(disabled);
    const res = await client.post('/delete-user', { password: PASSWORD });
    expect(res.status).toBe(404);
    expect(
      await db.handle.db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst(),
    ).toBeDefined();
    const anonymous = await app.client().post('/delete-user', { password: PASSWORD });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('UNAUTHORIZED');
  });

  it('with the right password: user, sessions, accounts and memberships go, cookies are cleared', async () => {
    const { client, email, userId } = await signUpUser(app);
    const second = app.client();
    await second.post('/sign-in/email', { email, password: PASSWORD });
    await addMembership(userId);
    app.clock.advance(2 * 86_400); // stale: the password alone is enough
    const wrong = await client.post('/delete-user', { password: 'Wrong-Password-42' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.code).toBe('INVALID_PASSWORD');
    const res = await client.post('/delete-user', { password: PASSWORD, callbackURL: '/bye' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: 'User deleted' });
    expect(res.setCookies.some((c) => c.includes('session_token=') && c.includes('Max-Age=0'))).toBe(true);
    await expectGone(userId);
    expect((await second.get('/get-session')).json).toBeNull();
    expect((await app.client().post('/sign-up/email', { name: 'Again', email, password: PASSWORD })).status).toBe(200);
  });

  it('a recent sign-in alone deletes at once', async () => {
    const { client, userId } = await signUpUser(app);
    const res = await client.post('/delete-user', {});
    expect(res.json).toEqual({ success: true, message: 'User deleted' });
    await expectGone(userId);
  });

  // docs/security.md rule 3: a cookie copied an hour ago is still fresh (freshAge, a day) but
  // no recent sign-in; without the password it deletes nothing, the owner's mailbox decides
  it('a copied cookie an hour old deletes nothing without the password: the link goes to the owner', async () => {
    const owner = await signUpUser(app);
    const thief = app.client();
    for (const [k, v] of owner.client.jar) thief.jar.set(k, v);
    app.clock.advance(3_600);
    const state = () =>
      Promise.all([
        db.handle.db.selectFrom('user').selectAll().where('id', '=', owner.userId).execute(),
        db.handle.db.selectFrom('session').select(['id', 'expiresAt']).where('userId', '=', owner.userId).execute(),
        db.handle.db.selectFrom('account').selectAll().where('userId', '=', owner.userId).execute(),
      ]).then((rows) => JSON.stringify(rows));
    const before = await state();
    const mails = app.mailer.messages.length;
    const res = await thief.post('/delete-user', { callbackURL: '/bye' });
    expect(res.json).toEqual({ success: true, message: 'Verification email sent' });
    expect(await state()).toBe(before);
    expect(app.mailer.messages.slice(mails).map((m) => [m.to, m.kind])).toEqual([[owner.email, 'delete-account']]);
    // the owner proves the password again (POST /verify-password): a recent sign-in deletes at once
    expect((await owner.client.post('/verify-password', { password: PASSWORD })).status).toBe(200);
    expect((await owner.client.post('/delete-user', {})).json).toEqual({ success: true, message: 'User deleted' });
    await expectGone(owner.userId);
  });

  it('a stale session gets a mailed token, confirmed at /delete-user/callback by the same user', async () => {
    const { client, email, userId } = await signUpUser(app);
    const other = await signUpUser(app);
    app.clock.advance(86_401);
    const res = await client.post('/delete-user', { callbackURL: '/goodbye' });
    expect(res.json).toEqual({ success: true, message: 'Verification email sent' });
    const link = new URL(lastLink(app, email, 'delete-account', '/delete-user/callback'));
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[0-9a-z]{32}$/);
    expect(link.searchParams.get('callbackURL')).toBe('/goodbye');
    const row = await db.handle.db
      .selectFrom('verification')
      .select('value')
      .where('identifier', '=', `delete-account:${hashToken(token)}`)
      .executeTakeFirst();
    expect(row?.value).toBe(userId);

    // not without a session, not in another user's session
    expect((await app.client().get(link.href)).location).toBe('/goodbye?error=FAILED_TO_GET_USER_INFO');
    const noCallback = await app.client().get('/delete-user/callback', { query: { token } });
    expect(noCallback.status).toBe(404);
    expect((await other.client.get(link.href)).location).toBe('/goodbye?error=INVALID_TOKEN');
    expect((await other.client.post('/delete-user', { token })).status).toBe(404);

    const done = await client.get(link.href);
    expect(done.status).toBe(302);
    expect(done.location).toBe('/goodbye');
    await expectGone(userId);
    expect(
      await db.handle.db.selectFrom('user').select('id').where('id', '=', other.userId).executeTakeFirst(),
    ).toBeDefined();
  });

  it('the mailed token also works as POST {token}, once, and expires', async () => {
    const a = await signUpUser(app);
    app.clock.advance(86_401);
    await a.client.post('/delete-user', {});
    const token =
      new URL(lastLink(app, a.email, 'delete-account', '/delete-user/callback')).searchParams.get('token') ?? '';
    const wrong = await a.client.post('/delete-user', { token: 'abcdefghijklmnopqrstuvwxyz012345' });
    expect(wrong.status).toBe(404);
    expect(wrong.json.code).toBe('INVALID_TOKEN');
    expect((await a.client.post('/delete-user', { token })).json).toEqual({ success: true, message: 'User deleted' });
    await expectGone(a.userId);

    const b = await signUpUser(app);
    app.clock.advance(86_401);
    await b.client.post('/delete-user', {});
    const late = new URL(lastLink(app, b.email, 'delete-account', '/delete-user/callback'));
    app.clock.advance(86_401);
    expect((await b.client.get(late.href)).location).toBe('/?error=INVALID_TOKEN');
    expect(
      await db.handle.db.selectFrom('user').select('id').where('id', '=', b.userId).executeTakeFirst(),
    ).toBeDefined();
  });

  it('a mail that cannot be sent answers 500 FAILED_TO_CREATE_VERIFICATION and deletes nothing', async () => {
    const { client, userId } = await signUpUser(app);
    app.clock.advance(86_401);
    app.mailer.rejectAll(true);
    try {
      const res = await client.post('/delete-user', {});
      expect(res.status).toBe(500);
      expect(res.json.code).toBe('FAILED_TO_CREATE_VERIFICATION');
    } finally {
      app.mailer.rejectAll(false);
    }
    const tokens = await db.handle.db.selectFrom('verification').select('id').where('value', '=', userId).execute();
    expect(tokens).toHaveLength(0);
    expect(
      await db.handle.db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst(),
    ).toBeDefined();
  });
});
