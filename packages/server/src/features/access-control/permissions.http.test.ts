/**
 * Every guarded organization action, tried over HTTP by an owner, an admin and a plain
 * member (seed-spec §6): allowed answers 200, refused answers 401/403 and changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestResponse } from '../../test/client.ts';
import { describeOnDatabases, type SharedDatabase, signUpUser, type TestApp } from '../../test/harness.ts';
import { join, type OrgJson, orgWithRoles, type Person } from '../../test/organizations.ts';

type Role = 'owner' | 'admin' | 'member';
interface Fixture {
  org: OrgJson;
  owner: Person;
  actor: Person;
}
type Action = (app: TestApp, f: Fixture) => Promise<TestResponse>;

let n = 0;
const email = () => `target-${Date.now().toString(36)}-${n++}@example.test`;

const ACTIONS: [name: string, action: Action, owner: boolean, admin: boolean, member: boolean][] = [
  [
    'organization:update',
    (_, f) => f.actor.client.post('/organization/update', { data: { name: 'New name' } }),
    true,
    true,
    false,
  ],
  [
    'member:update (update-member-role)',
    async (app, f) => {
      const target = await join(app, f.owner, f.org.id);
      return f.actor.client.post('/organization/update-member-role', { memberId: target.memberId, role: 'admin' });
    },
    true,
    true,
    false,
  ],
  [
    'member:delete (remove-member)',
    async (app, f) => {
      const target = await join(app, f.owner, f.org.id);
      return f.actor.client.post('/organization/remove-member', { memberIdOrEmail: target.memberId });
    },
    true,
    true,
    false,
  ],
  [
    'invitation:create (invite-member)',
    (_, f) => f.actor.client.post('/organization/invite-member', { email: email(), role: 'member' }),
    true,
    true,
    false,
  ],
  [
    'invitation:create (list-invitations)',
    (_, f) => f.actor.client.get('/organization/list-invitations'),
    true,
    true,
    false,
  ],
  [
    'invitation:cancel',
    async (_, f) => {
      const inv = await f.owner.client.post('/organization/invite-member', {
        email: email(),
        role: 'member',
        organizationId: f.org.id,
      });
      return f.actor.client.post('/organization/cancel-invitation', { invitationId: inv.json.id });
    },
    true,
    true,
    false,
  ],
  ['team:create', (_, f) => f.actor.client.post('/organization/create-team', { name: 'New team' }), true, true, false],
  [
    'team:update',
    async (_, f) => {
      const team = await f.owner.client.post('/organization/create-team', {
        name: 'To rename',
        organizationId: f.org.id,
      });
      return f.actor.client.post('/organization/update-team', { teamId: team.json.id, data: { name: 'Renamed' } });
    },
    true,
    true,
    false,
  ],
  [
    'team:delete',
    async (_, f) => {
      const team = await f.owner.client.post('/organization/create-team', {
        name: 'To remove',
        organizationId: f.org.id,
      });
      return f.actor.client.post('/organization/remove-team', { teamId: team.json.id });
    },
    true,
    true,
    false,
  ],
  [
    'member:update (add-team-member)',
    async (app, f) => {
      const team = await f.owner.client.post('/organization/create-team', { name: 'Add to', organizationId: f.org.id });
      const target = await join(app, f.owner, f.org.id);
      return f.actor.client.post('/organization/add-team-member', { teamId: team.json.id, userId: target.userId });
    },
    true,
    true,
    false,
  ],
  [
    'member:delete (remove-team-member)',
    async (app, f) => {
      const team = await f.owner.client.post('/organization/create-team', {
        name: 'Remove from',
        organizationId: f.org.id,
      });
      const target = await join(app, f.owner, f.org.id);
      await f.owner.client.post('/organization/add-team-member', {
        teamId: team.json.id,
        userId: target.userId,
        organizationId: f.org.id,
      });
      return f.actor.client.post('/organization/remove-team-member', { teamId: team.json.id, userId: target.userId });
    },
    true,
    true,
    false,
  ],
  ['any member: list-teams', (_, f) => f.actor.client.get('/organization/list-teams'), true, true, true],
  ['any member: list-members', (_, f) => f.actor.client.get('/organization/list-members'), true, true, true],
  ['any member: get-active-member', (_, f) => f.actor.client.get('/organization/get-active-member'), true, true, true],
  [
    'organization:delete',
    (_, f) => f.actor.client.post('/organization/delete', { organizationId: f.org.id }),
    true,
    false,
    false,
  ],
];

await describeOnDatabases('permissions by role', { plugins: { organization: { membershipLimit: 100 } } }, (t) => {
  let db: SharedDatabase;
  let app: TestApp;
  const fixtures = new Map<Role, Fixture>();
  beforeAll(async () => {
    ({ db, app } = t);
    for (const role of ['owner', 'admin', 'member'] as const) {
      const f = await orgWithRoles(app);
      fixtures.set(role, { org: f.org, owner: f.owner, actor: f[role] });
    }
  });

  describe.each(ACTIONS)('%s', (_name, action, ...allowed) => {
    it.each([
      ['owner', allowed[0]],
      ['admin', allowed[1]],
      ['member', allowed[2]],
    ] as const)('%s may: %s', async (role, may) => {
      const f = fixtures.get(role);
      if (!f) throw new Error('no fixture');
      const res = await action(app, f);
      if (may) expect(res.status, res.text).toBe(200);
      else {
        expect([401, 403], res.text).toContain(res.status);
        expect(res.json.code).toMatch(/^[A-Z_]+$/);
      }
    });
  });

  it('a refused action changes nothing', async () => {
    const f = fixtures.get('member');
    if (!f) throw new Error('no fixture');
    const stranger = await signUpUser(app);
    await f.actor.client.post('/organization/update', { data: { name: 'Hijacked' } });
    await stranger.client.post('/organization/update', { organizationId: f.org.id, data: { name: 'Hijacked' } });
    const row = await db.handle.db
      .selectFrom('organization')
      .select('name')
      .where('id', '=', f.org.id)
      .executeTakeFirst();
    expect(row?.name).not.toBe('Hijacked');
  });
});
