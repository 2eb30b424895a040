/**
 * Members of an organization: list, update-member-role, remove-member, leave,
 * get-active-member(-role) and has-permission (CONTRACT §6.2).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { memberJson, memberWithUserJson } from './organization.ts';

const tag = 'Organizations';

/** The member fields list-members sorts and filters by. */
export const MEMBER_SORT_FIELDS = ['id', 'userId', 'role', 'createdAt'] as const;
export type MemberField = (typeof MEMBER_SORT_FIELDS)[number];
export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'not_in',
  'contains',
  'starts_with',
  'ends_with',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
/** The operators that match text (LIKE), which a timestamp cannot take. */
export const LIKE_OPERATORS: ReadonlySet<FilterOperator> = new Set(['contains', 'starts_with', 'ends_with']);

const roleInput = z.union([z.string(), z.array(z.string())]);

/** A date every dialect can compare a timestamp with (years 1 to 9999). */
function isStorableDate(value: string): boolean {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

export const listMembers = endpoint({
  method: 'GET',
  path: '/organization/list-members',
  tag,
  summary: "A page of an organization's members with their users, sorted and filtered, and the total count",
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
  response: z.object({ members: z.array(memberWithUserJson), total: z.number().int().min(0) }),
  errors: [
    'UNAUTHORIZED',
    'ORGANIZATION_NOT_FOUND',
    'NO_ACTIVE_ORGANIZATION',
    'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
  ],
  session: 'sensitive',
  plugin: 'organization',
});

export const updateMemberRole = endpoint({
  method: 'POST',
  path: '/organization/update-member-role',
  tag,
  summary: "Changes a member's roles (member:update; only an owner touches the owner role, never the last owner)",
  body: z.object({ memberId: z.string().min(1), role: roleInput, organizationId: z.string().optional() }),
  response: memberJson,
  errors: [
    'UNAUTHORIZED',
    'NO_ACTIVE_ORGANIZATION',
    'ROLE_NOT_FOUND',
    'MEMBER_NOT_FOUND',
    'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
    'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER',
  ],
  session: 'sensitive',
  plugin: 'organization',
});

export const removeMember = endpoint({
  method: 'POST',
  path: '/organization/remove-member',
  tag,
  summary: 'Removes a member, named by member id or email (member:delete; owners only by an owner, never the last)',
  body: z.object({ memberIdOrEmail: z.string().min(1), organizationId: z.string().optional() }),
  response: z.object({ member: memberJson }),
  errors: [
    'UNAUTHORIZED',
    'NO_ACTIVE_ORGANIZATION',
    'MEMBER_NOT_FOUND',
    'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
    'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER',
  ],
  session: 'sensitive',
  plugin: 'organization',
});

export const leave = endpoint({
  method: 'POST',
  path: '/organization/leave',
  tag,
  summary: 'The caller leaves an organization (not as its only owner)',
  body: z.object({ organizationId: z.string().min(1) }),
  response: memberJson,
  errors: ['UNAUTHORIZED', 'MEMBER_NOT_FOUND', 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER'],
  session: 'sensitive',
  plugin: 'organization',
});

export const getActiveMember = endpoint({
  method: 'GET',
  path: '/organization/get-active-member',
  tag,
  summary: "The caller's membership in the active organization, with the user",
  response: memberWithUserJson,
  errors: ['UNAUTHORIZED', 'NO_ACTIVE_ORGANIZATION', 'MEMBER_NOT_FOUND'],
  session: 'sensitive',
  plugin: 'organization',
});

export const getActiveMemberRole = endpoint({
  method: 'GET',
  path: '/organization/get-active-member-role',
  tag,
  summary: "The caller's role in an organization, or another member's",
  query: z.object({
    userId: z.string().optional(),
    organizationId: z.string().optional(),
    organizationSlug: z.string().optional(),
  }),
  response: z.object({ role: z.string() }),
  errors: [
    'UNAUTHORIZED',
    'ORGANIZATION_NOT_FOUND',
    'NO_ACTIVE_ORGANIZATION',
    'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    'MEMBER_NOT_FOUND',
  ],
  session: 'sensitive',
  plugin: 'organization',
});

const permissionMap = z.record(z.string(), z.array(z.string()));

export const hasPermission = endpoint({
  method: 'POST',
  path: '/organization/has-permission',
  tag,
  summary: "Whether the caller's roles in an organization grant every listed action",
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
  response: z.object({ error: z.null(), success: z.boolean() }),
  errors: ['UNAUTHORIZED', 'NO_ACTIVE_ORGANIZATION', 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
  session: 'sensitive',
  plugin: 'organization',
});

export const membersEndpoints = [
  listMembers,
  updateMemberRole,
  removeMember,
  leave,
  getActiveMember,
  getActiveMemberRole,
  hasPermission,
] as const;
