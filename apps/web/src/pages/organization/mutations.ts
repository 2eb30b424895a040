/**
 * Every change the organization screens make, as a TanStack mutation that invalidates exactly the
 * cached answers the change makes wrong, and nothing else (so no answer is read twice):
 *
 * | change                              | session | list | active organization¹ | members | invitations | teams² | one team's members |
 * |-------------------------------------|:-------:|:----:|:--------------------:|:-------:|:-----------:|:------:|:------------------:|
 * | create, switch                      |    ✓    |  ✓³  |          ✓           |         |             |        |                    |
 * | accept an invitation⁴               |    ✓    |  ✓   |          ✓           |         |             |        |                    |
 * | decline an invitation⁴              |         |      |                      |         |             |        |                    |
 * | rename / new slug / logo            |         |  ✓   |          ✓           |         |             |        |                    |
 * | delete, leave                       |    ✓    |  ✓   |  ✓ (the rest removed)|         |             |        |                    |
 * | member's role                       |         |      |          ✓           |    ✓    |             |        |                    |
 * | remove a member                     |         |      |          ✓           |    ✓    |             |   ✓    |  ✓ (under teams)   |
 * | invite, resend, cancel              |         |      |                      |         |      ✓      |        |                    |
 * | create, rename, remove a team       |         |      |          ✓           |         |             |   ✓    |                    |
 * | add to / remove from a team         |         |      |                      |         |             |        |         ✓          |
 *
 * ¹ get-full-organization (with its members, invitations and teams), under `latchKeys.organization()`.
 * ² the team list, and every team's members below it in the key.
 * ³ switching changes only which organization is active: the list stays as it is.
 * ⁴ and the person's own pending invitations (`latchKeys.userInvitations()`), either way.
 *
 * A mutation resolves once the answers it invalidated that are on screen are read again (and the
 * session, where it changed), so the screen that follows shows the new state.
 */
import { authMutationOptions, latchKeys } from '@latch/react';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../lib/auth.ts';
import { useRefreshSession } from '../../lib/session.ts';
import type { AuthResult, Invitation, InvitationDetails, MemberWithUser } from '../../lib/wire-types.ts';
import type { RoleName } from './permissions.ts';

type Key = readonly unknown[];

function invalidate(queryClient: QueryClient, keys: readonly Key[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The active organization as the organization pages read it (OrganizationLayout). */
const activeOrganization = () => latchKeys.organization();
const membersOf = (organizationId: string) => latchKeys.members({ organizationId });

// ---------------------------------------------------------------------------------------------
// Organizations

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    ...authMutationOptions((body: { name: string; slug: string; logo?: string }) =>
      authClient.organization.create(body),
    ),
    // the new organization is the active one now: the server wrote it on the session
    onSuccess: () =>
      Promise.all([refreshSession(), invalidate(queryClient, [latchKeys.organizations(), activeOrganization()])]),
  });
}

export function useSetActiveOrganization() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    ...authMutationOptions((organizationId: string) => authClient.organization.setActive({ organizationId })),
    onSuccess: () => Promise.all([refreshSession(), invalidate(queryClient, [activeOrganization()])]),
  });
}

export function useUpdateOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...authMutationOptions((data: { name?: string; slug?: string; logo?: string }) =>
      authClient.organization.update({ data, organizationId }),
    ),
    onSuccess: () => invalidate(queryClient, [latchKeys.organizations(), activeOrganization()]),
  });
}

/** After the person's membership ended (deleted, left): the session no longer names it, and its answers go. */
function useMembershipEnded() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return async (organizationId: string) => {
    queryClient.removeQueries({ queryKey: latchKeys.organization(organizationId) });
    await Promise.all([refreshSession(), invalidate(queryClient, [latchKeys.organizations(), activeOrganization()])]);
  };
}

export function useDeleteOrganization(organizationId: string) {
  const ended = useMembershipEnded();
  return useMutation({
    ...authMutationOptions((_: void) => authClient.organization.delete({ organizationId })),
    onSuccess: () => ended(organizationId),
  });
}

export function useLeaveOrganization(organizationId: string) {
  const ended = useMembershipEnded();
  return useMutation({
    ...authMutationOptions((_: void) => authClient.organization.leave({ organizationId })),
    onSuccess: () => ended(organizationId),
  });
}

// ---------------------------------------------------------------------------------------------
// Members

export function useUpdateMemberRole(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...authMutationOptions(({ member, role }: { member: MemberWithUser; role: RoleName }) =>
      authClient.organization.updateMemberRole({ memberId: member.id, role, organizationId }),
    ),
    onSuccess: () => invalidate(queryClient, [membersOf(organizationId), activeOrganization()]),
  });
}

export function useRemoveMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...authMutationOptions((member: MemberWithUser) =>
      authClient.organization.removeMember({ memberIdOrEmail: member.id, organizationId }),
    ),
    // their team memberships end with them
    onSuccess: () =>
      invalidate(queryClient, [membersOf(organizationId), activeOrganization(), latchKeys.teams(organizationId)]),
  });
}

// ---------------------------------------------------------------------------------------------
// Invitations

export function useInviteMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...authMutationOptions((body: { email: string; role: string; resend?: boolean }) =>
      authClient.organization.inviteMember({ ...body, organizationId }),
    ),
    onSuccess: () => invalidate(queryClient, [latchKeys.invitations(organizationId)]),
  });
}

export function useCancelInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...authMutationOptions((invitationId: string) => authClient.organization.cancelInvitation({ invitationId })),
    onSuccess: () => invalidate(queryClient, [latchKeys.invitations(organizationId)]),
  });
}

/**
 * The recipient's answer. Accepting makes the organization the active one; either way the
 * invitation on screen takes the answer's status rather than being read again (it is no longer open,
 * and reading it would only say so).
 */
export function useAnswerInvitation(invitationId: string) {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    ...authMutationOptions(
      (answer: 'accept' | 'reject'): Promise<AuthResult<{ invitation: Invitation }>> =>
        answer === 'accept'
          ? authClient.organization.acceptInvitation({ invitationId })
          : authClient.organization.rejectInvitation({ invitationId }),
    ),
    onSuccess: async (result, answer) => {
      queryClient.setQueryData<InvitationDetails>(latchKeys.invitation(invitationId), (shown) =>
        shown ? { ...shown, status: result.invitation.status } : shown,
      );
      await answered(queryClient, answer, refreshSession);
    },
  });
}

/** What either answer makes wrong: the person's pending invitations; accepting, the session and organizations too. */
function answered(queryClient: QueryClient, answer: 'accept' | 'reject', refreshSession: () => Promise<void>) {
  const pending = invalidate(queryClient, [latchKeys.userInvitations()]);
  if (answer === 'reject') return pending;
  return Promise.all([
    pending,
    refreshSession(),
    invalidate(queryClient, [latchKeys.organizations(), activeOrganization()]),
  ]);
}

/** An answer from the person's list of pending invitations (the switcher, the organizations page). */
export function useAnswerPendingInvitation() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    ...authMutationOptions(
      ({
        invitationId,
        answer,
      }: {
        invitationId: string;
        answer: 'accept' | 'reject';
      }): Promise<AuthResult<{ invitation: Invitation }>> =>
        answer === 'accept'
          ? authClient.organization.acceptInvitation({ invitationId })
          : authClient.organization.rejectInvitation({ invitationId }),
    ),
    onSuccess: (_result, { answer }) => answered(queryClient, answer, refreshSession),
  });
}

// ---------------------------------------------------------------------------------------------
// Teams

export function useCreateTeam(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...authMutationOptions((name: string) => authClient.organization.createTeam({ name, organizationId })),
    onSuccess: () => invalidate(queryClient, [latchKeys.teams(organizationId), activeOrganization()]),
  });
}

export function useRenameTeam(organizationId: string, teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...authMutationOptions((name: string) => authClient.organization.updateTeam({ teamId, data: { name } })),
    onSuccess: () => invalidate(queryClient, [latchKeys.teams(organizationId), activeOrganization()]),
  });
}

export function useRemoveTeam(organizationId: string, teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...authMutationOptions((_: void) => authClient.organization.removeTeam({ teamId, organizationId })),
    onSuccess: () => invalidate(queryClient, [latchKeys.teams(organizationId), activeOrganization()]),
  });
}

/** Adds someone to a team, or takes them out of it: only that team's members change. */
export function useTeamMembership(organizationId: string, teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...authMutationOptions(
      ({ userId, add }: { userId: string; add: boolean }): Promise<AuthResult<unknown>> =>
        add
          ? authClient.organization.addTeamMember({ teamId, userId, organizationId })
          : authClient.organization.removeTeamMember({ teamId, userId, organizationId }),
    ),
    onSuccess: () => invalidate(queryClient, [latchKeys.teamMembers(teamId, organizationId)]),
  });
}
