import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Mailer } from '../../core/mail/transport.ts';
import { createTestApp, openSharedDatabase, PASSWORD, type SharedDatabase, type TestApp } from '../../test/harness.ts';

/** An SMTP server that takes its time, as real ones do. */
const MAIL_DELAY_MS = 5000;
const slowMailer: Mailer = {
  send: () => new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS)),
  describe: () => 'slow test mailer',
  close: async () => undefined,
};

let db: SharedDatabase;
let app: TestApp;
beforeAll(async () => {
  db = await openSharedDatabase('sqlite');
  app = createTestApp(db, { emailAndPassword: { requireEmailVerification: true } }, { mailer: slowMailer });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

it('with verification required, a new address is answered as fast as a taken one: the mail does not hold the answer', async () => {
  const time = async (email: string) => {
    const started = performance.now();
    const res = await app.client().post('/sign-up/email', { name: 'T', email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json.token).toBeNull();
    return performance.now() - started;
  };
  const email = `timing-${Date.now()}@example.test`;
  const fresh = await time(email);
  const taken = await time(email);
  // both pay for one password hash; neither waits for the mail server
  expect(fresh).toBeLessThan(MAIL_DELAY_MS * 0.5);
  expect(taken).toBeLessThan(MAIL_DELAY_MS * 0.5);
});
