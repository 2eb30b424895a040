/** The organization endpoints of CONTRACT §6.2: create, check-slug, update, delete, list, set-active, get(-full). */
import { z } from 'zod';
import { authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { setSessionCookies } from '../session/index.ts';
import { invitationToJson, teamToJson } from './children.ts';
import { requireOrgSession, resolveOrganizationId } from './guard.ts';
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

const metadata = z.record(z.string(), z.unknown()).nullable().optional();

const create = defineEndpoint({
  method: 'POST',
  path: '/organization/create',
  body: z.object({
    name: z.string().min(1).max(512),
    slug: z.string().min(1).max(255),
    logo: z.string().max(8192).nullable().optional(),
    metadata,
    keepCurrentActiveOrganization: z.boolean().optional(),
  }),
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const created = await createOrganization(ctx.deps, current.user.id, ctx.body, {
      session: current,
      serverCall: false,
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

const checkSlugEndpoint = defineEndpoint({
  method: 'POST',
  path: '/organization/check-slug',
  body: z.object({ slug: z.string().min(1).max(255) }),
  async handler(ctx) {
    await requireOrgSession(ctx);
    return checkSlug(ctx.deps, ctx.body.slug);
  },
});

const update = defineEndpoint({
  method: 'POST',
  path: '/organization/update',
  body: z.object({
    organizationId: z.string().optional(),
    data: z.object({
      name: z.string().min(1).max(512).optional(),
      slug: z.string().min(1).max(255).optional(),
      logo: z.string().max(8192).nullable().optional(),
      metadata,
    }),
  }),
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = ctx.body.organizationId ?? current.session.activeOrganizationId;
    if (!organizationId) throw authError('ORGANIZATION_NOT_FOUND');
    const org = await updateOrganization(ctx.deps, current.user.id, organizationId, ctx.body.data);
    return organizationToJson(org, { metadataAsObject: true });
  },
});

const remove = defineEndpoint({
  method: 'POST',
  path: '/organization/delete',
  body: z.object({ organizationId: z.string().min(1) }),
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const org = await deleteOrganization(ctx.deps, current.user.id, ctx.body.organizationId);
    return organizationToJson(org);
  },
});

const list = defineEndpoint({
  method: 'GET',
  path: '/organization/list',
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const orgs = await listOrganizationsOfUser(ctx.deps.db, current.user.id);
    return orgs.map((o) => organizationToJson(o));
  },
});

/**
 * Switching organizations also drops an active team of another organization: a team id
 * must never outlive the organization it belongs to in the session (Latch choice, see
 * docs/organizations.md). Re-sends the session cookie so a cached copy follows.
 */
const setActive = defineEndpoint({
  method: 'POST',
  path: '/organization/set-active',
  body: z.object({
    organizationId: z.string().nullable().optional(),
    organizationSlug: z.string().optional(),
  }),
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

const orgQuery = z.object({
  organizationId: z.string().optional(),
  organizationSlug: z.string().optional(),
});

const getOrganization = defineEndpoint({
  method: 'GET',
  path: '/organization/get-organization',
  query: orgQuery,
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await resolveOrganizationId(ctx.deps, current, ctx.query);
    if (!organizationId) return null;
    const { organization } = await getOrganizationForMember(ctx.deps, current.user.id, organizationId);
    return organizationToJson(organization);
  },
});

const getFull = defineEndpoint({
  method: 'GET',
  path: '/organization/get-full-organization',
  query: orgQuery.extend({ membersLimit: z.coerce.number().int().min(0).optional() }),
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await resolveOrganizationId(ctx.deps, current, ctx.query);
    if (!organizationId) return null;
    const full = await getFullOrganization(ctx.deps, current.user.id, organizationId, ctx.query.membersLimit);
    return {
      ...organizationToJson(full.organization),
      members: full.members.map(memberWithUserToJson),
      invitations: full.invitations.map(invitationToJson),
      ...(full.teams ? { teams: full.teams.map(teamToJson) } : {}),
    };
  },
});

export const organizationEndpoints = [
  create,
  checkSlugEndpoint,
  update,
  remove,
  list,
  setActive,
  getOrganization,
  getFull,
];
