export { createOrganizationApi, type OrganizationServerApi } from './api.ts';
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
export { type Member, memberToJson } from './model.ts';
export {
  deleteMembershipsOfUser,
  findMember,
  findOrganizationById,
  lockOrganization,
  setSessionActive,
} from './repo.ts';
export { organizationEndpoints } from './routes.ts';
export { admitMember } from './service.ts';
