/**
 * The endpoints that must not tell whether an address has an account (reset, magic link,
 * emailed codes, a verification mail asked for signed out, a quiet change-email) answer in
 * the same time when the mail server is slow. They used to pad the answer to 500 ms and then
 * wait for the mail: behind an SMTP relay taking longer than that, an address with an account
 * answered as late as its mail went out (800 ms against 500 ms, 30 samples each), a free one
 * at 500 ms. Now the answer goes at 500 ms either way and a slower mail follows it. The mail
 * transport is what is under test, so one database (as sign-up-timing.test.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../core/mail/transport.ts';
import type { TestClient } from '../test/client.ts';
import {
  createTestApp,
  openSharedDatabase,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../test/harness.ts';

/** An SMTP relay that takes its time, as remote ones do. */
const MAIL_DELAY_MS = 3000;
/** What the endpoints pad to (their SEND_MINIMUM_MS), and some slack for a busy machine. */
const ANSWER_MS = 500;
const LATE_MS = MAIL_DELAY_MS * 0.8;

const delivered: MailMessage[] = [];
let inFlight = 0;
const slowMailer: Mailer = {
  send: (message) =>
    new Promise((resolve) => {
      inFlight++;
      setTimeout(() => {
        inFlight--;
        delivered.push(message);
        resolve();
      }, MAIL_DELAY_MS);
    }),
  describe: () => 'slow test mailer',
  close: async () => undefined,
};

let db: SharedDatabase;
let app: TestApp;
beforeAll(async () => {
  db = await openSharedDatabase('sqlite');
  app = createTestApp(
    db,
    {
      emailAndPassword: { requireEmailVerification: true },
      plugins: { magicLink: { disableSignUp: true }, emailOTP: { disableSignUp: true } },
    },
    { mailer: slowMailer },
  );
});
afterAll(async () => {
  // the mails still on their way finish before the database goes
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  await app.close();
  await db.close();
});

async function timed(call: () => Promise<{ status: number; text: string }>) {
  const started = performance.now();
  const res = await call();
  return { ms: performance.now() - started, status: res.status, text: res.text };
}

async function mailArrives(to: string, kind: string): Promise<void> {
  const deadline = performance.now() + MAIL_DELAY_MS * 3;
  while (!delivered.some((m) => m.to === to && m.kind === kind)) {
    if (performance.now() > deadline) throw new Error(`no ${kind} mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const unknown = () => `nobody-${Math.random().toString(36).slice(2, 10)}@example.test`;

/** An account whose address was proven (set directly: the slow mailer would hold the link back). */
async function verifiedAccount(): Promise<{ email: string; userId: string }> {
  const { email, userId } = await signUpUser(app);
  await db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', userId).execute();
  return { email, userId };
}

const cases: [string, (email: string) => Promise<{ status: number; text: string }>, string][] = [
  ['request-password-reset', (email) => app.client().post('/request-password-reset', { email }), 'reset-password'],
  ['sign-in/magic-link', (email) => app.client().post('/sign-in/magic-link', { email }), 'magic-link'],
  [
    'email-otp/send-verification-otp',
    (email) => app.client().post('/email-otp/send-verification-otp', { email, type: 'sign-in' }),
    'email-otp-sign-in',
  ],
  [
    'email-otp/request-password-reset',
    (email) => app.client().post('/email-otp/request-password-reset', { email }),
    'email-otp-reset-password',
  ],
];

for (const [path, call, kind] of cases) {
  it(`${path}: an address with an account is answered as soon as a free one, and its mail still goes`, async () => {
    const { email } = await verifiedAccount();
    const known = await timed(() => call(email));
    const free = await timed(() => call(unknown()));
    expect(known.text).toBe(free.text);
    expect([known.status, free.status]).toEqual([200, 200]);
    expect(free.ms).toBeGreaterThanOrEqual(ANSWER_MS - 5);
    expect(known.ms).toBeLessThan(LATE_MS);
    await mailArrives(email, kind);
  });
}

it('send-verification-email signed out: an unverified account is answered as soon as a free address', async () => {
  const { email } = await signUpUser(app);
  const known = await timed(() => app.client().post('/send-verification-email', { email }));
  const free = await timed(() => app.client().post('/send-verification-email', { email: unknown() }));
  expect([known.status, known.text]).toEqual([free.status, free.text]);
  expect(known.ms).toBeLessThan(LATE_MS);
  await mailArrives(email, 'verify-email');
});

it('change-email where taken addresses are not told apart: a free address is answered as soon as a taken one', async () => {
  const { email } = await verifiedAccount();
  const taken = await verifiedAccount();
  const client: TestClient = app.client();
  expect((await client.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  const toTaken = await timed(() => client.post('/change-email', { newEmail: taken.email }));
  const toFree = await timed(() => client.post('/change-email', { newEmail: unknown() }));
  expect([toFree.status, toFree.text]).toEqual([toTaken.status, toTaken.text]);
  expect(toFree.ms).toBeLessThan(LATE_MS);
  // the approval goes to the current address, after the answer
  await mailArrives(email, 'change-email-confirmation');
});
