import { beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  describeOnDatabases,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';
import { activeOrgId, createOrg, join, orgWithRoles, owner, uniqueSlug } from '../../test/organizations.ts';

await describeOnDatabases('organizations', { plugins: { organization: { organizationLimit: 3 } } }, (t) => {
  let db: SharedDatabase;
  let app: TestApp;
  beforeAll(() => {
    ({ db, app } = t);
  });

  it('create: owner member, default team, active organization and team, metadata as an object', async () => {
    const u = await signUpUser(app);
    const slug = uniqueSlug();
    const res = await u.client.post('/organization/create', {
      name: 'Acme',
      slug,
      logo: 'https://x.test/l.png',
      metadata: { plan: 'pro' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Acme', slug, logo: 'https://x.test/l.png', metadata: { plan: 'pro' } });
    expect(res.json.members).toEqual([
      expect.objectContaining({ userId: u.userId, role: 'owner', organizationId: res.json.id }),
    ]);
    expect(res.setCookies.some((c) => c.includes('session_token='))).toBe(true);
    const session = (await u.client.get('/get-session', { query: { disableCookieCache: 'true' } })).json.session;
    expect(session.activeOrganizationId).toBe(res.json.id);
    const teams = await db.handle.db.selectFrom('team').selectAll().where('organizationId', '=', res.json.id).execute();
    expect(teams.map((t) => t.name)).toEqual(['Acme']);
    expect(session.activeTeamId).toBe(teams[0]?.id);
    const list = await u.client.get('/organization/list');
    expect(list.json).toEqual([expect.objectContaining({ id: res.json.id, metadata: '{"plan":"pro"}' })]);
  });

  it('create: 401 without a session, slug taken, keepCurrentActiveOrganization, organizationLimit', async () => {
    const anon = await app.client().post('/organization/create', { name: 'x', slug: uniqueSlug() });
    expect(anon.status).toBe(401);
    expect(anon.json.code).toBe('UNAUTHORIZED');
    const u = await signUpUser(app);
    const first = await createOrg(u.client);
    expect((await u.client.post('/organization/create', { name: 'x', slug: first.slug })).json.code).toBe(
      'ORGANIZATION_ALREADY_EXISTS',
    );
    await createOrg(u.client, { keepCurrentActiveOrganization: true });
    expect(await activeOrgId(u.client)).toBe(first.id);
    await createOrg(u.client);
    const over = await u.client.post('/organization/create', { name: 'x', slug: uniqueSlug() });
    expect(over.status).toBe(403);
    expect(over.json.code).toBe('YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS');
    expect((await u.client.post('/organization/create', { name: '', slug: uniqueSlug() })).json.code).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('organizationLimit holds under a burst of concurrent creates', async () => {
    const u = await signUpUser(app);
    const countOrgs = async () =>
      Number(
        (
          await db.handle.db
            .selectFrom('member')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('userId', '=', u.userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        u.client.post('/organization/create', {
          name: 'Burst',
          slug: uniqueSlug('burst'),
          keepCurrentActiveOrganization: true,
        }),
      ),
    );
    const created = answers.filter((r) => r.status === 200).length;
    expect(created).toBe(3);
    expect(answers.filter((r) => r.status !== 200).map((r) => r.json.code)).toEqual(
      Array(9).fill('YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS'),
    );
    expect(await countOrgs()).toBe(3);
    const orphans = await db.handle.db
      .selectFrom('organization')
      .leftJoin('member', 'member.organizationId', 'organization.id')
      .select('organization.id')
      .where('organization.name', '=', 'Burst')
      .where('member.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('check-slug', async () => {
    const { person, org } = await owner(app);
    expect((await person.client.post('/organization/check-slug', { slug: uniqueSlug('free') })).json).toEqual({
      status: true,
    });
    const taken = await person.client.post('/organization/check-slug', { slug: org.slug });
    expect(taken.status).toBe(400);
    expect(taken.json.code).toBe('ORGANIZATION_SLUG_ALREADY_TAKEN');
  });

  it('update: name, slug, metadata; slug conflicts; non-members refused', async () => {
    const { person, org } = await owner(app);
    const other = await createOrg(person.client, { keepCurrentActiveOrganization: true });
    const res = await person.client.post('/organization/update', { data: { name: 'Renamed', metadata: { a: 1 } } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: org.id, name: 'Renamed', metadata: { a: 1 } });
    const clash = await person.client.post('/organization/update', {
      organizationId: org.id,
      data: { slug: other.slug },
    });
    expect(clash.json.code).toBe('ORGANIZATION_SLUG_ALREADY_TAKEN');
    const stranger = await signUpUser(app);
    const refused = await stranger.client.post('/organization/update', {
      organizationId: org.id,
      data: { name: 'Hijack' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
    expect((await stranger.client.post('/organization/update', { data: { name: 'x' } })).json.code).toBe(
      'ORGANIZATION_NOT_FOUND',
    );
  });

  it('delete: removes everything and clears the organization in every member session', async () => {
    const { org, owner: o, member } = await orgWithRoles(app);
    await o.client.post('/organization/invite-member', {
      email: 'pending@example.test',
      role: 'member',
      organizationId: org.id,
    });
    expect(await activeOrgId(member.client)).toBe(org.id);
    // the rows of each table the organization's deletion goes through (its own, the teams', the invitations')
    const k = db.handle.db;
    const teamIds = (await k.selectFrom('team').select('id').where('organizationId', '=', org.id).execute()).map(
      (t) => t.id,
    );
    expect(teamIds.length).toBeGreaterThan(0);
    const rowsOf = async () => ({
      member: (await k.selectFrom('member').select('id').where('organizationId', '=', org.id).execute()).length,
      invitation: (await k.selectFrom('invitation').select('id').where('organizationId', '=', org.id).execute()).length,
      team: (await k.selectFrom('team').select('id').where('organizationId', '=', org.id).execute()).length,
      teamMember: (await k.selectFrom('teamMember').select('id').where('teamId', 'in', teamIds).execute()).length,
    });
    const before = await rowsOf();
    for (const [table, n] of Object.entries(before)) expect(n, table).toBeGreaterThan(0);
    const res = await o.client.post('/organization/delete', { organizationId: org.id });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(org.id);
    expect(await activeOrgId(member.client)).toBeNull();
    expect(await activeOrgId(o.client)).toBeNull();
    expect(await rowsOf()).toEqual({ member: 0, invitation: 0, team: 0, teamMember: 0 });
    expect((await o.client.post('/organization/delete', { organizationId: org.id })).status).toBe(400);
  });

  it("set-active: by id and slug, re-sends the cookie, refuses non-members, unsets with null, drops another organization's team", async () => {
    const u = await signUpUser(app);
    const a = await createOrg(u.client);
    const teamOfA = (await u.client.get('/get-session', { query: { disableCookieCache: 'true' } })).json.session
      .activeTeamId;
    expect(teamOfA).toBeTruthy();
    const b = await createOrg(u.client, { keepCurrentActiveOrganization: true });
    const again = await u.client.post('/organization/set-active', { organizationId: a.id });
    expect(again.setCookies.some((c) => c.includes('session_token='))).toBe(true);
    expect(
      (await u.client.get('/get-session', { query: { disableCookieCache: 'true' } })).json.session.activeTeamId,
    ).toBe(teamOfA);
    const bySlug = await u.client.post('/organization/set-active', { organizationSlug: b.slug });
    expect(bySlug.json.id).toBe(b.id);
    const session = (await u.client.get('/get-session', { query: { disableCookieCache: 'true' } })).json.session;
    expect(session).toMatchObject({ activeOrganizationId: b.id, activeTeamId: null });
    expect((await u.client.post('/organization/set-active', {})).json.id).toBe(b.id);
    const stranger = await signUpUser(app);
    const refused = await stranger.client.post('/organization/set-active', { organizationId: a.id });
    expect([refused.status, refused.json.code]).toEqual([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']);
    expect((await u.client.post('/organization/set-active', { organizationId: 'missing' })).json.code).toBe(
      'ORGANIZATION_NOT_FOUND',
    );
    const unset = await u.client.post('/organization/set-active', { organizationId: null });
    expect(unset.json).toBeNull();
    expect(await activeOrgId(u.client)).toBeNull();
  });

  it('get-organization and get-full-organization', async () => {
    const { org, owner: o, admin, member } = await orgWithRoles(app);
    await o.client.post('/organization/invite-member', {
      email: 'future-owner@example.test',
      role: 'owner',
      organizationId: org.id,
    });
    await o.client.post('/organization/invite-member', {
      email: 'future-member@example.test',
      role: 'member',
      organizationId: org.id,
    });
    const got = await member.client.get('/organization/get-organization', { query: { organizationSlug: org.slug } });
    expect(got.json).toMatchObject({ id: org.id, slug: org.slug });
    const full = await o.client.get('/organization/get-full-organization');
    expect(full.json.members).toHaveLength(3);
    const ownerRow = full.json.members.find((m: { userId: string }) => m.userId === o.userId);
    expect(ownerRow.user).toEqual({ id: o.userId, name: 'Test User', email: o.email, image: null });
    const pending = (list: { email: string; status: string }[]) =>
      list
        .filter((i) => i.status === 'pending')
        .map((i) => i.email)
        .sort();
    expect(full.json.invitations).toHaveLength(4);
    expect(pending(full.json.invitations)).toEqual(['future-member@example.test', 'future-owner@example.test']);
    expect(full.json.teams).toHaveLength(1);
    const byAdmin = await admin.client.get('/organization/get-full-organization');
    expect(pending(byAdmin.json.invitations)).toEqual(['future-member@example.test']);
    expect((await member.client.get('/organization/get-full-organization')).json.invitations).toEqual([]);
    expect(
      (await o.client.get('/organization/get-full-organization', { query: { membersLimit: '1' } })).json.members,
    ).toHaveLength(1);
    const lonely = await signUpUser(app);
    expect((await lonely.client.get('/organization/get-full-organization')).json).toBeNull();
    expect((await lonely.client.get('/organization/get-organization')).json).toBeNull();
    expect(
      (await lonely.client.get('/organization/get-full-organization', { query: { organizationId: org.id } })).status,
    ).toBe(403);
  });

  it('api.createOrganization for a userId and api.addMember', async () => {
    const u = await signUpUser(app);
    const org = await app.auth.api.createOrganization({
      userId: u.userId,
      name: 'Server Made',
      slug: uniqueSlug('srv'),
    });
    expect(org.members[0]).toMatchObject({ userId: u.userId, role: 'owner' });
    expect(await activeOrgId(u.client)).toBeNull();
    const other = await signUpUser(app);
    const teamId = (
      await db.handle.db.selectFrom('team').select('id').where('organizationId', '=', org.id).executeTakeFirstOrThrow()
    ).id;
    const member = await app.auth.api.addMember({
      userId: other.userId,
      role: ['admin'],
      organizationId: org.id,
      teamId,
    });
    expect(member).toMatchObject({ userId: other.userId, role: 'admin' });
    const tms = await db.handle.db.selectFrom('teamMember').select('userId').where('teamId', '=', teamId).execute();
    expect(tms.map((t) => t.userId).sort()).toEqual([u.userId, other.userId].sort());
    await expect(
      app.auth.api.addMember({ userId: other.userId, role: 'member', organizationId: org.id }),
    ).rejects.toMatchObject({
      code: 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
    });
    const third = await signUpUser(app);
    await expect(
      app.auth.api.addMember({ userId: third.userId, role: 'emperor', organizationId: org.id }),
    ).rejects.toMatchObject({ code: 'ROLE_NOT_FOUND' });
    await expect(
      app.auth.api.createOrganization({ userId: 'nobody', name: 'x', slug: uniqueSlug() }),
    ).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
  });

  it('the membership limit holds for accepts', async () => {
    const small = createTestApp(db, { plugins: { organization: { membershipLimit: 2 } } });
    try {
      const { person, org } = await owner(small);
      await join(small, person, org.id);
      const late = await signUpUser(small);
      const inv = await person.client.post('/organization/invite-member', {
        email: late.email,
        role: 'member',
        organizationId: org.id,
      });
      const res = await late.client.post('/organization/accept-invitation', { invitationId: inv.json.id });
      expect([res.status, res.json.code]).toEqual([403, 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED']);
      const row = await db.handle.db
        .selectFrom('invitation')
        .select('status')
        .where('id', '=', inv.json.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
    } finally {
      await small.close();
    }
  });

  it('plugins.organization false: the routes answer 404', async () => {
    const off = createTestApp(db, { plugins: { organization: false } });
    try {
      const u = await signUpUser(off);
      expect((await u.client.post('/organization/create', { name: 'x', slug: uniqueSlug() })).status).toBe(404);
      expect((await u.client.get('/organization/list')).status).toBe(404);
      expect((await u.client.get('/organization/list-teams')).status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('teams disabled: team routes 404, no default team', async () => {
    const noTeams = createTestApp(db, { plugins: { organization: { teams: { enabled: false } } } });
    try {
      const { person, org } = await owner(noTeams);
      expect((await person.client.get('/organization/list-teams')).status).toBe(404);
      expect(
        (await db.handle.db.selectFrom('team').select('id').where('organizationId', '=', org.id).execute()).length,
      ).toBe(0);
      expect((await person.client.get('/organization/get-full-organization')).json.teams).toBeUndefined();
    } finally {
      await noTeams.close();
    }
  });
});
