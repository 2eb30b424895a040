/** The member endpoints of CONTRACT §6.2. */
import { members as rows } from '@latch/contract';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { cacheableRead } from '../../core/read-cache.ts';
import { auditActor } from '../audit/index.ts';
import { sessionReadBound } from '../session/index.ts';
import { requireOrganizationId, requireOrgSession } from './guard.ts';
import {
  checkPermission,
  getActiveMember,
  getMemberRole,
  leaveOrganization,
  listMembers,
  removeMember,
  updateMemberRole,
} from './members.ts';
import { memberToJson, memberWithUserToJson } from './model.ts';

const listMembersEndpoint = cacheableRead(
  defineEndpoint(rows.listMembers, {
    async handler(ctx) {
      const current = await requireOrgSession(ctx);
      const q = ctx.query;
      const organizationId = await requireOrganizationId(ctx.deps, current, q);
      const filter =
        q.filterField && q.filterValue !== undefined
          ? { field: q.filterField, operator: q.filterOperator ?? ('eq' as const), value: q.filterValue }
          : null;
      const page = await listMembers(ctx.deps, current.user.id, organizationId, {
        limit: q.limit,
        offset: q.offset,
        sortBy: q.sortBy ?? null,
        sortDirection: q.sortDirection ?? 'asc',
        filter,
      });
      return { members: page.members.map(memberWithUserToJson), total: page.total };
    },
  }),
  (ctx) => sessionReadBound(ctx),
);

const updateMemberRoleEndpoint = defineEndpoint(rows.updateMemberRole, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, ctx.body);
    const member = await updateMemberRole(
      ctx.deps,
      current.user.id,
      organizationId,
      ctx.body,
      auditActor(ctx, current),
    );
    return memberToJson(member);
  },
});

const removeMemberEndpoint = defineEndpoint(rows.removeMember, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, ctx.body);
    const member = await removeMember(
      ctx.deps,
      current.user.id,
      organizationId,
      ctx.body.memberIdOrEmail,
      auditActor(ctx, current),
    );
    return { member: memberToJson(member) };
  },
});

const leave = defineEndpoint(rows.leave, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    return memberToJson(
      await leaveOrganization(ctx.deps, current.user.id, ctx.body.organizationId, auditActor(ctx, current)),
    );
  },
});

const getActiveMemberEndpoint = cacheableRead(
  defineEndpoint(rows.getActiveMember, {
    async handler(ctx) {
      const current = await requireOrgSession(ctx);
      return memberWithUserToJson(await getActiveMember(ctx.deps, current));
    },
  }),
  (ctx) => sessionReadBound(ctx),
);

const getActiveMemberRole = defineEndpoint(rows.getActiveMemberRole, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, ctx.query);
    return getMemberRole(ctx.deps, current.user.id, organizationId, ctx.query.userId);
  },
});

const hasPermissionEndpoint = defineEndpoint(rows.hasPermission, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, ctx.body);
    return checkPermission(
      ctx.deps,
      current.user.id,
      organizationId,
      ctx.body.permissions ?? ctx.body.permission ?? {},
    );
  },
});

export const memberEndpoints = [
  listMembersEndpoint,
  updateMemberRoleEndpoint,
  removeMemberEndpoint,
  leave,
  getActiveMemberEndpoint,
  getActiveMemberRole,
  hasPermissionEndpoint,
];
