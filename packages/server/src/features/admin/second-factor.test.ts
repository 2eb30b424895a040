/**
 * A second factor for admin actions (docs/admin.md): with plugins.admin.requireSecondFactor,
 * an admin change needs a second factor proved by the session in the last
 * secondFactorMaxAge seconds. A refusal is 403 SECOND_FACTOR_REQUIRED, writes nothing but
 * its `admin.action_refused` failure event, and reads stay open.
 */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { resolveConfig } from '../../core/config/resolve.ts';
import type { Database } from '../../core/db/schema.ts';
import type { TestClient } from '../../test/client.ts';
import { BASE_URL, describeOnDatabases, PASSWORD, signUpUser, type TestApp } from '../../test/harness.ts';
import { SoftwareAuthenticator } from '../../test/passkey-authenticator.ts';
import { registerPasskey } from '../../test/passkeys.ts';
import { codeFor, enrolledUser, toMidStep } from '../../test/two-factor.ts';

type Suite = { app: TestApp; db: { handle: { db: Kysely<Database> } } };

async function promote(t: Suite, userId: string): Promise<void> {
  await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', userId).execute();
}

/** What a refused change could have touched: the target's row and sessions, and the audit log. */
async function snapshot(t: Suite, userId: string) {
  const db = t.db.handle.db;
  const user = await db
    .selectFrom('user')
    .select(['banned', 'banReason', 'role', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const sessions = await db.selectFrom('session').select('id').where('userId', '=', userId).orderBy('id').execute();
  const events = await db
    .selectFrom('auditEvent')
    .select(['id', 'type', 'outcome'])
    .where('type', '!=', 'admin.action_refused')
    .orderBy('id')
    .execute();
  return { user, sessions, events };
}

async function refusals(t: Suite, adminId: string) {
  return t.db.handle.db
    .selectFrom('auditEvent')
    .select(['type', 'outcome', 'actorUserId', 'impersonatorUserId', 'details'])
    .where('type', '=', 'admin.action_refused')
    .where('actorUserId', '=', adminId)
    .execute();
}

/** Every change the console makes, each refused the same way before it touches anything. */
function changes(targetId: string): [string, unknown][] {
  return [
    ['/admin/ban-user', { userId: targetId, banReason: 'spam' }],
    ['/admin/unban-user', { userId: targetId }],
    ['/admin/set-role', { userId: targetId, role: 'admin' }],
    ['/admin/update-user', { userId: targetId, data: { name: 'Renamed' } }],
    ['/admin/set-user-password', { userId: targetId, newPassword: 'Another-Password-123' }],
    ['/admin/revoke-user-sessions', { userId: targetId }],
    ['/admin/remove-user', { userId: targetId }],
    ['/admin/impersonate-user', { userId: targetId }],
    ['/admin/create-user', { email: `new-${targetId.slice(0, 6).toLowerCase()}@example.test`, name: 'New' }],
  ];
}

/** An enrolled admin whose current session never proved the factor: a trusted browser skipped it. */
async function adminOnTrustedBrowser(t: Suite): Promise<{ client: TestClient; userId: string; uri: string }> {
  const admin = await enrolledUser(t.app);
  await promote(t, admin.userId);
  const client = t.app.client();
  const first = await client.post('/sign-in/email', { email: admin.email, password: PASSWORD });
  expect(first.json.twoFactorRedirect).toBe(true);
  toMidStep(t.app);
  const verified = await client.post('/two-factor/verify-totp', { code: codeFor(t.app, admin.uri), trustDevice: true });
  expect(verified.status).toBe(200);
  await client.post('/sign-out', {});
  const again = await client.post('/sign-in/email', { email: admin.email, password: PASSWORD });
  expect([again.status, again.json.twoFactorRedirect]).toEqual([200, undefined]);
  return { client, userId: admin.userId, uri: admin.uri };
}

await describeOnDatabases(
  'admin changes with requireSecondFactor: when-enrolled',
  {
    plugins: { admin: { requireSecondFactor: 'when-enrolled', secondFactorMaxAge: 600 } },
  },
  (t) => {
    it('an enrolled admin whose session proved no factor is refused every change, and nothing changes', async () => {
      const admin = await adminOnTrustedBrowser(t);
      const target = await signUpUser(t.app);
      const before = await snapshot(t, target.userId);
      for (const [path, body] of changes(target.userId)) {
        const res = await admin.client.post(path, body);
        expect([res.status, res.json.code, res.json.message], path).toEqual([
          403,
          'SECOND_FACTOR_REQUIRED',
          'Second factor required',
        ]);
      }
      expect(await snapshot(t, target.userId)).toEqual(before);
      expect((await target.client.get('/get-session')).json?.user.id).toBe(target.userId);
      // each refusal is in the log, with what was asked and why
      const refused = await refusals(t, admin.userId);
      expect(refused.map((r) => [r.outcome, r.impersonatorUserId])).toEqual(
        changes(target.userId).map(() => ['failure', null]),
      );
      const details = refused.map((r) => JSON.parse(String(r.details)));
      expect(details.map((d) => d.path).sort()).toEqual(
        changes(target.userId)
          .map(([p]) => `/api/auth${p}`)
          .sort(),
      );
      expect(details.every((d) => d.reason === 'second_factor_required' && d.proof === 'none')).toBe(true);
      // reading stays open
      expect((await admin.client.get('/admin/list-users')).status).toBe(200);
      expect((await admin.client.get('/admin/get-user', { query: { id: target.userId } })).status).toBe(200);
      expect((await admin.client.post('/admin/list-user-sessions', { userId: target.userId })).status).toBe(200);
    });

    it('a code entered in the session steps it up: a new token, the change goes through, the old token is dead', async () => {
      const admin = await adminOnTrustedBrowser(t);
      const target = await signUpUser(t.app);
      const oldCookie = admin.client.cookie('session_token');
      toMidStep(t.app);
      const stepped = await admin.client.post('/two-factor/verify-totp', { code: codeFor(t.app, admin.uri) });
      expect(stepped.status).toBe(200);
      expect(admin.client.cookie('session_token')?.value).not.toBe(oldCookie?.value);
      const ban = await admin.client.post('/admin/ban-user', { userId: target.userId, banReason: 'spam' });
      expect([ban.status, ban.json.user?.banned]).toEqual([200, true]);
      expect((await target.client.get('/get-session')).json).toBeNull();
      // the token from before the step-up signs nobody in
      const stale = t.app.client();
      if (oldCookie) stale.jar.set(oldCookie.name, oldCookie.value);
      expect((await stale.get('/get-session')).json).toBeNull();
      const verifiedEvents = await t.db.handle.db
        .selectFrom('auditEvent')
        .select(['details'])
        .where('type', '=', 'two_factor.verified')
        .where('actorUserId', '=', admin.userId)
        .execute();
      expect(verifiedEvents.map((e) => JSON.parse(String(e.details)).method)).toEqual(['totp']);
    });

    it('a wrong code does not step up, and a code is good for one step-up', async () => {
      const admin = await adminOnTrustedBrowser(t);
      const target = await signUpUser(t.app);
      toMidStep(t.app);
      const wrong = await admin.client.post('/two-factor/verify-totp', { code: '000000' });
      expect([wrong.status, wrong.json.code]).toEqual([401, 'INVALID_CODE']);
      const refused = await admin.client.post('/admin/ban-user', { userId: target.userId });
      expect([refused.status, refused.json.code]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
      const code = codeFor(t.app, admin.uri);
      expect((await admin.client.post('/two-factor/verify-totp', { code })).status).toBe(200);
      // someone who saw the code cannot step up another session with it
      const replayed = await admin.client.post('/two-factor/verify-totp', { code });
      expect([replayed.status, replayed.json.code]).toEqual([401, 'INVALID_CODE']);
    });

    it('a proof older than secondFactorMaxAge is refused; a backup code renews it', async () => {
      const admin = await enrolledUser(t.app);
      await promote(t, admin.userId);
      const target = await signUpUser(t.app);
      // the enrolment's first code proved the app in this session: changes go through now
      expect((await admin.client.post('/admin/set-role', { userId: target.userId, role: 'user' })).status).toBe(200);
      t.app.clock.advance(601);
      const before = await snapshot(t, target.userId);
      const stale = await admin.client.post('/admin/ban-user', { userId: target.userId });
      expect([stale.status, stale.json.code]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
      expect(await snapshot(t, target.userId)).toEqual(before);
      const [refused] = await refusals(t, admin.userId);
      expect(JSON.parse(String(refused?.details)).proof).toBe('stale');
      const stepped = await admin.client.post('/two-factor/verify-backup-code', { code: admin.backupCodes[0] });
      expect(stepped.status).toBe(200);
      expect((await admin.client.post('/admin/ban-user', { userId: target.userId })).status).toBe(200);
    });

    it('a sign-in through the two-factor step is a proof; an admin without two-factor is not asked', async () => {
      const admin = await enrolledUser(t.app);
      await promote(t, admin.userId);
      const client = t.app.client();
      await client.post('/sign-in/email', { email: admin.email, password: PASSWORD });
      toMidStep(t.app);
      expect((await client.post('/two-factor/verify-totp', { code: codeFor(t.app, admin.uri) })).status).toBe(200);
      const target = await signUpUser(t.app);
      expect((await client.post('/admin/ban-user', { userId: target.userId })).status).toBe(200);

      const plain = await signUpUser(t.app);
      await promote(t, plain.userId);
      expect((await plain.client.post('/admin/unban-user', { userId: target.userId })).status).toBe(200);
    });

    it('an impersonation session never satisfies it, even with a proof written into its row', async () => {
      const admin = await enrolledUser(t.app);
      await promote(t, admin.userId);
      const person = await signUpUser(t.app);
      const other = await signUpUser(t.app);
      expect((await admin.client.post('/admin/impersonate-user', { userId: person.userId })).status).toBe(200);
      // the person becomes an admin while an admin acts as them (the guard reads the role afresh)
      await promote(t, person.userId);
      await t.db.handle.db
        .updateTable('session')
        .set({ secondFactorVerifiedAt: t.app.clock.now() })
        .where('userId', '=', person.userId)
        .where('impersonatedBy', '=', admin.userId)
        .execute();
      const before = await snapshot(t, other.userId);
      const res = await admin.client.post('/admin/ban-user', { userId: other.userId });
      expect([res.status, res.json.code]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
      expect(await snapshot(t, other.userId)).toEqual(before);
      // nor can the impersonating admin step up as the person
      const step = await admin.client.post('/two-factor/verify-totp', { code: codeFor(t.app, admin.uri) });
      expect([step.status, step.json.code]).toEqual([403, 'NOT_ALLOWED_WHILE_IMPERSONATING']);
      const [refused] = await refusals(t, person.userId);
      expect(refused).toMatchObject({ impersonatorUserId: admin.userId });
      expect(JSON.parse(String(refused?.details)).proof).toBe('impersonation');
    });
  },
);

await describeOnDatabases(
  'admin changes with requireSecondFactor: always',
  {
    plugins: { admin: { requireSecondFactor: 'always' } },
  },
  (t) => {
    it('an admin without two-factor is refused a change but may still read', async () => {
      const admin = await signUpUser(t.app);
      await promote(t, admin.userId);
      const target = await signUpUser(t.app);
      const before = await snapshot(t, target.userId);
      const res = await admin.client.post('/admin/ban-user', { userId: target.userId });
      expect([res.status, res.json.code]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
      expect(await snapshot(t, target.userId)).toEqual(before);
      expect((await admin.client.get('/admin/list-users')).status).toBe(200);
    });
  },
);

await describeOnDatabases(
  'admin changes with requireSecondFactor: always, and passkeys',
  { plugins: { passkey: {}, admin: { requireSecondFactor: 'always' } } },
  (t) => {
    it('a passkey asserted inside the session steps it up, for an admin with no codes too', async () => {
      const admin = await signUpUser(t.app);
      await promote(t, admin.userId);
      const authenticator = new SoftwareAuthenticator({ origin: new URL(BASE_URL).origin });
      expect((await registerPasskey(admin.client, authenticator)).res.status).toBe(200);
      const target = await signUpUser(t.app);
      const refused = await admin.client.post('/admin/ban-user', { userId: target.userId });
      expect([refused.status, refused.json.code]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
      const options = await admin.client.post('/two-factor/generate-passkey-options', {});
      expect(options.status).toBe(200);
      const stepped = await admin.client.post('/two-factor/verify-passkey', {
        response: authenticator.get(options.json),
      });
      expect(stepped.status).toBe(200);
      expect((await admin.client.post('/admin/ban-user', { userId: target.userId })).status).toBe(200);
      const [event] = await t.db.handle.db
        .selectFrom('auditEvent')
        .select('details')
        .where('type', '=', 'two_factor.verified')
        .where('actorUserId', '=', admin.userId)
        .execute();
      expect(JSON.parse(String(event?.details)).method).toBe('passkey');
    });
  },
);

await describeOnDatabases('admin changes with the option off (the default outside production)', {}, (t) => {
  it('an enrolled admin on a session that proved nothing changes things as before', async () => {
    const admin = await adminOnTrustedBrowser(t);
    const target = await signUpUser(t.app);
    t.app.clock.advance(3600);
    const ban = await admin.client.post('/admin/ban-user', { userId: target.userId });
    expect([ban.status, ban.json.user?.banned]).toEqual([200, true]);
    expect((await admin.client.post('/admin/unban-user', { userId: target.userId })).status).toBe(200);
    expect(await refusals(t, admin.userId)).toEqual([]);
  });
});

it('the default is when-enrolled in production and off elsewhere; an operator may choose', () => {
  const options = { baseURL: 'https://auth.example.test', secret: 'x'.repeat(32) };
  const admin = (production: boolean, extra = {}) => {
    const resolved = resolveConfig({ ...options, plugins: { admin: extra } }, { production, test: true });
    return resolved.plugins.admin ? resolved.plugins.admin.requireSecondFactor : null;
  };
  expect(admin(true)).toBe('when-enrolled');
  expect(admin(false)).toBe('off');
  expect(admin(true, { requireSecondFactor: 'off' })).toBe('off');
  expect(admin(false, { requireSecondFactor: 'always' })).toBe('always');
});
