/**
 * GET /export-user-data: the person downloads what Latch keeps about them (profile,
 * linked accounts, sessions, whether a second factor is set up), never a secret, and only
 * they can: signed out is 401, an admin acting as them is 403.
 */
import { afterAll, expect, it } from 'vitest';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';
import { socialSignIn, startGithubFake } from '../../test/social-sign-in.ts';
import { enrolledUser } from '../../test/two-factor.ts';

const github = await startGithubFake();
afterAll(() => github.close());

await describeOnDatabases(
  "exporting one's data",
  { socialProviders: { github: github.options }, plugins: { admin: { adminRoles: ['admin'] } } },
  (t) => {
    it('holds the profile, the linked accounts, the sessions and the second factor, and no secret', async () => {
      const me = await enrolledUser(t.app);
      const res = await me.client.get('/export-user-data');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('attachment');
      expect(res.headers.get('cache-control')).toContain('no-store');
      const data = res.json;
      expect(data.user).toMatchObject({ id: me.userId, email: me.email, twoFactorEnabled: true });
      expect(data.accounts.map((a: { providerId: string }) => a.providerId)).toEqual(['credential']);
      const current = (await me.client.get('/get-session')).json.session.id;
      expect(data.sessions.map((s: { id: string }) => s.id)).toEqual([current]);
      expect(data.twoFactor).toEqual({ enabled: true, authenticatorApp: true });
      const text = res.text;
      const secret = new URL(me.uri).searchParams.get('secret') ?? '';
      const stored = await t.db.handle.db
        .selectFrom('account')
        .select('password')
        .where('userId', '=', me.userId)
        .executeTakeFirstOrThrow();
      for (const hidden of [secret, stored.password ?? 'no-hash', ...me.backupCodes, PASSWORD])
        expect(text.includes(hidden)).toBe(false);
    });

    it('lists a linked provider by its id, without its tokens', async () => {
      const login = `octo-${Math.random().toString(36).slice(2, 8)}`;
      const client = t.app.client();
      const signedIn = await socialSignIn(github, client, github.profile({ email: `${login}@example.test` }));
      expect(signedIn.location).toBe('/after');
      const res = await client.get('/export-user-data');
      expect(res.status).toBe(200);
      expect(res.json.accounts.map((a: { providerId: string }) => a.providerId)).toEqual(['github']);
      const tokens = await t.db.handle.db
        .selectFrom('account')
        .select(['accessToken', 'refreshToken'])
        .where('providerId', '=', 'github')
        .execute();
      for (const row of tokens)
        for (const value of Object.values(row)) if (value) expect(res.text.includes(String(value))).toBe(false);
      expect(res.text).not.toMatch(/accessToken|refreshToken|idToken/);
    });

    // a copied cookie is a way to everything the person's sessions and accounts say about them:
    // like list-sessions (fresh) and more, the download asks for a recent sign-in (docs/security.md rule 3)
    it('needs a recent sign-in: a copied cookie gets nothing, and the password renews it', async () => {
      const owner = await signUpUser(t.app);
      const thief = t.app.client();
      for (const [k, v] of owner.client.jar) thief.jar.set(k, v);
      const sessionRows = () =>
        t.db.handle.db
          .selectFrom('session')
          .select(['id', 'expiresAt', 'updatedAt'])
          .where('userId', '=', owner.userId)
          .orderBy('id')
          .execute();
      for (const seconds of [601, 2 * 86_400]) {
        t.app.clock.advance(seconds);
        const before = await sessionRows();
        const res = await thief.get('/export-user-data');
        expect([res.status, res.json.code]).toEqual([403, 'REAUTHENTICATION_REQUIRED']);
        expect(res.text).not.toContain(owner.email);
        expect(await sessionRows()).toEqual(before);
      }
      expect((await owner.client.post('/verify-password', { password: PASSWORD })).status).toBe(200);
      const res = await owner.client.get('/export-user-data');
      expect([res.status, res.json.user.id]).toEqual([200, owner.userId]);
      expect((await thief.get('/export-user-data')).status).toBe(401);
    });

    it('is refused signed out, and to an admin acting as the person', async () => {
      expect((await t.app.client().get('/export-user-data')).status).toBe(401);
      const person = await signUpUser(t.app);
      const admin = await signUpUser(t.app);
      await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
      const adminBrowser = t.app.client();
      await adminBrowser.post('/sign-in/email', { email: admin.email, password: PASSWORD });
      expect((await adminBrowser.post('/admin/impersonate-user', { userId: person.userId })).status).toBe(200);
      const res = await adminBrowser.get('/export-user-data');
      expect([res.status, res.json.code]).toEqual([403, 'NOT_ALLOWED_WHILE_IMPERSONATING']);
    });
  },
);
