/**
 * The admin console's reads of organizations and of a person's ways in and memberships (issue 13
 * item 3, docs/admin.md): every organization (searched, newest first, keyset-paged, with member
 * counts), one organization's members, invitations and teams for an admin who is not a member,
 * and on a person's page their linked accounts (never a token or a password hash) and their
 * organizations. Admin only; read-only; each re-reads the session from the database.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { accountJson, isoDate } from '../entities.ts';
import { invitationJson, memberWithUserJson, organizationJson, teamJson } from './organization.ts';

const tag = 'Admin';
const plugin = 'admin';

const id = z.string().min(1).max(255);
const cursor = z
  .string()
  .max(512)
  .regex(/^[A-Za-z0-9_-]+$/);

/** An organization in the admin list: the organization and how many members it has. */
export const adminOrganizationJson = organizationJson
  .extend({ memberCount: z.number().int().min(0) })
  .meta({ id: 'AdminOrganization' });

export const listOrganizations = endpoint({
  method: 'GET',
  path: '/admin/list-organizations',
  tag,
  summary:
    'Every organization, newest first, with its member count; `search` matches the name or slug (case-insensitive, anywhere) or the exact id; paged by an opaque cursor (nextCursor is null on the last page)',
  query: z.object({
    search: z.string().trim().max(255).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    cursor: cursor.optional(),
  }),
  response: z.object({
    organizations: z.array(adminOrganizationJson),
    /** Every organization that matches the search, on all pages. */
    total: z.number().int().min(0),
    nextCursor: z.string().nullable(),
  }),
  errors: ['UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_READ_ORGANIZATIONS', 'VALIDATION_ERROR'],
  session: 'sensitive',
  plugin,
});

export const getOrganization = endpoint({
  method: 'GET',
  path: '/admin/get-organization',
  tag,
  summary:
    'One organization as an admin sees it, member or not: a page of its members (oldest first) with the total, every invitation (any status) and its teams',
  query: z.object({
    id,
    membersLimit: z.coerce.number().int().min(1).max(200).default(50),
    membersOffset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  response: z.object({
    organization: organizationJson,
    members: z.array(memberWithUserJson),
    memberCount: z.number().int().min(0),
    invitations: z.array(invitationJson),
    teams: z.array(teamJson),
  }),
  errors: ['UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_READ_ORGANIZATIONS', 'ORGANIZATION_NOT_FOUND', 'VALIDATION_ERROR'],
  session: 'sensitive',
  plugin,
});

export const listUserAccounts = endpoint({
  method: 'GET',
  path: '/admin/list-user-accounts',
  tag,
  summary:
    "A person's linked accounts (the password's `credential` and each provider), oldest first: ids and scopes only, never a token or a password hash",
  query: z.object({ userId: id }),
  response: z.object({ accounts: z.array(accountJson) }),
  errors: ['UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_GET_USER', 'USER_NOT_FOUND', 'VALIDATION_ERROR'],
  session: 'sensitive',
  plugin,
});

/** One of a person's memberships: the organization and their role in it. */
export const userMembershipJson = z
  .object({
    organization: organizationJson,
    memberId: z.string(),
    role: z.string().describe('comma-joined when the member holds several roles'),
    joinedAt: isoDate,
  })
  .meta({ id: 'AdminUserMembership' });

export const listUserOrganizations = endpoint({
  method: 'GET',
  path: '/admin/list-user-organizations',
  tag,
  summary: 'The organizations a person belongs to, with their role in each, in the order they joined',
  query: z.object({ userId: id }),
  response: z.object({ memberships: z.array(userMembershipJson) }),
  errors: ['UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_GET_USER', 'USER_NOT_FOUND', 'VALIDATION_ERROR'],
  session: 'sensitive',
  plugin,
});

export const adminOrganizationsEndpoints = [
  listOrganizations,
  getOrganization,
  listUserAccounts,
  listUserOrganizations,
] as const;
