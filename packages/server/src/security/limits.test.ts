/**
 * Per-account limits where docs/rate-limiting.md promises them (security issue, item 6):
 * an attacker who rotates addresses still meets one budget per account on username
 * sign-in, change-password, the reset request and send-verification-email. Each refusal
 * is a 429 with X-Retry-After, and changes nothing.
 */
import { expect, it } from 'vitest';
import { describeOnDatabases, PASSWORD, signUpUser } from '../test/harness.ts';

const ip = (i: number) => `198.51.100.${(i % 250) + 1}`;

await describeOnDatabases('per-account limits from rotating addresses', { rateLimit: { enabled: true } }, (t) => {
  it('sign-in/username: five tries a minute per username, whatever the address', async () => {
    const username = `limited_${Math.random().toString(36).slice(2, 8)}`;
    await signUpUser(t.app, { username });
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push(
        await t.app.client().post('/sign-in/username', { username, password: 'wrong-password-1' }, { ip: ip(i) }),
      );
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(answers[5]?.headers.get('x-retry-after')).toMatch(/^\d+$/);
    // the owner's right password waits too: the budget is the account's
    const owner = await t.app.client().post('/sign-in/username', { username, password: PASSWORD }, { ip: ip(99) });
    expect(owner.status).toBe(429);
    t.app.clock.advance(61);
    expect(
      (await t.app.client().post('/sign-in/username', { username, password: PASSWORD }, { ip: ip(98) })).status,
    ).toBe(200);
  });

  it('change-password: a copied cookie does not buy unlimited guesses of the current password', async () => {
    const user = await signUpUser(t.app);
    const hash = async () =>
      (
        await t.db.handle.db
          .selectFrom('account')
          .select('password')
          .where('userId', '=', user.userId)
          .executeTakeFirstOrThrow()
      ).password;
    const before = await hash();
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await user.client.post(
            '/change-password',
            { currentPassword: `guess-${i}-password`, newPassword: 'Thief-Chosen-9-Pass' },
            { ip: ip(i) },
          )
        ).status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect(await hash()).toBe(before);
  });

  it('every password check inside a session shares one budget, whichever endpoint asks', async () => {
    const user = await signUpUser(t.app);
    const ways = async () =>
      JSON.stringify([
        await t.db.handle.db.selectFrom('account').select('password').where('userId', '=', user.userId).execute(),
        await t.db.handle.db.selectFrom('twoFactor').selectAll().where('userId', '=', user.userId).execute(),
        await t.db.handle.db
          .selectFrom('user')
          .select(['email', 'twoFactorEnabled'])
          .where('id', '=', user.userId)
          .execute(),
      ]);
    const before = await ways();
    const guess = (i: number) => `guess-${i}-password`;
    const tries: [string, Record<string, unknown>][] = [
      ['/change-password', { currentPassword: guess(0), newPassword: 'Thief-Chosen-9-Pass' }],
      ['/verify-password', { password: guess(1) }],
      ['/two-factor/enable', { password: guess(2) }],
      ['/change-password', { currentPassword: guess(3), newPassword: 'Thief-Chosen-9-Pass' }],
      ['/verify-password', { password: guess(4) }],
      ['/two-factor/enable', { password: guess(5) }],
      ['/verify-password', { password: guess(6) }],
    ];
    const statuses = [];
    for (const [i, [path, body]] of tries.entries())
      statuses.push((await user.client.post(path, body, { ip: ip(i) })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect(await ways()).toBe(before);
  });

  it('wrong passwords inside a session count toward the sign-in lockout of the account', async () => {
    const user = await signUpUser(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await user.client.post('/verify-password', { password: `guess-${i}-password` }, { ip: ip(i) });
      expect(res.status).toBe(400);
      t.app.clock.advance(61);
    }
    // the sixth wrong password in a row waits, as at the sign-in form: the run is the account's
    const wrong = await user.client.post('/verify-password', { password: 'guess-6-password' }, { ip: ip(6) });
    expect(wrong.status).toBe(400);
    const waiting = await t.app
      .client()
      .post('/sign-in/email', { email: user.email, password: PASSWORD }, { ip: ip(7) });
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('x-retry-after'))).toBeGreaterThan(0);
    t.app.clock.advance(3);
    expect((await user.client.post('/verify-password', { password: PASSWORD }, { ip: ip(8) })).status).toBe(200);
  });

  it("a stranger's wrong passwords at the sign-in form never lock the owner out of their own settings", async () => {
    const owner = await signUpUser(t.app);
    const lockouts = () => t.db.handle.db.selectFrom('signInLockout').select(['key', 'failures']).execute();
    // a hundred failures from rotating addresses, each timed to land: the sign-in form is locked for good
    for (let i = 0; i < 100; i++) {
      t.app.clock.advance(900);
      const res = await t.app
        .client()
        .post('/sign-in/email', { email: owner.email, password: `stranger-${i}-guess` }, { ip: ip(i) });
      expect(res.status).toBe(401);
    }
    const form = await t.app.client().post('/sign-in/email', { email: owner.email, password: PASSWORD }, { ip: ip(7) });
    expect(form.status).toBe(429);
    // the owner, signed in, still proves their password and changes it; that ends the lock
    expect((await owner.client.post('/verify-password', { password: PASSWORD }, { ip: ip(8) })).status).toBe(200);
    const changed = await owner.client.post(
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'Owner-Fresh-Phrase-77' },
      { ip: ip(9) },
    );
    expect(changed.status).toBe(200);
    expect((await lockouts()).filter((r) => r.key.endsWith(owner.userId))).toEqual([]);
    const back = await t.app
      .client()
      .post('/sign-in/email', { email: owner.email, password: 'Owner-Fresh-Phrase-77' }, { ip: ip(10) });
    expect(back.status).toBe(200);
  });

  it('request-password-reset: three mails per address in five minutes, then 429 and no mail', async () => {
    const { email } = await signUpUser(t.app);
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await t.app.client().post('/request-password-reset', { email }, { ip: ip(i) })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(t.app.mailer.messages.filter((m) => m.to === email && m.kind === 'reset-password')).toHaveLength(3);
    // an unknown address is counted the same way: the answer tells nothing
    const unknown = `nobody-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const forUnknown = [];
    for (let i = 0; i < 5; i++)
      forUnknown.push((await t.app.client().post('/request-password-reset', { email: unknown }, { ip: ip(i) })).status);
    expect(forUnknown).toEqual(statuses);
  });

  it('send-verification-email: three mails per address in five minutes', async () => {
    const { email } = await signUpUser(t.app);
    const before = t.app.mailer.messages.filter((m) => m.to === email && m.kind === 'verify-email').length;
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await t.app.client().post('/send-verification-email', { email }, { ip: ip(i) })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(t.app.mailer.messages.filter((m) => m.to === email && m.kind === 'verify-email').length - before).toBe(3);
  });
});

await describeOnDatabases(
  'emailed two-factor codes per account',
  { rateLimit: { enabled: true }, plugins: { twoFactor: { allowEmailOtpAlone: true } } },
  (t) => {
    it('send-otp: three mails per account in five minutes, whatever the address', async () => {
      const user = await signUpUser(t.app);
      const statuses = [];
      // a few seconds apart: the per-IP rule of /two-factor/* (3 in 10 s) is not what stops it
      for (let i = 0; i < 5; i++) {
        statuses.push((await user.client.post('/two-factor/send-otp', {}, { ip: ip(i) })).status);
        t.app.clock.advance(11);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(t.app.mailer.messages.filter((m) => m.to === user.email && m.kind === 'two-factor-otp')).toHaveLength(3);
      t.app.clock.advance(300);
      expect((await user.client.post('/two-factor/send-otp', {}, { ip: ip(7) })).status).toBe(200);
    });
  },
);
