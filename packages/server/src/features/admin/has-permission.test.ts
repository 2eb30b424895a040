/**
 * POST /admin/has-permission answers as better-auth's admin plugin does for its default roles
 * (CONTRACT §6.3: its client's `admin.checkRolePermission` runs the same tables locally, so the
 * two must agree): better-auth's own role tables are the oracle. A request naming a resource that
 * does not exist, an empty list of actions, or a name every object inherits (`constructor`,
 * `toString`) is a "no", never a 500. An id of `adminUserIds` answers as the `admin` role
 * (better-auth answers yes to anything for it; docs/admin.md says why Latch does not).
 */
import { defaultRoles } from 'better-auth/plugins/admin/access';
import { beforeAll, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { createTestApp, describeOnDatabases, PASSWORD, signUpUser, type TestApp } from '../../test/harness.ts';
import { snapshot } from '../../test/mailbox-proof.ts';

type Request = Record<string, string[]>;

const REQUESTS: Request[] = [
  { user: ['ban'] },
  { user: ['list'] },
  { user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password', 'set-email', 'get'] },
  { user: ['update'], session: ['list', 'revoke', 'delete'] },
  // better-auth's admin role may set-phone (CONTRACT §6.3), and not impersonate-admins
  { user: ['set-phone'] },
  { user: ['impersonate-admins'] },
  { user: ['ban', 'impersonate-admins'] },
  { user: ['fly'] },
  // an empty list of actions is a "no" in better-auth's tables
  { user: [] },
  { session: [] },
  // resources the admin plugin does not have
  { organization: [] },
  { organization: ['update'] },
  { user: ['ban'], billing: ['read'] },
  // names every object inherits
  { constructor: ['x'] },
  { toString: [] },
  { hasOwnProperty: ['call'] },
  { valueOf: ['ban'] },
];

/** better-auth's answer for a role of its default tables (a throw is not a yes). */
function betterAuthAnswer(role: 'admin' | 'user', request: Request): boolean {
  try {
    return defaultRoles[role].authorize(request as never).success;
  } catch {
    return false;
  }
}

await describeOnDatabases('has-permission against better-auth’s role tables', {}, (t) => {
  let app: TestApp;
  let admin: TestClient;
  let user: TestClient;
  let configured: TestClient;

  beforeAll(async () => {
    const root = await signUpUser(t.app);
    app = createTestApp(t.db, { plugins: { admin: { adminUserIds: [root.userId] } } });
    const signIn = async (email: string) => {
      const client = app.client();
      expect((await client.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
      return client;
    };
    configured = await signIn(root.email);
    const a = await signUpUser(t.app);
    await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', a.userId).execute();
    admin = await signIn(a.email);
    user = await signIn((await signUpUser(t.app)).email);
    return () => app.close();
  });

  const ask = async (client: TestClient, permissions: Request) => {
    const res = await client.post('/admin/has-permission', { permissions });
    expect(res.status, `${JSON.stringify(permissions)}: ${res.text}`).toBe(200);
    expect(res.json.error).toBeNull();
    return res.json.success as boolean;
  };

  it.each(REQUESTS.map((r) => [JSON.stringify(r), r] as const))('%s', async (_name, request) => {
    const before = await snapshot(t.db);
    expect(await ask(admin, request)).toBe(betterAuthAnswer('admin', request));
    expect(await ask(user, request)).toBe(betterAuthAnswer('user', request));
    expect(await ask(configured, request)).toBe(betterAuthAnswer('admin', request));
    expect(await snapshot(t.db)).toBe(before);
  });

  it('a role or a user id in the body is not the caller: a plain user stays a plain user', async () => {
    const res = await user.post('/admin/has-permission', {
      permissions: { user: ['ban'] },
      role: 'admin',
      userId: 'someone-else',
    });
    expect(res.json).toEqual({ error: null, success: false });
  });
});
