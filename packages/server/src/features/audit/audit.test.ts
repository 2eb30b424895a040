/**
 * The audit log (docs/audit-log.md): each action over HTTP leaves its row, read back from
 * the table; a refused sign-in leaves its failure and nothing else; the admin list filters
 * and pages; and no row ever holds a token, code, secret or password of the actions.
 */
import { afterAll, expect, it } from 'vitest';
import { hashToken } from '../../core/crypto/hash.ts';
import {
  describeOnDatabases,
  PASSWORD,
  signUpUser,
  signUpVerifiedUser,
  type TestApp,
  verifyEmailOf,
} from '../../test/harness.ts';
import { lastLink } from '../../test/mail-links.ts';
import { errorOf, type GithubFake, socialSignIn, startGithubFake } from '../../test/social-sign-in.ts';
import { codeFor, enrolledUser } from '../../test/two-factor.ts';
import { sanitizeDetails } from './service.ts';

type Db = import('kysely').Kysely<import('../../core/db/schema.ts').Database>;

async function rowsAbout(db: Db, userId: string) {
  const rows = await db
    .selectFrom('auditEvent')
    .selectAll()
    .where((eb) => eb.or([eb('actorUserId', '=', userId), eb('targetId', '=', userId)]))
    .orderBy('createdAt')
    .execute();
  return rows.map((r) => ({ ...r, details: r.details === null ? null : (JSON.parse(r.details) as unknown) }));
}

async function makeAdmin(app: TestApp, db: Db) {
  const admin = await signUpUser(app);
  await db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  return admin;
}

await describeOnDatabases('the audit log', { user: { deleteUser: { enabled: true } } }, (t) => {
  const db = () => t.db.handle.db;

  it('sign-up, sign-in (with its method, IP and browser) and sign-out each leave a row', async () => {
    const user = await signUpUser(t.app);
    const client = t.app.client();
    t.app.clock.advance(1);
    const signIn = await client.post(
      '/sign-in/email',
      { email: user.email, password: PASSWORD },
      { ip: '203.0.113.7', headers: { 'user-agent': 'AuditTest/1.0' } },
    );
    expect(signIn.status).toBe(200);
    t.app.clock.advance(1);
    expect((await client.post('/sign-out', {}, { ip: '203.0.113.7' })).status).toBe(200);
    const rows = await rowsAbout(db(), user.userId);
    expect(rows.map((r) => [r.outcome, r.actorUserId, r.actorType])).toEqual(
      Array.from({ length: 4 }, () => ['success', user.userId, 'user']),
    );
    // the sign-up and the session it opens share one instant
    const first = rows.slice(0, 2).sort((x, y) => x.type.localeCompare(y.type));
    expect(first.map((r) => r.type)).toEqual(['sign_in', 'sign_up']);
    expect(first[1]?.details).toEqual({ method: 'email' });
    expect(first[0]?.details).toMatchObject({ method: 'sign-up' });
    expect(rows.slice(2).map((r) => r.type)).toEqual(['sign_in', 'sign_out']);
    expect(rows[2]).toMatchObject({ ipAddress: '203.0.113.7', userAgent: 'AuditTest/1.0', targetType: 'user' });
    expect(rows[2]?.details).toMatchObject({ method: 'password' });
    // the sign-out names the session the sign-in opened
    const opened = (rows[2]?.details as { sessionId?: string } | undefined)?.sessionId;
    expect(opened).toEqual(expect.any(String));
    expect(rows[3]?.details).toEqual({ sessionId: opened });
  });

  it('a refused sign-in writes exactly its failure event: no session, nothing else', async () => {
    const user = await signUpUser(t.app);
    const before = await db().selectFrom('auditEvent').select('id').execute();
    const sessionsBefore = await db().selectFrom('session').select('id').where('userId', '=', user.userId).execute();
    const wrong = await t.app.client().post('/sign-in/email', { email: user.email, password: 'Wrong-Horse-1-Battery' });
    expect([wrong.status, wrong.json.code]).toEqual([401, 'INVALID_EMAIL_OR_PASSWORD']);
    const after = await db().selectFrom('auditEvent').selectAll().execute();
    const added = after.filter((r) => !before.some((b) => b.id === r.id));
    expect(added.map((r) => [r.type, r.outcome, r.actorUserId, r.targetId, JSON.parse(r.details ?? 'null')])).toEqual([
      ['sign_in', 'failure', null, user.userId, { method: 'password', reason: 'wrong_password' }],
    ]);
    expect(await db().selectFrom('session').select('id').where('userId', '=', user.userId).execute()).toEqual(
      sessionsBefore,
    );
    // an address without an account: the reason only, never what was typed
    const unknown = await t.app
      .client()
      .post('/sign-in/email', { email: 'nobody-here@example.test', password: PASSWORD });
    expect(unknown.status).toBe(401);
    const last = await db()
      .selectFrom('auditEvent')
      .selectAll()
      .where('outcome', '=', 'failure')
      .where('targetId', 'is', null)
      .execute();
    expect(last.map((r) => JSON.parse(r.details ?? 'null'))).toContainEqual({
      method: 'password',
      reason: 'unknown_identity',
    });
    expect(JSON.stringify(last)).not.toContain('nobody-here');
  });

  it('session revocation, password change and two-factor changes each leave a row', async () => {
    const user = await enrolledUser(t.app);
    const other = t.app.client();
    await other.post('/sign-in/email', { email: user.email, password: PASSWORD });
    // the sign-in now stops at the second factor: no sign_in row until the code
    const code = codeFor(t.app, user.uri);
    expect((await other.post('/two-factor/verify-totp', { code })).status).toBe(200);
    expect((await user.client.post('/revoke-other-sessions', {})).status).toBe(200);
    const regenerated = await user.client.post('/two-factor/generate-backup-codes', { password: PASSWORD });
    expect(regenerated.status).toBe(200);
    const changed = await user.client.post('/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Another-Horse-7-Battery',
    });
    expect(changed.status).toBe(200);
    const disabled = await user.client.post('/two-factor/disable', { password: 'Another-Horse-7-Battery' });
    expect(disabled.status).toBe(200);
    const rows = await rowsAbout(db(), user.userId);
    const kinds = rows.map((r) => r.type);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'two_factor.enabled',
        'session.revoked',
        'two_factor.backup_codes_regenerated',
        'password.changed',
        'two_factor.disabled',
      ]),
    );
    const twoFactorSignIn = rows.find(
      (r) => r.type === 'sign_in' && (r.details as { method?: string }).method === 'two-factor',
    );
    expect(twoFactorSignIn).toMatchObject({ outcome: 'success', actorUserId: user.userId });
    expect(rows.find((r) => r.type === 'session.revoked')?.details).toEqual({ scope: 'others' });
  });

  it('a password reset leaves a row with the account, never the link', async () => {
    const user = await signUpUser(t.app);
    await t.app.client().post('/request-password-reset', { email: user.email, redirectTo: '/reset' });
    const token =
      new URL(lastLink(t.app, user.email, 'reset-password', '/reset-password/')).pathname.split('/').pop() ?? '';
    const res = await t.app.client().post('/reset-password', { token, newPassword: 'Reset-Horse-3-Battery' });
    expect(res.status).toBe(200);
    const rows = await rowsAbout(db(), user.userId);
    expect(rows.filter((r) => r.type === 'password.reset').map((r) => [r.actorUserId, r.targetId])).toEqual([
      [user.userId, user.userId],
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("an admin's actions leave rows naming both people, impersonation included", async () => {
    const admin = await makeAdmin(t.app, db());
    const created = await admin.client.post('/admin/create-user', {
      email: `made-${Date.now()}@example.test`,
      name: 'Made',
      password: 'Created-Horse-5-Battery',
    });
    expect(created.status).toBe(200);
    const target = created.json.user.id as string;
    t.app.clock.advance(1);
    expect((await admin.client.post('/admin/set-role', { userId: target, role: 'admin' })).status).toBe(200);
    t.app.clock.advance(1);
    expect((await admin.client.post('/admin/set-role', { userId: target, role: 'user' })).status).toBe(200);
    t.app.clock.advance(1);
    expect((await admin.client.post('/admin/update-user', { userId: target, data: { name: 'Renamed' } })).status).toBe(
      200,
    );
    t.app.clock.advance(1);
    expect((await admin.client.post('/admin/ban-user', { userId: target })).status).toBe(200);
    t.app.clock.advance(1);
    expect((await admin.client.post('/admin/unban-user', { userId: target })).status).toBe(200);
    t.app.clock.advance(1);
    expect((await admin.client.post('/admin/impersonate-user', { userId: target })).status).toBe(200);
    t.app.clock.advance(1);
    // acting as the user: the user is the actor, the admin the impersonator
    expect((await admin.client.post('/revoke-other-sessions', {})).status).toBe(200);
    t.app.clock.advance(1);
    expect((await admin.client.post('/admin/stop-impersonating', {})).status).toBe(200);
    t.app.clock.advance(1);
    expect((await admin.client.post('/admin/remove-user', { userId: target })).status).toBe(200);

    const rows = await db()
      .selectFrom('auditEvent')
      .selectAll()
      .where('targetId', '=', target)
      .where('type', '!=', 'sign_in')
      .orderBy('createdAt')
      .execute();
    expect(rows.map((r) => [r.type, r.actorUserId])).toEqual([
      ['user.created', admin.userId],
      ['user.role_changed', admin.userId],
      ['user.role_changed', admin.userId],
      ['user.updated', admin.userId],
      ['user.banned', admin.userId],
      ['user.unbanned', admin.userId],
      ['impersonation.started', admin.userId],
      ['session.revoked', target],
      ['impersonation.stopped', admin.userId],
      ['user.deleted', admin.userId],
    ]);
    expect(rows.map((r) => JSON.parse(r.details ?? 'null'))[1]).toEqual({ from: 'user', to: 'admin' });
    // what the admin does as the user carries the admin as impersonator
    const asUser = await db()
      .selectFrom('auditEvent')
      .select(['type', 'actorUserId', 'impersonatorUserId', 'targetId'])
      .where('type', '=', 'session.revoked')
      .where('actorUserId', '=', target)
      .execute();
    expect(asUser).toEqual([
      { type: 'session.revoked', actorUserId: target, impersonatorUserId: admin.userId, targetId: target },
    ]);
  });

  it('email verified, email change requested and confirmed, and account deletion each leave a row', async () => {
    const user = await signUpUser(t.app);
    t.app.clock.advance(1);
    await verifyEmailOf(t.app, user.client, user.email);
    // a verified account's change waits for the old address's approval, then the new one's link
    const newEmail = `moved-${Date.now()}@example.test`;
    t.app.clock.advance(1);
    expect((await user.client.post('/change-email', { newEmail })).status).toBe(200);
    const approval = new URL(lastLink(t.app, user.email, 'change-email-confirmation', '/approve-email-change'));
    const approvalToken = approval.searchParams.get('token') ?? '';
    t.app.clock.advance(1);
    expect((await t.app.client().post('/change-email/approve', { token: approvalToken })).status).toBe(200);
    // the approval moves the account; the new address then proves itself with its own link
    t.app.clock.advance(1);
    await verifyEmailOf(t.app, user.client, newEmail);
    t.app.clock.advance(1);
    expect((await user.client.post('/delete-user', { password: PASSWORD })).status).toBe(200);

    const rows = (await rowsAbout(db(), user.userId)).filter((r) => r.type !== 'sign_in');
    expect(rows.map((r) => [r.type, r.actorUserId, r.targetId])).toEqual([
      ['sign_up', user.userId, user.userId],
      ['email.verified', user.userId, user.userId],
      ['email.change_requested', user.userId, user.userId],
      ['email.change_confirmed', user.userId, user.userId],
      ['email.verified', user.userId, user.userId],
      ['user.deleted', user.userId, user.userId],
    ]);
    expect(rows[2]?.details).toEqual({ email: user.email, newEmail, needsApproval: true });
    expect(rows[3]?.details).toEqual({ previousEmail: user.email, newEmail });
    expect(rows[4]?.details).toEqual({ email: newEmail });
    expect(JSON.stringify(rows)).not.toContain(approvalToken);
    // the person is gone; what happened to the account is not
    expect(await db().selectFrom('user').select('id').where('id', '=', user.userId).execute()).toEqual([]);
  });

  it('list-audit-events filters and pages newest first; a non-admin gets 403', async () => {
    const admin = await makeAdmin(t.app, db());
    const user = await signUpUser(t.app);
    for (let i = 0; i < 5; i++) {
      t.app.clock.advance(1);
      await t.app
        .client()
        .post('/sign-in/email', { email: user.email, password: i % 2 ? PASSWORD : 'Wrong-Horse-0-x' });
    }
    const all = await admin.client.get(`/admin/list-audit-events?targetId=${user.userId}&type=sign_in&limit=200`);
    expect(all.status).toBe(200);
    const signIns = all.json.events as { id: string; createdAt: string; outcome: string }[];
    // newest first; the oldest is the session the sign-up opened
    expect(signIns.map((e) => e.outcome)).toEqual(['failure', 'success', 'failure', 'success', 'failure', 'success']);
    const failures = await admin.client.get(`/admin/list-audit-events?targetId=${user.userId}&outcome=failure`);
    expect(failures.json.events).toHaveLength(3);

    // pages of two, in the same order, with no row twice or missing
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { json: { events: { id: string }[]; nextCursor: string | null } } = await admin.client.get(
        `/admin/list-audit-events?targetId=${user.userId}&type=sign_in&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.json.events.map((e) => e.id));
      cursor = page.json.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(signIns.map((e) => e.id));

    // a time window
    const from = signIns[3]?.createdAt ?? '';
    const to = signIns[1]?.createdAt ?? '';
    const windowed = await admin.client.get(
      `/admin/list-audit-events?targetId=${user.userId}&type=sign_in&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(windowed.json.events.map((e: { id: string }) => e.id)).toEqual(signIns.slice(1, 4).map((e) => e.id));
    // by actor
    const byActor = await admin.client.get(`/admin/list-audit-events?actorUserId=${user.userId}&type=sign_up`);
    expect(byActor.json.events).toHaveLength(1);

    expect((await admin.client.get('/admin/list-audit-events?limit=201')).status).toBe(400);
    expect((await admin.client.get('/admin/list-audit-events?cursor=bm9wZQ')).status).toBe(400);
    const refused = await user.client.get('/admin/list-audit-events');
    expect([refused.status, refused.json.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG']);
    expect((await t.app.client().get('/admin/list-audit-events')).status).toBe(401);
  });

  it('no row holds a token, code, secret or password of the actions it records', async () => {
    const start = t.app.clock.now();
    const user = await enrolledUser(t.app);
    const secrets: string[] = [PASSWORD, user.uri, ...user.backupCodes];
    const secret = new URL(user.uri).searchParams.get('secret');
    if (secret) secrets.push(secret);
    const signIn = await t.app.client().post('/sign-in/email', { email: user.email, password: PASSWORD });
    if (signIn.json.token) secrets.push(signIn.json.token, hashToken(signIn.json.token));
    const regenerated = await user.client.post('/two-factor/generate-backup-codes', { password: PASSWORD });
    secrets.push(...(regenerated.json.backupCodes as string[]));
    await t.app.client().post('/request-password-reset', { email: user.email, redirectTo: '/reset' });
    const link = new URL(lastLink(t.app, user.email, 'reset-password', '/reset-password/'));
    secrets.push(link.pathname.split('/').pop() ?? '', link.toString());
    const newPassword = 'Changed-Horse-8-Battery';
    await user.client.post('/change-password', { currentPassword: PASSWORD, newPassword });
    await t.app.client().post('/sign-in/email', { email: user.email, password: 'Wrong-Typed-Secret-99' });
    secrets.push(newPassword, 'Wrong-Typed-Secret-99');
    const tokens = await db().selectFrom('session').select('token').where('userId', '=', user.userId).execute();
    secrets.push(...tokens.map((s) => s.token));

    const rows = await db().selectFrom('auditEvent').selectAll().where('createdAt', '>=', start).execute();
    expect(rows.length).toBeGreaterThan(5);
    const text = JSON.stringify(rows);
    for (const s of secrets.filter((s) => s.length >= 6))
      expect(text, 'a secret reached the audit log').not.toContain(s);
    // and the guard itself: a key naming a secret is dropped whatever a caller passes
    expect(sanitizeDetails({ token: 'abc', backupCode: 'x', newPassword: 'y', method: 'password' })).toBe(
      '{"method":"password"}',
    );
  });
});

const github: GithubFake = await startGithubFake();
afterAll(() => github.close());

await describeOnDatabases(
  'the audit log of provider accounts',
  { socialProviders: { github: github.options } },
  (t) => {
    it('a social sign-up, a provider linked and unlinked each leave a row', async () => {
      const db = t.db.handle.db;
      // a new person through the provider
      const browser = t.app.client();
      const newcomer = github.profile();
      const signedUp = await socialSignIn(github, browser, newcomer);
      expect(errorOf(signedUp)).toBeNull();
      const newId = (await browser.get('/get-session')).json.user.id as string;
      const joined = await rowsAbout(db, newId);
      expect(joined.map((r) => [r.type, (r.details as { method?: string }).method])).toEqual(
        expect.arrayContaining([
          ['sign_up', 'social'],
          ['sign_in', 'social'],
        ]),
      );

      // an existing person links the provider, then removes it again
      const me = await signUpVerifiedUser(t.app);
      t.app.clock.advance(1);
      const linked = await socialSignIn(github, me.client, github.profile({ email: me.email }), {}, '/link-social');
      expect(errorOf(linked)).toBeNull();
      t.app.clock.advance(1);
      const unlinked = await me.client.post('/unlink-account', { providerId: 'github' });
      expect(unlinked.status).toBe(200);
      const rows = (await rowsAbout(db, me.userId)).filter((r) => r.type.startsWith('account.'));
      expect(rows.map((r) => [r.type, r.actorUserId, r.details])).toEqual([
        ['account.linked', me.userId, { providerId: 'github', implicit: false }],
        ['account.unlinked', me.userId, { providerId: 'github' }],
      ]);
      // the provider's tokens never reach the log
      const accounts = await db.selectFrom('account').select(['accessToken', 'refreshToken', 'idToken']).execute();
      const text = JSON.stringify(await db.selectFrom('auditEvent').selectAll().execute());
      for (const a of accounts)
        for (const v of [a.accessToken, a.refreshToken, a.idToken]) if (v) expect(text).not.toContain(v);
    });
  },
);
