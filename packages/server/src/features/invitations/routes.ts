/** The invitation endpoints of CONTRACT §6.2. */
import { invitations as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { INVITATION_MAIL_PATH, limitAccount } from '../../core/http/rate-limit/index.ts';
import { auditActor } from '../audit/index.ts';
import { memberToJson, requireOrgSession, setSessionActive } from '../organization/index.ts';
import { getCurrentSession, setSessionCookies } from '../session/index.ts';
import { invitationToJson } from './model.ts';
import { listInvitationsForEmail } from './repo.ts';
import {
  acceptInvitation,
  cancelInvitation,
  getInvitation,
  inviteMember,
  listInvitations,
  previewInvitation,
  rejectInvitation,
} from './service.ts';

const invite = defineEndpoint(rows.inviteMember, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = ctx.body.organizationId ?? current.session.activeOrganizationId;
    if (!organizationId) throw authError('ORGANIZATION_NOT_FOUND');
    // one recipient gets a bounded number of invitation mails, from every organization together
    const invitation = await inviteMember(
      ctx.deps,
      current,
      organizationId,
      ctx.body,
      auditActor(ctx, current),
      ctx.request.headers.get('accept-language'),
      (email) => limitAccount(ctx, email, INVITATION_MAIL_PATH),
    );
    return invitationToJson(invitation);
  },
});

const accept = defineEndpoint(rows.acceptInvitation, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const { invitation, member, teamIds } = await acceptInvitation(
      ctx.deps,
      current,
      ctx.body.invitationId,
      auditActor(ctx, current),
    );
    // the organization becomes the active one; with exactly one team, that team too
    const activeOrganizationId = invitation.organizationId;
    const activeTeamId = teamIds.length === 1 ? (teamIds[0] ?? null) : null;
    await setSessionActive(ctx.deps.db, current.session.id, { activeOrganizationId, activeTeamId });
    if (current.token) {
      setSessionCookies(ctx, current.token, {
        session: { ...current.session, activeOrganizationId, activeTeamId },
        user: current.user,
      });
    }
    return { invitation: invitationToJson(invitation), member: memberToJson(member) };
  },
});

const reject = defineEndpoint(rows.rejectInvitation, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const invitation = await rejectInvitation(ctx.deps, current, ctx.body.invitationId, auditActor(ctx, current));
    return { invitation: invitationToJson(invitation), member: null };
  },
});

const cancel = defineEndpoint(rows.cancelInvitation, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    return invitationToJson(
      await cancelInvitation(ctx.deps, current.user.id, ctx.body.invitationId, auditActor(ctx, current)),
    );
  },
});

/** The session for the recipient's reads, with better-auth's free-text refusal (code derived). */
async function recipientSession(ctx: RequestContext<unknown, unknown>) {
  const current = await getCurrentSession(ctx, { disableCookieCache: true });
  if (!current) throw authError('NOT_AUTHENTICATED');
  return current;
}

const get = defineEndpoint(rows.getInvitation, {
  async handler(ctx) {
    const current = await recipientSession(ctx);
    const found = await getInvitation(ctx.deps, current, ctx.query.id);
    return {
      ...invitationToJson(found.invitation),
      organizationName: found.organizationName,
      organizationSlug: found.organizationSlug,
      inviterEmail: found.inviterEmail,
      inviterName: found.inviterName,
    };
  },
});

/** No session read: the mail's link, opened signed out (service.ts `previewInvitation`). */
const preview = defineEndpoint(rows.getInvitationPreview, {
  async handler(ctx) {
    return previewInvitation(ctx.deps, ctx.query.id);
  },
});

const list = defineEndpoint(rows.listInvitations, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = ctx.query.organizationId ?? current.session.activeOrganizationId;
    if (!organizationId) throw authError('ORGANIZATION_ID_IS_REQUIRED');
    return (await listInvitations(ctx.deps, current.user.id, organizationId)).map(invitationToJson);
  },
});

/**
 * The open invitations addressed to the caller. The address must be verified: an account
 * that merely claims an address must not see that address's invitations.
 */
const listForUser = defineEndpoint(rows.listUserInvitations, {
  async handler(ctx) {
    if (ctx.query.email !== undefined) throw authError('USER_EMAIL_CANNOT_BE_PASSED_FOR_CLIENT_SIDE_API_CALLS');
    const current = await getCurrentSession(ctx, { disableCookieCache: true });
    if (!current) throw authError('MISSING_SESSION_HEADERS_OR_EMAIL_QUERY_PARAMETER');
    if (!current.user.emailVerified) throw authError('EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION');
    const rows = await listInvitationsForEmail(ctx.deps.db, current.user.email.toLowerCase(), ctx.deps.clock.now());
    return rows.map((r) => ({
      ...invitationToJson(r),
      organizationName: r.organizationName,
      organizationSlug: r.organizationSlug,
    }));
  },
});

export const invitationEndpoints = [invite, accept, reject, cancel, get, preview, list, listForUser];
