/**
 * Invitations: invite (and resend), accept, reject, cancel and the reads. Only a pending,
 * unexpired invitation changes state (seed-spec §4); the change is one conditional
 * UPDATE, so two racing accepts of one invitation make one member.
 */
import { addSeconds } from '../../core/clock.ts';
import { generateId } from '../../core/crypto/random.ts';
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { MailDeliveryError } from '../../core/mail/index.ts';
import { joinRoles, parseRoleList } from '../access-control/index.ts';
import { type AuditActor, byActor, recordEvent } from '../audit/index.ts';
import {
  admitMember,
  assertKnownRoles,
  findMember,
  findOrganizationById,
  holdsCreatorRole,
  lockOrganization,
  type Member,
  memberMay,
  organizationConfig,
  requireMembership,
  requirePermission,
} from '../organization/index.ts';
import type { SessionWithUser } from '../session/index.ts';
import { requireTeamIn } from '../teams/index.ts';
import { findUserByEmail, findUserById } from '../user/index.ts';
import { sendInvitationMail } from './mail.ts';
import type { Invitation } from './model.ts';
import {
  countPendingInvitations,
  deleteInvitation,
  extendInvitation,
  findInvitationById,
  findPendingInvitation,
  insertInvitation,
  listInvitationsOfOrganization,
  settleInvitation,
} from './repo.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface InviteInput {
  email: string;
  role: string | readonly string[];
  teamId?: string | readonly string[] | undefined;
  resend?: boolean | undefined;
}

/** Who acts, and in which organization: the common part of an invitation's audit events (docs/audit-log.md). */
function invitationEvent(actor: AuditActor, invitation: Invitation) {
  return {
    ...byActor(actor),
    organizationId: invitation.organizationId,
    targetType: 'invitation' as const,
    targetId: invitation.id,
  };
}

/**
 * Audited as invitation.sent in the transaction that stores the invitation (or extends a
 * resent one). When the mail then fails, a new invitation is withdrawn again, audited as
 * invitation.canceled with reason `mail_failed`.
 */
export async function inviteMember(
  deps: AuthDeps,
  current: SessionWithUser,
  organizationId: string,
  input: InviteInput,
  actor: AuditActor,
  acceptLanguage: string | null,
  /** Counts one mail against the recipient's bucket; runs after every check, before anything is written. */
  limitRecipient: (email: string) => Promise<void> = async () => {},
): Promise<Invitation> {
  const config = organizationConfig(deps);
  const email = input.email.trim().toLowerCase();
  // 254: the longest address SMTP carries (RFC 5321), and what fits the invitation's email column everywhere
  if (email.length > 254 || !EMAIL.test(email)) throw authError('INVALID_EMAIL');
  const org = await findOrganizationById(deps.db, organizationId);
  if (!org) throw authError('ORGANIZATION_NOT_FOUND');
  const inviter = await requireMembership(deps, organizationId, current.user.id, 'MEMBER_NOT_FOUND');
  requirePermission(inviter, { invitation: ['create'] }, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION');
  const roles = parseRoleList(input.role);
  if (roles.length === 0) throw authError('ROLE_NOT_FOUND');
  assertKnownRoles(roles);
  // only the creator role hands out the creator role (CONTRACT §6.2 "Creator-role rules")
  if (roles.includes(config.creatorRole) && !holdsCreatorRole(inviter.role, config)) {
    throw authError('YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE');
  }
  const invitee = await findUserByEmail(deps.db, email);
  if (invitee && (await findMember(deps.db, organizationId, invitee.id)))
    throw authError('USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
  const teamIds = input.teamId === undefined ? [] : parseTeamIds(input.teamId);
  if (teamIds.length > 0 && !config.teams.enabled) throw authError('TEAM_NOT_FOUND');
  // counted only once the caller has shown it may invite: a stranger cannot spend the
  // recipient's bucket and so block a real organization's invitation
  await limitRecipient(email);

  const now = deps.clock.now();
  const expiresAt = addSeconds(now, config.invitationExpiresIn);
  const mail = (invitation: Invitation) =>
    sendInvitationMail(deps, {
      invitation,
      organizationName: org.name,
      inviterName: current.user.name,
      inviteeLanguage: invitee?.language ?? null,
      acceptLanguage,
    });

  // One transaction holding the organization's row: the duplicate and limit checks and the
  // insert cannot interleave with another invite (two pending invitations for one address,
  // or one over the limit, were possible when they did).
  const decided = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockOrganization(trx, deps.dialect, organizationId))) throw authError('ORGANIZATION_NOT_FOUND');
    const existing = await findPendingInvitation(trx, organizationId, email, now);
    if (existing) {
      if (!input.resend) throw authError('USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION');
      // the role checked above is the caller's; the one resent is the stored one (creator role: creators only)
      if (holdsCreatorRole(existing.role, config) && !holdsCreatorRole(inviter.role, config))
        throw authError('YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE');
      await extendInvitation(trx, existing.id, expiresAt);
      await recordEvent(trx, actor.ctx, {
        type: 'invitation.sent',
        ...invitationEvent(actor, existing),
        details: { email: existing.email, role: existing.role, resend: true },
      });
      return { invitation: { ...existing, expiresAt }, isNew: false };
    }
    if ((await countPendingInvitations(trx, organizationId, now)) >= config.invitationLimit)
      throw authError('INVITATION_LIMIT_REACHED');
    for (const teamId of teamIds) await requireTeamIn({ ...deps, db: trx }, organizationId, teamId);
    const invitation: Invitation = {
      id: generateId(),
      organizationId,
      email,
      role: joinRoles(roles),
      teamId: teamIds.length ? teamIds.join(',') : null,
      status: 'pending',
      expiresAt,
      createdAt: now,
      inviterId: current.user.id,
    };
    await insertInvitation(trx, invitation);
    await recordEvent(trx, actor.ctx, {
      type: 'invitation.sent',
      ...invitationEvent(actor, invitation),
      details: { email, role: invitation.role, resend: false, teams: teamIds.length },
    });
    return { invitation, isNew: true };
  });

  // the mail goes after the commit: an SMTP server must not hold the organization's row
  try {
    await deliver(() => mail(decided.invitation));
  } catch (err) {
    // nobody can learn the id of an invitation that was never mailed: drop it so a retry works
    if (decided.isNew) {
      await deps.db.transaction().execute(async (trx) => {
        await deleteInvitation(trx, decided.invitation.id);
        await recordEvent(trx, actor.ctx, {
          type: 'invitation.canceled',
          ...invitationEvent(actor, decided.invitation),
          details: { email, reason: 'mail_failed' },
        });
      });
    }
    throw err;
  }
  return decided.invitation;
}

function parseTeamIds(teamId: string | readonly string[]): string[] {
  const list = (typeof teamId === 'string' ? [teamId] : teamId).map((t) => t.trim()).filter(Boolean);
  if (list.some((t) => t.includes(','))) throw authError('INVALID_TEAM_ID');
  return [...new Set(list)];
}

async function deliver(send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (err) {
    if (err instanceof MailDeliveryError) throw authError('FAILED_TO_SEND_EMAIL');
    throw err;
  }
}

/**
 * The invitation, if it is still open and addressed to the caller (compared
 * case-insensitively). Missing, expired and settled invitations all read as not found.
 */
async function openInvitationFor(
  deps: AuthDeps,
  current: SessionWithUser,
  invitationId: string,
  /** Answering it (accept, reject) or only reading it (get): each has its code for an unverified address (CONTRACT §6.2). */
  purpose: 'answer' | 'read' = 'answer',
): Promise<Invitation> {
  const invitation = await findInvitationById(deps.db, invitationId);
  if (!invitation || invitation.status !== 'pending' || invitation.expiresAt <= deps.clock.now()) {
    throw authError('INVITATION_NOT_FOUND');
  }
  if (invitation.email.toLowerCase() !== current.user.email.toLowerCase())
    throw authError('YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION');
  // whoever claimed the address without proving it may have seen the id (in the inviter's
  // list, a shared link): with this option only the mailbox's owner answers the invitation
  if (organizationConfig(deps).requireEmailVerificationOnInvitation && !current.user.emailVerified)
    throw authError(
      purpose === 'read'
        ? 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION'
        : 'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
    );
  return invitation;
}

/** Whether the invitation's inviter is still a member who may send it: invite at all, and the creator role only as its holder. */
async function inviterMayStillInvite(
  deps: AuthDeps,
  trx: Parameters<typeof findMember>[0],
  invitation: Invitation,
): Promise<boolean> {
  const inviter = await findMember(trx, invitation.organizationId, invitation.inviterId);
  if (!inviter || !memberMay(inviter, { invitation: ['create'] })) return false;
  const config = organizationConfig(deps);
  return !parseRoleList(invitation.role).includes(config.creatorRole) || holdsCreatorRole(inviter.role, config);
}

/** Audited as invitation.accepted and member.added in the acceptance's transaction. */
export async function acceptInvitation(
  deps: AuthDeps,
  current: SessionWithUser,
  invitationId: string,
  actor: AuditActor,
): Promise<{ invitation: Invitation; member: Member; teamIds: string[] }> {
  const invitation = await openInvitationFor(deps, current, invitationId);
  const teamIds = invitation.teamId ? invitation.teamId.split(',').filter(Boolean) : [];
  const member = await deps.db.transaction().execute(async (trx) => {
    // under the organization's lock, as a removal or a role change takes it: an invitation is
    // worth what its inviter may still hand out. Someone removed or demoted since (or who left)
    // admits nobody through the invitations they sent (the same answer as a withdrawn one)
    await lockOrganization(trx, deps.dialect, invitation.organizationId);
    if (!(await inviterMayStillInvite(deps, trx, invitation))) throw authError('INVITATION_NOT_FOUND');
    if (!(await settleInvitation(trx, invitation.id, 'accepted', deps.clock.now())))
      throw authError('INVITATION_NOT_FOUND');
    const admitted = await admitMember(deps, trx, {
      organizationId: invitation.organizationId,
      userId: current.user.id,
      role: invitation.role,
      teamIds,
      strictTeams: false,
      actor,
      via: 'invitation',
    });
    // after every lock the acceptance takes (the organization's row): the chain head is taken last
    await recordEvent(trx, actor.ctx, {
      type: 'invitation.accepted',
      ...invitationEvent(actor, invitation),
      details: { email: invitation.email, role: invitation.role, memberId: admitted.id },
    });
    return admitted;
  });
  return { invitation: { ...invitation, status: 'accepted' }, member, teamIds };
}

/** Audited as invitation.rejected in the same transaction. */
export async function rejectInvitation(
  deps: AuthDeps,
  current: SessionWithUser,
  invitationId: string,
  actor: AuditActor,
): Promise<Invitation> {
  const invitation = await openInvitationFor(deps, current, invitationId);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await settleInvitation(trx, invitation.id, 'rejected', deps.clock.now())))
      throw authError('INVITATION_NOT_FOUND');
    await recordEvent(trx, actor.ctx, {
      type: 'invitation.rejected',
      ...invitationEvent(actor, invitation),
      details: { email: invitation.email, role: invitation.role },
    });
  });
  return { ...invitation, status: 'rejected' };
}

/** Audited as invitation.canceled in the same transaction. */
export async function cancelInvitation(
  deps: AuthDeps,
  userId: string,
  invitationId: string,
  actor: AuditActor,
): Promise<Invitation> {
  const config = organizationConfig(deps);
  const invitation = await findInvitationById(deps.db, invitationId);
  const now = deps.clock.now();
  if (!invitation || invitation.status !== 'pending' || invitation.expiresAt <= now)
    throw authError('INVITATION_NOT_FOUND');
  const member = await requireMembership(deps, invitation.organizationId, userId, 'MEMBER_NOT_FOUND');
  requirePermission(member, { invitation: ['cancel'] }, 'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION');
  // an invitation that hands out the creator role is the creator role's to withdraw
  if (holdsCreatorRole(invitation.role, config) && !holdsCreatorRole(member.role, config)) {
    throw authError('YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION');
  }
  await deps.db.transaction().execute(async (trx) => {
    if (!(await settleInvitation(trx, invitation.id, 'canceled', now))) throw authError('INVITATION_NOT_FOUND');
    await recordEvent(trx, actor.ctx, {
      type: 'invitation.canceled',
      ...invitationEvent(actor, invitation),
      details: { email: invitation.email, role: invitation.role, reason: 'canceled' },
    });
  });
  return { ...invitation, status: 'canceled' };
}

/** What the recipient sees of an open invitation: it, the organization and who invited them. */
export async function getInvitation(deps: AuthDeps, current: SessionWithUser, invitationId: string) {
  const invitation = await openInvitationFor(deps, current, invitationId, 'read');
  const org = await findOrganizationById(deps.db, invitation.organizationId);
  if (!org) throw authError('ORGANIZATION_NOT_FOUND');
  if (!(await findMember(deps.db, org.id, invitation.inviterId)))
    throw authError('INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION');
  const inviter = await findUserById(deps.db, invitation.inviterId);
  if (!inviter) throw authError('FAILED_TO_RETRIEVE_INVITATION');
  return {
    invitation,
    organizationName: org.name,
    organizationSlug: org.slug,
    inviterEmail: inviter.email,
    inviterName: inviter.name.trim() || inviter.email,
  };
}

/**
 * What the mail's link shows signed out (GET /organization/invitation-preview): an open
 * invitation's organization, inviter, role and address, which the mail itself already said.
 * Missing, expired and settled invitations, and one whose organization or inviter is gone,
 * all read as not found, so the answer tells nothing about an id that is not a live invitation.
 */
export async function previewInvitation(deps: AuthDeps, invitationId: string) {
  const invitation = await findInvitationById(deps.db, invitationId);
  if (!invitation || invitation.status !== 'pending' || invitation.expiresAt <= deps.clock.now())
    throw authError('INVITATION_NOT_FOUND');
  const org = await findOrganizationById(deps.db, invitation.organizationId);
  const inviter = await findUserById(deps.db, invitation.inviterId);
  if (!org || !inviter) throw authError('INVITATION_NOT_FOUND');
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
    organizationName: org.name,
    organizationSlug: org.slug,
    organizationLogo: org.logo ?? null,
    inviterName: inviter.name.trim() || inviter.email,
  };
}

/** Every invitation of the organization, for members who may invite; creator-role ones for the creator role only. */
export async function listInvitations(deps: AuthDeps, userId: string, organizationId: string): Promise<Invitation[]> {
  const config = organizationConfig(deps);
  const member = await requireMembership(deps, organizationId, userId, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
  if (!memberMay(member, { invitation: ['create'] })) throw authError('YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS');
  const all = await listInvitationsOfOrganization(deps.db, organizationId);
  return holdsCreatorRole(member.role, config) ? all : all.filter((i) => !holdsCreatorRole(i.role, config));
}
