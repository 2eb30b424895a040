/**
 * An invitation is worth what its inviter may still hand out: an admin removed from the
 * organization, demoted, or gone of their own accord admits nobody through the invitations
 * they sent, and an owner's invitation to the owner role stands only while they hold it.
 * The refused acceptance changes nothing (the invitation stays as it was).
 */
import { expect, it } from 'vitest';
import { snapshot } from '../../test/advisories.ts';
import { describeOnDatabases, signUpUser } from '../../test/harness.ts';
import { join, orgWithRoles } from '../../test/organizations.ts';

await describeOnDatabases('invitations and their inviter', {}, (t) => {
  async function invitedByAdmin(role = 'admin') {
    const roles = await orgWithRoles(t.app);
    const invitee = await signUpUser(t.app);
    const inv = await roles.admin.client.post('/organization/invite-member', {
      email: invitee.email,
      role,
      organizationId: roles.org.id,
    });
    expect(inv.status, inv.text).toBe(200);
    return { ...roles, invitee, invitationId: inv.json.id as string };
  }

  async function refused(invitee: { client: import('../../test/client.ts').TestClient }, invitationId: string) {
    const before = await snapshot(t.db);
    const res = await invitee.client.post('/organization/accept-invitation', { invitationId });
    expect([res.status, res.json.code]).toEqual([400, 'INVITATION_NOT_FOUND']);
    expect(await snapshot(t.db)).toEqual(before);
  }

  it("a removed admin's invitation admits nobody", async () => {
    const s = await invitedByAdmin();
    const rm = await s.owner.client.post('/organization/remove-member', {
      memberIdOrEmail: s.admin.memberId,
      organizationId: s.org.id,
    });
    expect(rm.status).toBe(200);
    await refused(s.invitee, s.invitationId);
  });

  it('an admin demoted to member: the invitations they sent admit nobody', async () => {
    const s = await invitedByAdmin('member');
    const demote = await s.owner.client.post('/organization/update-member-role', {
      memberId: s.admin.memberId,
      role: 'member',
      organizationId: s.org.id,
    });
    expect(demote.status).toBe(200);
    await refused(s.invitee, s.invitationId);
  });

  it('an admin who left: the invitations they sent admit nobody', async () => {
    const s = await invitedByAdmin();
    expect((await s.admin.client.post('/organization/leave', { organizationId: s.org.id })).status).toBe(200);
    await refused(s.invitee, s.invitationId);
  });

  it('an owner invitation stands only while its inviter is an owner', async () => {
    const { owner, org } = await orgWithRoles(t.app);
    const second = await join(t.app, owner, org.id, 'owner');
    const invitee = await signUpUser(t.app);
    const inv = await second.client.post('/organization/invite-member', {
      email: invitee.email,
      role: 'owner',
      organizationId: org.id,
    });
    expect(inv.status, inv.text).toBe(200);
    const demote = await owner.client.post('/organization/update-member-role', {
      memberId: second.memberId,
      role: 'admin',
      organizationId: org.id,
    });
    expect(demote.status, demote.text).toBe(200);
    await refused(invitee, inv.json.id);
    // an invitation whose inviter still may: accepted, with its role
    const fresh = await signUpUser(t.app);
    const ok = await owner.client.post('/organization/invite-member', {
      email: fresh.email,
      role: 'member',
      organizationId: org.id,
    });
    const accepted = await fresh.client.post('/organization/accept-invitation', { invitationId: ok.json.id });
    expect([accepted.status, accepted.json.member.role]).toEqual([200, 'member']);
  });
});
