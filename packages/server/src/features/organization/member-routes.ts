/** The member endpoints of CONTRACT §6.2. */
import { z } from 'zod';
import { defineEndpoint } from '../../core/http/endpoint.ts';
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
import { FILTER_OPERATORS, LIKE_OPERATORS, MEMBER_SORT_FIELDS } from './repo.ts';

const roleInput = z.union([z.string(), z.array(z.string())]);

/** A date every dialect can compare a timestamp with (years 1 to 9999). */
function isStorableDate(value: string): boolean {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

const listMembersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/organization/list-members',
  query: z
    .object({
      limit: z.coerce.number().int().min(0).optional(),
      offset: z.coerce.number().int().min(0).optional(),
      sortBy: z.enum(MEMBER_SORT_FIELDS).optional(),
      sortDirection: z.enum(['asc', 'desc']).optional(),
      filterField: z.enum(MEMBER_SORT_FIELDS).optional(),
      filterValue: z.union([z.string(), z.array(z.string())]).optional(),
      filterOperator: z.enum(FILTER_OPERATORS).optional(),
      organizationId: z.string().optional(),
      organizationSlug: z.string().optional(),
    })
    // a timestamp column takes dates and comparisons only: anything else is the caller's mistake, not a 500
    .superRefine((q, issues) => {
      if (q.filterField !== 'createdAt' || q.filterValue === undefined) return;
      if (LIKE_OPERATORS.has(q.filterOperator ?? 'eq')) {
        issues.addIssue({ code: 'custom', path: ['filterOperator'], message: 'createdAt cannot be matched as text' });
      }
      const values = Array.isArray(q.filterValue) ? q.filterValue : q.filterValue.split(',');
      if (values.some((v) => !isStorableDate(v))) {
        issues.addIssue({ code: 'custom', path: ['filterValue'], message: 'createdAt takes dates' });
      }
    }),
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
});

const updateMemberRoleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/organization/update-member-role',
  body: z.object({ memberId: z.string().min(1), role: roleInput, organizationId: z.string().optional() }),
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, ctx.body);
    const member = await updateMemberRole(ctx.deps, current.user.id, organizationId, ctx.body);
    return memberToJson(member);
  },
});

const removeMemberEndpoint = defineEndpoint({
  method: 'POST',
  path: '/organization/remove-member',
  body: z.object({ memberIdOrEmail: z.string().min(1), organizationId: z.string().optional() }),
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, ctx.body);
    const member = await removeMember(ctx.deps, current.user.id, organizationId, ctx.body.memberIdOrEmail);
    return { member: memberToJson(member) };
  },
});

const leave = defineEndpoint({
  method: 'POST',
  path: '/organization/leave',
  body: z.object({ organizationId: z.string().min(1) }),
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    return memberToJson(await leaveOrganization(ctx.deps, current.user.id, ctx.body.organizationId));
  },
});

const getActiveMemberEndpoint = defineEndpoint({
  method: 'GET',
  path: '/organization/get-active-member',
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    return memberWithUserToJson(await getActiveMember(ctx.deps, current));
  },
});

const getActiveMemberRole = defineEndpoint({
  method: 'GET',
  path: '/organization/get-active-member-role',
  query: z.object({
    userId: z.string().optional(),
    organizationId: z.string().optional(),
    organizationSlug: z.string().optional(),
  }),
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, ctx.query);
    return getMemberRole(ctx.deps, current.user.id, organizationId, ctx.query.userId);
  },
});

const permissionMap = z.record(z.string(), z.array(z.string()));

const hasPermissionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/organization/has-permission',
  body: z
    .object({
      permissions: permissionMap.optional(),
      permission: permissionMap.optional(),
      organizationId: z.string().optional(),
    })
    .refine((b) => (b.permissions === undefined) !== (b.permission === undefined), {
      message: 'exactly one of permissions and permission is required',
      path: ['permissions'],
    }),
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
