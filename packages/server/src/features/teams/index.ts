export { type Team, teamToJson } from './model.ts';
export {
  deleteTeamMembershipsOfUser,
  deleteTeamsOfOrganization,
  ensureTeamMember,
  insertTeam,
  listTeamsOfOrganization,
  teamIdsInOrganization,
} from './repo.ts';
export { teamEndpoints } from './routes.ts';
export { requireTeamIn } from './service.ts';
