/**
 * What the organization screens read, each under @latch/react's key, so that a change in
 * mutations.ts reaches exactly the answers it makes wrong.
 */
import { authQueryOptions, latchKeys } from '@latch/react';
import { authClient } from '../../lib/auth.ts';
import type { AuthResult, FullOrganization, MemberWithUser } from '../../lib/wire-types.ts';

/** The signed-in person's organizations (the header's switcher, the page without an active one). */
export function organizationsQuery() {
  return authQueryOptions(latchKeys.organizations(), () => authClient.organization.list());
}

export interface ActiveOrganizationData {
  organization: FullOrganization;
  /** The signed-in person's membership in it. */
  member: MemberWithUser;
}

/** The active organization and the person's membership in it; `null` when no organization is active. */
async function loadActive(userId: string | undefined): Promise<AuthResult<ActiveOrganizationData | null>> {
  const full = await authClient.organization.getFullOrganization();
  if (full.error) return full;
  if (!full.data) return { data: null, error: null };
  const own = full.data.members.find((m) => m.userId === userId);
  if (own) return { data: { organization: full.data, member: own }, error: null };
  // the listing is capped at the membership limit: ask for the person's own membership directly
  const member = await authClient.organization.getActiveMember();
  if (member.error) return member;
  return { data: { organization: full.data, member: member.data }, error: null };
}

/** Under `latchKeys.organization()`: whatever changes the active organization invalidates it. */
export function activeOrganizationQuery(userId: string | undefined) {
  return authQueryOptions([...latchKeys.organization(), 'with-membership', userId ?? null] as const, () =>
    loadActive(userId),
  );
}

export function membersQuery(organizationId: string) {
  return authQueryOptions(latchKeys.members({ organizationId }), () =>
    authClient.organization.listMembers({ organizationId }),
  );
}

export function invitationsQuery(organizationId: string) {
  return authQueryOptions(latchKeys.invitations(organizationId), () =>
    authClient.organization.listInvitations({ organizationId }),
  );
}

export function teamsQuery(organizationId: string) {
  return authQueryOptions(latchKeys.teams(organizationId), () => authClient.organization.listTeams({ organizationId }));
}

export function teamMembersQuery(organizationId: string, teamId: string) {
  return authQueryOptions(latchKeys.teamMembers(teamId, organizationId), () =>
    authClient.organization.listTeamMembers({ teamId }),
  );
}

/** An invitation as its recipient sees it (the page the invitation mail links to). */
export function invitationQuery(invitationId: string) {
  return authQueryOptions(latchKeys.invitation(invitationId), () =>
    authClient.organization.getInvitation({ id: invitationId }),
  );
}

/** The invitation as its mail's link shows it signed out (GET /organization/invitation-preview, no session). */
export function invitationPreviewQuery(invitationId: string) {
  return authQueryOptions([...latchKeys.invitation(invitationId), 'preview'] as const, () =>
    authClient.organization.getInvitationPreview({ id: invitationId }),
  );
}

/** The open invitations addressed to the signed-in person (the switcher, the organizations page). */
export function userInvitationsQuery() {
  return authQueryOptions(latchKeys.userInvitations(), () => authClient.organization.listUserInvitations());
}
