/** Enrolment and account settings: enable, the first code, get-totp-uri, backup codes, disable. */
import { expect, it } from 'vitest';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';
import { codeFor, enrolledUser, toMidStep } from '../../test/two-factor.ts';

await describeOnDatabases('two-factor enrolment', { appName: 'Latch Test' }, (t) => {
  const db = () => t.db.handle.db;
  const sessionRows = (userId: string) =>
    db().selectFrom('session').select('id').where('userId', '=', userId).execute();

  it('enable answers the URI and backup codes; two-factor stays off until a first code', async () => {
    toMidStep(t.app);
    const user = await signUpUser(t.app);
    const res = await user.client.post('/two-factor/enable', { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json.method).toBe('totp');
    const uri = new URL(res.json.totpURI);
    expect(res.json.totpURI.startsWith(`otpauth://totp/Latch%20Test:${encodeURIComponent(user.email)}?`)).toBe(true);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ issuer: 'Latch Test', digits: '6', period: '30' });
    expect(res.json.backupCodes).toHaveLength(10);
    const before = await user.client.get('/get-session');
    expect(before.json.user.twoFactorEnabled).toBe(false);
    const row = await db()
      .selectFrom('twoFactor')
      .selectAll()
      .where('userId', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.verified)).toBe(false);

    const wrong = await user.client.post('/two-factor/verify-totp', { code: codeFor(t.app, res.json.totpURI, 3) });
    expect([wrong.status, wrong.json.code]).toEqual([401, 'INVALID_CODE']);
    const oldToken = user.client.cookie('session_token')?.value;
    const ok = await user.client.post('/two-factor/verify-totp', { code: codeFor(t.app, res.json.totpURI) });
    expect(ok.status).toBe(200);
    expect(ok.json.user.twoFactorEnabled).toBe(true);
    // the session is rotated: a new cookie, the old row gone (the body keeps the old token, as better-auth)
    expect(ok.json.token).toBe(user.token);
    expect(user.client.cookie('session_token')?.value).not.toBe(oldToken);
    expect(await sessionRows(user.userId)).toHaveLength(1);
    expect((await user.client.get('/get-session')).json.user.twoFactorEnabled).toBe(true);
  });

  it('the secret and the backup codes are encrypted at rest', async () => {
    const user = await enrolledUser(t.app);
    const row = await db()
      .selectFrom('twoFactor')
      .selectAll()
      .where('userId', '=', user.userId)
      .executeTakeFirstOrThrow();
    const secretBase32 = new URL(user.uri).searchParams.get('secret') ?? '';
    expect(row.secret.startsWith('v1:')).toBe(true);
    expect(row.backupCodes.startsWith('v1:')).toBe(true);
    for (const code of user.backupCodes) expect(row.backupCodes).not.toContain(code);
    expect(row.secret).not.toContain(secretBase32);
    // the only other two-factor rows hold hashes or ids, never a code
    const rows = await db().selectFrom('verification').select(['identifier', 'value']).execute();
    for (const r of rows) for (const code of user.backupCodes) expect(`${r.identifier} ${r.value}`).not.toContain(code);
  });

  it('enable refuses a wrong or missing password, a second enrolment and a caller without a session', async () => {
    const user = await enrolledUser(t.app);
    for (const body of [{ password: 'Wrong-Password-1' }, {}]) {
      const res = await user.client.post('/two-factor/enable', body);
      expect([res.status, res.json.code]).toEqual([400, 'INVALID_PASSWORD']);
    }
    const again = await user.client.post('/two-factor/enable', { password: PASSWORD });
    expect([again.status, again.json.code]).toEqual([400, 'TOTP_ALREADY_ENABLED']);
    expect((await t.app.client().post('/two-factor/enable', { password: PASSWORD })).status).toBe(401);
  });

  it('an issuer given to enable names that URI only; get-totp-uri uses the configured one', async () => {
    const user = await signUpUser(t.app);
    expect((await user.client.post('/two-factor/get-totp-uri', { password: PASSWORD })).json.code).toBe(
      'TOTP_NOT_ENABLED',
    );
    const res = await user.client.post('/two-factor/enable', { password: PASSWORD, issuer: 'Other' });
    expect(new URL(res.json.totpURI).searchParams.get('issuer')).toBe('Other');
    const wrong = await user.client.post('/two-factor/get-totp-uri', { password: 'Wrong-Password-2' });
    expect(wrong.json.code).toBe('INVALID_PASSWORD');
    const uri = await user.client.post('/two-factor/get-totp-uri', { password: PASSWORD });
    const params = new URL(uri.json.totpURI).searchParams;
    expect(params.get('issuer')).toBe('Latch Test');
    expect(params.get('secret')).toBe(new URL(res.json.totpURI).searchParams.get('secret'));
  });

  it('generate-backup-codes needs two-factor on and the password, and replaces the codes', async () => {
    const plain = await signUpUser(t.app);
    const off = await plain.client.post('/two-factor/generate-backup-codes', { password: PASSWORD });
    expect([off.status, off.json.code]).toEqual([400, 'TWO_FACTOR_NOT_ENABLED']);
    const user = await enrolledUser(t.app);
    const wrong = await user.client.post('/two-factor/generate-backup-codes', { password: 'Wrong-Password-3' });
    expect(wrong.json.code).toBe('INVALID_PASSWORD');
    const res = await user.client.post('/two-factor/generate-backup-codes', { password: PASSWORD });
    expect(res.json.status).toBe(true);
    expect(res.json.backupCodes).toHaveLength(10);
    const old = await user.client.post('/two-factor/verify-backup-code', { code: user.backupCodes[0] });
    expect([old.status, old.json.code]).toEqual([401, 'INVALID_BACKUP_CODE']);
    const fresh = await user.client.post('/two-factor/verify-backup-code', { code: res.json.backupCodes[0] });
    expect(fresh.status).toBe(200);
  });

  it('disable needs the password, turns two-factor off, deletes the row and rotates the session', async () => {
    const user = await enrolledUser(t.app);
    const wrong = await user.client.post('/two-factor/disable', { password: 'Wrong-Password-4' });
    expect([wrong.status, wrong.json.code]).toEqual([400, 'INVALID_PASSWORD']);
    const before = user.client.cookie('session_token')?.value;
    const res = await user.client.post('/two-factor/disable', { password: PASSWORD });
    expect(res.json).toEqual({ status: true });
    expect(user.client.cookie('session_token')?.value).not.toBe(before);
    expect(await sessionRows(user.userId)).toHaveLength(1);
    expect((await user.client.get('/get-session')).json.user.twoFactorEnabled).toBe(false);
    expect(await db().selectFrom('twoFactor').select('id').where('userId', '=', user.userId).execute()).toHaveLength(0);
    const signIn = await t.app.client().post('/sign-in/email', { email: user.email, password: PASSWORD });
    expect(typeof signIn.json.token).toBe('string');
  });

  it('by default emailed codes cannot be the only second factor: the mailbox would hold both', async () => {
    const user = await signUpUser(t.app);
    const enable = await user.client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
    expect([enable.status, enable.json.code]).toEqual([400, 'EMAILED_CODES_CANNOT_BE_THE_ONLY_SECOND_FACTOR']);
    const send = await user.client.post('/two-factor/send-otp', {});
    expect([send.status, send.json.code]).toEqual([400, 'EMAILED_CODES_CANNOT_BE_THE_ONLY_SECOND_FACTOR']);
    expect(t.app.mailer.messages.some((m) => m.to === user.email && m.kind === 'two-factor-otp')).toBe(false);
    const row = await db()
      .selectFrom('user')
      .select('twoFactorEnabled')
      .where('id', '=', user.userId)
      .executeTakeFirst();
    expect(Boolean(row?.twoFactorEnabled)).toBe(false);
    expect(await db().selectFrom('twoFactor').select('id').where('userId', '=', user.userId).execute()).toEqual([]);
  });
});

await describeOnDatabases(
  'two-factor with emailed codes alone (plugins.twoFactor.allowEmailOtpAlone)',
  { plugins: { twoFactor: { allowEmailOtpAlone: true } } },
  (t) => {
    it('method otp turns two-factor on at once, rotates the session and offers only the emailed code', async () => {
      const user = await signUpUser(t.app);
      const before = user.client.cookie('session_token')?.value;
      const res = await user.client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
      expect(res.json).toEqual({ method: 'otp' });
      expect(user.client.cookie('session_token')?.value).not.toBe(before);
      expect((await user.client.get('/get-session')).json.user.twoFactorEnabled).toBe(true);
      const signIn = await t.app.client().post('/sign-in/email', { email: user.email, password: PASSWORD });
      expect(signIn.json).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
    });

    it('an emailed code in the settings session turns two-factor on', async () => {
      const user = await signUpUser(t.app);
      const none = await user.client.post('/two-factor/verify-otp', { code: '123456' });
      expect([none.status, none.json.code]).toEqual([400, 'OTP_HAS_EXPIRED']);
      expect((await user.client.post('/two-factor/send-otp', {})).json).toEqual({ status: true });
      const mail = t.app.mailer.messages.filter((m) => m.to === user.email && m.kind === 'two-factor-otp').at(-1);
      const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
      const res = await user.client.post('/two-factor/verify-otp', { code });
      expect(res.status).toBe(200);
      expect(res.json.user.twoFactorEnabled).toBe(true);
      expect((await user.client.post('/two-factor/verify-otp', { code })).json.code).toBe('OTP_HAS_EXPIRED');
    });
  },
);

await describeOnDatabases('two-factor switched off', { plugins: { twoFactor: false } }, (t) => {
  it('has no endpoints', async () => {
    const user = await signUpUser(t.app);
    expect((await user.client.post('/two-factor/enable', { password: PASSWORD })).status).toBe(404);
  });
});
