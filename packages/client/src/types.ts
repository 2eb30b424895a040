/**
 * Names for the shapes the client hands over, each taken from the endpoint table
 * (@latch/contract) rather than written again: the entities' JSON schemas, or a row's answer,
 * with ISO date strings revived into `Date` as the client's JSON reader does (json.ts).
 * Any other row's types are `MethodInput<typeof row>` and `Answer<typeof row>`.
 */
import type {
  AccountJson,
  ClientInput,
  credentials,
  EndpointEntry,
  invitations,
  members,
  organization,
  SessionJson,
  session,
  UserJson,
} from '@latch/contract';
import type { Answer, Revived } from './methods.ts';

/** A method's argument for a row (its body's fields, and its query under `query`), without `fetchOptions`. */
export type MethodInput<E extends EndpointEntry> = ClientInput<E>;

export type User = Revived<UserJson>;
export type Session = Revived<SessionJson>;
/** What GET /get-session answers when signed in. */
export type SessionData = NonNullable<Answer<typeof session.getSession>>;
export type Account = Revived<AccountJson>;

/**
 * An organization as list, get-full-organization, set-active and delete answer it: `metadata`
 * is the stored JSON text (see `parseOrganizationMetadata`).
 */
export type Organization = Revived<organization.OrganizationJson>;
/** An organization as create and update answer it: `metadata` is an object. */
export type OrganizationWithMetadata = Revived<organization.OrganizationWithMetadataJson>;
export type FullOrganization = NonNullable<Answer<typeof organization.getFullOrganization>>;
export type Member = Revived<organization.MemberJson>;
export type MemberWithUser = Revived<organization.MemberWithUserJson>;
export type MemberUser = MemberWithUser['user'];
export type Invitation = Revived<organization.InvitationJson>;
export type InvitationStatus = Invitation['status'];
/** GET /organization/get-invitation */
export type InvitationDetails = Answer<typeof invitations.getInvitation>;
/** GET /organization/list-user-invitations */
export type UserInvitation = Answer<typeof invitations.listUserInvitations>[number];
export type Team = Revived<organization.TeamJson>;
export type TeamMember = Revived<organization.TeamMemberJson>;
/** Access-control statements: resource -> actions, e.g. `{ member: ['create'] }`. */
export type Permissions = NonNullable<MethodInput<typeof members.hasPermission>['permissions']>;

export type ListMembersQuery = NonNullable<MethodInput<typeof members.listMembers>['query']>;
export type ListMembersResponse = Answer<typeof members.listMembers>;
/** A password sign-in's answer: a session, or the two-factor challenge (CONTRACT.md §6.4). */
export type SignInResponse = Answer<typeof credentials.signInEmail>;

/** Parses an organization's `metadata`, which arrives as an object or as its JSON text. */
export function parseOrganizationMetadata(org: {
  metadata?: Record<string, unknown> | string | null;
}): Record<string, unknown> | null {
  const { metadata } = org;
  if (metadata === null || metadata === undefined) return null;
  if (typeof metadata !== 'string') return metadata;
  try {
    const parsed: unknown = JSON.parse(metadata);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
