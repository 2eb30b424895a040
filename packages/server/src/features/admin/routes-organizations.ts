/**
 * The admin console's reads of organizations and of a person's accounts and memberships
 * (contract: endpoints/admin-organizations.ts, docs/admin.md). Read-only; each row is read
 * through the feature that owns its table (organization and member: organization;
 * invitation: invitations; team: teams; account: accounts).
 *
 * Permissions: the organization reads need the console's own permission, `user: ['list']`
 * (as the audit log does). No `organization` statement is added to the admin roles: has-permission
 * would then answer `true` where better-auth's admin plugin answers `false` for its default roles.
 */
import { adminOrganizations as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { accountToJson, findAccountsOfUser } from '../accounts/index.ts';
import { invitationToJson, listInvitationsOfOrganization } from '../invitations/index.ts';
import {
  countMembers,
  findOrganizationById,
  listMembershipsOfUser,
  listMembersPage,
  listOrganizationsPage,
  memberWithUserToJson,
  type OrganizationCursor,
  organizationToJson,
} from '../organization/index.ts';
import { listTeamsOfOrganization, teamToJson } from '../teams/index.ts';
import { requireAdmin } from './guard.ts';
import { requireUser } from './service.ts';

function requireOrganizationReader(ctx: RequestContext<unknown, unknown>) {
  return requireAdmin(ctx, { user: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_READ_ORGANIZATIONS', 'read');
}

/** The cursor is the last organization's (createdAt, id), opaque to the caller. */
function encodeCursor(org: OrganizationCursor): string {
  return Buffer.from(`${org.createdAt.getTime()}:${org.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): OrganizationCursor {
  const match = /^(\d{1,15}):(.{1,255})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2]) throw authError('VALIDATION_ERROR');
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}

const listOrganizations = defineEndpoint(rows.listOrganizations, {
  async handler(ctx) {
    await requireOrganizationReader(ctx);
    const { search, limit, cursor } = ctx.query;
    const page = await listOrganizationsPage(ctx.deps.db, {
      search: search || undefined,
      limit,
      after: cursor === undefined ? null : decodeCursor(cursor),
    });
    const last = page.organizations.at(-1);
    return {
      organizations: page.organizations.map(({ memberCount, ...org }) => ({
        ...organizationToJson(org),
        memberCount,
      })),
      total: page.total,
      nextCursor: page.hasMore && last ? encodeCursor(last) : null,
    };
  },
});

const getOrganization = defineEndpoint(rows.getOrganization, {
  async handler(ctx) {
    await requireOrganizationReader(ctx);
    const { db } = ctx.deps;
    const organization = await findOrganizationById(db, ctx.query.id);
    if (!organization) throw authError('ORGANIZATION_NOT_FOUND');
    const [members, memberCount, invitations, teams] = await Promise.all([
      listMembersPage(db, organization.id, {
        limit: ctx.query.membersLimit,
        offset: ctx.query.membersOffset,
        sortBy: null,
        sortDirection: 'asc',
        filter: null,
      }),
      countMembers(db, organization.id),
      listInvitationsOfOrganization(db, organization.id),
      listTeamsOfOrganization(db, organization.id),
    ]);
    return {
      organization: organizationToJson(organization),
      members: members.map(memberWithUserToJson),
      memberCount,
      invitations: invitations.map(invitationToJson),
      teams: teams.map(teamToJson),
    };
  },
});

const listUserAccounts = defineEndpoint(rows.listUserAccounts, {
  async handler(ctx) {
    await requireAdmin(ctx, { user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER', 'read');
    const user = await requireUser(ctx.deps, ctx.query.userId);
    // accountToJson names the account and its scopes: tokens and the password hash stay in the row
    return { accounts: (await findAccountsOfUser(ctx.deps.db, user.id)).map(accountToJson) };
  },
});

const listUserOrganizations = defineEndpoint(rows.listUserOrganizations, {
  async handler(ctx) {
    await requireAdmin(ctx, { user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER', 'read');
    const user = await requireUser(ctx.deps, ctx.query.userId);
    const memberships = await listMembershipsOfUser(ctx.deps.db, user.id);
    return {
      memberships: memberships.map((m) => ({
        organization: organizationToJson(m.organization),
        memberId: m.memberId,
        role: m.role,
        joinedAt: m.joinedAt.toISOString(),
      })),
    };
  },
});

export const adminOrganizationEndpoints = [listOrganizations, getOrganization, listUserAccounts, listUserOrganizations];
