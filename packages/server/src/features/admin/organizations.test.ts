/**
 * The admin console's reads of organizations, a person's linked accounts and their memberships
 * (routes-organizations.ts), and username editing through admin update-user.
 */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { generateId } from '../../core/crypto/random.ts';
import type { Database } from '../../core/db/schema.ts';
import type { TestClient } from '../../test/client.ts';
import { describeOnDatabases, signUpUser, type TestApp } from '../../test/harness.ts';
import { createOrg, join, orgWithRoles, owner, uniqueSlug } from '../../test/organizations.ts';

const options = { plugins: { organization: { teams: { enabled: true } } } };

async function makeAdmin(t: { db: { handle: { db: Kysely<Database> } }; app: TestApp }) {
  const admin = await signUpUser(t.app);
  await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  return admin;
}

/** Every row an organization read could touch, for refusals that must change nothing. */
async function snapshot(db: Kysely<Database>, organizationId: string) {
  const [org, members, invitations, teams, events] = await Promise.all([
    db.selectFrom('organization').selectAll().where('id', '=', organizationId).execute(),
    db.selectFrom('member').selectAll().where('organizationId', '=', organizationId).orderBy('id').execute(),
    db.selectFrom('invitation').selectAll().where('organizationId', '=', organizationId).orderBy('id').execute(),
    db.selectFrom('team').selectAll().where('organizationId', '=', organizationId).orderBy('id').execute(),
    db
      .selectFrom('auditEvent')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst(),
  ]);
  return JSON.stringify({ org, members, invitations, teams, events: Number(events?.n ?? 0) });
}

/** All pages of list-organizations for a search, following nextCursor. */
async function allPages(client: TestClient, search: string, limit: number) {
  const seen: { id: string; name: string; memberCount: number }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: Record<string, string> = { search, limit: String(limit), ...(cursor ? { cursor } : {}) };
    const res = await client.get('/admin/list-organizations', { query });
    expect(res.status, res.text).toBe(200);
    seen.push(...res.json.organizations);
    cursor = res.json.nextCursor;
    pages++;
  } while (cursor && pages < 20);
  return { seen, pages };
}

await describeOnDatabases('the admin console: organizations', options, (t) => {
  it('list-organizations searches name, slug and id, pages newest first with member counts and a total', async () => {
    const admin = await makeAdmin(t);
    const tag = `acme${Math.random().toString(36).slice(2, 8)}`;
    const founder = await signUpUser(t.app);
    const made: { id: string; slug: string }[] = [];
    for (const n of ['one', 'two', 'three']) {
      made.push(await createOrg(founder.client, { name: `${tag} ${n}`, slug: uniqueSlug(`s-${n}`) }));
      t.app.clock.advance(1);
    }
    const first = made[0];
    if (!first) throw new Error('no organization');
    const firstOwner = { ...founder, memberId: '' };
    await join(t.app, firstOwner, first.id, 'member');

    const { seen, pages } = await allPages(admin.client, tag.toUpperCase(), 2);
    expect(pages).toBe(2);
    // newest first, no organization twice, none missing
    expect(seen.map((o) => o.name)).toEqual([`${tag} three`, `${tag} two`, `${tag} one`]);
    expect(seen.map((o) => o.memberCount)).toEqual([1, 1, 2]);
    const one = await admin.client.get('/admin/list-organizations', { query: { search: tag, limit: '1' } });
    expect(one.json.total).toBe(3);
    expect(one.json.organizations[0]).toMatchObject({ slug: made[2]?.slug, createdAt: expect.any(String) });

    const bySlug = await admin.client.get('/admin/list-organizations', { query: { search: first.slug } });
    expect(bySlug.json.organizations.map((o: { id: string }) => o.id)).toEqual([first.id]);
    const byId = await admin.client.get('/admin/list-organizations', { query: { search: first.id } });
    expect(byId.json.organizations.map((o: { id: string }) => o.id)).toEqual([first.id]);
    // LIKE's wildcards are searched for, not obeyed
    const wildcard = await admin.client.get('/admin/list-organizations', { query: { search: `${tag}%_` } });
    expect(wildcard.json).toMatchObject({ organizations: [], total: 0, nextCursor: null });

    const bad: Record<string, string>[] = [
      { cursor: 'bm90LWEtY3Vyc29y' },
      { cursor: 'a b' },
      { limit: '0' },
      { limit: '101' },
    ];
    for (const query of bad) {
      const res = await admin.client.get('/admin/list-organizations', { query });
      expect([res.status, res.json.code], JSON.stringify(query)).toEqual([400, 'VALIDATION_ERROR']);
    }
  });

  it('get-organization shows an admin who is no member the members, every invitation and the teams', async () => {
    const admin = await makeAdmin(t);
    const { org, owner: boss, member } = await orgWithRoles(t.app);
    const invited = `invited-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const inv = await boss.client.post('/organization/invite-member', {
      email: invited,
      role: 'member',
      organizationId: org.id,
    });
    expect(inv.status, inv.text).toBe(200);
    const team = await boss.client.post('/organization/create-team', { name: 'Support', organizationId: org.id });
    expect(team.status, team.text).toBe(200);

    const res = await admin.client.get('/admin/get-organization', { query: { id: org.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.organization).toMatchObject({ id: org.id, slug: org.slug, name: org.name });
    expect(res.json.memberCount).toBe(3);
    // joined in the same millisecond of the test clock: the order among them is the id's
    expect(res.json.members.map((m: { role: string }) => m.role).sort()).toEqual(['admin', 'member', 'owner']);
    expect(res.json.members.find((m: { userId: string }) => m.userId === member.userId)).toMatchObject({
      role: 'member',
      user: { email: member.email },
    });
    expect(res.json.invitations.find((i: { email: string }) => i.email === invited)).toMatchObject({
      status: 'pending',
      role: 'member',
      inviterId: boss.userId,
    });
    // the two accepted invitations show too: an admin sees every status
    expect(res.json.invitations.filter((i: { status: string }) => i.status === 'accepted')).toHaveLength(2);
    expect(res.json.teams.map((x: { name: string }) => x.name)).toContain('Support');
    // the admin is no member and reading made them none
    expect(res.json.members.some((m: { userId: string }) => m.userId === admin.userId)).toBe(false);

    const page = await admin.client.get('/admin/get-organization', {
      query: { id: org.id, membersLimit: '1', membersOffset: '1' },
    });
    expect(page.json.members.map((m: { id: string }) => m.id)).toEqual([res.json.members[1].id]);
    expect(page.json.memberCount).toBe(3);

    const missing = await admin.client.get('/admin/get-organization', { query: { id: 'no-such-org' } });
    expect([missing.status, missing.json.code]).toEqual([400, 'ORGANIZATION_NOT_FOUND']);
  });

  it('refuses a person and an organization admin: 403, none of the organization in the answer, nothing changed', async () => {
    const { org, owner: boss, admin: orgAdmin } = await orgWithRoles(t.app);
    const stranger = await signUpUser(t.app);
    const before = await snapshot(t.db.handle.db, org.id);
    for (const who of [stranger, orgAdmin, boss]) {
      for (const [path, query] of [
        ['/admin/list-organizations', {}],
        ['/admin/list-organizations', { search: org.slug }],
        ['/admin/get-organization', { id: org.id }],
      ] as const) {
        const res = await who.client.get(path, { query });
        expect([res.status, res.json.code], path).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_READ_ORGANIZATIONS']);
        expect(res.text).not.toContain(org.slug);
        expect(res.text).not.toContain(org.id);
      }
      for (const path of ['/admin/list-user-accounts', '/admin/list-user-organizations']) {
        const res = await who.client.get(path, { query: { userId: boss.userId } });
        expect([res.status, res.json.code], path).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER']);
        expect(res.text).not.toContain(org.id);
      }
    }
    const anonymous = await t.app.client().get('/admin/get-organization', { query: { id: org.id } });
    expect(anonymous.status).toBe(401);
    expect(await snapshot(t.db.handle.db, org.id)).toBe(before);
  });

  it("list-user-accounts names a person's providers and never a token or a password hash", async () => {
    const admin = await makeAdmin(t);
    const person = await signUpUser(t.app);
    const db = t.db.handle.db;
    const secrets = {
      accessToken: `access-${generateId()}`,
      refreshToken: `refresh-${generateId()}`,
      idToken: `idtoken-${generateId()}`,
    };
    const now = t.app.clock.now();
    await db
      .insertInto('account')
      .values({
        id: generateId(),
        accountId: 'gh-4711',
        providerId: 'github',
        userId: person.userId,
        ...secrets,
        accessTokenExpiresAt: now,
        refreshTokenExpiresAt: now,
        scope: 'read:user,user:email',
        password: null,
        createdAt: new Date(now.getTime() + 1000),
        updatedAt: now,
      })
      .execute();
    const hash = (
      await db
        .selectFrom('account')
        .select('password')
        .where('userId', '=', person.userId)
        .where('providerId', '=', 'credential')
        .executeTakeFirst()
    )?.password;
    expect(hash).toBeTruthy();

    const res = await admin.client.get('/admin/list-user-accounts', { query: { userId: person.userId } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.accounts.map((a: { providerId: string }) => a.providerId)).toEqual(['credential', 'github']);
    expect(res.json.accounts[1]).toMatchObject({ accountId: 'gh-4711', scopes: ['read:user', 'user:email'] });
    for (const secret of [...Object.values(secrets), hash ?? 'no-hash']) expect(res.text).not.toContain(secret);
    for (const account of res.json.accounts)
      expect(Object.keys(account).sort()).toEqual(
        ['accountId', 'createdAt', 'id', 'provider', 'providerId', 'scopes', 'updatedAt', 'userId'].sort(),
      );

    const nobody = await admin.client.get('/admin/list-user-accounts', { query: { userId: 'nobody' } });
    expect([nobody.status, nobody.json.code]).toEqual([404, 'USER_NOT_FOUND']);
    const empty = await admin.client.get('/admin/list-user-accounts', { query: { userId: '' } });
    expect([empty.status, empty.json.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('list-user-organizations lists where a person belongs, with their role, in the order they joined', async () => {
    const admin = await makeAdmin(t);
    const a = await owner(t.app);
    t.app.clock.advance(1);
    const b = await owner(t.app);
    t.app.clock.advance(1);
    const person = await join(t.app, a.person, a.org.id, 'admin');
    t.app.clock.advance(1);
    const bOwner = b.person;
    const inv = await bOwner.client.post('/organization/invite-member', {
      email: person.email,
      role: 'member',
      organizationId: b.org.id,
    });
    await person.client.post('/organization/accept-invitation', { invitationId: inv.json.id });

    const res = await admin.client.get('/admin/list-user-organizations', { query: { userId: person.userId } });
    expect(res.status, res.text).toBe(200);
    expect(
      res.json.memberships.map((m: { organization: { id: string }; role: string }) => [m.organization.id, m.role]),
    ).toEqual([
      [a.org.id, 'admin'],
      [b.org.id, 'member'],
    ]);
    const loner = await signUpUser(t.app);
    const none = await admin.client.get('/admin/list-user-organizations', { query: { userId: loner.userId } });
    expect(none.json).toEqual({ memberships: [] });
  });

  it('update-user edits a username by the username rules; a taken one is refused and nothing changes', async () => {
    const admin = await makeAdmin(t);
    const tag = Math.random().toString(36).slice(2, 8);
    const taken = await signUpUser(t.app, { username: `taken_${tag}` });
    const person = await signUpUser(t.app, { username: `before_${tag}` });
    const set = await admin.client.post('/admin/update-user', {
      userId: person.userId,
      data: { username: `After.${tag}` },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ username: `after.${tag}`, displayUsername: `After.${tag}` });
    const row = () =>
      t.db.handle.db
        .selectFrom('user')
        .select(['username', 'displayUsername', 'updatedAt'])
        .where('id', '=', person.userId)
        .executeTakeFirst();
    const saved = await row();
    expect(saved?.username).toBe(`after.${tag}`);

    const cases: [string, string][] = [
      [`TAKEN_${tag}`, 'USERNAME_IS_ALREADY_TAKEN'],
      ['ab', 'USERNAME_TOO_SHORT'],
      ['x'.repeat(31), 'USERNAME_TOO_LONG'],
      ['has space', 'INVALID_USERNAME'],
    ];
    for (const [username, code] of cases) {
      const res = await admin.client.post('/admin/update-user', { userId: person.userId, data: { username } });
      expect([res.status, res.json.code], username).toEqual([400, code]);
    }
    expect(await row()).toEqual(saved);
    expect(taken.userId).not.toBe(person.userId);
    // a person without the admin role cannot rename anyone
    const refused = await person.client.post('/admin/update-user', {
      userId: taken.userId,
      data: { username: `mine_${tag}` },
    });
    expect([refused.status, refused.json.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS']);
  });
});
