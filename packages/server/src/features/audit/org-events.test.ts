/**
 * The audit events of organizations, members, invitations, teams and JWT keys
 * (docs/audit-log.md): each action over HTTP (or through `api` for trusted server code)
 * leaves its row, read back from the table with its actor, target and organization; a
 * refused action leaves no row and changes nothing.
 */
import { expect, it } from 'vitest';
import type { Database } from '../../core/db/schema.ts';
import { describeOnDatabases, signUpUser, type TestApp } from '../../test/harness.ts';

type Db = import('kysely').Kysely<Database>;

interface Row {
  type: string;
  outcome: string;
  actorUserId: string | null;
  actorType: string;
  impersonatorUserId: string | null;
  targetType: string | null;
  targetId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
}

let n = 0;
const slug = () => `audit-${Date.now().toString(36)}-${(n++).toString(36)}`;

/** The rows written since `since` (a count of rows before), oldest first, same instant by type. */
async function rowsSince(db: Db, before: Set<string>): Promise<Row[]> {
  const rows = await db.selectFrom('auditEvent').selectAll().orderBy('createdAt').orderBy('type').execute();
  return rows
    .filter((r) => !before.has(r.id))
    .map((r) => ({
      type: r.type,
      outcome: r.outcome,
      actorUserId: r.actorUserId,
      actorType: r.actorType,
      impersonatorUserId: r.impersonatorUserId,
      targetType: r.targetType,
      targetId: r.targetId,
      organizationId: r.organizationId,
      ipAddress: r.ipAddress,
      userAgent: r.userAgent,
      details: r.details === null ? null : (JSON.parse(r.details) as Record<string, unknown>),
    }));
}

async function ids(db: Db): Promise<Set<string>> {
  return new Set((await db.selectFrom('auditEvent').select('id').execute()).map((r) => r.id));
}

/** What one action wrote: its rows other than sign-ins and sign-ups (the helpers' own). */
async function written(app: TestApp, db: Db, action: () => Promise<unknown>): Promise<Row[]> {
  app.clock.advance(1);
  const before = await ids(db);
  await action();
  return (await rowsSince(db, before)).filter((r) => r.type !== 'sign_in' && r.type !== 'sign_up');
}

await describeOnDatabases(
  'audit events of organizations',
  { plugins: { organization: { teams: { enabled: true } } } },
  (t) => {
    const db = () => t.db.handle.db;

    it('organization, member and invitation changes each leave their row with the organization id', async () => {
      const owner = await signUpUser(t.app);
      const s = slug();
      let orgId = '';
      const created = await written(t.app, db(), async () => {
        const res = await owner.client.post(
          '/organization/create',
          { name: 'Audited', slug: s },
          { ip: '198.51.100.4', headers: { 'user-agent': 'OrgAudit/1.0' } },
        );
        expect(res.status).toBe(200);
        orgId = res.json.id;
      });
      const ownerMemberId = (
        await db().selectFrom('member').select('id').where('organizationId', '=', orgId).executeTakeFirstOrThrow()
      ).id;
      const by = { actorUserId: owner.userId, actorType: 'user', impersonatorUserId: null, organizationId: orgId };
      expect(created).toEqual([
        {
          type: 'member.added',
          outcome: 'success',
          ...by,
          targetType: 'user',
          targetId: owner.userId,
          ipAddress: '198.51.100.4',
          userAgent: 'OrgAudit/1.0',
          details: { memberId: ownerMemberId, role: 'owner', via: 'creation' },
        },
        {
          type: 'organization.created',
          outcome: 'success',
          ...by,
          targetType: 'organization',
          targetId: orgId,
          ipAddress: '198.51.100.4',
          userAgent: 'OrgAudit/1.0',
          details: { name: 'Audited', slug: s, defaultTeamId: expect.any(String) },
        },
      ]);

      const updated = await written(t.app, db(), () =>
        owner.client.post('/organization/update', { organizationId: orgId, data: { name: 'Renamed' } }),
      );
      expect(updated).toMatchObject([
        {
          type: 'organization.updated',
          ...by,
          targetType: 'organization',
          targetId: orgId,
          details: { fields: 'name', name: 'Renamed' },
        },
      ]);

      // an invitation sent, resent, and accepted
      const alice = await signUpUser(t.app);
      let invitationId = '';
      const sent = await written(t.app, db(), async () => {
        const res = await owner.client.post('/organization/invite-member', {
          email: alice.email,
          role: 'member',
          organizationId: orgId,
        });
        expect(res.status).toBe(200);
        invitationId = res.json.id;
      });
      expect(sent).toMatchObject([
        {
          type: 'invitation.sent',
          ...by,
          targetType: 'invitation',
          targetId: invitationId,
          details: { email: alice.email, role: 'member', resend: false, teams: 0 },
        },
      ]);
      const resent = await written(t.app, db(), () =>
        owner.client.post('/organization/invite-member', {
          email: alice.email,
          role: 'member',
          organizationId: orgId,
          resend: true,
        }),
      );
      expect(resent).toMatchObject([{ type: 'invitation.sent', targetId: invitationId, details: { resend: true } }]);
      let aliceMemberId = '';
      const accepted = await written(t.app, db(), async () => {
        const res = await alice.client.post('/organization/accept-invitation', { invitationId });
        expect(res.status).toBe(200);
        aliceMemberId = res.json.member.id;
      });
      const byAlice = { actorUserId: alice.userId, actorType: 'user', organizationId: orgId };
      expect(accepted).toMatchObject([
        {
          type: 'invitation.accepted',
          ...byAlice,
          targetType: 'invitation',
          targetId: invitationId,
          details: { email: alice.email, role: 'member', memberId: aliceMemberId },
        },
        {
          type: 'member.added',
          ...byAlice,
          targetType: 'user',
          targetId: alice.userId,
          details: { memberId: aliceMemberId, role: 'member', via: 'invitation' },
        },
      ]);

      // rejected and canceled invitations
      const bob = await signUpUser(t.app);
      const forBob = await owner.client.post('/organization/invite-member', {
        email: bob.email,
        role: 'admin',
        organizationId: orgId,
      });
      const rejected = await written(t.app, db(), () =>
        bob.client.post('/organization/reject-invitation', { invitationId: forBob.json.id }),
      );
      expect(rejected).toMatchObject([
        {
          type: 'invitation.rejected',
          actorUserId: bob.userId,
          organizationId: orgId,
          targetType: 'invitation',
          targetId: forBob.json.id,
          details: { role: 'admin' },
        },
      ]);
      const forCarol = await owner.client.post('/organization/invite-member', {
        email: 'carol@example.test',
        role: 'member',
        organizationId: orgId,
      });
      const canceled = await written(t.app, db(), () =>
        owner.client.post('/organization/cancel-invitation', { invitationId: forCarol.json.id }),
      );
      expect(canceled).toMatchObject([
        {
          type: 'invitation.canceled',
          ...by,
          targetType: 'invitation',
          targetId: forCarol.json.id,
          details: { email: 'carol@example.test', reason: 'canceled' },
        },
      ]);

      // a role changed, a member who leaves, a member removed
      const promoted = await written(t.app, db(), () =>
        owner.client.post('/organization/update-member-role', {
          memberId: aliceMemberId,
          role: 'admin',
          organizationId: orgId,
        }),
      );
      expect(promoted).toMatchObject([
        {
          type: 'member.role_changed',
          ...by,
          targetType: 'user',
          targetId: alice.userId,
          details: { memberId: aliceMemberId, from: 'member', to: 'admin' },
        },
      ]);
      const left = await written(t.app, db(), () =>
        alice.client.post('/organization/leave', { organizationId: orgId }),
      );
      expect(left).toMatchObject([
        {
          type: 'member.removed',
          ...byAlice,
          targetType: 'user',
          targetId: alice.userId,
          details: { memberId: aliceMemberId, role: 'admin', reason: 'left' },
        },
      ]);
      const dave = await signUpUser(t.app);
      const daveMember = await t.app.auth.api.addMember({ userId: dave.userId, role: 'member', organizationId: orgId });
      const removed = await written(t.app, db(), () =>
        owner.client.post('/organization/remove-member', { memberIdOrEmail: daveMember.id, organizationId: orgId }),
      );
      expect(removed).toMatchObject([
        {
          type: 'member.removed',
          ...by,
          targetType: 'user',
          targetId: dave.userId,
          details: { memberId: daveMember.id, role: 'member', reason: 'removed' },
        },
      ]);

      // deleting the organization
      const deleted = await written(t.app, db(), () =>
        owner.client.post('/organization/delete', { organizationId: orgId }),
      );
      expect(deleted).toMatchObject([
        {
          type: 'organization.deleted',
          ...by,
          targetType: 'organization',
          targetId: orgId,
          details: { name: 'Renamed', slug: s },
        },
      ]);
      // the organization is gone; what happened in it is not (the invitations sent to Bob and Carol too)
      expect(await db().selectFrom('organization').select('id').where('id', '=', orgId).execute()).toEqual([]);
      expect(
        (await db().selectFrom('auditEvent').select('id').where('organizationId', '=', orgId).execute()).length,
      ).toBe(16);
    });

    it("trusted server code's organization changes are the server API's", async () => {
      const person = await signUpUser(t.app);
      let orgId = '';
      const created = await written(t.app, db(), async () => {
        orgId = (await t.app.auth.api.createOrganization({ userId: person.userId, name: 'Server made', slug: slug() }))
          .id;
      });
      expect(created.map((r) => [r.type, r.actorType, r.actorUserId, r.organizationId])).toEqual([
        ['member.added', 'server-api', null, orgId],
        ['organization.created', 'server-api', null, orgId],
      ]);
      const other = await signUpUser(t.app);
      const added = await written(t.app, db(), () =>
        t.app.auth.api.addMember({ userId: other.userId, role: 'admin', organizationId: orgId }),
      );
      expect(added).toMatchObject([
        {
          type: 'member.added',
          actorType: 'server-api',
          actorUserId: null,
          targetId: other.userId,
          organizationId: orgId,
          details: { role: 'admin', via: 'server' },
        },
      ]);
    });

    it('an invitation whose mail is refused is withdrawn again, and the log says so', async () => {
      const owner = await signUpUser(t.app);
      const org = (await owner.client.post('/organization/create', { name: 'Bounced', slug: slug() })).json as {
        id: string;
      };
      t.app.mailer.rejectAll(true);
      let rows: Row[] = [];
      try {
        rows = await written(t.app, db(), async () => {
          const res = await owner.client.post('/organization/invite-member', {
            email: 'bounce@example.test',
            role: 'member',
            organizationId: org.id,
          });
          expect([res.status, res.json.code]).toEqual([500, 'FAILED_TO_SEND_EMAIL']);
        });
      } finally {
        t.app.mailer.rejectAll(false);
      }
      expect(rows.map((r) => [r.type, r.actorUserId, r.organizationId, r.targetType, r.details])).toEqual([
        [
          'invitation.canceled',
          owner.userId,
          org.id,
          'invitation',
          { email: 'bounce@example.test', reason: 'mail_failed' },
        ],
        [
          'invitation.sent',
          owner.userId,
          org.id,
          'invitation',
          { email: 'bounce@example.test', role: 'member', resend: false, teams: 0 },
        ],
      ]);
      // both name the invitation that no longer exists
      const [canceled, sent] = rows;
      expect(canceled?.targetId).toBe(sent?.targetId);
      expect(await db().selectFrom('invitation').select('id').where('organizationId', '=', org.id).execute()).toEqual(
        [],
      );
    });

    it('team changes each leave their row', async () => {
      const owner = await signUpUser(t.app);
      const org = (await owner.client.post('/organization/create', { name: 'Teams', slug: slug() })).json as {
        id: string;
      };
      const mate = await signUpUser(t.app);
      await t.app.auth.api.addMember({ userId: mate.userId, role: 'member', organizationId: org.id });
      const by = { actorUserId: owner.userId, organizationId: org.id };
      let teamId = '';
      const created = await written(t.app, db(), async () => {
        teamId = (await owner.client.post('/organization/create-team', { name: 'Blue', organizationId: org.id })).json
          .id;
      });
      expect(created).toMatchObject([
        { type: 'team.created', ...by, targetType: 'team', targetId: teamId, details: { name: 'Blue' } },
      ]);
      const renamed = await written(t.app, db(), () =>
        owner.client.post('/organization/update-team', { teamId, data: { name: 'Navy', organizationId: org.id } }),
      );
      expect(renamed).toMatchObject([
        {
          type: 'team.updated',
          ...by,
          targetType: 'team',
          targetId: teamId,
          details: { fields: 'name', name: 'Navy' },
        },
      ]);
      const joined = await written(t.app, db(), () =>
        owner.client.post('/organization/add-team-member', { teamId, userId: mate.userId, organizationId: org.id }),
      );
      expect(joined).toMatchObject([
        { type: 'team.member_added', ...by, targetType: 'user', targetId: mate.userId, details: { teamId } },
      ]);
      // adding someone already in the team changes nothing and writes nothing
      expect(
        await written(t.app, db(), () =>
          owner.client.post('/organization/add-team-member', { teamId, userId: mate.userId, organizationId: org.id }),
        ),
      ).toEqual([]);
      const dropped = await written(t.app, db(), () =>
        owner.client.post('/organization/remove-team-member', { teamId, userId: mate.userId, organizationId: org.id }),
      );
      expect(dropped).toMatchObject([
        { type: 'team.member_removed', ...by, targetType: 'user', targetId: mate.userId, details: { teamId } },
      ]);
      const removed = await written(t.app, db(), () =>
        owner.client.post('/organization/remove-team', { teamId, organizationId: org.id }),
      );
      expect(removed).toMatchObject([
        { type: 'team.removed', ...by, targetType: 'team', targetId: teamId, details: { name: 'Navy' } },
      ]);
    });

    it('a refused organization, invitation or team action writes nothing and changes nothing', async () => {
      const owner = await signUpUser(t.app);
      const org = (await owner.client.post('/organization/create', { name: 'Guarded', slug: slug() })).json as {
        id: string;
      };
      const member = await signUpUser(t.app);
      const membership = await t.app.auth.api.addMember({
        userId: member.userId,
        role: 'member',
        organizationId: org.id,
      });
      const stranger = await signUpUser(t.app);
      const invitation = await owner.client.post('/organization/invite-member', {
        email: 'erin@example.test',
        role: 'member',
        organizationId: org.id,
      });
      const team = (await owner.client.post('/organization/create-team', { name: 'Red', organizationId: org.id }))
        .json as { id: string };
      const snapshot = async () => ({
        organization: await db().selectFrom('organization').selectAll().where('id', '=', org.id).execute(),
        members: await db()
          .selectFrom('member')
          .select(['id', 'role'])
          .where('organizationId', '=', org.id)
          .orderBy('id')
          .execute(),
        invitations: await db()
          .selectFrom('invitation')
          .select(['id', 'status'])
          .where('organizationId', '=', org.id)
          .orderBy('id')
          .execute(),
        teams: await db()
          .selectFrom('team')
          .select(['id', 'name'])
          .where('organizationId', '=', org.id)
          .orderBy('id')
          .execute(),
        teamMembers: await db().selectFrom('teamMember').select('id').where('teamId', '=', team.id).execute(),
      });
      const before = await snapshot();
      const refusals = [
        () => member.client.post('/organization/update', { organizationId: org.id, data: { name: 'Mine now' } }),
        () => member.client.post('/organization/delete', { organizationId: org.id }),
        () => stranger.client.post('/organization/update', { organizationId: org.id, data: { name: 'Hijacked' } }),
        () =>
          member.client.post('/organization/update-member-role', {
            memberId: membership.id,
            role: 'owner',
            organizationId: org.id,
          }),
        () =>
          member.client.post('/organization/remove-member', { memberIdOrEmail: owner.email, organizationId: org.id }),
        () => owner.client.post('/organization/leave', { organizationId: org.id }),
        () =>
          member.client.post('/organization/invite-member', {
            email: 'frank@example.test',
            role: 'member',
            organizationId: org.id,
          }),
        () => member.client.post('/organization/cancel-invitation', { invitationId: invitation.json.id }),
        () => stranger.client.post('/organization/accept-invitation', { invitationId: invitation.json.id }),
        () => stranger.client.post('/organization/reject-invitation', { invitationId: invitation.json.id }),
        () => member.client.post('/organization/create-team', { name: 'Mine', organizationId: org.id }),
        () =>
          member.client.post('/organization/update-team', {
            teamId: team.id,
            data: { name: 'Mine', organizationId: org.id },
          }),
        () => member.client.post('/organization/remove-team', { teamId: team.id, organizationId: org.id }),
        () =>
          member.client.post('/organization/add-team-member', {
            teamId: team.id,
            userId: member.userId,
            organizationId: org.id,
          }),
        () =>
          owner.client.post('/organization/remove-team-member', {
            teamId: team.id,
            userId: member.userId,
            organizationId: org.id,
          }),
      ];
      for (const refuse of refusals) {
        const rows = await written(t.app, db(), async () => {
          const res = await refuse();
          expect(res.status, res.text).toBeGreaterThanOrEqual(400);
        });
        expect(rows).toEqual([]);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('a JWT key rotation by an admin leaves its row; anyone else is refused and nothing changes', async () => {
      const admin = await signUpUser(t.app);
      await db().updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
      const first = (await admin.client.get('/token')).json.token as string;
      const keysBefore = await db().selectFrom('jwks').select('id').execute();
      const plain = await signUpUser(t.app);
      const refused = await written(t.app, db(), async () => {
        const res = await plain.client.post('/admin/rotate-jwt-keys', {});
        expect([res.status, res.json.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_ROTATE_SIGNING_KEYS']);
      });
      expect(refused).toEqual([]);
      expect(await db().selectFrom('jwks').select('id').execute()).toEqual(keysBefore);

      let kid = '';
      const rotated = await written(t.app, db(), async () => {
        const res = await admin.client.post('/admin/rotate-jwt-keys', {});
        expect(res.status).toBe(200);
        kid = res.json.kid;
      });
      const previousKid = JSON.parse(Buffer.from(first.split('.')[0] ?? '', 'base64url').toString()).kid as string;
      expect(rotated).toMatchObject([
        {
          type: 'jwt.keys_rotated',
          actorUserId: admin.userId,
          targetType: 'jwt_key',
          targetId: kid,
          organizationId: null,
          details: { alg: 'EdDSA', previousKid },
        },
      ]);
      expect(kid).not.toBe(previousKid);
      // new tokens carry the new key; the old one stays published for the tokens already out
      const other = await signUpUser(t.app);
      const next = (await other.client.get('/token')).json.token as string;
      expect(JSON.parse(Buffer.from(next.split('.')[0] ?? '', 'base64url').toString()).kid).toBe(kid);
      const published = ((await t.app.client().get('/jwks')).json.keys as { kid: string }[]).map((k) => k.kid);
      expect(published).toEqual(expect.arrayContaining([kid, previousKid]));
      // never a key in the row
      const row = await db()
        .selectFrom('auditEvent')
        .select('details')
        .where('type', '=', 'jwt.keys_rotated')
        .executeTakeFirstOrThrow();
      const stored = await db()
        .selectFrom('jwks')
        .select(['privateKey', 'publicKey'])
        .where('id', '=', kid)
        .executeTakeFirstOrThrow();
      expect(row.details).not.toContain(stored.privateKey);
      expect(row.details).not.toContain(stored.publicKey);
    });
  },
);
