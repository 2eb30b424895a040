/** Password reset over real SMTP: request, follow the mailed link, set the password, get the notice. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSharedDatabase, PASSWORD, type SharedDatabase, signUpUser } from '../../test/harness.ts';
import { createSmtpTestApp, receivedLink } from '../../test/mail-links.ts';

describe('password reset over SMTP', () => {
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

  it('the mailed link leads to the reset page with a token that resets the password once', async () => {
    const { app, receiver } = smtp;
    const { email } = await signUpUser(app);
    await app.client().post('/request-password-reset', { email, redirectTo: '/reset' });
    const mail = await receiver.waitFor((m) => m.to.includes(email) && m.kind === 'reset-password');
    const page = await app.client().get(receivedLink(mail, '/reset-password/'));
    expect(page.status).toBe(302);
    const token = new URL(page.location ?? '').searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    expect((await app.client().post('/reset-password', { token, newPassword: 'Smtp-Reset-Pass-1' })).status).toBe(200);
    const notice = await receiver.waitFor((m) => m.to.includes(email) && m.kind === 'security-password-changed');
    expect(notice.text).toContain(email);
    expect((await app.client().post('/sign-in/email', { email, password: 'Smtp-Reset-Pass-1' })).status).toBe(200);
    expect((await app.client().post('/reset-password', { token, newPassword: 'Smtp-Reset-Pass-2' })).json.code).toBe(
      'INVALID_TOKEN',
    );
  });

  it('a refusing mail server: the same answer, no token kept, the password unchanged', async () => {
    const { app, receiver } = smtp;
    const { email, userId } = await signUpUser(app);
    receiver.rejectAll(true);
    try {
      const res = await app.client().post('/request-password-reset', { email, redirectTo: '/reset' });
      expect(res.status).toBe(200);
      expect(res.json.status).toBe(true);
    } finally {
      receiver.rejectAll(false);
    }
    const tokens = await db.handle.db.selectFrom('verification').select('id').where('value', '=', userId).execute();
    expect(tokens).toHaveLength(0);
    expect((await app.client().post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });
});
