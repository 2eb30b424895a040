import { beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  describeOnDatabases,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';
import { orgWithRoles, owner } from '../../test/organizations.ts';

const options = { plugins: { organization: { teams: { enabled: true, maximumTeams: 3 } } } };

await describeOnDatabases('teams', options, (t) => {
  let db: SharedDatabase;
  let app: TestApp;
  beforeAll(() => {
    ({ db, app } = t);
  });

  it('create, list, update, remove; maximumTeams; last team protected; names not empty', async () => {
    const { person, org } = await owner(app);
    app.clock.advance(1);
    const blue = await person.client.post('/organization/create-team', { name: 'Blue' });
    app.clock.advance(1);
    expect(blue.json).toMatchObject({ name: 'Blue', organizationId: org.id });
    await person.client.post('/organization/create-team', { name: 'Green', organizationId: org.id });
    const over = await person.client.post('/organization/create-team', { name: 'Red' });
    expect([over.status, over.json.code]).toEqual([400, 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS']);
    expect((await person.client.post('/organization/create-team', { name: '  ' })).json.code).toBe('VALIDATION_ERROR');
    const teams = (await person.client.get('/organization/list-teams')).json as { id: string; name: string }[];
    expect(teams.map((t) => t.name)).toEqual(['Test Org', 'Blue', 'Green']);
    const upd = await person.client.post('/organization/update-team', { teamId: blue.json.id, data: { name: 'Navy' } });
    expect(upd.json.name).toBe('Navy');
    expect(
      (await person.client.post('/organization/update-team', { teamId: blue.json.id, data: { name: '' } })).json.code,
    ).toBe('VALIDATION_ERROR');
    const inv = await person.client.post('/organization/invite-member', {
      email: 'teamed@example.test',
      role: 'member',
      teamId: [blue.json.id, teams[2]?.id],
    });
    for (const t of teams.slice(0, 2)) {
      expect((await person.client.post('/organization/remove-team', { teamId: t.id })).json).toEqual({
        message: 'Team removed successfully.',
      });
    }
    const stripped = await db.handle.db
      .selectFrom('invitation')
      .select('teamId')
      .where('id', '=', inv.json.id)
      .executeTakeFirstOrThrow();
    expect(stripped.teamId).toBe(teams[2]?.id);
    expect(
      (await person.client.get('/get-session', { query: { disableCookieCache: 'true' } })).json.session.activeTeamId,
    ).toBeNull();
    const last = await person.client.post('/organization/remove-team', { teamId: teams[2]?.id });
    expect([last.status, last.json.code]).toEqual([400, 'UNABLE_TO_REMOVE_LAST_TEAM']);
    expect((await person.client.post('/organization/remove-team', { teamId: 'missing' })).json.code).toBe(
      'TEAM_NOT_FOUND',
    );
  });

  it('team members: add (idempotent), list, remove; set-active-team; list-user-teams', async () => {
    const { org, owner: o, admin, member } = await orgWithRoles(app);
    const team = (await o.client.post('/organization/create-team', { name: 'Core' })).json;
    const add = await admin.client.post('/organization/add-team-member', { teamId: team.id, userId: member.userId });
    expect(add.json).toMatchObject({ teamId: team.id, userId: member.userId });
    const again = await admin.client.post('/organization/add-team-member', { teamId: team.id, userId: member.userId });
    expect(again.json.id).toBe(add.json.id);
    const outsider = await signUpUser(app);
    expect(
      (await o.client.post('/organization/add-team-member', { teamId: team.id, userId: outsider.userId })).json.code,
    ).toBe('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
    expect(
      (await member.client.post('/organization/add-team-member', { teamId: team.id, userId: member.userId })).json.code,
    ).toBe('YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER');
    const listed = await member.client.get('/organization/list-team-members', { query: { teamId: team.id } });
    expect(listed.json.map((m: { userId: string }) => m.userId)).toEqual([member.userId]);
    expect((await admin.client.get('/organization/list-team-members', { query: { teamId: team.id } })).status).toBe(
      200,
    );
    expect((await member.client.get('/organization/list-team-members')).json.code).toBe(
      'YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM',
    );
    const active = await member.client.post('/organization/set-active-team', { teamId: team.id });
    expect(active.json.id).toBe(team.id);
    expect(active.setCookies.some((c) => c.includes('session_token='))).toBe(true);
    expect((await member.client.get('/organization/list-team-members')).json).toHaveLength(1);
    const defaultTeam = (await o.client.get('/organization/list-teams')).json.find(
      (t: { name: string }) => t.name === 'Test Org',
    );
    expect((await member.client.post('/organization/set-active-team', { teamId: defaultTeam.id })).json.code).toBe(
      'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
    );
    expect((await member.client.get('/organization/list-user-teams')).json.map((t: { id: string }) => t.id)).toEqual([
      team.id,
    ]);
    const ofMember = await admin.client.get('/organization/list-user-teams', {
      query: { userId: member.userId, organizationId: org.id },
    });
    expect(ofMember.json.map((t: { id: string }) => t.id)).toEqual([team.id]);
    expect((await member.client.get('/organization/list-user-teams', { query: { userId: o.userId } })).json.code).toBe(
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
    );
    expect(
      (await member.client.post('/organization/remove-team-member', { teamId: team.id, userId: member.userId })).json
        .code,
    ).toBe('YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER');
    const removed = await o.client.post('/organization/remove-team-member', { teamId: team.id, userId: member.userId });
    expect(removed.json).toEqual({ message: 'Team member removed successfully.' });
    expect(
      (await member.client.get('/get-session', { query: { disableCookieCache: 'true' } })).json.session.activeTeamId,
    ).toBeNull();
    expect(
      (await o.client.post('/organization/remove-team-member', { teamId: team.id, userId: member.userId })).json.code,
    ).toBe('USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
    expect((await member.client.get('/organization/list-team-members', { query: { teamId: team.id } })).json.code).toBe(
      'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
    );
    expect((await member.client.post('/organization/set-active-team', { teamId: null })).json).toBeNull();
  });

  it('allowRemovingAllTeams lets the last team go', async () => {
    const loose = createTestApp(db, {
      plugins: { organization: { teams: { enabled: true, allowRemovingAllTeams: true } } },
    });
    try {
      const { person } = await owner(loose);
      const [only] = (await person.client.get('/organization/list-teams')).json;
      expect((await person.client.post('/organization/remove-team', { teamId: only.id })).status).toBe(200);
      expect((await person.client.get('/organization/list-teams')).json).toEqual([]);
    } finally {
      await loose.close();
    }
  });
});
