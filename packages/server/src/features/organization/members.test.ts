import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, type SharedDatabase, signUpUser, type TestApp } from '../../test/harness.ts';
import { activeOrgId, join, orgWithRoles, owner } from '../../test/organizations.ts';

await describeOnDatabases('members', { plugins: { organization: { membershipLimit: 5 } } }, (t) => {
  let db: SharedDatabase;
  let app: TestApp;
  beforeAll(() => {
    ({ db, app } = t);
  });

  it('list-members: page capped by membershipLimit, total always the real count, sort and filter', async () => {
    const { person, org } = await owner(app);
    const people = [];
    for (let i = 0; i < 4; i++) {
      app.clock.advance(1);
      people.push(await join(app, person, org.id, i % 2 ? 'admin' : 'member'));
    }
    const all = await person.client.get('/organization/list-members');
    expect(all.json.total).toBe(5);
    expect(all.json.members).toHaveLength(5);
    expect(all.json.members[0].user.email).toBe(person.email);
    const page = await person.client.get('/organization/list-members', { query: { limit: '2', offset: '1' } });
    expect(page.json.total).toBe(5);
    expect(page.json.members.map((m: { userId: string }) => m.userId)).toEqual([people[0]?.userId, people[1]?.userId]);
    const capped = await person.client.get('/organization/list-members', { query: { limit: '50' } });
    expect(capped.json.members).toHaveLength(5);
    const desc = await person.client.get('/organization/list-members', {
      query: { sortBy: 'createdAt', sortDirection: 'desc' },
    });
    expect(desc.json.members[0].userId).toBe(people[3]?.userId);
    const admins = await person.client.get('/organization/list-members', {
      query: { filterField: 'role', filterValue: 'admin', filterOperator: 'eq' },
    });
    expect(admins.json.total).toBe(2);
    expect(admins.json.members.every((m: { role: string }) => m.role === 'admin')).toBe(true);
    const notMembers = await person.client.get('/organization/list-members', {
      query: { filterField: 'role', filterValue: 'admin,owner', filterOperator: 'in' },
    });
    expect(notMembers.json.total).toBe(3);
    const starts = await person.client.get('/organization/list-members', {
      query: { filterField: 'role', filterValue: 'ow', filterOperator: 'starts_with' },
    });
    expect(starts.json.total).toBe(1);
    const stranger = await signUpUser(app);
    const refused = await stranger.client.get('/organization/list-members', { query: { organizationId: org.id } });
    expect([refused.status, refused.json.code]).toEqual([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']);
    expect((await stranger.client.get('/organization/list-members')).json.code).toBe('NO_ACTIVE_ORGANIZATION');
    expect(
      (await stranger.client.get('/organization/list-members', { query: { organizationSlug: 'nope-nope' } })).json.code,
    ).toBe('ORGANIZATION_NOT_FOUND');
    expect((await person.client.get('/organization/list-members', { query: { sortBy: 'password' } })).json.code).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('list-members: a createdAt filter compares dates; a malformed one is 400, never 500; LIKE patterns are literal', async () => {
    const { person } = await owner(app);
    await join(app, person, (await activeOrgId(person.client)) ?? '', 'admin');
    const list = (query: Record<string, string>) => person.client.get('/organization/list-members', { query });
    const before = await list({
      filterField: 'createdAt',
      filterOperator: 'lt',
      filterValue: '2000-01-01T00:00:00Z',
    });
    expect([before.status, before.json.total]).toEqual([200, 0]);
    const after = await list({
      filterField: 'createdAt',
      filterOperator: 'gte',
      filterValue: '2000-01-01T00:00:00Z',
    });
    expect([after.status, after.json.total]).toEqual([200, 2]);
    for (const [filterOperator, filterValue] of [
      ['eq', 'not-a-date'],
      ['in', '2026-01-01,nope'],
      ['gt', '+100000-01-01T00:00:00Z'],
      ['contains', '2026'],
    ] as const) {
      const res = await list({ filterField: 'createdAt', filterOperator, filterValue });
      expect([res.status, res.json.code], `${filterOperator} ${filterValue}`).toEqual([400, 'VALIDATION_ERROR']);
    }
    // % and _ match themselves, not "anything"
    for (const filterValue of ['%', '_'])
      expect((await list({ filterField: 'role', filterOperator: 'contains', filterValue })).json.total).toBe(0);
  });

  it('update-member-role: roles, creator rules, unknown roles, last owner', async () => {
    const { org, owner: o, admin, member } = await orgWithRoles(app);
    const res = await o.client.post('/organization/update-member-role', {
      memberId: member.memberId,
      role: ['admin', ' member'],
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: member.memberId, role: 'admin,member', organizationId: org.id });
    expect(res.json.user).toBeUndefined();
    const toOwner = await admin.client.post('/organization/update-member-role', {
      memberId: member.memberId,
      role: 'owner',
    });
    expect([toOwner.status, toOwner.json.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER']);
    const touchOwner = await admin.client.post('/organization/update-member-role', {
      memberId: o.memberId,
      role: 'member',
    });
    expect(touchOwner.json.code).toBe('YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    const unknown = await o.client.post('/organization/update-member-role', {
      memberId: member.memberId,
      role: 'emperor',
    });
    expect(unknown.json).toEqual({ code: 'ROLE_NOT_FOUND', message: 'ROLE_NOT_FOUND: emperor' });
    expect(
      (await o.client.post('/organization/update-member-role', { memberId: member.memberId, role: '' })).status,
    ).toBe(400);
    const selfDemote = await o.client.post('/organization/update-member-role', {
      memberId: o.memberId,
      role: 'member',
    });
    expect([selfDemote.status, selfDemote.json.code]).toEqual([
      400,
      'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER',
    ]);
    expect(
      (await o.client.post('/organization/update-member-role', { memberId: 'missing', role: 'member' })).json.code,
    ).toBe('MEMBER_NOT_FOUND');
    const role = await member.client.get('/organization/get-active-member-role');
    expect(role.json).toEqual({ role: 'admin,member' });
    const ofOther = await member.client.get('/organization/get-active-member-role', { query: { userId: o.userId } });
    expect(ofOther.json).toEqual({ role: 'owner' });
  });

  it('remove-member: by id or email, needs member:delete (401), owners protected, sessions lose the organization', async () => {
    const { org, owner: o, admin, member } = await orgWithRoles(app);
    const extra = await join(app, o, org.id);
    const byMember = await member.client.post('/organization/remove-member', { memberIdOrEmail: extra.memberId });
    expect([byMember.status, byMember.json.code]).toEqual([401, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER']);
    const ownerByAdmin = await admin.client.post('/organization/remove-member', { memberIdOrEmail: o.email });
    expect([ownerByAdmin.status, ownerByAdmin.json.code]).toEqual([
      400,
      'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
    ]);
    const lastOwner = await o.client.post('/organization/remove-member', { memberIdOrEmail: o.memberId });
    expect(lastOwner.json.code).toBe('YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
    const byId = await admin.client.post('/organization/remove-member', { memberIdOrEmail: member.memberId });
    expect(byId.status).toBe(200);
    expect(byId.json.member.userId).toBe(member.userId);
    expect(await activeOrgId(member.client)).toBeNull();
    const byEmail = await o.client.post('/organization/remove-member', {
      memberIdOrEmail: extra.email.toUpperCase(),
      organizationId: org.id,
    });
    expect(byEmail.json.member.userId).toBe(extra.userId);
    expect((await o.client.post('/organization/remove-member', { memberIdOrEmail: extra.memberId })).json.code).toBe(
      'MEMBER_NOT_FOUND',
    );
    const teamRows = await db.handle.db
      .selectFrom('teamMember')
      .select('id')
      .where('userId', 'in', [member.userId, extra.userId])
      .execute();
    expect(teamRows).toHaveLength(0);
  });

  it('leave: members leave and lose the active organization; the only owner cannot; another owner makes it possible', async () => {
    const { org, owner: o, member } = await orgWithRoles(app);
    const res = await member.client.post('/organization/leave', { organizationId: org.id });
    expect(res.json).toMatchObject({ userId: member.userId, organizationId: org.id });
    expect(await activeOrgId(member.client)).toBeNull();
    expect((await member.client.post('/organization/leave', { organizationId: org.id })).json.code).toBe(
      'MEMBER_NOT_FOUND',
    );
    const only = await o.client.post('/organization/leave', { organizationId: org.id });
    expect([only.status, only.json.code]).toEqual([400, 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER']);
    await join(app, o, org.id, 'owner');
    expect((await o.client.post('/organization/leave', { organizationId: org.id })).status).toBe(200);
  });

  it('get-active-member and has-permission', async () => {
    const { org, admin } = await orgWithRoles(app);
    const active = await admin.client.get('/organization/get-active-member');
    expect(active.json).toMatchObject({
      userId: admin.userId,
      role: 'admin',
      organizationId: org.id,
      user: { email: admin.email },
    });
    const lonely = await signUpUser(app);
    expect((await lonely.client.get('/organization/get-active-member')).json.code).toBe('NO_ACTIVE_ORGANIZATION');
    const yes = await admin.client.post('/organization/has-permission', { permissions: { member: ['delete'] } });
    expect(yes.json).toEqual({ error: null, success: true });
    const legacy = await admin.client.post('/organization/has-permission', {
      permission: { organization: ['delete'] },
    });
    expect(legacy.json).toEqual({ error: null, success: false });
    expect((await admin.client.post('/organization/has-permission', {})).json.code).toBe('VALIDATION_ERROR');
    const outsider = await lonely.client.post('/organization/has-permission', {
      permissions: { member: ['delete'] },
      organizationId: org.id,
    });
    expect([outsider.status, outsider.json.code]).toEqual([401, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']);
  });

  it('race: two owners removing each other at once leave at least one owner', async () => {
    for (let round = 0; round < 3; round++) {
      const { person: a, org } = await owner(app);
      const b = await join(app, a, org.id, 'owner');
      const [x, y] = await Promise.all([
        a.client.post('/organization/remove-member', { memberIdOrEmail: b.memberId, organizationId: org.id }),
        b.client.post('/organization/remove-member', { memberIdOrEmail: a.memberId, organizationId: org.id }),
      ]);
      expect([x.status, y.status].filter((s) => s === 200)).toHaveLength(1);
      const owners = await db.handle.db
        .selectFrom('member')
        .select('role')
        .where('organizationId', '=', org.id)
        .execute();
      expect(owners.filter((m) => m.role === 'owner')).toHaveLength(1);
    }
  });

  it('race: two owners leaving at once leave at least one owner', async () => {
    const { person: a, org } = await owner(app);
    const b = await join(app, a, org.id, 'owner');
    const results = await Promise.all([
      a.client.post('/organization/leave', { organizationId: org.id }),
      b.client.post('/organization/leave', { organizationId: org.id }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const left = await db.handle.db.selectFrom('member').select('role').where('organizationId', '=', org.id).execute();
    expect(left.map((m) => m.role)).toEqual(['owner']);
  });
});
