/**
 * Invitations to an organization: invite (and resend), accept, reject, cancel, and the
 * inviter's and the recipient's reads (CONTRACT §6.2).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { invitationJson, memberJson } from './organization.ts';

const tag = 'Organizations';

const idList = z.union([z.string(), z.array(z.string())]);

export const inviteMember = endpoint({
  method: 'POST',
  path: '/organization/invite-member',
  tag,
  summary: 'Invites an address into an organization and mails it the invitation; resend extends a pending one',
  body: z.object({
    email: z.string().max(320),
    role: idList,
    organizationId: z.string().optional(),
    resend: z.boolean().optional(),
    teamId: idList.optional(),
  }),
  response: invitationJson,
  errors: [
    'UNAUTHORIZED',
    'ORGANIZATION_NOT_FOUND',
    'INVALID_EMAIL',
    'MEMBER_NOT_FOUND',
    'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
    'ROLE_NOT_FOUND',
    'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
    'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
    'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION',
    'INVITATION_LIMIT_REACHED',
    'INVALID_TEAM_ID',
    'TEAM_NOT_FOUND',
    'FAILED_TO_SEND_EMAIL',
  ],
  session: 'sensitive',
  plugin: 'organization',
});

const invitationBody = z.object({ invitationId: z.string().min(1) });

/** Refusals of accept and reject: the invitation must be open and addressed to the caller. */
const recipientErrors = [
  'UNAUTHORIZED',
  'INVITATION_NOT_FOUND',
  'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
  'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
] as const;

export const acceptInvitation = endpoint({
  method: 'POST',
  path: '/organization/accept-invitation',
  tag,
  summary: "The recipient joins the organization with the invitation's roles and teams; it becomes the active one",
  body: invitationBody,
  response: z.object({ invitation: invitationJson, member: memberJson }),
  errors: [
    ...recipientErrors,
    'ORGANIZATION_NOT_FOUND',
    'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
    'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED',
  ],
  session: 'sensitive',
  plugin: 'organization',
});

export const rejectInvitation = endpoint({
  method: 'POST',
  path: '/organization/reject-invitation',
  tag,
  summary: 'The recipient declines an invitation',
  body: invitationBody,
  response: z.object({ invitation: invitationJson, member: z.null() }),
  errors: [...recipientErrors],
  session: 'sensitive',
  plugin: 'organization',
});

export const cancelInvitation = endpoint({
  method: 'POST',
  path: '/organization/cancel-invitation',
  tag,
  summary: 'Withdraws a pending invitation (invitation:cancel); answers the invitation itself, not wrapped',
  body: invitationBody,
  response: invitationJson,
  errors: ['UNAUTHORIZED', 'INVITATION_NOT_FOUND', 'MEMBER_NOT_FOUND', 'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION'],
  session: 'sensitive',
  plugin: 'organization',
});

export const getInvitation = endpoint({
  method: 'GET',
  path: '/organization/get-invitation',
  tag,
  summary: "An open invitation addressed to the caller, with the organization's name and slug and the inviter's email",
  query: z.object({ id: z.string().min(1) }),
  response: invitationJson.extend({
    organizationName: z.string(),
    organizationSlug: z.string(),
    inviterEmail: z.string(),
    /** Latch's own: the inviter's name as the mail and the signed-out preview show it (their address when they gave none). */
    inviterName: z.string(),
  }),
  errors: [
    'NOT_AUTHENTICATED',
    'INVITATION_NOT_FOUND',
    'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
    'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION',
    'ORGANIZATION_NOT_FOUND',
    'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION',
    'FAILED_TO_RETRIEVE_INVITATION',
  ],
  session: 'sensitive',
  plugin: 'organization',
});

/**
 * Latch's own: what the invitation mail's link shows before anyone signs in, so the person
 * knows which organization and who invited them, and sign-up can offer the invited address.
 * The id is the mail's secret (190 random bits); only an open invitation answers, and the
 * answer holds nothing the mail did not already say.
 */
export const getInvitationPreview = endpoint({
  method: 'GET',
  path: '/organization/invitation-preview',
  tag,
  summary:
    'What the invitation mail says, for its link opened signed out: the organization, who invited, the role, the invited address and the end of validity (open invitations only)',
  query: z.object({ id: z.string().min(1).max(255) }),
  response: z
    .object({
      id: z.string(),
      email: z.string(),
      role: z.string(),
      expiresAt: invitationJson.shape.expiresAt,
      organizationName: z.string(),
      organizationSlug: z.string(),
      organizationLogo: z.string().nullable(),
      inviterName: z.string().describe("the inviter's name, or their address when they gave no name"),
    })
    .meta({ id: 'InvitationPreview' }),
  errors: ['INVITATION_NOT_FOUND'],
  session: 'none',
  plugin: 'organization',
});

export const listInvitations = endpoint({
  method: 'GET',
  path: '/organization/list-invitations',
  tag,
  summary: "An organization's invitations of every status, for members who may invite",
  query: z.object({ organizationId: z.string().optional() }),
  response: z.array(invitationJson),
  errors: [
    'UNAUTHORIZED',
    'ORGANIZATION_ID_IS_REQUIRED',
    'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    'YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS',
  ],
  session: 'sensitive',
  plugin: 'organization',
});

export const listUserInvitations = endpoint({
  method: 'GET',
  path: '/organization/list-user-invitations',
  tag,
  summary: "The pending invitations addressed to the caller's verified email, with each organization's name",
  query: z.object({ email: z.string().optional() }),
  response: z.array(invitationJson.extend({ organizationName: z.string(), organizationSlug: z.string() })),
  errors: [
    'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION',
    'USER_EMAIL_CANNOT_BE_PASSED_FOR_CLIENT_SIDE_API_CALLS',
    'MISSING_SESSION_HEADERS_OR_EMAIL_QUERY_PARAMETER',
  ],
  session: 'sensitive',
  plugin: 'organization',
});

export const invitationsEndpoints = [
  inviteMember,
  acceptInvitation,
  rejectInvitation,
  cancelInvitation,
  getInvitation,
  getInvitationPreview,
  listInvitations,
  listUserInvitations,
] as const;
