/** The organization endpoints of CONTRACT §6.2: create, check-slug, update, delete, list, set-active, get(-full). */
import { organization as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { cacheableRead } from '../../core/read-cache.ts';
import { auditActor } from '../audit/index.ts';
import { invitationToJson } from '../invitations/index.ts';
import { sessionReadBound, setSessionCookies } from '../session/index.ts';
import { teamToJson } from '../teams/index.ts';
import { organizationAuditEndpoints } from './audit-routes.ts';
import { organizationRef, requireOrgSession } from './guard.ts';
import { memberToJson, memberWithUserToJson, organizationToJson } from './model.ts';
import { listOrganizationsOfUser, setSessionActive } from './repo.ts';
import {
  checkSlug,
  createOrganization,
  deleteOrganization,
  getFullOrganization,
  getOrganizationForMember,
  organizationToActivate,
  updateOrganization,
} from './service.ts';

const create = defineEndpoint(rows.create, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const created = await createOrganization(ctx.deps, current.user.id, ctx.body, {
      session: current,
      serverCall: false,
      actor: auditActor(ctx, current),
    });
    if (!ctx.body.keepCurrentActiveOrganization && current.token) {
      const session = {
        ...current.session,
        activeOrganizationId: created.organization.id,
        activeTeamId: created.defaultTeamId,
      };
      setSessionCookies(ctx, current.token, { session, user: current.user });
    }
    return {
      ...organizationToJson(created.organization, { metadataAsObject: true }),
      members: [memberToJson(created.member)],
    };
  },
});

const checkSlugEndpoint = defineEndpoint(rows.checkSlug, {
  async handler(ctx) {
    await requireOrgSession(ctx);
    return checkSlug(ctx.deps, ctx.body.slug);
  },
});

const update = defineEndpoint(rows.update, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = ctx.body.organizationId ?? current.session.activeOrganizationId;
    if (!organizationId) throw authError('ORGANIZATION_NOT_FOUND');
    const org = await updateOrganization(
      ctx.deps,
      current.user.id,
      organizationId,
      ctx.body.data,
      auditActor(ctx, current),
    );
    return organizationToJson(org, { metadataAsObject: true });
  },
});

const remove = defineEndpoint(rows.remove, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const org = await deleteOrganization(ctx.deps, current.user.id, ctx.body.organizationId, auditActor(ctx, current));
    return organizationToJson(org);
  },
});

// remembered while nothing it is made of is written (core/read-cache.ts)
const list = cacheableRead(
  defineEndpoint(rows.list, {
    async handler(ctx) {
      const current = await requireOrgSession(ctx);
      const orgs = await listOrganizationsOfUser(ctx.deps.db, current.user.id);
      return orgs.map((o) => organizationToJson(o));
    },
  }),
  (ctx) => sessionReadBound(ctx),
);

/**
 * Switching organizations also drops an active team of another organization: a team id
 * must never outlive the organization it belongs to in the session (Latch choice, see
 * docs/organizations.md). Re-sends the session cookie so a cached copy follows.
 */
const setActive = defineEndpoint(rows.setActive, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const { organizationId, organizationSlug } = ctx.body;
    const org =
      organizationId === null
        ? null
        : await organizationToActivate(ctx.deps, current, { organizationId, organizationSlug });
    const activeOrganizationId = org?.id ?? null;
    const activeTeamId =
      activeOrganizationId === current.session.activeOrganizationId ? current.session.activeTeamId : null;
    await setSessionActive(ctx.deps.db, current.session.id, { activeOrganizationId, activeTeamId });
    if (current.token) {
      setSessionCookies(ctx, current.token, {
        session: { ...current.session, activeOrganizationId, activeTeamId },
        user: current.user,
      });
    }
    return org ? organizationToJson(org) : null;
  },
});

const getOrganization = defineEndpoint(rows.getOrganization, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const ref = organizationRef(current, ctx.query);
    if (!ref) return null;
    const { organization } = await getOrganizationForMember(ctx.deps, current.user.id, ref);
    return organizationToJson(organization);
  },
});

const getFull = cacheableRead(
  defineEndpoint(rows.getFullOrganization, {
    async handler(ctx) {
      const current = await requireOrgSession(ctx);
      // by id or slug, the organization comes with the caller's membership in one statement
      const ref = organizationRef(current, ctx.query);
      if (!ref) return null;
      const full = await getFullOrganization(ctx.deps, current.user.id, ref, ctx.query.membersLimit);
      return {
        ...organizationToJson(full.organization),
        members: full.members.map(memberWithUserToJson),
        invitations: full.invitations.map(invitationToJson),
        ...(full.teams ? { teams: full.teams.map(teamToJson) } : {}),
      };
    },
  }),
  (ctx) => sessionReadBound(ctx),
);

export const organizationEndpoints = [
  create,
  checkSlugEndpoint,
  update,
  remove,
  list,
  setActive,
  getOrganization,
  getFull,
  ...organizationAuditEndpoints,
];
