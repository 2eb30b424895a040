/** Verification over real SMTP: the mail leaves through the transport, the link in it works. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSharedDatabase, type SharedDatabase, signUpUser } from '../../test/harness.ts';
import { createSmtpTestApp, receivedLink } from '../../test/mail-links.ts';

describe('email verification over SMTP', () => {
  let db: SharedDatabase;
  let smtp: Awaited<ReturnType<typeof createSmtpTestApp>>;
  beforeAll(async () => {
    db = await openSharedDatabase('sqlite');
    smtp = await createSmtpTestApp(db);
  });
  afterAll(async () => {
    await smtp?.close();
    await db?.close();
  });

  it('the sign-up mail arrives with a working link', async () => {
    const { app, receiver } = smtp;
    const { client, email } = await signUpUser(app, { callbackURL: '/welcome' });
    const mail = await receiver.waitFor((m) => m.to.includes(email) && m.kind === 'verify-email');
    expect(mail.subject).toContain('Verify');
    const res = await app.client().get(receivedLink(mail, '/verify-email'));
    expect(res.location).toBe('/welcome');
    expect((await client.get('/get-session')).json.user.emailVerified).toBe(true);
  });

  it('a refusing mail server: sign-up still succeeds, send-verification-email answers 500 and stores nothing', async () => {
    const { app, receiver } = smtp;
    receiver.rejectAll(true);
    try {
      const { client, email, userId } = await signUpUser(app);
      const res = await client.post('/send-verification-email', { email });
      expect(res.status).toBe(500);
      expect(res.json.code).toBe('FAILED_TO_CREATE_VERIFICATION');
      const tokens = await db.handle.db.selectFrom('verification').select('value').execute();
      expect(tokens.filter((t) => t.value.includes(userId))).toHaveLength(0);
      expect((await client.get('/get-session')).json.user.id).toBe(userId);
    } finally {
      receiver.rejectAll(false);
    }
  });
});
