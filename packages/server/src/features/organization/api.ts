/**
 * The organization functions of `auth.api`, for trusted server code: no session, no
 * HTTP. `createOrganization` creates on behalf of `userId` (seed-spec §6); `addMember`
 * adds an existing user directly, the server-only add-member of CONTRACT §6.2.
 */
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { parseRoleList } from '../access-control/index.ts';
import { auditActor } from '../audit/index.ts';
import { findUserById } from '../user/index.ts';
import { assertKnownRoles } from './members.ts';
import { type MemberJson, memberToJson, type OrganizationJson, organizationToJson } from './model.ts';
import { findMember } from './repo.ts';
import { admitMember, type CreateOrganizationInput, createOrganization } from './service.ts';

export interface OrganizationServerApi {
  createOrganization(
    input: CreateOrganizationInput & { userId: string },
  ): Promise<OrganizationJson & { members: MemberJson[] }>;
  addMember(input: {
    userId: string;
    role: string | string[];
    organizationId: string;
    teamId?: string;
  }): Promise<MemberJson>;
}

export function createOrganizationApi(deps: AuthDeps): OrganizationServerApi {
  // trusted server code: audited with actorType server-api
  const actor = auditActor({ deps, isServerCall: true }, null);
  return {
    async createOrganization({ userId, ...input }) {
      if (!(await findUserById(deps.db, userId))) throw authError('USER_NOT_FOUND');
      const created = await createOrganization(deps, userId, input, { session: null, serverCall: true, actor });
      return {
        ...organizationToJson(created.organization, { metadataAsObject: true }),
        members: [memberToJson(created.member)],
      };
    },
    async addMember({ userId, role, organizationId, teamId }) {
      if (!(await findUserById(deps.db, userId))) throw authError('USER_NOT_FOUND');
      const roles = parseRoleList(role);
      if (roles.length === 0) throw authError('ROLE_NOT_FOUND');
      assertKnownRoles(roles);
      if (await findMember(deps.db, organizationId, userId))
        throw authError('USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
      const member = await deps.db.transaction().execute((trx) =>
        admitMember(deps, trx, {
          organizationId,
          userId,
          role: roles,
          teamIds: teamId ? [teamId] : [],
          strictTeams: true,
          actor,
          via: 'server',
        }),
      );
      return memberToJson(member);
    },
  };
}
