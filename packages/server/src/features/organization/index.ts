export { createOrganizationApi, type OrganizationServerApi } from './api.ts';
export {
  listMembershipsOfUser,
  listOrganizationsPage,
  type Membership,
  type OrganizationCursor,
} from './directory.ts';
export {
  holdsCreatorRole,
  memberMay,
  organizationConfig,
  requireMembership,
  requireOrganizationId,
  requireOrgSession,
  requirePermission,
} from './guard.ts';
export { memberEndpoints } from './member-routes.ts';
export { assertKnownRoles } from './members.ts';
export { type Member, memberToJson, memberWithUserToJson, organizationToJson } from './model.ts';
export {
  countMembers,
  deleteMembershipsOfUser,
  findMember,
  findOrganizationById,
  listMembersPage,
  lockOrganization,
  setSessionActive,
} from './repo.ts';
export { organizationEndpoints } from './routes.ts';
export { admitMember } from './service.ts';
