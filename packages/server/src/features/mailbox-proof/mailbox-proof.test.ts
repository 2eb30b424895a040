/**
 * Pre-account hijacking (issue 15, better-auth's GHSA-qq9h-g4jm-xgf3), on every database:
 * a stranger signs up with the victim's address and a password, never verifies, stays
 * signed in, adds a passkey, turns two-factor on and leaves a reset link pending. The victim then proves
 * the mailbox, by magic link, by sign-in code, by reset code or by reset link. The stranger's password,
 * passkey, second factor, sessions and links (a pending address change, undo links of changes
 * the stranger made before moving the account to the victim's address) are void afterwards,
 * and the victim is told by mail.
 */
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { BASE_URL, describeOnDatabases, PASSWORD, signUpUser, signUpVerifiedUser } from '../../test/harness.ts';
import { lastLink } from '../../test/mail-links.ts';
import { codeOf, lastMailOf, magicLinkOf, mailCount, snapshot } from '../../test/mailbox-proof.ts';
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

    /** The reset token of the newest (or, with `index`, the n-th) reset mail to `email`. */
    function resetTokenOf(email: string, index = -1): string {
      const mails = t.app.mailer.messages.filter((m) => m.to === email && m.kind === 'reset-password');
      const token = /\/reset-password\/([A-Za-z0-9]+)/.exec(mails.at(index)?.text ?? '')?.[1];
      if (!token) throw new Error(`no reset link mailed to ${email}`);
      return token;
    }

    /** Every row a refused request must leave as it was: snapshot()'s tables and the passkeys. */
    async function everything(): Promise<string> {
      const passkeys = await t.db.handle.db.selectFrom('passkey').selectAll().orderBy('id').execute();
      return `${await snapshot(t.db)}${JSON.stringify(passkeys)}`;
    }

    /** The victim's reset by the mailed link, with no second factor of anyone's. */
    async function resetByLink(email: string): Promise<void> {
      await t.app.client().post('/request-password-reset', { email, redirectTo: '/reset' });
      const token = resetTokenOf(email);
      const reset = await t.app.client().post('/reset-password', { token, newPassword: NEW_PASSWORD });
      expect([reset.status, reset.json]).toEqual([200, { status: true }]);
    }

    it('by a reset link: no second factor of the stranger is asked, and the passkey and every link go', async () => {
      const squatted = await squat();
      // the reset page is told that no second factor will be asked: the stranger's goes
      const check = await t.app.client().post('/reset-password/check', { token: resetTokenOf(squatted.email) });
      expect(check.json).toEqual({ valid: true, secondFactor: false });
      await resetByLink(squatted.email);
      const owner = t.app.client();
      expect((await owner.post('/sign-in/email', { email: squatted.email, password: NEW_PASSWORD })).status).toBe(200);
      await expectVoided(squatted, owner);
      // the stranger's pending reset link (the first one mailed) went with the rest, and changes nothing
      const before = await everything();
      const stale = await t.app.client().post('/reset-password', {
        token: resetTokenOf(squatted.email, 0),
        newPassword: 'Strangers-Pass-77',
      });
      expect(stale.json.code).toBe('INVALID_TOKEN');
      expect(await everything()).toBe(before);
    });

    it("the stranger's pending address change, mailed to the stranger's own address, dies with a reset link", async () => {
      const squatted = await squat();
      const strangersOwn = `stranger-${Math.random().toString(36).slice(2, 10)}@example.test`;
      // the current address was never proven, so the link goes straight to the new address
      expect((await squatted.squatter.post('/change-email', { newEmail: strangersOwn })).status).toBe(200);
      const link = lastLink(t.app, strangersOwn, 'change-email-verification', '/verify-email');
      await resetByLink(squatted.email);
      const before = await everything();
      const res = await squatted.squatter.get(link);
      // the link carries a callbackURL (the default /): the refusal is a redirect naming it
      expect([res.status, res.location]).toEqual([302, '/?error=invalid_token']);
      expect(await everything()).toBe(before);
      const row = await t.db.handle.db
        .selectFrom('user')
        .select(['email', 'emailVerified'])
        .where('id', '=', squatted.userId)
        .executeTakeFirstOrThrow();
      expect([row.email, Boolean(row.emailVerified)]).toEqual([squatted.email, true]);
      expect(
        (await t.app.client().post('/sign-in/email', { email: squatted.email, password: NEW_PASSWORD })).status,
      ).toBe(200);
    });

    /**
     * The stranger's account at their own, verified address: a password change (undo link to
     * the stranger), then a move to the victim's address approved from the stranger's
     * (another undo link to the stranger). The victim's address is unverified on the account.
     */
    async function moveIn(): Promise<{ email: string; userId: string; undoLinks: string[] }> {
      const stranger = await signUpVerifiedUser(t.app);
      const changed = await stranger.client.post('/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'Strangers-Pass-77',
      });
      expect(changed.status).toBe(200);
      const email = `victim-${Math.random().toString(36).slice(2, 10)}@example.test`;
      expect((await stranger.client.post('/change-email', { newEmail: email })).status).toBe(200);
      const approval = new URL(
        lastLink(t.app, stranger.email, 'change-email-confirmation', '/approve-email-change'),
      ).searchParams.get('token');
      expect((await t.app.client().post('/change-email/approve', { token: approval })).json).toEqual({ status: true });
      const row = await t.db.handle.db
        .selectFrom('user')
        .select(['email', 'emailVerified'])
        .where('id', '=', stranger.userId)
        .executeTakeFirstOrThrow();
      expect([row.email, Boolean(row.emailVerified)]).toEqual([email, false]);
      const undoLinks = ['security-password-changed', 'security-email-changed'].map(
        (kind) => new URL(lastLink(t.app, stranger.email, kind, '/undo-change')).searchParams.get('token') ?? '',
      );
      return { email, userId: stranger.userId, undoLinks };
    }

    async function expectUndoLinksVoid(moved: { email: string; userId: string; undoLinks: string[] }) {
      for (const token of moved.undoLinks) {
        const before = await everything();
        const res = await t.app.client().post('/undo-change', { token });
        expect([res.status, res.json.code, res.json.resetToken]).toEqual([400, 'INVALID_TOKEN', undefined]);
        expect(await everything()).toBe(before);
      }
      const row = await t.db.handle.db
        .selectFrom('user')
        .select(['email', 'emailVerified'])
        .where('id', '=', moved.userId)
        .executeTakeFirstOrThrow();
      expect([row.email, Boolean(row.emailVerified)]).toEqual([moved.email, true]);
    }

    it("undo links of the stranger's changes before the move die with a magic link", async () => {
      const moved = await moveIn();
      await t.app.client().post('/sign-in/magic-link', { email: moved.email });
      const owner = t.app.client();
      expect((await owner.get(magicLinkOf(t.app, moved.email))).status).toBe(302);
      await expectUndoLinksVoid(moved);
      expect((await owner.get('/get-session')).json.user.id).toBe(moved.userId);
    });

    it("undo links of the stranger's changes before the move die with a reset link", async () => {
      const moved = await moveIn();
      await resetByLink(moved.email);
      await expectUndoLinksVoid(moved);
      expect((await t.app.client().post('/sign-in/email', { email: moved.email, password: NEW_PASSWORD })).status).toBe(
        200,
      );
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
