/**
 * The attacks of the security issue, replayed over HTTP as an attacker would, each on the
 * three databases: a mailbox reader against an account with an authenticator app (item 1),
 * a cookie thief with an old and with a recent cookie (item 2), a stranger who
 * pre-registered the owner's address (item 4), an admin acting as someone (item 5), and
 * reset links that outlive a reset (item 8). Every refusal also checks that the account's
 * ways in did not change.
 */
import { decodeJwt } from 'jose';
import { afterAll, expect, it } from 'vitest';
import type { TestClient } from '../test/client.ts';
import {
  describeOnDatabases,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  signUpVerifiedUser,
  type TestApp,
} from '../test/harness.ts';
import { lastLink } from '../test/mail-links.ts';
import { socialSignIn, startGithubFake } from '../test/social-sign-in.ts';
import { codeFor, enrolledUser, toMidStep } from '../test/two-factor.ts';

const github = await startGithubFake();
afterAll(() => github.close());

/** Everything that lets someone into an account: its address, password, links, second factor, sessions. */
async function waysIn(db: SharedDatabase, userId: string) {
  const q = db.handle.db;
  const user = await q
    .selectFrom('user')
    .select(['email', 'emailVerified', 'twoFactorEnabled'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const accounts = await q
    .selectFrom('account')
    .select(['providerId', 'accountId', 'password'])
    .where('userId', '=', userId)
    .orderBy('providerId')
    .execute();
  const twoFactor = await q
    .selectFrom('twoFactor')
    .select(['secret', 'verified'])
    .where('userId', '=', userId)
    .execute();
  const sessions = await q.selectFrom('session').select('id').where('userId', '=', userId).orderBy('id').execute();
  return {
    email: user.email,
    verified: Boolean(user.emailVerified),
    twoFactor: Boolean(user.twoFactorEnabled),
    accounts,
    twoFactorRows: twoFactor,
    sessions: sessions.map((s) => s.id),
  };
}

async function resetToken(app: TestApp, email: string): Promise<string> {
  await app.client().post('/request-password-reset', { email, redirectTo: '/reset' });
  const page = await app.client().get(lastLink(app, email, 'reset-password', '/reset-password/'));
  return new URL(page.location ?? '', 'http://x').searchParams.get('token') ?? '';
}

await describeOnDatabases(
  'takeover attempts',
  { socialProviders: { github: github.options }, plugins: { admin: { adminRoles: ['admin'] } } },
  (t) => {
    it('item 1: a mailbox reader cannot replace the password of an account with an authenticator app', async () => {
      toMidStep(t.app);
      const owner = await enrolledUser(t.app);
      await t.db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', owner.userId).execute();
      const before = await waysIn(t.db, owner.userId);
      const token = await resetToken(t.app, owner.email);
      const attacker = t.app.client();
      expect((await attacker.post('/reset-password/check', { token })).json).toEqual({
        valid: true,
        secondFactor: true,
      });
      const noCode = await attacker.post('/reset-password', { token, newPassword: 'Attacker-Pass-99' });
      expect([noCode.status, noCode.json.code]).toEqual([403, 'TWO_FACTOR_AUTHENTICATION_REQUIRED']);
      const guesses = [];
      for (let i = 0; i < 6; i++)
        guesses.push(
          (
            await attacker.post('/reset-password', {
              token,
              newPassword: 'Attacker-Pass-99',
              code: codeFor(t.app, owner.uri, 9 + i),
            })
          ).json.code,
        );
      expect(guesses).toEqual([...Array(5).fill('INVALID_CODE'), 'INVALID_TOKEN']);
      expect(await waysIn(t.db, owner.userId)).toEqual(before);
      // and the emailed code at sign-in needs the password, which the mailbox does not give
      const signIn = await attacker.post('/sign-in/email', { email: owner.email, password: 'Attacker-Pass-99' });
      expect(signIn.status).toBe(401);
    });

    it('item 1: the owner resets with the code of their app', async () => {
      toMidStep(t.app);
      const owner = await enrolledUser(t.app);
      // the owner's own address, proven: a reset of an address nobody proved claims the account instead (rule 6)
      await t.db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', owner.userId).execute();
      const token = await resetToken(t.app, owner.email);
      const res = await t.app.client().post('/reset-password', {
        token,
        newPassword: 'Owner-New-Pass-77',
        code: codeFor(t.app, owner.uri),
      });
      expect(res.status).toBe(200);
      expect(
        (await t.app.client().post('/sign-in/email', { email: owner.email, password: 'Owner-New-Pass-77' })).json
          .twoFactorRedirect,
      ).toBe(true);
    });

    it('item 2: with a copied cookie past the re-authentication window, the thief adds no way in', async () => {
      const owner = await signUpVerifiedUser(t.app);
      const thief: TestClient = t.app.client();
      for (const [k, v] of owner.client.jar) thief.jar.set(k, v);
      t.app.clock.advance(601);
      const before = await waysIn(t.db, owner.userId);
      const attempts: [string, Record<string, unknown>][] = [
        ['/change-email', { newEmail: 'thief@example.test' }],
        ['/link-social', { provider: 'github', callbackURL: '/x', disableRedirect: true }],
        ['/verify-password', { password: 'not-the-password' }],
        ['/change-password', { currentPassword: 'not-the-password', newPassword: 'Thief-Pass-12345' }],
        ['/two-factor/enable', { password: 'not-the-password' }],
        ['/two-factor/enable', { password: 'not-the-password', method: 'otp' }],
        ['/two-factor/send-otp', {}],
        ['/two-factor/verify-otp', { code: '000000' }],
        ['/delete-user', {}],
        ['/request-password-reset', { email: owner.email }],
      ];
      const answers = [];
      for (const [path, body] of attempts) answers.push([path, (await thief.post(path, body)).status]);
      expect(answers.filter(([, status]) => (status as number) < 400)).toEqual([['/request-password-reset', 200]]);
      // the owner signs everyone else out: the thief is left with nothing
      await owner.client.post('/verify-password', { password: PASSWORD });
      await owner.client.post('/revoke-other-sessions', {});
      expect((await thief.get('/get-session')).json).toBeNull();
      const after = await waysIn(t.db, owner.userId);
      expect({ ...after, sessions: [] }).toEqual({ ...before, sessions: [] });
      expect(after.sessions).toHaveLength(1);
      expect((await thief.get('/token')).status).toBe(401);
    });

    it('item 2: with a recent cookie, each way in the thief adds is announced with a link that undoes it', async () => {
      const owner = await signUpVerifiedUser(t.app);
      const thief: TestClient = t.app.client();
      for (const [k, v] of owner.client.jar) thief.jar.set(k, v);
      // a provider account with the owner's address (the only kind linking accepts)
      const linked = await socialSignIn(
        github,
        thief,
        github.profile({ email: owner.email }),
        { callbackURL: '/x' },
        '/link-social',
      );
      expect(linked.location).toBe('/x');
      // moving the address needs the owner's mailbox: it waits for approval, and the owner refuses
      await thief.post('/change-email', { newEmail: 'thief@example.test' });
      expect((await waysIn(t.db, owner.userId)).email).toBe(owner.email);
      const undo = new URL(lastLink(t.app, owner.email, 'security-provider-linked', '/undo-change'));
      expect((await t.app.client().post('/undo-change', { token: undo.searchParams.get('token') })).status).toBe(200);
      const refuse = new URL(lastLink(t.app, owner.email, 'change-email-confirmation', '/approve-email-change'));
      expect(
        (await t.app.client().post('/change-email/refuse', { token: refuse.searchParams.get('token') })).status,
      ).toBe(200);
      const after = await waysIn(t.db, owner.userId);
      expect(after.accounts.map((a) => a.providerId)).toEqual(['credential']);
      expect(after.sessions).toEqual([]);
      expect((await thief.get('/get-session')).json).toBeNull();
    });

    it('item 4: a reset by the owner removes what a stranger set up on their unverified address', async () => {
      const email = `victim-${Math.random().toString(36).slice(2, 8)}@example.test`;
      // the stranger signs up at a provider that does not vouch for the address
      const stranger = t.app.client();
      const profile = github.profile({ email, emailVerified: false });
      const first = await socialSignIn(github, stranger, profile);
      expect(first.location).toBe('/after');
      const userId = (await stranger.get('/get-session')).json.user.id as string;
      // an unverified address cannot link more providers either
      const more = await stranger.post('/link-social', { provider: 'github', disableRedirect: true });
      expect([more.status, more.json.code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
      // the owner reclaims the address by mail
      const token = await resetToken(t.app, email);
      expect((await t.app.client().post('/reset-password', { token, newPassword: 'Owner-Reclaims-1' })).status).toBe(
        200,
      );
      const after = await waysIn(t.db, userId);
      expect(after.verified).toBe(true);
      expect(after.accounts.map((a) => a.providerId)).toEqual(['credential']);
      expect(after.sessions).toEqual([]);
      expect((await stranger.get('/get-session')).json).toBeNull();
      // the stranger's provider account no longer signs in to it
      const again = await socialSignIn(github, t.app.client(), profile);
      expect(again.location).toContain('error=account_not_linked');
    });

    it('item 5: an admin acting as someone changes none of their credentials, and its JWT says so', async () => {
      const admin = await signUpVerifiedUser(t.app);
      await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
      const person = await signUpVerifiedUser(t.app);
      const before = await waysIn(t.db, person.userId);
      expect((await admin.client.post('/admin/impersonate-user', { userId: person.userId })).status).toBe(200);
      const refused: [string, Record<string, unknown>][] = [
        ['/link-social', { provider: 'github', disableRedirect: true }],
        ['/unlink-account', { providerId: 'credential' }],
        ['/change-password', { currentPassword: PASSWORD, newPassword: 'Admin-Chosen-123' }],
        ['/change-email', { newEmail: 'admin-chosen@example.test' }],
        ['/verify-password', { password: PASSWORD }],
        ['/two-factor/enable', { password: PASSWORD }],
        ['/two-factor/disable', { password: PASSWORD }],
        ['/two-factor/generate-backup-codes', { password: PASSWORD }],
        ['/two-factor/send-otp', {}],
      ];
      for (const [path, body] of refused) {
        const res = await admin.client.post(path, body);
        expect([path, res.status, res.json?.code]).toEqual([path, 403, 'NOT_ALLOWED_WHILE_IMPERSONATING']);
      }
      const jwt = decodeJwt((await admin.client.get('/token')).json.token);
      expect(jwt).toMatchObject({ sub: person.userId, impersonatedBy: admin.userId, act: { sub: admin.userId } });
      const after = await waysIn(t.db, person.userId);
      expect({ ...after, sessions: [] }).toEqual({ ...before, sessions: [] });
    });

    it('item 8: a reset voids the other reset links and trusted browsers; a password change does too', async () => {
      toMidStep(t.app);
      const owner = await enrolledUser(t.app);
      // the owner's own address, proven: a reset of an address nobody proved claims the account instead (rule 6)
      await t.db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', owner.userId).execute();
      const trusted = t.app.client();
      await trusted.post('/sign-in/email', { email: owner.email, password: PASSWORD });
      await trusted.post('/two-factor/verify-totp', { code: codeFor(t.app, owner.uri), trustDevice: true });
      const tokens = [
        await resetToken(t.app, owner.email),
        await resetToken(t.app, owner.email),
        await resetToken(t.app, owner.email),
      ];
      t.app.clock.advance(30);
      const used = await t.app.client().post('/reset-password', {
        token: tokens[1],
        newPassword: 'Reset-Once-Pass-1',
        code: codeFor(t.app, owner.uri),
      });
      expect(used.status).toBe(200);
      for (const token of [tokens[0], tokens[2]]) {
        const res = await t.app.client().post('/reset-password', { token, newPassword: 'Second-Reset-Pass-2' });
        expect(res.json.code).toBe('INVALID_TOKEN');
      }
      // the browser trusted before the reset is asked for the code again
      const again = await trusted.post('/sign-in/email', { email: owner.email, password: 'Reset-Once-Pass-1' });
      expect(again.json.twoFactorRedirect).toBe(true);

      // a sign-in half done with the old password (its second step pending) completes nothing after a reset
      const halfway = t.app.client();
      const first = await halfway.post('/sign-in/email', { email: owner.email, password: 'Reset-Once-Pass-1' });
      expect(first.json.twoFactorRedirect).toBe(true);
      t.app.clock.advance(30);
      const second = await t.app.client().post('/reset-password', {
        token: await resetToken(t.app, owner.email),
        newPassword: 'Reset-Twice-Pass-2',
        code: codeFor(t.app, owner.uri),
      });
      expect(second.status).toBe(200);
      t.app.clock.advance(30);
      const finished = await halfway.post('/two-factor/verify-totp', { code: codeFor(t.app, owner.uri) });
      expect(finished.status).toBe(401);
      expect((await halfway.get('/get-session')).json).toBeNull();

      // a password change voids a pending reset link as well
      const other = await signUpUser(t.app);
      const pending = await resetToken(t.app, other.email);
      await other.client.post('/change-password', { currentPassword: PASSWORD, newPassword: 'Changed-Pass-3333' });
      const late = await t.app.client().post('/reset-password', { token: pending, newPassword: 'Late-Reset-44444' });
      expect(late.json.code).toBe('INVALID_TOKEN');
    });
  },
);
