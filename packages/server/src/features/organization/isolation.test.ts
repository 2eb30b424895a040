/**
 * Cross-organization isolation: the owner of A (the most privileged person there) tries
 * every endpoint with B's ids. Every call is refused and B is unchanged afterwards.
 */
import { beforeAll, expect, it } from 'vitest';
import type { TestResponse } from '../../test/client.ts';
import { describeOnDatabases, type SharedDatabase, signUpUser, type TestApp } from '../../test/harness.ts';
import { orgWithRoles, owner } from '../../test/organizations.ts';

await describeOnDatabases('isolation between organizations', {}, (t) => {
  let db: SharedDatabase;
  let app: TestApp;
  beforeAll(() => {
    ({ db, app } = t);
  });

  async function snapshot(orgId: string) {
    const d = db.handle.db;
    return {
      org: await d.selectFrom('organization').selectAll().where('id', '=', orgId).execute(),
      members: await d
        .selectFrom('member')
        .select(['id', 'userId', 'role'])
        .where('organizationId', '=', orgId)
        .orderBy('id')
        .execute(),
      invitations: await d
        .selectFrom('invitation')
        .select(['id', 'status', 'teamId', 'expiresAt'])
        .where('organizationId', '=', orgId)
        .orderBy('id')
        .execute(),
      teams: await d
        .selectFrom('team')
        .select(['id', 'name'])
        .where('organizationId', '=', orgId)
        .orderBy('id')
        .execute(),
      teamMembers: await d
        .selectFrom('teamMember')
        .innerJoin('team', 'team.id', 'teamMember.teamId')
        .select(['teamMember.id', 'teamMember.userId'])
        .where('team.organizationId', '=', orgId)
        .orderBy('teamMember.id')
        .execute(),
    };
  }

  it('the owner of A can read or change nothing of B', async () => {
    const a = await owner(app);
    const b = await orgWithRoles(app);
    const bTeam = (await b.owner.client.post('/organization/create-team', { name: 'B team' })).json;
    await b.owner.client.post('/organization/add-team-member', { teamId: bTeam.id, userId: b.member.userId });
    const outsider = await signUpUser(app);
    const bInv = (await b.owner.client.post('/organization/invite-member', { email: outsider.email, role: 'member' }))
      .json;
    const bInvOther = (
      await b.owner.client.post('/organization/invite-member', { email: 'someone@example.test', role: 'admin' })
    ).json;
    const before = await snapshot(b.org.id);

    const c = a.person.client;
    const B = b.org.id;
    const calls: [string, Promise<TestResponse>][] = [
      ['update', c.post('/organization/update', { organizationId: B, data: { name: 'Hijacked', slug: 'hijacked' } })],
      ['delete', c.post('/organization/delete', { organizationId: B })],
      ['set-active by id', c.post('/organization/set-active', { organizationId: B })],
      ['set-active by slug', c.post('/organization/set-active', { organizationSlug: b.org.slug })],
      ['get-organization', c.get('/organization/get-organization', { query: { organizationId: B } })],
      [
        'get-full-organization',
        c.get('/organization/get-full-organization', { query: { organizationSlug: b.org.slug } }),
      ],
      ['list-members', c.get('/organization/list-members', { query: { organizationId: B } })],
      [
        'update-member-role (in A)',
        c.post('/organization/update-member-role', { memberId: b.member.memberId, role: 'admin' }),
      ],
      [
        'update-member-role (in B)',
        c.post('/organization/update-member-role', { memberId: b.member.memberId, role: 'admin', organizationId: B }),
      ],
      ['remove-member by id', c.post('/organization/remove-member', { memberIdOrEmail: b.admin.memberId })],
      ['remove-member by email', c.post('/organization/remove-member', { memberIdOrEmail: b.admin.email })],
      [
        'remove-member in B',
        c.post('/organization/remove-member', { memberIdOrEmail: b.admin.memberId, organizationId: B }),
      ],
      ['leave', c.post('/organization/leave', { organizationId: B })],
      [
        'get-active-member-role',
        c.get('/organization/get-active-member-role', { query: { organizationId: B, userId: b.owner.userId } }),
      ],
      [
        'has-permission',
        c.post('/organization/has-permission', { organizationId: B, permissions: { member: ['delete'] } }),
      ],
      [
        'invite-member to B',
        c.post('/organization/invite-member', { email: 'x@example.test', role: 'member', organizationId: B }),
      ],
      [
        "invite-member to A into B's team",
        c.post('/organization/invite-member', { email: 'y@example.test', role: 'member', teamId: bTeam.id }),
      ],
      ['cancel-invitation', c.post('/organization/cancel-invitation', { invitationId: bInvOther.id })],
      ['accept-invitation', c.post('/organization/accept-invitation', { invitationId: bInv.id })],
      ['reject-invitation', c.post('/organization/reject-invitation', { invitationId: bInv.id })],
      ['get-invitation', c.get('/organization/get-invitation', { query: { id: bInv.id } })],
      ['list-invitations', c.get('/organization/list-invitations', { query: { organizationId: B } })],
      ['create-team', c.post('/organization/create-team', { name: 'Planted', organizationId: B })],
      ['list-teams', c.get('/organization/list-teams', { query: { organizationId: B } })],
      ['update-team (in A)', c.post('/organization/update-team', { teamId: bTeam.id, data: { name: 'Hijacked' } })],
      [
        'update-team (in B)',
        c.post('/organization/update-team', { teamId: bTeam.id, data: { name: 'Hijacked', organizationId: B } }),
      ],
      ['remove-team (in A)', c.post('/organization/remove-team', { teamId: bTeam.id })],
      ['remove-team (in B)', c.post('/organization/remove-team', { teamId: bTeam.id, organizationId: B })],
      ['set-active-team', c.post('/organization/set-active-team', { teamId: bTeam.id })],
      [
        'list-user-teams',
        c.get('/organization/list-user-teams', { query: { userId: b.member.userId, organizationId: B } }),
      ],
      ['list-team-members', c.get('/organization/list-team-members', { query: { teamId: bTeam.id } })],
      [
        'add-team-member (in A)',
        c.post('/organization/add-team-member', { teamId: bTeam.id, userId: a.person.userId }),
      ],
      [
        'add-team-member (in B)',
        c.post('/organization/add-team-member', { teamId: bTeam.id, userId: a.person.userId, organizationId: B }),
      ],
      [
        'remove-team-member (in A)',
        c.post('/organization/remove-team-member', { teamId: bTeam.id, userId: b.member.userId }),
      ],
      [
        'remove-team-member (in B)',
        c.post('/organization/remove-team-member', { teamId: bTeam.id, userId: b.member.userId, organizationId: B }),
      ],
    ];
    for (const [name, call] of calls) {
      const res = await call;
      expect([400, 401, 403], `${name}: ${res.status} ${res.text}`).toContain(res.status);
      expect(res.json?.code, name).toMatch(/^[A-Z_]+$/);
    }
    expect(await snapshot(b.org.id)).toEqual(before);
    const session = (await c.get('/get-session', { query: { disableCookieCache: 'true' } })).json.session;
    expect(session.activeOrganizationId).toBe(a.org.id);
    const listed = (await c.get('/organization/list')).json.map((o: { id: string }) => o.id);
    expect(listed).toEqual([a.org.id]);
  });
});
