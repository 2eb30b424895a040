/**
 * Pre-account hijacking (issue 15, better-auth's GHSA-qq9h-g4jm-xgf3), on every database:
 * a stranger signs up with the victim's address and a password, never verifies, stays
 * signed in, adds a passkey, turns two-factor on and leaves a reset link pending. The victim then proves
 * the mailbox, by magic link, by sign-in code or by reset code. The stranger's password,
 * passkey, second factor, sessions and links are void afterwards, and the victim is told by mail.
 */
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { BASE_URL, describeOnDatabases, PASSWORD, signUpUser, signUpVerifiedUser } from '../../test/harness.ts';
import { codeOf, lastMailOf, magicLinkOf, mailCount } from '../../test/mailbox-proof.ts';
import { SoftwareAuthenticator } from '../../test/passkey-authenticator.ts';
import { registerPasskey, signInWithPasskey } from '../../test/passkeys.ts';
import { codeFor } from '../../test/two-factor.ts';

const NEW_PASSWORD = 'Owner-Chosen-Pass-31';

await describeOnDatabases(
  'a proven mailbox over an account nobody had proven',
  { plugins: { magicLink: {}, emailOTP: {}, passkey: {} } },
  (t) => {
    interface Squatted {
      email: string;
      userId: string;
      squatter: TestClient;
      authenticator: SoftwareAuthenticator;
    }

    /** The stranger's set-up: password, a session, a passkey, two-factor on, a reset link pending. */
    async function squat(): Promise<Squatted> {
      const email = `victim-${Math.random().toString(36).slice(2, 10)}@example.test`;
      const { client: squatter, userId } = await signUpUser(t.app, { email });
      const authenticator = new SoftwareAuthenticator({ origin: BASE_URL });
      expect((await registerPasskey(squatter, authenticator)).res.status).toBe(200);
      const enabled = await squatter.post('/two-factor/enable', { password: PASSWORD });
      expect(
        (await squatter.post('/two-factor/verify-totp', { code: codeFor(t.app, enabled.json.totpURI) })).status,
      ).toBe(200);
      await t.app.client().post('/request-password-reset', { email, redirectTo: '/reset' });
      const pending = await t.db.handle.db
        .selectFrom('verification')
        .select('id')
        .where('value', '=', userId)
        .execute();
      expect(pending.length).toBeGreaterThan(0);
      return { email, userId, squatter, authenticator };
    }

    async function expectVoided(
      { email, userId, squatter, authenticator }: Squatted,
      owner: TestClient,
    ): Promise<void> {
      const db = t.db.handle.db;
      // the stranger's session, password, passkey and second factor are gone
      expect((await squatter.get('/get-session')).json).toBeNull();
      expect((await t.app.client().post('/sign-in/email', { email, password: PASSWORD })).status).toBe(401);
      expect((await signInWithPasskey(t.app.client(), authenticator)).res.status).toBe(401);
      expect(await db.selectFrom('passkey').select('id').where('userId', '=', userId).execute()).toEqual([]);
      expect(await db.selectFrom('twoFactor').select('id').where('userId', '=', userId).execute()).toEqual([]);
      // and every link issued before the proof
      expect(await db.selectFrom('verification').select('id').where('value', '=', userId).execute()).toEqual([]);
      const user = await db
        .selectFrom('user')
        .select(['emailVerified', 'twoFactorEnabled'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect([Boolean(user.emailVerified), Boolean(user.twoFactorEnabled)]).toEqual([true, false]);
      // the owner is in, and told what happened
      expect((await owner.get('/get-session')).json.user.id).toBe(userId);
      const notice = lastMailOf(t.app, email, 'security-unproven-access-removed');
      expect(notice.text).toContain(email);
      const event = await db
        .selectFrom('auditEvent')
        .select('details')
        .where('targetId', '=', userId)
        .where('type', '=', 'email.verified')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(String(event.details))).toMatchObject({
        accountsRemoved: 1,
        webauthnCredentialsRemoved: 1,
        twoFactorRemoved: true,
      });
    }

    it('by a magic link', async () => {
      const squatted = await squat();
      await t.app.client().post('/sign-in/magic-link', { email: squatted.email });
      const owner = t.app.client();
      const res = await owner.get(magicLinkOf(t.app, squatted.email));
      expect([res.status, res.location]).toEqual([302, '/']);
      await expectVoided(squatted, owner);
      // the stranger's pending reset link went with the rest
      const resetToken = /\/reset-password\/([A-Za-z0-9]+)/.exec(
        lastMailOf(t.app, squatted.email, 'reset-password').text,
      );
      const reset = await t.app.client().post('/reset-password', { token: resetToken?.[1], newPassword: NEW_PASSWORD });
      expect(reset.json.code).toBe('INVALID_TOKEN');
    });

    it('by a sign-in code', async () => {
      const squatted = await squat();
      await t.app.client().post('/email-otp/send-verification-otp', { email: squatted.email, type: 'sign-in' });
      const owner = t.app.client();
      const res = await owner.post('/sign-in/email-otp', {
        email: squatted.email,
        otp: codeOf(t.app, squatted.email, 'email-otp-sign-in'),
      });
      expect(res.status).toBe(200);
      await expectVoided(squatted, owner);
    });

    it('by a reset code: no second factor of the stranger is asked, and the new password is the only one', async () => {
      const squatted = await squat();
      await t.app.client().post('/email-otp/request-password-reset', { email: squatted.email });
      const reset = await t.app.client().post('/email-otp/reset-password', {
        email: squatted.email,
        otp: codeOf(t.app, squatted.email, 'email-otp-reset-password'),
        password: NEW_PASSWORD,
      });
      expect([reset.status, reset.json]).toEqual([200, { success: true }]);
      const owner = t.app.client();
      expect((await owner.post('/sign-in/email', { email: squatted.email, password: NEW_PASSWORD })).status).toBe(200);
      await expectVoided(squatted, owner);
    });

    it('an account whose address was proven keeps its password, sessions and quiet', async () => {
      const { email, client, userId } = await signUpVerifiedUser(t.app);
      await t.app.client().post('/sign-in/magic-link', { email });
      expect((await t.app.client().get(magicLinkOf(t.app, email))).status).toBe(302);
      expect((await client.get('/get-session')).json.user.id).toBe(userId);
      expect((await t.app.client().post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
      expect(mailCount(t.app, email, 'security-unproven-access-removed')).toBe(0);
    });
  },
);
