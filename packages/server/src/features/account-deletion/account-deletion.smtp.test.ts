/** Account deletion over real SMTP: the mailed confirmation link deletes the signed-in user. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSharedDatabase, type SharedDatabase, signUpUser } from '../../test/harness.ts';
import { createSmtpTestApp, receivedLink } from '../../test/mail-links.ts';

describe('account deletion over SMTP', () => {
  let db: SharedDatabase;
  let smtp: Awaited<ReturnType<typeof createSmtpTestApp>>;
  beforeAll(async () => {
    db = await openSharedDatabase('sqlite');
    smtp = await createSmtpTestApp(db, { user: { deleteUser: { enabled: true } } });
  });
  afterAll(async () => {
    await smtp?.close();
    await db?.close();
  });

  const userExists = async (id: string) =>
    (await db.handle.db.selectFrom('user').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  it('a stale session gets a link; following it deletes the account and redirects', async () => {
    const { app, receiver } = smtp;
    const { client, email, userId } = await signUpUser(app);
    app.clock.advance(86_401);
    expect((await client.post('/delete-user', { callbackURL: '/goodbye' })).json.message).toBe(
      'Verification email sent',
    );
    const mail = await receiver.waitFor((m) => m.to.includes(email) && m.kind === 'delete-account');
    const res = await client.get(receivedLink(mail, '/delete-user/callback'));
    expect(res.location).toBe('/goodbye');
    expect(await userExists(userId)).toBe(false);
    expect((await client.get('/get-session')).json).toBeNull();
  });

  it('a refusing mail server: 500 FAILED_TO_CREATE_VERIFICATION and nothing is deleted', async () => {
    const { app, receiver } = smtp;
    const { client, userId } = await signUpUser(app);
    app.clock.advance(86_401);
    receiver.rejectAll(true);
    try {
      const res = await client.post('/delete-user', {});
      expect(res.status).toBe(500);
      expect(res.json.code).toBe('FAILED_TO_CREATE_VERIFICATION');
    } finally {
      receiver.rejectAll(false);
    }
    expect(await userExists(userId)).toBe(true);
    expect(
      await db.handle.db.selectFrom('verification').select('id').where('value', '=', userId).execute(),
    ).toHaveLength(0);
  });
});
