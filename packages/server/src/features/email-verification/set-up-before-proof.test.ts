/**
 * A verification link for an account that has ways in beyond a password, set up while nobody
 * had proven its address (a second factor, a passkey, a provider). Anyone can have the mail
 * sent (send-verification-email, signed out), and a person who follows it for an account they
 * did not set up would make a stranger's account theirs in name only: the address verified,
 * the stranger's authenticator app then guarding the reset (docs/security.md rule 6). Followed
 * outside a session of that account, such a link verifies nothing (401 / `?error=unauthorized`)
 * and is not spent: whoever set the account up signs in and opens it again; the address's
 * owner can claim it with a reset link, which still removes what the stranger set up.
 */
import { expect, it } from 'vitest';
import { describeOnDatabases, type SharedDatabase, signUpUser } from '../../test/harness.ts';
import { lastLink } from '../../test/mail-links.ts';
import { codeOf } from '../../test/mailbox-proof.ts';
import { codeFor, enrolledUser } from '../../test/two-factor.ts';

async function accountState(db: SharedDatabase, userId: string) {
  const q = db.handle.db;
  const user = await q
    .selectFrom('user')
    .select(['email', 'emailVerified', 'twoFactorEnabled', 'updatedAt'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const sessions = await q.selectFrom('session').select('id').where('userId', '=', userId).orderBy('id').execute();
  const twoFactor = await q.selectFrom('twoFactor').select(['secret']).where('userId', '=', userId).execute();
  const secrets = await q.selectFrom('verification').select(['id', 'value']).orderBy('id').execute();
  return {
    user: { ...user, emailVerified: Boolean(user.emailVerified), twoFactorEnabled: Boolean(user.twoFactorEnabled) },
    sessions,
    twoFactor,
    secrets,
  };
}

await describeOnDatabases('a verification link for an account set up before its address was proven', {}, (t) => {
  it('signed out it verifies nothing and stays unspent; the account’s own session verifies with it', async () => {
    const stranger = await enrolledUser(t.app);
    // anyone, signed out, has the verification mail sent to the address
    const sent = await t.app
      .client()
      .post('/send-verification-email', { email: stranger.email, callbackURL: '/verified' });
    expect(sent.status).toBe(200);
    const link = lastLink(t.app, stranger.email, 'verify-email', '/verify-email');
    const before = await accountState(t.db, stranger.userId);

    const owner = t.app.client();
    const followed = await owner.get(link);
    expect(followed.status).toBe(302);
    expect(followed.location).toBe('/verified?error=unauthorized');
    const withoutCallback = new URL(link);
    withoutCallback.searchParams.delete('callbackURL');
    const json = await owner.get(withoutCallback.href);
    expect([json.status, json.json.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(await accountState(t.db, stranger.userId)).toEqual(before);

    // whoever set the account up opens it in their session: verified
    const own = await stranger.client.get(link);
    expect(own.status).toBe(302);
    expect(own.location).toBe('/verified');
    expect((await accountState(t.db, stranger.userId)).user.emailVerified).toBe(true);
  });

  it('the address’s owner claims the account with a reset link instead: the stranger’s factor and sessions go', async () => {
    const stranger = await enrolledUser(t.app);
    await t.app.client().post('/send-verification-email', { email: stranger.email, callbackURL: '/verified' });
    const owner = t.app.client();
    expect((await owner.get(lastLink(t.app, stranger.email, 'verify-email', '/verify-email'))).location).toBe(
      '/verified?error=unauthorized',
    );
    await owner.post('/request-password-reset', { email: stranger.email, redirectTo: '/reset' });
    const page = await owner.get(lastLink(t.app, stranger.email, 'reset-password', '/reset-password/'));
    const token = new URL(page.location ?? '', 'http://x').searchParams.get('token') ?? '';
    const reset = await owner.post('/reset-password', { token, newPassword: 'Owner-Reclaims-1' });
    expect(reset.status).toBe(200);
    const after = await accountState(t.db, stranger.userId);
    expect(after.user.emailVerified).toBe(true);
    expect(after.user.twoFactorEnabled).toBe(false);
    expect(after.twoFactor).toEqual([]);
    expect(after.sessions).toEqual([]);
    // the stranger's app no longer stands between the owner and the account
    const signIn = await t.app.client().post('/sign-in/email', { email: stranger.email, password: 'Owner-Reclaims-1' });
    expect(signIn.status).toBe(200);
    expect(signIn.json.twoFactorRedirect).toBeUndefined();
    expect(codeFor(t.app, stranger.uri)).toMatch(/^\d{6}$/);
  });

  it('an account with only its password is verified signed out, as the contract says', async () => {
    const person = await signUpUser(t.app);
    const link = lastLink(t.app, person.email, 'verify-email', '/verify-email');
    const followed = await t.app.client().get(link);
    expect(followed.status).toBe(302);
    expect(followed.location).not.toContain('error=');
    expect((await accountState(t.db, person.userId)).user.emailVerified).toBe(true);
  });
});

await describeOnDatabases('an emailed verification code for such an account', { plugins: { emailOTP: {} } }, (t) => {
  it('signed out it verifies nothing and stays unspent; typed in the account’s own session it verifies', async () => {
    const stranger = await enrolledUser(t.app);
    const sent = await t.app
      .client()
      .post('/email-otp/send-verification-otp', { email: stranger.email, type: 'email-verification' });
    expect(sent.status).toBe(200);
    const otp = codeOf(t.app, stranger.email, 'email-otp-verify-email');
    const before = await accountState(t.db, stranger.userId);
    const typed = await t.app.client().post('/email-otp/verify-email', { email: stranger.email, otp });
    expect([typed.status, typed.json.code]).toEqual([401, 'UNAUTHORIZED']);
    const after = await accountState(t.db, stranger.userId);
    // the refused try is the one change: the code's row counts it
    expect({ ...after, secrets: after.secrets.map((s) => s.id) }).toEqual({
      ...before,
      secrets: before.secrets.map((s) => s.id),
    });
    const own = await stranger.client.post('/email-otp/verify-email', { email: stranger.email, otp });
    expect(own.status).toBe(200);
    expect((await accountState(t.db, stranger.userId)).user.emailVerified).toBe(true);
  });
});
