/**
 * Magic links and emailed codes over real SMTP: the mail reaches a real SMTP server, in
 * the reader's language, and its link or code signs in; a mail server that refuses leaves
 * the same answer and no usable secret behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSharedDatabase, type SharedDatabase, signUpUser, type TestApp } from '../../test/harness.ts';
import { createSmtpTestApp, receivedLink } from '../../test/mail-links.ts';

describe('magic links and emailed codes over SMTP', () => {
  let db: SharedDatabase;
  let smtp: Awaited<ReturnType<typeof createSmtpTestApp>>;
  beforeAll(async () => {
    db = await openSharedDatabase('sqlite');
    smtp = await createSmtpTestApp(db, { plugins: { magicLink: {}, emailOTP: {} } });
  });
  afterAll(async () => {
    await smtp?.close();
    await db?.close();
  });

  /** A password account whose address counts as proven (its verification mail went over SMTP too). */
  async function verifiedUser(app: TestApp) {
    const user = await signUpUser(app);
    await db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', user.userId).execute();
    return user;
  }

  it('the mailed link signs in, once', async () => {
    const { app, receiver } = smtp;
    const { email, userId } = await verifiedUser(app);
    await app.client().post('/sign-in/magic-link', { email, callbackURL: '/home' });
    const mail = await receiver.waitFor((m) => m.to.includes(email) && m.kind === 'magic-link');
    expect(mail.subject).toContain('sign-in link');
    const link = receivedLink(mail, '/magic-link/verify?');
    const browser = app.client();
    expect((await browser.get(link)).location).toBe('/home');
    expect((await browser.get('/get-session')).json.user.id).toBe(userId);
    expect((await app.client().get(link)).location).toBe('/home?error=INVALID_TOKEN');
  });

  it("the mailed code, in the reader's language, signs in", async () => {
    const { app, receiver } = smtp;
    const email = `smtp-otp-${Date.now()}@example.test`;
    await app
      .client()
      .post('/email-otp/send-verification-otp', { email, type: 'sign-in' }, { headers: { 'accept-language': 'de' } });
    const mail = await receiver.waitFor((m) => m.to.includes(email) && m.kind === 'email-otp-sign-in');
    expect(mail.subject).toContain('Anmeldung');
    expect(mail.text).toContain('Minuten gültig');
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    const res = await app.client().post('/sign-in/email-otp', { email, otp });
    expect([res.status, res.json.user.email]).toEqual([200, email]);
  });

  it('a refusing mail server: the same answers, and no link or code kept', async () => {
    const { app, receiver } = smtp;
    const { email } = await verifiedUser(app);
    const rows = async () =>
      (
        await db.handle.db
          .selectFrom('verification')
          .select('id')
          .where((eb) => eb.or([eb('identifier', 'like', 'magic-link:%'), eb('identifier', 'like', 'email-otp:%')]))
          .execute()
      ).length;
    const before = await rows();
    receiver.rejectAll(true);
    try {
      const link = await app.client().post('/sign-in/magic-link', { email });
      expect([link.status, link.json]).toEqual([200, { status: true }]);
      const code = await app.client().post('/email-otp/send-verification-otp', { email, type: 'sign-in' });
      expect([code.status, code.json]).toEqual([200, { success: true }]);
    } finally {
      receiver.rejectAll(false);
    }
    expect(await rows()).toBe(before);
  });
});
