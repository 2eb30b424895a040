export { createOrganizationApi, type OrganizationServerApi } from './api.ts';
export {
  type Invitation,
  type InvitationJson,
  type InvitationStatus,
  invitationFromRow,
  invitationToJson,
  listInvitationsOfOrganization,
  listTeamsOfOrganization,
  type Team,
  type TeamJson,
  type TeamMember,
  type TeamMemberJson,
  teamFromRow,
  teamMemberFromRow,
  teamMemberToJson,
  teamToJson,
} from './children.ts';
export {
  holdsCreatorRole,
  memberMay,
  type OrganizationConfig,
  organizationConfig,
  requireMembership,
  requireOrganizationId,
  requireOrgSession,
  requirePermission,
  resolveOrganizationId,
} from './guard.ts';
export { memberEndpoints } from './member-routes.ts';
export { assertKnownRoles } from './members.ts';
export { type Member, type MemberWithUser, memberToJson, type Organization, organizationToJson } from './model.ts';
export { countMembers, findMember, findOrganizationById, lockOrganization, setSessionActive } from './repo.ts';
export { organizationEndpoints } from './routes.ts';
export { type AdmitMemberInput, admitMember, type CreateOrganizationInput, createOrganization } from './service.ts';
