/**
 * Concurrent sends of emailed codes on every database: a new code voids the earlier one even
 * when the sends for one purpose and address run at the same moment. The key keeps one row
 * (a delete-then-insert per send let interleaved sends leave one live code each, each with
 * its own tries), only the code of the last mail sent works, a burst gives a guesser the
 * tries of one code, and a send whose mail fails withdraws its own code, never the one a
 * later send mailed.
 */
import { expect, it } from 'vitest';
import { hashToken } from '../../core/crypto/hash.ts';
import {
  consumeTokenById,
  deleteTokenById,
  findToken,
  giveBackAttempt,
  replaceKeyedToken,
  storeToken,
  takeAttempt,
} from '../../core/db/verification-store.ts';
import { MailDeliveryError, type Mailer, type MailMessage } from '../../core/mail/index.ts';
import {
  createTestApp,
  describeOnDatabases,
  signUpUser,
  signUpVerifiedUser,
  type TestApp,
} from '../../test/harness.ts';
import { snapshot } from '../../test/mailbox-proof.ts';

const OPTIONS = { plugins: { emailOTP: {} } };
const BURST = 10;

type OtpType = 'sign-in' | 'email-verification' | 'forget-password';
const MAIL = {
  'sign-in': 'email-otp-sign-in',
  'email-verification': 'email-otp-verify-email',
  'forget-password': 'email-otp-reset-password',
} as const;

/** The codes of every mail of `type` to `email`, oldest first. */
function mailedCodes(app: TestApp, email: string, type: OtpType): string[] {
  return app.mailer.messages
    .filter((m) => m.to === email && m.kind === MAIL[type])
    .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? 'none');
}

/** Six digits that are none of `codes`. */
function wrongCodes(codes: readonly string[], count: number): string[] {
  const out: string[] = [];
  for (let n = 0; out.length < count; n++) {
    const guess = String((123_457 + n * 7_919) % 1_000_000).padStart(6, '0');
    if (!codes.includes(guess)) out.push(guess);
  }
  return out;
}

await describeOnDatabases('email OTP: concurrent sends', OPTIONS, (t) => {
  const rowsOf = (type: OtpType, email: string) =>
    t.db.handle.db
      .selectFrom('verification')
      .select(['id', 'attempts'])
      .where('identifier', '=', `email-otp:${hashToken(`${type}:${email}`)}`)
      .execute();

  async function burst(app: TestApp, email: string, type: OtpType): Promise<void> {
    const answers = await Promise.all(
      Array.from({ length: BURST }, () => app.client().post('/email-otp/send-verification-otp', { email, type })),
    );
    expect(answers.map((r) => [r.status, r.json])).toEqual(answers.map(() => [200, { success: true }]));
  }

  it('leaves one row per purpose and address, and only the code of the last mail works', async () => {
    // tries enough to try every mailed code of the burst on the one live row
    const app = createTestApp(t.db, { plugins: { emailOTP: { allowedAttempts: 10 } } });
    try {
      const users: Record<OtpType, string> = {
        'sign-in': (await signUpVerifiedUser(app)).email,
        'email-verification': (await signUpUser(app)).email,
        'forget-password': (await signUpVerifiedUser(app)).email,
      };
      for (const type of ['sign-in', 'email-verification', 'forget-password'] as const) {
        const email = users[type];
        await burst(app, email, type);
        expect(await rowsOf(type, email), type).toHaveLength(1);
        const mailed = mailedCodes(app, email, type);
        // a send whose code a concurrent send had replaced before its mail went mails nothing
        expect(mailed.length, type).toBeGreaterThanOrEqual(1);
        expect(mailed.length, type).toBeLessThanOrEqual(BURST);
        const distinct = [...new Set(mailed)];
        const answers: Array<[string, number, string | undefined]> = [];
        for (const otp of distinct) {
          const res = await app.client().post('/email-otp/check-verification-otp', { email, type, otp });
          answers.push([otp, res.status, res.json?.code]);
        }
        const working = answers.filter(([, status]) => status === 200).map(([otp]) => otp);
        // the code of the last mail sent is the one that works: a send mails its code only
        // while it is the live one, so every voided mail went out before the live one
        expect(working, `${type}: ${JSON.stringify(answers)}`).toEqual([mailed.at(-1)]);
        expect(answers.filter(([, status, code]) => status === 400 && code === 'INVALID_OTP')).toHaveLength(
          distinct.length - 1,
        );
        // the voided codes spent a try each on the live code, the right one gave its try back
        expect((await rowsOf(type, email)).map((r) => Number(r.attempts))).toEqual([distinct.length - 1]);
        if (type === 'sign-in') {
          const live = working[0] ?? '';
          expect((await app.client().post('/sign-in/email-otp', { email, otp: live })).status).toBe(200);
          expect(await rowsOf(type, email)).toHaveLength(0);
          for (const otp of distinct) {
            const again = await app.client().post('/sign-in/email-otp', { email, otp });
            expect([again.status, again.json.code]).toEqual([400, 'INVALID_OTP']);
          }
        }
      }
    } finally {
      await app.close();
    }
  });

  it('gives a guesser the tries of one code after a burst of sends', async () => {
    const { email, userId } = await signUpVerifiedUser(t.app);
    await burst(t.app, email, 'sign-in');
    const mailed = mailedCodes(t.app, email, 'sign-in');
    const guesses = wrongCodes(mailed, 12);
    const answers = await Promise.all(guesses.map((otp) => t.app.client().post('/sign-in/email-otp', { email, otp })));
    expect(answers.every((r) => r.status < 500)).toBe(true);
    // allowedAttempts (3) of one code, whatever the number of sends
    expect(answers.filter((r) => r.json.code === 'INVALID_OTP')).toHaveLength(3);
    expect(answers.filter((r) => r.json.code === 'TOO_MANY_ATTEMPTS')).toHaveLength(guesses.length - 3);
    expect((await rowsOf('sign-in', email)).map((r) => Number(r.attempts))).toEqual([3]);
    // no other row has tries left: every mailed code, the live one too, is refused and changes nothing
    const before = await snapshot(t.db);
    for (const otp of new Set(mailed)) {
      const res = await t.app.client().post('/sign-in/email-otp', { email, otp });
      expect([res.status, res.json.code]).toEqual([403, 'TOO_MANY_ATTEMPTS']);
    }
    expect(await snapshot(t.db)).toBe(before);
    const sessions = await t.db.handle.db.selectFrom('session').select('id').where('userId', '=', userId).execute();
    expect(sessions).toHaveLength(1);
  });

  it('a send whose mail fails withdraws its own code, never the one a later send mailed', async () => {
    const inner = t.app.mailer;
    let held: { message: MailMessage; fail: () => void } | null = null;
    let arrived: () => void = () => {};
    const heldArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    // the first mail waits until the test fails it; the others go through
    const mailer: Mailer = {
      send(message) {
        if (held) return inner.send(message);
        return new Promise<void>((_resolve, reject) => {
          held = { message, fail: () => reject(new MailDeliveryError('refused (test)', { reason: 'EMESSAGE' })) };
          arrived();
        });
      },
      describe: () => 'test',
      close: async () => {},
    };
    const app = createTestApp(t.db, OPTIONS, { mailer });
    try {
      const { email } = await signUpVerifiedUser(t.app);
      const first = app.client().post('/email-otp/send-verification-otp', { email, type: 'sign-in' });
      await heldArrived;
      const second = await app.client().post('/email-otp/send-verification-otp', { email, type: 'sign-in' });
      expect(second.status).toBe(200);
      const [code] = mailedCodes(t.app, email, 'sign-in');
      expect(code).toMatch(/^\d{6}$/);
      (held as { fail: () => void } | null)?.fail();
      expect((await first).status).toBe(200);
      // the failed send logs once it has withdrawn its code
      await expect
        .poll(() => app.logger.lines.filter((l) => l.line.includes('could not send an emailed code')).length)
        .toBe(1);
      expect(await rowsOf('sign-in', email)).toHaveLength(1);
      expect((await app.client().post('/sign-in/email-otp', { email, otp: code })).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a try, a try given back, a spend or a withdrawal of a replaced code leaves the new code as it is', async () => {
    const db = t.db.handle.db;
    const now = t.app.clock.now();
    const token = `sign-in:${Math.random().toString(36).slice(2, 10)}@example.test`;
    const write = (value: string) =>
      replaceKeyedToken(db, t.dialect, { purpose: 'email-otp', token, value, now, expiresInSeconds: 300 });
    const id = await write('{"code":"old"}');
    expect(await takeAttempt(db, id, 3, now, '{"code":"old"}')).toBe(true);
    // a concurrent send replaces the code in place: same row, new value, its tries back at 0
    expect(await write('{"code":"new"}')).toBe(id);
    const attempts = async () =>
      Number(
        (await db.selectFrom('verification').select('attempts').where('id', '=', id).executeTakeFirst())?.attempts,
      );
    expect(await attempts()).toBe(0);
    const before = await snapshot(t.db);
    expect(await takeAttempt(db, id, 3, now, '{"code":"old"}')).toBe(false);
    expect(await consumeTokenById(db, id, '{"code":"old"}')).toBe(false);
    await deleteTokenById(db, id, '{"code":"old"}');
    expect(await snapshot(t.db)).toBe(before);
    expect(await takeAttempt(db, id, 3, now, '{"code":"new"}')).toBe(true);
    await giveBackAttempt(db, id, now, '{"code":"old"}');
    expect(await attempts()).toBe(1);
    expect((await findToken(db, 'email-otp', token))?.value).toBe('{"code":"new"}');
    expect(await consumeTokenById(db, id, '{"code":"new"}')).toBe(true);
  });

  it('a send replaces a code stored before codes had one row per address', async () => {
    const { email } = await signUpVerifiedUser(t.app);
    // as earlier versions stored it: a row of its own, under a random id
    await storeToken(t.db.handle.db, {
      purpose: 'email-otp',
      token: `sign-in:${email}`,
      value: JSON.stringify({ digest: 'an-older-code', userId: null }),
      now: t.app.clock.now(),
      expiresInSeconds: 300,
    });
    await t.app.client().post('/email-otp/send-verification-otp', { email, type: 'sign-in' });
    expect(await rowsOf('sign-in', email)).toHaveLength(1);
    const [code] = mailedCodes(t.app, email, 'sign-in');
    expect((await t.app.client().post('/sign-in/email-otp', { email, otp: code })).status).toBe(200);
  });
});
