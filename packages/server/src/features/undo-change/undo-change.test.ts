/**
 * "This wasn't me": each announced change is undone by its link, every session ends, and
 * nothing of the change is left to whoever made it. A link works once, and a GET of it
 * (a mail scanner) changes nothing.
 */
import { afterAll, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { describeOnDatabases, PASSWORD, signUpVerifiedUser, type TestApp } from '../../test/harness.ts';
import { lastLink } from '../../test/mail-links.ts';
import { codeOf, snapshot } from '../../test/mailbox-proof.ts';
import { socialSignIn, startGithubFake } from '../../test/social-sign-in.ts';
import { codeFor } from '../../test/two-factor.ts';

const github = await startGithubFake();
afterAll(() => github.close());

function undoToken(app: TestApp, to: string, kind: string): string {
  return new URL(lastLink(app, to, kind, '/undo-change')).searchParams.get('token') ?? '';
}

await describeOnDatabases(
  'undoing a change from its notice',
  { socialProviders: { github: github.options }, plugins: { emailOTP: {} } },
  (t) => {
    const db = () => t.db.handle.db;
    const sessionsOf = async (userId: string) =>
      (await db().selectFrom('session').select('id').where('userId', '=', userId).execute()).length;
    const passwordOf = async (userId: string) =>
      (
        await db()
          .selectFrom('account')
          .select('password')
          .where('userId', '=', userId)
          .where('providerId', '=', 'credential')
          .executeTakeFirst()
      )?.password ?? null;

    async function undo(token: string, client: TestClient = t.app.client()) {
      return client.post('/undo-change', { token });
    }

    it('a password change: every session ends, the new password is void, and the owner gets a fresh reset token', async () => {
      const user = await signUpVerifiedUser(t.app);
      const other = t.app.client();
      await other.post('/sign-in/email', { email: user.email, password: PASSWORD });
      await user.client.post('/change-password', { currentPassword: PASSWORD, newPassword: 'Someone-Elses-9-Pass' });
      const token = undoToken(t.app, user.email, 'security-password-changed');
      // following the link (GET of the page) does nothing by itself: the API takes a POST
      expect((await t.app.client().get(`/undo-change?token=${token}`)).status).toBe(404);
      expect(await sessionsOf(user.userId)).toBe(2);

      const res = await undo(token);
      expect(res.json).toMatchObject({ status: true, change: 'password-changed' });
      expect(res.json.resetToken).toMatch(/^[A-Za-z0-9]{24}$/);
      expect(await sessionsOf(user.userId)).toBe(0);
      expect(await passwordOf(user.userId)).toBeNull();
      expect(
        await t.db.handle.db
          .selectFrom('account')
          .select('id')
          .where('userId', '=', user.userId)
          .where('providerId', '=', 'credential')
          .execute(),
      ).toEqual([]);
      expect(
        (await t.app.client().post('/sign-in/email', { email: user.email, password: 'Someone-Elses-9-Pass' })).status,
      ).toBe(401);
      const reset = await t.app
        .client()
        .post('/reset-password', { token: res.json.resetToken, newPassword: 'Owners-Own-7-Pass' });
      expect(reset.status).toBe(200);
      expect(
        (await t.app.client().post('/sign-in/email', { email: user.email, password: 'Owners-Own-7-Pass' })).status,
      ).toBe(200);
      // once only
      expect((await undo(token)).json.code).toBe('INVALID_TOKEN');
    });

    it('a linked provider: the link is removed and every session ends', async () => {
      const user = await signUpVerifiedUser(t.app);
      const profile = github.profile({ email: user.email });
      await socialSignIn(github, user.client, profile, { callbackURL: '/linked' }, '/link-social');
      const token = undoToken(t.app, user.email, 'security-provider-linked');
      const res = await undo(token);
      expect(res.json).toMatchObject({ status: true, change: 'provider-linked', resetToken: null });
      const providers = await db()
        .selectFrom('account')
        .select('providerId')
        .where('userId', '=', user.userId)
        .execute();
      expect(providers.map((p) => p.providerId)).toEqual(['credential']);
      expect(await sessionsOf(user.userId)).toBe(0);
      expect((await user.client.get('/get-session')).json).toBeNull();
    });

    it('turning two-factor off: it comes back with the same app, and every session ends', async () => {
      const user = await signUpVerifiedUser(t.app);
      const enable = await user.client.post('/two-factor/enable', { password: PASSWORD });
      await user.client.post('/two-factor/verify-totp', { code: codeFor(t.app, enable.json.totpURI) });
      await user.client.post('/two-factor/disable', { password: PASSWORD });
      expect(
        (await db().selectFrom('user').select('twoFactorEnabled').where('id', '=', user.userId).executeTakeFirst())
          ?.twoFactorEnabled,
      ).toBeFalsy();
      const res = await undo(undoToken(t.app, user.email, 'security-two-factor-disabled'));
      expect(res.json).toMatchObject({ status: true, change: 'two-factor-disabled' });
      expect(await sessionsOf(user.userId)).toBe(0);
      const signIn = await t.app.client().post('/sign-in/email', { email: user.email, password: PASSWORD });
      expect(signIn.json.twoFactorRedirect).toBe(true);
      const browser = t.app.client();
      await browser.post('/sign-in/email', { email: user.email, password: PASSWORD });
      t.app.clock.advance(30);
      const done = await browser.post('/two-factor/verify-totp', { code: codeFor(t.app, enable.json.totpURI) });
      expect(done.status).toBe(200);
    });

    it('an address change: the old address comes back verified, and the password must be chosen again', async () => {
      const user = await signUpVerifiedUser(t.app);
      const newEmail = `moved-${Math.random().toString(36).slice(2, 8)}@example.test`;
      await user.client.post('/change-email', { newEmail });
      const approve = new URL(lastLink(t.app, user.email, 'change-email-confirmation', '/approve-email-change'));
      await t.app.client().post('/change-email/approve', { token: approve.searchParams.get('token') });
      const res = await undo(undoToken(t.app, user.email, 'security-email-changed'));
      expect(res.json).toMatchObject({ status: true, change: 'email-changed', emailRestored: true });
      const row = await db().selectFrom('user').selectAll().where('id', '=', user.userId).executeTakeFirstOrThrow();
      expect([row.email, Boolean(row.emailVerified)]).toEqual([user.email, true]);
      expect(await passwordOf(user.userId)).toBeNull();
      expect(await sessionsOf(user.userId)).toBe(0);
      // reset links mailed to the new address died with the undo
      expect(res.json.resetToken).toMatch(/^[A-Za-z0-9]{24}$/);
    });

    it('a forged, unknown or expired link changes nothing', async () => {
      const user = await signUpVerifiedUser(t.app);
      await user.client.post('/change-password', { currentPassword: PASSWORD, newPassword: 'Another-9-Password' });
      const token = undoToken(t.app, user.email, 'security-password-changed');
      const hash = await passwordOf(user.userId);
      expect((await undo('not-a-token')).json.code).toBe('INVALID_TOKEN');
      t.app.clock.advance(604_801);
      expect((await undo(token)).json.code).toBe('INVALID_TOKEN');
      expect(await passwordOf(user.userId)).toBe(hash);
      expect(await sessionsOf(user.userId)).toBe(1);
    });

    /** Posts an older undo link that must be void: refused, and the database as it was. */
    async function expectVoid(token: string) {
      const before = await snapshot(t.db);
      const res = await undo(token);
      expect([res.status, res.json.code, res.json.resetToken]).toEqual([400, 'INVALID_TOKEN', undefined]);
      expect(await snapshot(t.db)).toBe(before);
    }

    async function resetByLink(email: string, newPassword: string) {
      await t.app.client().post('/request-password-reset', { email, redirectTo: '/reset' });
      const token = new URL(lastLink(t.app, email, 'reset-password', '/reset-password/')).pathname.split('/').pop();
      expect((await t.app.client().post('/reset-password', { token, newPassword })).status).toBe(200);
    }

    it("a leaked password-change link is void after the owner's reset by link; the reset's own link works", async () => {
      const user = await signUpVerifiedUser(t.app);
      await user.client.post('/change-password', { currentPassword: PASSWORD, newPassword: 'Changed-Once-9-Pass' });
      const leaked = undoToken(t.app, user.email, 'security-password-changed');
      await resetByLink(user.email, 'Owners-Reset-7-Pass');
      await expectVoid(leaked);
      expect(
        (await t.app.client().post('/sign-in/email', { email: user.email, password: 'Owners-Reset-7-Pass' })).status,
      ).toBe(200);
      // the reset announced itself with a link of its own, mailed after the older ones went
      const own = undoToken(t.app, user.email, 'security-password-changed');
      expect(own).not.toBe(leaked);
      expect((await undo(own)).json).toMatchObject({ status: true, change: 'password-changed' });
    });

    it("a leaked password-change link is void after the owner's reset by emailed code", async () => {
      const user = await signUpVerifiedUser(t.app);
      await user.client.post('/change-password', { currentPassword: PASSWORD, newPassword: 'Changed-Once-9-Pass' });
      const leaked = undoToken(t.app, user.email, 'security-password-changed');
      await t.app.client().post('/email-otp/request-password-reset', { email: user.email });
      const reset = await t.app.client().post('/email-otp/reset-password', {
        email: user.email,
        otp: codeOf(t.app, user.email, 'email-otp-reset-password'),
        password: 'Owners-Reset-7-Pass',
      });
      expect(reset.status).toBe(200);
      await expectVoid(leaked);
      const own = undoToken(t.app, user.email, 'security-password-changed');
      expect((await undo(own)).json).toMatchObject({ status: true, change: 'password-changed' });
    });

    it("a password change voids older links that would clear the password, keeps its own and a provider link's", async () => {
      const user = await signUpVerifiedUser(t.app);
      const profile = github.profile({ email: user.email });
      await socialSignIn(github, user.client, profile, { callbackURL: '/linked' }, '/link-social');
      const provider = undoToken(t.app, user.email, 'security-provider-linked');
      await user.client.post('/change-password', { currentPassword: PASSWORD, newPassword: 'Changed-Once-9-Pass' });
      const leaked = undoToken(t.app, user.email, 'security-password-changed');
      const again = await user.client.post('/change-password', {
        currentPassword: 'Changed-Once-9-Pass',
        newPassword: 'Changed-Twice-9-Pass',
      });
      expect(again.status).toBe(200);
      await expectVoid(leaked);
      // undoing a provider link only takes back what was added: it stays
      expect((await undo(provider)).json).toMatchObject({ status: true, change: 'provider-linked' });
      const own = undoToken(t.app, user.email, 'security-password-changed');
      expect((await undo(own)).json).toMatchObject({ status: true, change: 'password-changed' });
    });

    it("an admin's new password voids the older links that would clear the password", async () => {
      const user = await signUpVerifiedUser(t.app);
      await user.client.post('/change-password', { currentPassword: PASSWORD, newPassword: 'Changed-Once-9-Pass' });
      const leaked = undoToken(t.app, user.email, 'security-password-changed');
      const admin = await signUpVerifiedUser(t.app);
      await db().updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
      const set = await admin.client.post('/admin/set-user-password', {
        userId: user.userId,
        newPassword: 'Admin-Chosen-9-Pass',
      });
      expect(set.status).toBe(200);
      await expectVoid(leaked);
      const signIn = await t.app
        .client()
        .post('/sign-in/email', { email: user.email, password: 'Admin-Chosen-9-Pass' });
      expect(signIn.status).toBe(200);
    });

    it("an address change's link, read by someone at the old address, is void after the owner's reset at the new one", async () => {
      const user = await signUpVerifiedUser(t.app);
      const newEmail = `moved-${Math.random().toString(36).slice(2, 8)}@example.test`;
      await user.client.post('/change-email', { newEmail });
      const approve = new URL(lastLink(t.app, user.email, 'change-email-confirmation', '/approve-email-change'));
      await t.app.client().post('/change-email/approve', { token: approve.searchParams.get('token') });
      const leaked = undoToken(t.app, user.email, 'security-email-changed');
      await resetByLink(newEmail, 'Owners-Reset-7-Pass');
      await expectVoid(leaked);
      const row = await db().selectFrom('user').select('email').where('id', '=', user.userId).executeTakeFirstOrThrow();
      expect(row.email).toBe(newEmail);
    });
  },
);
