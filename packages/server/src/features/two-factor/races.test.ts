/**
 * Counters that hold under a burst (security issue, item 7): 100 codes sent at once on one
 * sign-in challenge compare at most five codes, and the right code sent after them finds
 * the challenge spent. Before the tries were taken with one conditional UPDATE, PostgreSQL
 * compared dozens of wrong codes and then accepted the right one.
 */
import { expect, it } from 'vitest';
import { describeOnDatabases, PASSWORD } from '../../test/harness.ts';
import { challenged, codeFor, enrolledUser, toMidStep } from '../../test/two-factor.ts';
import { LOCKOUT_AFTER_FAILURES, MAX_CHALLENGE_ATTEMPTS } from './challenge.ts';
import { MAX_OTP_ATTEMPTS } from './otp.ts';

const BURST = 100;

await describeOnDatabases('two-factor counters under a burst', {}, (t) => {
  it(`${BURST} concurrent codes on one challenge compare at most ${MAX_CHALLENGE_ATTEMPTS}`, async () => {
    toMidStep(t.app);
    const user = await enrolledUser(t.app);
    const browser = await challenged(t.app, user.email);
    // codes of other steps: wrong, and never the right one by chance
    const wrong = Array.from({ length: BURST }, (_, i) => codeFor(t.app, user.uri, 5 + (i % 3)));
    const answers = await Promise.all(wrong.map((code) => browser.post('/two-factor/verify-totp', { code })));
    const compared = answers.filter((r) => r.json?.code === 'INVALID_CODE').length;
    expect(compared).toBeLessThanOrEqual(MAX_CHALLENGE_ATTEMPTS);
    expect(answers.every((r) => r.status < 500)).toBe(true);
    const right = await browser.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) });
    expect(right.status).not.toBe(200);
    expect(browser.cookie('session_token')).toBeUndefined();
    const sessions = await t.db.handle.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', user.userId)
      .execute();
    // only the settings session of enrolment
    expect(sessions).toHaveLength(1);
  });

  it(`${BURST} concurrent guesses of an emailed code compare at most ${MAX_OTP_ATTEMPTS}`, async () => {
    const user = await enrolledUser(t.app);
    const browser = await challenged(t.app, user.email);
    await browser.post('/two-factor/send-otp', {});
    const mail = t.app.mailer.messages.filter((m) => m.to === user.email && m.kind === 'two-factor-otp').at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    const wrong = Array.from({ length: BURST }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrong.map((guess) => browser.post('/two-factor/verify-otp', { code: guess })));
    expect(answers.filter((r) => r.json?.code === 'INVALID_CODE').length).toBeLessThanOrEqual(MAX_OTP_ATTEMPTS);
    expect(answers.every((r) => r.status < 500)).toBe(true);
    expect((await browser.post('/two-factor/verify-otp', { code })).status).not.toBe(200);
  });

  it('a burst of sends leaves one live emailed code on the challenge, not one per send with tries of its own', async () => {
    const user = await enrolledUser(t.app);
    const browser = await challenged(t.app, user.email);
    const rows = () =>
      t.db.handle.db.selectFrom('verification').select('id').where('identifier', 'like', '2fa-otp:%').execute();
    const before = (await rows()).length;
    const sent = await Promise.all(Array.from({ length: 10 }, () => browser.post('/two-factor/send-otp', {})));
    expect(sent.every((r) => r.status === 200)).toBe(true);
    expect((await rows()).length).toBe(before + 1);
    // the next send replaces it, and its code completes the sign-in
    await browser.post('/two-factor/send-otp', {});
    expect((await rows()).length).toBe(before + 1);
    const mail = t.app.mailer.messages.filter((m) => m.to === user.email && m.kind === 'two-factor-otp').at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect((await browser.post('/two-factor/verify-otp', { code })).status).toBe(200);
    expect((await rows()).length).toBe(before);
  });

  it('a burst over several challenges compares at most ten codes before the account locks', async () => {
    toMidStep(t.app);
    const user = await enrolledUser(t.app);
    const browsers = await Promise.all(Array.from({ length: 4 }, () => challenged(t.app, user.email)));
    const answers = await Promise.all(
      browsers.flatMap((b) =>
        Array.from({ length: 10 }, () => b.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri, 7) })),
      ),
    );
    expect(answers.filter((r) => r.json?.code === 'INVALID_CODE').length).toBeLessThanOrEqual(10);
    const fresh = t.app.client();
    await fresh.post('/sign-in/email', { email: user.email, password: PASSWORD });
    const locked = await fresh.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) });
    expect([locked.status, locked.json.code]).toEqual([429, 'ACCOUNT_TEMPORARILY_LOCKED']);
  });
  // a copied session guesses step-up codes (docs/admin.md): its tries count toward the account,
  // but they alone never lock it, or the owner could not sign in to end the thief's session
  it(`${BURST} concurrent codes from a copied session compare at most ${LOCKOUT_AFTER_FAILURES - 1}, and never lock the owner out`, async () => {
    toMidStep(t.app);
    const owner = await enrolledUser(t.app);
    const thief = t.app.client();
    for (const [k, v] of owner.client.jar) thief.jar.set(k, v);
    t.app.clock.advance(3_600);
    const wrong = Array.from({ length: BURST }, (_, i) => codeFor(t.app, owner.uri, 5 + (i % 3)));
    const answers = await Promise.all(wrong.map((code) => thief.post('/two-factor/verify-totp', { code })));
    expect(answers.filter((r) => r.json?.code === 'INVALID_CODE').length).toBeLessThanOrEqual(
      LOCKOUT_AFTER_FAILURES - 1,
    );
    expect(answers.every((r) => r.status < 500 && r.status !== 200)).toBe(true);
    const row = () =>
      t.db.handle.db
        .selectFrom('twoFactor')
        .select(['failedVerificationCount', 'lockedUntil'])
        .where('userId', '=', owner.userId)
        .executeTakeFirstOrThrow();
    const after = await row();
    expect(after.lockedUntil).toBeNull();
    // a refused try changes nothing
    const refused = await thief.post('/two-factor/verify-backup-code', { code: owner.backupCodes[0] });
    expect([refused.status, refused.json.code]).toEqual([400, 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);
    expect(await row()).toEqual(after);
    // the owner signs in elsewhere with the right code and signs every session out
    const browser = await challenged(t.app, owner.email);
    expect((await browser.post('/two-factor/verify-totp', { code: codeFor(t.app, owner.uri) })).status).toBe(200);
    expect((await browser.post('/revoke-sessions', {})).status).toBe(200);
    expect((await thief.get('/get-session')).json).toBeNull();
  });
});
