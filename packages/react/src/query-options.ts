/**
 * TanStack Query option factories. Plain objects (`{ queryKey, queryFn }`, `{ mutationFn }`) so this
 * package does not depend on @tanstack/react-query: pass them to `useQuery` / `useMutation` /
 * `queryClient.invalidateQueries`. Every function uses throw mode, so failures reach TanStack as a
 * `LatchError` (with `status` and `code`) and successes as the bare data.
 *
 *   const session = useQuery(sessionQueryOptions(client));
 *   const members = useQuery(listMembersQueryOptions(client, { organizationId }));
 */
import {
  type Account,
  type AuthClient,
  type AuthResult,
  type FullOrganization,
  type GetSessionQuery,
  type Invitation,
  LatchError,
  type ListMembersQuery,
  type ListMembersResponse,
  type Organization,
  type Session,
  type SessionData,
  type Team,
  type UserInvitation,
} from '@latch/client';
import type { AnyAuthClient } from './hooks.tsx';

/** Per-call `throw: true` makes both client flavours answer with the bare data, so one view of them is enough. */
function plain(client: AnyAuthClient): AuthClient<false> {
  return client as AuthClient<false>;
}

const THROW = { throw: true } as const;

/** Query keys, hierarchical so that `invalidateQueries({ queryKey: latchKeys.organization() })` hits all of an org's queries. */
export const latchKeys = {
  all: () => ['latch'] as const,
  session: () => ['latch', 'session'] as const,
  sessions: () => ['latch', 'sessions'] as const,
  accounts: () => ['latch', 'accounts'] as const,
  organizations: () => ['latch', 'organizations'] as const,
  organization: (organizationId?: string) => ['latch', 'organization', organizationId ?? 'active'] as const,
  members: (query?: ListMembersQuery) =>
    ['latch', 'organization', query?.organizationId ?? 'active', 'members', query ?? {}] as const,
  invitations: (organizationId?: string) =>
    ['latch', 'organization', organizationId ?? 'active', 'invitations'] as const,
  teams: (organizationId?: string) => ['latch', 'organization', organizationId ?? 'active', 'teams'] as const,
  /** Every organization's queries at once (members, invitations, teams…): invalidate after a change that touches them all. */
  anyOrganization: () => ['latch', 'organization'] as const,
  activeMember: (organizationId?: string) =>
    ['latch', 'organization', organizationId ?? 'active', 'active-member'] as const,
  teamMembers: (teamId: string, organizationId?: string) =>
    ['latch', 'organization', organizationId ?? 'active', 'teams', teamId, 'members'] as const,
  /** One invitation as its recipient sees it (GET /organization/get-invitation). */
  invitation: (invitationId: string) => ['latch', 'invitation', invitationId] as const,
  userInvitations: () => ['latch', 'user-invitations'] as const,
};

export interface QueryOptions<T, K extends readonly unknown[]> {
  queryKey: K;
  queryFn: () => Promise<T>;
}

export interface MutationOptions<TVariables, T> {
  mutationFn: (variables: TVariables) => Promise<T>;
}

export function sessionQueryOptions(
  client: AnyAuthClient,
  query?: GetSessionQuery,
): QueryOptions<SessionData | null, ReturnType<typeof latchKeys.session>> {
  return {
    queryKey: latchKeys.session(),
    queryFn: () => plain(client).getSession({ query, fetchOptions: THROW }),
  };
}

export function listSessionsQueryOptions(
  client: AnyAuthClient,
): QueryOptions<Session[], ReturnType<typeof latchKeys.sessions>> {
  return { queryKey: latchKeys.sessions(), queryFn: () => plain(client).listSessions({ fetchOptions: THROW }) };
}

export function listAccountsQueryOptions(
  client: AnyAuthClient,
): QueryOptions<Account[], ReturnType<typeof latchKeys.accounts>> {
  return { queryKey: latchKeys.accounts(), queryFn: () => plain(client).listAccounts({ fetchOptions: THROW }) };
}

export function listOrganizationsQueryOptions(
  client: AnyAuthClient,
): QueryOptions<Organization[], ReturnType<typeof latchKeys.organizations>> {
  return {
    queryKey: latchKeys.organizations(),
    queryFn: () => plain(client).organization.list({ fetchOptions: THROW }),
  };
}

/** The active organization when `organizationId` is left out. */
export function fullOrganizationQueryOptions(
  client: AnyAuthClient,
  organizationId?: string,
): QueryOptions<FullOrganization | null, ReturnType<typeof latchKeys.organization>> {
  return {
    queryKey: latchKeys.organization(organizationId),
    queryFn: () =>
      plain(client).organization.getFullOrganization({
        query: organizationId ? { organizationId } : undefined,
        fetchOptions: THROW,
      }),
  };
}

export function listMembersQueryOptions(
  client: AnyAuthClient,
  query?: ListMembersQuery,
): QueryOptions<ListMembersResponse, ReturnType<typeof latchKeys.members>> {
  return {
    queryKey: latchKeys.members(query),
    queryFn: () => plain(client).organization.listMembers({ query, fetchOptions: THROW }),
  };
}

export function listInvitationsQueryOptions(
  client: AnyAuthClient,
  organizationId?: string,
): QueryOptions<Invitation[], ReturnType<typeof latchKeys.invitations>> {
  return {
    queryKey: latchKeys.invitations(organizationId),
    queryFn: () =>
      plain(client).organization.listInvitations({
        query: organizationId ? { organizationId } : undefined,
        fetchOptions: THROW,
      }),
  };
}

export function listTeamsQueryOptions(
  client: AnyAuthClient,
  organizationId?: string,
): QueryOptions<Team[], ReturnType<typeof latchKeys.teams>> {
  return {
    queryKey: latchKeys.teams(organizationId),
    queryFn: () =>
      plain(client).organization.listTeams({
        query: organizationId ? { organizationId } : undefined,
        fetchOptions: THROW,
      }),
  };
}

export function listUserInvitationsQueryOptions(
  client: AnyAuthClient,
): QueryOptions<UserInvitation[], ReturnType<typeof latchKeys.userInvitations>> {
  return {
    queryKey: latchKeys.userInvitations(),
    queryFn: () => plain(client).organization.listUserInvitations({ fetchOptions: THROW }),
  };
}

/** The signed-in person's membership in the active organization. */
export function activeMemberQueryOptions(client: AnyAuthClient) {
  return {
    queryKey: latchKeys.activeMember(),
    queryFn: () => plain(client).organization.getActiveMember({ fetchOptions: THROW }),
  };
}

export function listTeamMembersQueryOptions(client: AnyAuthClient, teamId: string, organizationId?: string) {
  return {
    queryKey: latchKeys.teamMembers(teamId, organizationId),
    queryFn: () => plain(client).organization.listTeamMembers({ query: { teamId }, fetchOptions: THROW }),
  };
}

/** An invitation as its recipient sees it (organization name, inviter). */
export function invitationQueryOptions(client: AnyAuthClient, invitationId: string) {
  return {
    queryKey: latchKeys.invitation(invitationId),
    queryFn: () => plain(client).organization.getInvitation({ query: { id: invitationId }, fetchOptions: THROW }),
  };
}

/**
 * The error side of any `{ data, error }` result: the client's `AuthError`, or a looser one of the
 * same shape (an app's own facade over the client, whose `statusText` / `message` may be absent).
 */
export interface ResultError {
  status: number;
  statusText?: string | null;
  code?: string | null;
  message?: string | null;
}

/** What the helpers below accept: the client's `AuthResult`, or any result with a `ResultError`. */
export type AnyAuthResult<T> = AuthResult<T> | { data: T; error: null } | { data: null; error: ResultError };

/** A `LatchError` for any result's error: status, code and the other body fields kept, the missing texts empty. */
export function toLatchError(error: ResultError): LatchError {
  const { statusText, message, code, ...rest } = error;
  return new LatchError({
    ...rest,
    statusText: statusText ?? '',
    message: message ?? statusText ?? '',
    ...(code ? { code } : {}),
  });
}

/**
 * Any call as a mutation: `useMutation(authMutationOptions((v: {email: string}) => client.requestPasswordReset(v)))`.
 * The call's `{ data, error }` becomes data-or-throw (a `LatchError`).
 */
export function authMutationOptions<TVariables, T>(
  fn: (variables: TVariables) => Promise<AnyAuthResult<T>>,
): MutationOptions<TVariables, T> {
  return {
    mutationFn: async (variables) => {
      const result = await fn(variables);
      if (result.error !== null) throw toLatchError(result.error);
      return result.data;
    },
  };
}

/** Any call as a query, with your own key. */
export function authQueryOptions<T, K extends readonly unknown[]>(
  queryKey: K,
  fn: () => Promise<AnyAuthResult<T>>,
): QueryOptions<T, K> {
  return {
    queryKey,
    queryFn: async () => {
      const result = await fn();
      if (result.error !== null) throw toLatchError(result.error);
      return result.data;
    },
  };
}
