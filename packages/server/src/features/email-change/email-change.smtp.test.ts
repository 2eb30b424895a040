/** Email change over real SMTP: link to the new address, the move, re-verification, notice to the old one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSharedDatabase, type SharedDatabase, signUpUser } from '../../test/harness.ts';
import { createSmtpTestApp, receivedLink } from '../../test/mail-links.ts';

describe('email change over SMTP', () => {
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

  it('following the mailed link moves the account, then the new address is verified', async () => {
    const { app, receiver } = smtp;
    const { client, email } = await signUpUser(app);
    const newEmail = `smtp-moved-${Date.now()}@example.test`;
    expect((await client.post('/change-email', { newEmail, callbackURL: '/changed' })).status).toBe(200);
    const change = await receiver.waitFor((m) => m.to.includes(newEmail) && m.kind === 'change-email-verification');
    expect(change.text).toContain(newEmail);
    expect((await client.get(receivedLink(change, '/verify-email'))).location).toBe('/changed');
    const notice = await receiver.waitFor((m) => m.to.includes(email) && m.kind === 'email-changed-notice');
    expect(notice.text).toContain(newEmail);
    const verify = await receiver.waitFor((m) => m.to.includes(newEmail) && m.kind === 'verify-email');
    await client.get(receivedLink(verify, '/verify-email'));
    const session = (await client.get('/get-session')).json;
    expect(session.user).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('a refusing mail server: 500 FAILED_TO_CREATE_VERIFICATION and the account stays', async () => {
    const { app, receiver } = smtp;
    const { client, email } = await signUpUser(app);
    receiver.rejectAll(true);
    try {
      const res = await client.post('/change-email', { newEmail: `smtp-fail-${Date.now()}@example.test` });
      expect(res.status).toBe(500);
      expect(res.json.code).toBe('FAILED_TO_CREATE_VERIFICATION');
    } finally {
      receiver.rejectAll(false);
    }
    expect((await client.get('/get-session')).json.user.email).toBe(email);
  });
});
