export { type Invitation, invitationToJson } from './model.ts';
export {
  deleteInvitationsOfOrganization,
  listInvitationsOfOrganization,
  removeTeamFromPendingInvitations,
} from './repo.ts';
export { invitationEndpoints } from './routes.ts';
