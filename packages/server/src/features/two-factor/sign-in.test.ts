/** The sign-in challenge: TOTP windows and replay, attempt limits, lockout, emailed codes, backup codes, trust. */
import { expect, it } from 'vitest';
import { describeOnDatabases, PASSWORD } from '../../test/harness.ts';
import { challenged, codeFor, enrolledUser, toMidStep } from '../../test/two-factor.ts';

await describeOnDatabases('two-factor sign-in', { plugins: { username: {} } }, (t) => {
  const db = () => t.app.auth.deps.db;
  const sessionCount = async (userId: string) =>
    (await db().selectFrom('session').select('id').where('userId', '=', userId).execute()).length;

  it('a password sign-in creates no session: it answers the challenge and sets the two_factor cookie', async () => {
    toMidStep(t.app);
    const user = await enrolledUser(t.app);
    const before = await sessionCount(user.userId);
    const client = t.app.client();
    const res = await client.post('/sign-in/email', { email: user.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
    expect(await sessionCount(user.userId)).toBe(before);
    const lines = res.setCookies.join('\n');
    expect(lines).toMatch(/\.session_token=; Max-Age=0/);
    expect(lines).toMatch(/\.two_factor=2fa-[\w-]+\.[^;]+; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax/);
    expect((await client.get('/get-session')).json).toBeNull();
  });

  it('verify-totp accepts the neighbouring steps, refuses further ones, and creates the session', async () => {
    toMidStep(t.app);
    const user = await enrolledUser(t.app);
    const client = await challenged(t.app, user.email);
    for (const offset of [-2, 2]) {
      const res = await client.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri, offset) });
      expect([res.status, res.json.code]).toEqual([401, 'INVALID_CODE']);
    }
    const ok = await client.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri, -1) });
    expect(ok.status).toBe(200);
    expect(ok.json.user.id).toBe(user.userId);
    expect(ok.setCookies.join('\n')).toMatch(/two_factor=; Max-Age=0/);
    expect((await client.get('/get-session')).json.session.userId).toBe(user.userId);
    // the challenge is spent
    const again = await client.fresh().post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) });
    expect(again.json.code).toBe('INVALID_TWO_FACTOR_COOKIE');
  });

  it('a code that completed a sign-in is refused for another one within its window (replay)', async () => {
    toMidStep(t.app);
    const user = await enrolledUser(t.app);
    const code = codeFor(t.app, user.uri);
    const first = await challenged(t.app, user.email);
    expect((await first.post('/two-factor/verify-totp', { code })).status).toBe(200);
    const second = await challenged(t.app, user.email);
    const replay = await second.post('/two-factor/verify-totp', { code });
    expect([replay.status, replay.json.code]).toEqual([401, 'INVALID_CODE']);
    // an older step is refused as well; the next step's code works
    expect((await second.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri, -1) })).status).toBe(401);
    t.app.clock.advance(30);
    expect((await second.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) })).status).toBe(200);
  });

  it('the challenge expires after 600 seconds', async () => {
    const user = await enrolledUser(t.app);
    const client = await challenged(t.app, user.email);
    t.app.clock.advance(601);
    const res = await client.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) });
    expect([res.status, res.json.code]).toEqual([401, 'INVALID_TWO_FACTOR_COOKIE']);
  });

  it('without a session or a challenge the verify endpoints answer INVALID_TWO_FACTOR_COOKIE', async () => {
    const client = t.app.client();
    for (const path of ['/two-factor/verify-totp', '/two-factor/verify-otp', '/two-factor/verify-backup-code']) {
      const res = await client.post(path, { code: '123456' });
      expect([res.status, res.json.code], path).toEqual([401, 'INVALID_TWO_FACTOR_COOKIE']);
    }
    expect((await client.post('/two-factor/send-otp', {})).json.code).toBe('INVALID_TWO_FACTOR_COOKIE');
  });

  it('five wrong codes spend the challenge; ten in a row lock the account for 15 minutes', async () => {
    toMidStep(t.app);
    const user = await enrolledUser(t.app);
    const wrong = () => codeFor(t.app, user.uri, 5);
    const first = await challenged(t.app, user.email);
    for (let i = 0; i < 5; i++)
      expect((await first.post('/two-factor/verify-totp', { code: wrong() })).status).toBe(401);
    const spent = await first.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) });
    expect([spent.status, spent.json.code]).toEqual([400, 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);
    expect((await first.post('/two-factor/verify-totp', { code: wrong() })).json.code).toBe(
      'INVALID_TWO_FACTOR_COOKIE',
    );

    const second = await challenged(t.app, user.email);
    for (let i = 0; i < 4; i++)
      expect((await second.post('/two-factor/verify-backup-code', { code: 'xxxxx-xxxxx' })).status).toBe(401);
    const tenth = await second.post('/two-factor/verify-totp', { code: wrong() });
    expect([tenth.status, tenth.json.code]).toEqual([429, 'ACCOUNT_TEMPORARILY_LOCKED']);
    // locked: even the right code (or a backup code) is refused, in a new challenge too
    const third = await challenged(t.app, user.email);
    const locked = await third.post('/two-factor/verify-backup-code', { code: user.backupCodes[0] });
    expect([locked.status, locked.json.code]).toEqual([429, 'ACCOUNT_TEMPORARILY_LOCKED']);
    t.app.clock.advance(901);
    const later = await challenged(t.app, user.email);
    expect((await later.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) })).status).toBe(200);
    const row = await db()
      .selectFrom('twoFactor')
      .selectAll()
      .where('userId', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect([Number(row.failedVerificationCount), row.lockedUntil]).toEqual([0, null]);
  });

  it('each lock lasts longer than the one before, until a right code ends the run', async () => {
    toMidStep(t.app);
    const user = await enrolledUser(t.app);
    const wrong = () => codeFor(t.app, user.uri, 5);
    /** Ten wrong codes in two challenges (each allows five); the tenth locks. */
    const tenWrong = async () => {
      for (let round = 0; round < 2; round++) {
        const client = await challenged(t.app, user.email);
        for (let i = 0; i < 5; i++) await client.post('/two-factor/verify-totp', { code: wrong() });
      }
    };
    const lockedFor = async () => {
      const row = await db()
        .selectFrom('twoFactor')
        .select('lockedUntil')
        .where('userId', '=', user.userId)
        .executeTakeFirstOrThrow();
      const until = row.lockedUntil instanceof Date ? row.lockedUntil : new Date(row.lockedUntil as string | number);
      return Math.round((until.getTime() - t.app.clock.now().getTime()) / 1000);
    };
    const seen: number[] = [];
    for (let lock = 0; lock < 3; lock++) {
      await tenWrong();
      seen.push(await lockedFor());
      t.app.clock.advance(seen.at(-1) ?? 0);
      t.app.clock.advance(1);
    }
    // 15 minutes, then 30, then an hour: a guesser who waits gets fewer tries each day
    expect(seen.map((s, i) => Math.abs(s - ([900, 1800, 3600][i] ?? 0)) <= 2)).toEqual([true, true, true]);
    toMidStep(t.app);
    const right = await challenged(t.app, user.email);
    expect((await right.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) })).status).toBe(200);
    // a success ends the run: the next ten wrong codes lock for 15 minutes again
    await tenWrong();
    expect(Math.abs((await lockedFor()) - 900)).toBeLessThanOrEqual(2);
  });

  it('an emailed code completes the sign-in once, within its 3 minutes and 5 tries', async () => {
    const user = await enrolledUser(t.app);
    const client = await challenged(t.app, user.email);
    const send = async () => {
      expect((await client.post('/two-factor/send-otp', {})).json).toEqual({ status: true });
      const mail = t.app.mailer.messages.filter((m) => m.to === user.email && m.kind === 'two-factor-otp').at(-1);
      return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    };
    const expired = await send();
    t.app.clock.advance(181);
    expect((await client.post('/two-factor/verify-otp', { code: expired })).json.code).toBe('OTP_HAS_EXPIRED');
    const code = await send();
    const bad = code === '000000' ? '111111' : '000000';
    const res = await client.post('/two-factor/verify-otp', { code: bad });
    expect([res.status, res.json.code]).toEqual([401, 'INVALID_CODE']);
    // the code is stored as an HMAC only
    const rows = await db()
      .selectFrom('verification')
      .select('value')
      .where('identifier', 'like', '2fa-otp:%')
      .execute();
    for (const r of rows) expect(r.value).not.toContain(code);
    const ok = await client.post('/two-factor/verify-otp', { code });
    expect(ok.status).toBe(200);
    expect((await client.get('/get-session')).json.user.id).toBe(user.userId);
  });

  it('a backup code signs in once; two concurrent uses of one code let exactly one through', async () => {
    const user = await enrolledUser(t.app);
    const [code, other] = user.backupCodes;
    const first = await challenged(t.app, user.email);
    expect((await first.post('/two-factor/verify-backup-code', { code })).status).toBe(200);
    const second = await challenged(t.app, user.email);
    expect((await second.post('/two-factor/verify-backup-code', { code })).json.code).toBe('INVALID_BACKUP_CODE');

    const a = await challenged(t.app, user.email);
    const b = await challenged(t.app, user.email);
    const results = await Promise.all([a, b].map((c) => c.post('/two-factor/verify-backup-code', { code: other })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(results.find((r) => r.status !== 200)?.json.code).toMatch(
      /^(INVALID_BACKUP_CODE|FAILED_TO_VERIFY_BACKUP_CODE_PLEASE_TRY_AGAIN)$/,
    );
  });

  it('a trusted device skips the challenge, its cookie rotates on each use and lapses after 30 days', async () => {
    toMidStep(t.app);
    const user = await enrolledUser(t.app);
    const client = await challenged(t.app, user.email);
    const res = await client.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri), trustDevice: true });
    expect(res.setCookies.join('\n')).toMatch(/trust_device=[^;]+; Max-Age=2592000;/);
    const firstTrust = client.cookie('trust_device')?.value;
    const stolen = { ...client.cookie('trust_device') };

    const again = await client.post('/sign-in/email', { email: user.email, password: PASSWORD });
    expect(typeof again.json.token).toBe('string');
    expect(client.cookie('trust_device')?.value).not.toBe(firstTrust);
    // the rotated-out cookie is worth nothing in another browser
    const thief = t.app.client();
    thief.jar.set(stolen.name ?? '', stolen.value ?? '');
    expect((await thief.post('/sign-in/email', { email: user.email, password: PASSWORD })).json.twoFactorRedirect).toBe(
      true,
    );

    t.app.clock.advance(2_592_001);
    expect(
      (await client.post('/sign-in/email', { email: user.email, password: PASSWORD })).json.twoFactorRedirect,
    ).toBe(true);
  });

  it('disable forgets the trusted devices', async () => {
    toMidStep(t.app);
    const user = await enrolledUser(t.app);
    const client = await challenged(t.app, user.email);
    await client.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri), trustDevice: true });
    const res = await client.post('/two-factor/disable', { password: PASSWORD });
    expect(res.setCookies.join('\n')).toMatch(/trust_device=; Max-Age=0/);
    const rows = await db()
      .selectFrom('verification')
      .select('id')
      .where('identifier', 'like', `trust-device:${user.userId}:%`)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('rememberMe:false is carried through the challenge; /sign-in/username is challenged too', async () => {
    toMidStep(t.app);
    const username = `tf_${Math.random().toString(36).slice(2, 8)}`;
    const user = await enrolledUser(t.app, { username });
    const client = t.app.client();
    const res = await client.post('/sign-in/username', { username, password: PASSWORD, rememberMe: false });
    expect(res.json.twoFactorRedirect).toBe(true);
    const ok = await client.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) });
    const line = ok.setCookies.find((l) => /^[\w.-]+\.session_token=/.test(l)) ?? '';
    expect(line).not.toContain('Max-Age');
    expect(client.cookie('dont_remember')).toBeDefined();
  });

  it('a banned user who passes the second factor still gets no session', async () => {
    toMidStep(t.app);
    const user = await enrolledUser(t.app);
    const client = await challenged(t.app, user.email);
    await db().updateTable('user').set({ banned: true }).where('id', '=', user.userId).execute();
    const res = await client.post('/two-factor/verify-totp', { code: codeFor(t.app, user.uri) });
    expect([res.status, res.json.code]).toEqual([403, 'BANNED_USER']);
  });
});
