import { afterAll, beforeAll, expect, it } from 'vitest';
import { snapshot } from '../../test/advisories.ts';
import {
  createTestApp,
  describeOnDatabases,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';
import { countMails, lastLink } from '../../test/mail-links.ts';

const fresh = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.test`;

await describeOnDatabases('email change', {}, (t) => {
  let db: SharedDatabase;
  let app: TestApp;
  let disabled: TestApp;
  let quiet: TestApp;
  beforeAll(() => {
    ({ db, app } = t);
    disabled = createTestApp(db, { user: { changeEmail: { enabled: false } } });
    // sign-up keeps quiet about taken addresses here (no auto sign-in), so change-email does too
    quiet = createTestApp(db, { emailAndPassword: { autoSignIn: false } });
  });
  afterAll(async () => {
    await disabled?.close();
    await quiet?.close();
  });

  const userRow = (id: string) =>
    db.handle.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('mails the new address only; nothing changes until the link is followed', async () => {
    const { client, email, userId } = await signUpUser(app);
    const newEmail = fresh('moved');
    const res = await client.post('/change-email', { newEmail: newEmail.toUpperCase(), callbackURL: '/changed' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: true });
    expect(countMails(app, newEmail, 'change-email-verification')).toBe(1);
    expect(countMails(app, email, 'change-email-verification')).toBe(0);
    expect((await userRow(userId)).email).toBe(email);
  });

  it("an unverified account: following the new address's link moves it unverified, re-verifies it and tells the old", async () => {
    const { client, email, userId } = await signUpUser(app);
    const newEmail = fresh('moved');
    await client.post('/change-email', { newEmail, callbackURL: '/changed' });
    const link = lastLink(app, newEmail, 'change-email-verification', '/verify-email');

    const res = await client.get(link);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/changed');
    const row = await userRow(userId);
    expect(row.email).toBe(newEmail);
    expect(Boolean(row.emailVerified)).toBe(false);
    const session = (await client.get('/get-session')).json;
    expect(session.user.email).toBe(newEmail);
    // the old address was never proven: a plain notice, no undo link
    expect(countMails(app, email, 'email-changed-notice')).toBe(1);
    expect(countMails(app, email, 'security-email-changed')).toBe(0);
    expect((await app.client().post('/sign-in/email', { email: newEmail, password: PASSWORD })).status).toBe(200);
    expect((await app.client().post('/sign-in/email', { email, password: PASSWORD })).status).toBe(401);

    // the link is spent: following it again changes nothing
    const again = await client.get(link);
    expect(again.location).toBe('/changed?error=invalid_token');

    const verify = lastLink(app, newEmail, 'verify-email', '/verify-email');
    expect(new URL(verify).searchParams.get('callbackURL')).toBe('/changed');
    expect((await client.get(verify)).location).toBe('/changed');
    expect(Boolean((await userRow(userId)).emailVerified)).toBe(true);
  });

  it('a verified account: the current address approves first, then the new one is verified and the old can undo', async () => {
    const { client, email, userId } = await signUpUser(app);
    await client.get(lastLink(app, email, 'verify-email', '/verify-email'));
    const newEmail = fresh('moved');
    expect((await client.post('/change-email', { newEmail, callbackURL: '/changed' })).json).toEqual({
      status: true,
    });
    // nothing goes to the new address yet, nothing moved
    expect(countMails(app, newEmail, 'change-email-verification')).toBe(0);
    expect((await userRow(userId)).email).toBe(email);
    const page = new URL(lastLink(app, email, 'change-email-confirmation', '/approve-email-change'));
    const token = page.searchParams.get('token') ?? '';
    // a mail scanner's GET of the link changes nothing: approval is a POST from the page
    expect((await app.client().get(`/verify-email?token=${token}`)).status).toBe(401);
    expect((await userRow(userId)).email).toBe(email);

    const stranger = app.client();
    expect((await stranger.post('/change-email/describe', { token })).json).toEqual({ email, newEmail });
    expect((await stranger.post('/change-email/approve', { token })).json).toEqual({ status: true });
    const row = await userRow(userId);
    expect([row.email, Boolean(row.emailVerified)]).toEqual([newEmail, false]);
    const verify = lastLink(app, newEmail, 'verify-email', '/verify-email');
    expect(new URL(verify).searchParams.get('callbackURL')).toBe('/changed');
    expect(lastLink(app, email, 'security-email-changed', '/undo-change')).toMatch(/\/undo-change\?token=/);
    const spent = await stranger.post('/change-email/approve', { token });
    expect([spent.status, spent.json.code]).toEqual([401, 'INVALID_TOKEN']);
  });

  it('refusing from the current address voids the request and ends every session', async () => {
    const { client, email, userId } = await signUpUser(app);
    await client.get(lastLink(app, email, 'verify-email', '/verify-email'));
    const newEmail = fresh('thief');
    await client.post('/change-email', { newEmail });
    const token = new URL(lastLink(app, email, 'change-email-confirmation', '/approve-email-change')).searchParams.get(
      'token',
    );
    const res = await app.client().post('/change-email/refuse', { token });
    expect(res.json).toEqual({ status: true });
    expect((await userRow(userId)).email).toBe(email);
    expect(await db.handle.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).toEqual([]);
    expect((await client.get('/get-session')).json).toBeNull();
    const late = await app.client().post('/change-email/approve', { token });
    expect(late.json.code).toBe('INVALID_TOKEN');
    expect((await userRow(userId)).email).toBe(email);
  });

  it('without a session the link works and answers {status:true, user}', async () => {
    const { client, userId } = await signUpUser(app);
    const newEmail = fresh('moved');
    await client.post('/change-email', { newEmail });
    const link = new URL(lastLink(app, newEmail, 'change-email-verification', '/verify-email'));
    link.searchParams.delete('callbackURL');
    const res = await app.client().get(link.href);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe(true);
    expect(res.json.user).toMatchObject({ id: userId, email: newEmail, emailVerified: false });
  });

  it('where sign-up keeps quiet about taken addresses, a taken address is answered like a free one, and nothing is sent', async () => {
    const { email, userId } = await signUpUser(app);
    const other = await signUpUser(app);
    const signedIn = quiet.client();
    expect((await signedIn.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    const before = await snapshot(db);
    const started = performance.now();
    const taken = await signedIn.post('/change-email', { newEmail: other.email });
    expect([taken.status, taken.json]).toEqual([200, { status: true }]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    expect(quiet.mailer.messages.filter((m) => m.to === email || m.to === other.email)).toEqual([]);
    expect(await snapshot(db)).toEqual(before);
    expect((await userRow(userId)).email).toBe(email);
    // a free address still gets its mail, with the same answer
    const free = await signedIn.post('/change-email', { newEmail: fresh('free') });
    expect([free.status, free.json]).toEqual([200, { status: true }]);
    expect(quiet.mailer.messages.some((m) => m.to === email || m.kind === 'change-email-verification')).toBe(true);
  });

  it('refusals: same address, taken address, invalid address, no session, disabled', async () => {
    const { client, email, userId } = await signUpUser(app);
    const other = await signUpUser(app);
    const same = await client.post('/change-email', { newEmail: email.toUpperCase() });
    expect(same.status).toBe(400);
    expect(same.json).toEqual({ code: 'EMAIL_IS_THE_SAME', message: 'Email is the same' });
    const taken = await client.post('/change-email', { newEmail: other.email });
    expect(taken.status).toBe(400);
    expect(taken.json).toEqual({ code: 'COULDNT_UPDATE_YOUR_EMAIL', message: "Couldn't update your email" });
    expect(countMails(app, other.email, 'change-email-verification')).toBe(0);
    const invalid = await client.post('/change-email', { newEmail: 'not-an-email' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.code).toBe('INVALID_EMAIL');
    const anonymous = await app.client().post('/change-email', { newEmail: fresh('x') });
    expect(anonymous.status).toBe(401);
    const evil = await client.post('/change-email', { newEmail: fresh('x'), callbackURL: 'https://evil.example/' });
    expect(evil.status).toBe(403);
    expect(evil.json.code).toBe('INVALID_CALLBACK_URL');
    expect((await userRow(userId)).email).toBe(email);

    const { client: c2 } = await signUpUser(disabled);
    const off = await c2.post('/change-email', { newEmail: fresh('x') });
    expect(off.status).toBe(400);
    expect(off.json.code).toBe('CHANGE_EMAIL_DISABLED');
  });

  it('an address taken after the request is refused when the link is followed', async () => {
    const { client, email, userId } = await signUpUser(app);
    const newEmail = fresh('race');
    await client.post('/change-email', { newEmail });
    const link = lastLink(app, newEmail, 'change-email-verification', '/verify-email');
    await signUpUser(app, { email: newEmail });
    const res = await client.get(link);
    expect(res.location).toBe('/?error=couldnt_update_your_email');
    expect((await userRow(userId)).email).toBe(email);
  });

  it('the link is bound to its user and expires', async () => {
    const a = await signUpUser(app);
    const b = await signUpUser(app);
    const newEmail = fresh('bound');
    await a.client.post('/change-email', { newEmail });
    const link = lastLink(app, newEmail, 'change-email-verification', '/verify-email');
    expect((await b.client.get(link)).location).toBe('/?error=unauthorized');
    app.clock.advance(3601);
    expect((await a.client.get(link)).location).toBe('/?error=token_expired');
    expect((await userRow(a.userId)).email).toBe(a.email);
  });

  it('a mail that cannot be sent answers 500 FAILED_TO_CREATE_VERIFICATION and keeps no token', async () => {
    const { client, email, userId } = await signUpUser(app);
    const before = (await db.handle.db.selectFrom('verification').select('id').execute()).length;
    app.mailer.rejectAll(true);
    try {
      const res = await client.post('/change-email', { newEmail: fresh('fail') });
      expect(res.status).toBe(500);
      expect(res.json.code).toBe('FAILED_TO_CREATE_VERIFICATION');
    } finally {
      app.mailer.rejectAll(false);
    }
    expect((await db.handle.db.selectFrom('verification').select('id').execute()).length).toBe(before);
    expect((await userRow(userId)).email).toBe(email);
  });
});
