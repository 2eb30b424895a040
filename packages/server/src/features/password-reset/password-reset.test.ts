import { expect, it } from 'vitest';
import { hashToken } from '../../core/crypto/hash.ts';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';
import { countMails, lastLink } from '../../test/mail-links.ts';

await describeOnDatabases('password reset', {}, (t) => {
  async function requestReset(email: string, redirectTo: string | null = '/reset', path = '/request-password-reset') {
    const res = await t.app.client().post(path, redirectTo === null ? { email } : { email, redirectTo });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: true,
      message: 'If this email exists in our system, check your email for the reset link',
    });
    const link = new URL(lastLink(t.app, email, 'reset-password', '/reset-password/'));
    return { link, token: link.pathname.split('/').pop() ?? '' };
  }

  const signIn = (email: string, password: string) => t.app.client().post('/sign-in/email', { email, password });

  it('mails a 24-character token link, stores only its hash, and answers alike for unknown addresses', async () => {
    const { email } = await signUpUser(t.app);
    const { link, token } = await requestReset(email);
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(link.origin + link.pathname).toBe(`http://localhost:3000/api/auth/reset-password/${token}`);
    expect(link.searchParams.get('callbackURL')).toBe('/reset');
    const row = await t.db.handle.db
      .selectFrom('verification')
      .selectAll()
      .where('identifier', '=', `reset-password:${hashToken(token)}`)
      .executeTakeFirst();
    expect(row).toBeDefined();
    const leaked = await t.db.handle.db
      .selectFrom('verification')
      .select('id')
      .where('identifier', 'like', `%${token}%`)
      .execute();
    expect(leaked).toHaveLength(0);

    const unknown = await t.app
      .client()
      .post('/request-password-reset', { email: 'nobody@example.test', redirectTo: '/reset' });
    expect(unknown.json).toEqual({
      status: true,
      message: 'If this email exists in our system, check your email for the reset link',
    });
    expect(countMails(t.app, 'nobody@example.test', 'reset-password')).toBe(0);
    const malformed = await t.app.client().post('/forget-password', { email: 'nope' });
    expect(malformed.status).toBe(400);
    const evil = await t.app.client().post('/request-password-reset', { email, redirectTo: 'https://evil.example/' });
    expect(evil.status).toBe(403);
    expect(evil.json.code).toBe('INVALID_REDIRECT_URL');
  });

  it('GET /reset-password/:token redirects with the token, or with error=INVALID_TOKEN', async () => {
    const { email } = await signUpUser(t.app);
    const { link, token } = await requestReset(email, '/reset', '/forget-password');
    const ok = await t.app.client().get(link.href);
    expect(ok.status).toBe(302);
    expect(ok.location).toBe(`http://localhost:3000/reset?token=${token}`);
    const bad = await t.app
      .client()
      .get('/reset-password/abcdefghijklmnopqrstuvwx', { query: { callbackURL: '/reset' } });
    expect(bad.location).toBe('/reset?error=INVALID_TOKEN');
    const noCallback = await t.app.client().get(`/reset-password/${token}`);
    expect(noCallback.status).toBe(400);
    expect(noCallback.json.code).toBe('VALIDATION_ERROR');
    const evil = await t.app
      .client()
      .get(`/reset-password/${token}`, { query: { callbackURL: 'https://evil.example/' } });
    expect(evil.status).toBe(403);
    // a link requested without redirectTo carries an empty callbackURL
    const { link: bare } = await requestReset(email, null);
    expect(bare.searchParams.get('callbackURL')).toBe('');
    expect((await t.app.client().get(bare.href)).location).toMatch(/^http:\/\/localhost:3000\/\?token=/);
  });

  it('reset-password sets the password once, revokes sessions and notifies; reuse is INVALID_TOKEN', async () => {
    const { email, client } = await signUpUser(t.app);
    const { token } = await requestReset(email);
    const short = await t.app.client().post('/reset-password', { token, newPassword: 'short' });
    expect(short.json.code).toBe('PASSWORD_TOO_SHORT');
    const long = await t.app.client().post('/reset-password', { token, newPassword: 'x'.repeat(129) });
    expect(long.json.code).toBe('PASSWORD_TOO_LONG');
    const res = await t.app.client().post('/reset-password', { token, newPassword: 'Reset-Password-55' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: true });
    expect(res.setCookies).toHaveLength(0);
    expect((await signIn(email, 'Reset-Password-55')).status).toBe(200);
    expect((await signIn(email, PASSWORD)).status).toBe(401);
    expect((await client.get('/get-session')).json).toBeNull();
    // the link proved the address: the notice carries a link that undoes the change
    expect(countMails(t.app, email, 'security-password-changed')).toBe(1);
    const notice = t.app.mailer.messages.find((m) => m.to === email && m.kind === 'security-password-changed');
    expect(notice?.text).toMatch(/\/undo-change\?token=/);

    const again = await t.app.client().post('/reset-password', { token, newPassword: 'Reset-Password-66' });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('INVALID_TOKEN');
    expect((await t.app.client().get(`/reset-password/${token}`, { query: { callbackURL: '/reset' } })).location).toBe(
      '/reset?error=INVALID_TOKEN',
    );
    expect((await t.app.client().post('/reset-password', { newPassword: 'Reset-Password-77' })).json.code).toBe(
      'INVALID_TOKEN',
    );
  });

  it('accepts the token as a query parameter', async () => {
    const { email } = await signUpUser(t.app);
    const { token } = await requestReset(email);
    const res = await t.app
      .client()
      .post('/reset-password', { newPassword: 'Reset-Password-88' }, { query: { token } });
    expect(res.status).toBe(200);
    expect((await signIn(email, 'Reset-Password-88')).status).toBe(200);
  });

  it('an expired token is refused by both steps and the old password stays', async () => {
    const { email } = await signUpUser(t.app);
    const { link, token } = await requestReset(email);
    t.app.clock.advance(3601);
    expect((await t.app.client().get(link.href)).location).toBe('/reset?error=INVALID_TOKEN');
    const res = await t.app.client().post('/reset-password', { token, newPassword: 'Too-Late-Password-1' });
    expect(res.json.code).toBe('INVALID_TOKEN');
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('two concurrent resets with one token: exactly one succeeds', async () => {
    const { email } = await signUpUser(t.app);
    const { token } = await requestReset(email);
    const results = await Promise.all(
      ['Concurrent-Pass-A1', 'Concurrent-Pass-B2', 'Concurrent-Pass-C3'].map((newPassword) =>
        t.app.client().post('/reset-password', { token, newPassword }),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.json.code).toBe('INVALID_TOKEN');
    const signIns = await Promise.all(
      ['Concurrent-Pass-A1', 'Concurrent-Pass-B2', 'Concurrent-Pass-C3'].map((p) => signIn(email, p)),
    );
    expect(signIns.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('a mail that cannot be sent answers the same and leaves no token', async () => {
    const { email, userId } = await signUpUser(t.app);
    t.app.mailer.rejectAll(true);
    try {
      const res = await t.app.client().post('/request-password-reset', { email, redirectTo: '/reset' });
      expect(res.status).toBe(200);
      expect(res.json.status).toBe(true);
    } finally {
      t.app.mailer.rejectAll(false);
    }
    const tokens = await t.db.handle.db.selectFrom('verification').select('id').where('value', '=', userId).execute();
    expect(tokens).toHaveLength(0);
    expect(t.app.logger.lines.some((l) => l.level === 'error' && l.line.includes(userId))).toBe(true);
  });
});
