/**
 * What the admin API does to admins (docs/admin.md, "Admins acting on admins"): an admin's ways
 * in (the password, the address) are never changed through the admin API, not another admin's
 * (whether by role or by `adminUserIds`), not one's own. Either would let one admin become
 * another, which impersonation refuses (YOU_CANNOT_IMPERSONATE_ADMINS), or let a copied admin
 * cookie take the admin's own account for good without the current password or the current
 * address's approval (docs/security.md, rules 3 and 5). What stops a rogue admin (ban, sign-out
 * everywhere, a lower role, removal) stays open to the other admins.
 */
import { beforeAll, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import {
  createTestApp,
  describeOnDatabases,
  PASSWORD,
  signUpUser,
  signUpVerifiedUser,
  type TestApp,
} from '../../test/harness.ts';
import { snapshot } from '../../test/mailbox-proof.ts';

interface Person {
  client: TestClient;
  email: string;
  userId: string;
}

await describeOnDatabases('admins acting on admins', {}, (t) => {
  /** An app on the suite's database where `configured` is an admin by `adminUserIds` (stored role `user`). */
  let app: TestApp;
  let actor: Person;
  let peer: Person;
  let configured: Person;
  let multi: Person;
  let plain: Person;

  const signIn = async (email: string): Promise<TestClient> => {
    const client = app.client();
    const res = await client.post('/sign-in/email', { email, password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    return client;
  };

  const person = async (role: string | null): Promise<Person> => {
    const made = await signUpVerifiedUser(t.app);
    if (role !== null) await t.db.handle.db.updateTable('user').set({ role }).where('id', '=', made.userId).execute();
    return { ...made, client: await signIn(made.email) };
  };

  beforeAll(async () => {
    const root = await signUpVerifiedUser(t.app);
    app = createTestApp(t.db, { plugins: { admin: { adminUserIds: [root.userId] } } });
    configured = { ...root, client: await signIn(root.email) };
    actor = await person('admin');
    peer = await person('admin');
    multi = await person('user,admin');
    plain = await person(null);
    return () => app.close();
  });

  const auditCount = async () =>
    Number(
      (
        await t.db.handle.db
          .selectFrom('auditEvent')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The request is refused with `code`, and no row, no mail and no audit event came of it. */
  const refusedUnchanged = async (send: () => Promise<{ status: number; json: { code?: string } }>, code: string) => {
    const before = await snapshot(t.db);
    const events = await auditCount();
    const mails = app.mailer.messages.length;
    const res = await send();
    expect([res.status, res.json.code]).toEqual([403, code]);
    expect(await snapshot(t.db)).toBe(before);
    expect(await auditCount()).toBe(events);
    expect(app.mailer.messages.length).toBe(mails);
  };

  it("set-user-password refuses another admin's password, a configured admin's and one's own", async () => {
    for (const target of [peer, configured, multi, actor]) {
      await refusedUnchanged(
        () =>
          actor.client.post('/admin/set-user-password', { userId: target.userId, newPassword: 'Taken-Over-Phrase-7' }),
        'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD',
      );
      // the old password still signs in, the one the admin chose does not
      expect((await app.client().post('/sign-in/email', { email: target.email, password: PASSWORD })).status).toBe(200);
    }
    // a configured admin is refused the same on another admin
    await refusedUnchanged(
      () =>
        configured.client.post('/admin/set-user-password', { userId: peer.userId, newPassword: 'Taken-Over-Phrase-7' }),
      'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD',
    );
  });

  it("update-user refuses to move an admin's address, the whole request with it", async () => {
    for (const target of [peer, configured, multi, actor]) {
      await refusedUnchanged(
        () =>
          actor.client.post('/admin/update-user', {
            userId: target.userId,
            data: { name: 'Renamed', email: `taken-${target.userId.slice(0, 6).toLowerCase()}@attacker.test` },
          }),
        'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL',
      );
    }
  });

  it('what stops a rogue admin stays open: rename, sign out everywhere, ban, a lower role', async () => {
    const rogue = await person('admin');
    const renamed = await actor.client.post('/admin/update-user', { userId: rogue.userId, data: { name: 'Rogue' } });
    expect(renamed.status, renamed.text).toBe(200);
    // the address as it is, and verified, is not a move
    const same = await actor.client.post('/admin/update-user', {
      userId: rogue.userId,
      data: { email: rogue.email, emailVerified: true },
    });
    expect(same.status, same.text).toBe(200);
    expect((await actor.client.post('/admin/revoke-user-sessions', { userId: rogue.userId })).status).toBe(200);
    expect((await actor.client.post('/admin/ban-user', { userId: rogue.userId })).status).toBe(200);
    const demoted = await actor.client.post('/admin/set-role', { userId: rogue.userId, role: 'user' });
    expect(demoted.json.user.role).toBe('user');
    // no longer an admin: a person like any other, whose password an admin may set
    const set = await actor.client.post('/admin/set-user-password', {
      userId: rogue.userId,
      newPassword: 'Reset-By-Admin-Phrase-3',
    });
    expect(set.status, set.text).toBe(200);
  });

  it('a person who is not an admin: the admin sets the password and moves the address, as before', async () => {
    const set = await actor.client.post('/admin/set-user-password', {
      userId: plain.userId,
      newPassword: 'Set-By-Admin-Phrase-5',
    });
    expect(set.status, set.text).toBe(200);
    const moved = await actor.client.post('/admin/update-user', {
      userId: plain.userId,
      data: { email: `moved-${plain.userId.slice(0, 6).toLowerCase()}@example.test` },
    });
    expect(moved.status, moved.text).toBe(200);
    const row = await t.db.handle.db
      .selectFrom('user')
      .select('email')
      .where('id', '=', plain.userId)
      .executeTakeFirstOrThrow();
    expect(row.email).toMatch(/^moved-/);
  });

  it('a plain user is refused on an admin as on anyone, and nothing changes', async () => {
    const stranger = await signUpUser(t.app);
    await refusedUnchanged(
      () => stranger.client.post('/admin/set-user-password', { userId: peer.userId, newPassword: 'Hijacked-Phrase-1' }),
      'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD',
    );
  });
});
