/**
 * A leaked database hands out no way in: after an account signs up, enrols an
 * authenticator app, receives backup codes, asks for a reset link and an undo link and
 * mints a JWT, no table holds any of those secrets in clear, nor the password, nor the
 * session token, on any of the three databases. (What it holds instead: SHA-256 of
 * tokens, an Argon2id hash, AES-256-GCM envelopes under a key that is not in the database.)
 */
import { expect, it } from 'vitest';
import { describeOnDatabases, PASSWORD, type SharedDatabase, verifyEmailOf } from '../test/harness.ts';
import { lastLink } from '../test/mail-links.ts';
import { enrolledUser } from '../test/two-factor.ts';

const TABLES = ['user', 'session', 'account', 'verification', 'twoFactor', 'jwks', 'rateLimit'] as const;

async function everything(db: SharedDatabase): Promise<string> {
  const dumps: unknown[] = [];
  for (const table of TABLES) dumps.push(await db.handle.db.selectFrom(table).selectAll().execute());
  return JSON.stringify(dumps, (_, v) => (Buffer.isBuffer(v) ? v.toString('utf8') : v));
}

await describeOnDatabases('secrets at rest', { plugins: { jwt: {} } }, (t) => {
  it('no table holds a password, session token, TOTP secret, backup code or mailed token in clear', async () => {
    const me = await enrolledUser(t.app);
    // a verified address, so that changes are announced with an undo link
    await verifyEmailOf(t.app, me.client, me.email);
    const secret = new URL(me.uri).searchParams.get('secret') ?? '';
    expect(secret.length).toBeGreaterThan(15);
    const sessionToken = decodeURIComponent(me.client.cookie('session_token')?.value ?? '').split('.')[0] ?? '';
    expect(sessionToken.length).toBeGreaterThan(20);
    const jwt = (await me.client.get('/token')).json.token as string;

    // a reset link (with the app's code it would work): its token
    await t.app.client().post('/request-password-reset', { email: me.email, redirectTo: '/reset' });
    const resetLink = lastLink(t.app, me.email, 'reset-password', '/reset-password/');
    const resetToken = new URL(resetLink).pathname.split('/').pop() ?? '';
    expect(resetToken.length).toBeGreaterThan(15);

    // a password change mails an undo link: its token
    const changed = await me.client.post('/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Brand-New-Horse-4-Battery',
    });
    expect(changed.status).toBe(200);
    const undoLink = lastLink(t.app, me.email, 'security-password-changed', '/undo-change');
    const undoToken = new URL(undoLink.replace(/&amp;/g, '&')).searchParams.get('token') ?? '';
    expect(undoToken.length).toBeGreaterThan(15);

    const dump = await everything(t.db);
    // the dump is real: it holds the account's address and its session rows
    expect(dump).toContain(me.email);
    for (const [what, value] of Object.entries({
      password: PASSWORD,
      'new password': 'Brand-New-Horse-4-Battery',
      'session token': sessionToken,
      'TOTP secret': secret,
      'reset token': resetToken,
      'undo token': undoToken,
      JWT: jwt,
      ...Object.fromEntries(me.backupCodes.map((code, i) => [`backup code ${i}`, code])),
    })) {
      expect(dump.includes(value), `${what} is stored in clear`).toBe(false);
    }
  });
});
