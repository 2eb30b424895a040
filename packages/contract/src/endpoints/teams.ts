/** Teams of an organization and their members (CONTRACT §6.2; served only when teams are on). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { teamJson, teamMemberJson } from './organization.ts';

const tag = 'Organizations';

const teamName = z.string().trim().min(1).max(512);

export const createTeam = endpoint({
  method: 'POST',
  path: '/organization/create-team',
  tag,
  summary: 'Creates a team in an organization (team:create; at most teams.maximumTeams)',
  body: z.object({ name: teamName, organizationId: z.string().optional() }),
  response: teamJson,
  errors: [
    'UNAUTHORIZED',
    'NO_ACTIVE_ORGANIZATION',
    'ORGANIZATION_NOT_FOUND',
    'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
    'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION',
    'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS',
  ],
  session: 'sensitive',
  plugin: 'teams',
});

export const listTeams = endpoint({
  method: 'GET',
  path: '/organization/list-teams',
  tag,
  summary: "An organization's teams, for its members",
  query: z.object({ organizationId: z.string().optional() }),
  response: z.array(teamJson),
  errors: ['UNAUTHORIZED', 'NO_ACTIVE_ORGANIZATION', 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION'],
  session: 'sensitive',
  plugin: 'teams',
});

export const updateTeam = endpoint({
  method: 'POST',
  path: '/organization/update-team',
  tag,
  summary: 'Renames a team (team:update)',
  body: z.object({
    teamId: z.string().min(1),
    data: z.object({ name: teamName.optional(), organizationId: z.string().optional() }),
  }),
  response: teamJson,
  errors: ['UNAUTHORIZED', 'NO_ACTIVE_ORGANIZATION', 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM', 'TEAM_NOT_FOUND'],
  session: 'sensitive',
  plugin: 'teams',
});

export const removeTeam = endpoint({
  method: 'POST',
  path: '/organization/remove-team',
  tag,
  summary: 'Deletes a team and its memberships (team:delete; not the last team unless allowRemovingAllTeams)',
  body: z.object({ teamId: z.string().min(1), organizationId: z.string().optional() }),
  response: z.object({ message: z.literal('Team removed successfully.') }),
  errors: [
    'UNAUTHORIZED',
    'NO_ACTIVE_ORGANIZATION',
    'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM',
    'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION',
    'TEAM_NOT_FOUND',
    'UNABLE_TO_REMOVE_LAST_TEAM',
  ],
  session: 'sensitive',
  plugin: 'teams',
});

export const setActiveTeam = endpoint({
  method: 'POST',
  path: '/organization/set-active-team',
  tag,
  summary: "Makes one of the caller's teams in the active organization the session's active team (null unsets it)",
  body: z.object({ teamId: z.string().min(1).nullable().optional() }),
  response: teamJson.nullable(),
  errors: [
    'UNAUTHORIZED',
    'NO_ACTIVE_ORGANIZATION',
    'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    'TEAM_NOT_FOUND',
    'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
  ],
  session: 'sensitive',
  plugin: 'teams',
});

export const listUserTeams = endpoint({
  method: 'GET',
  path: '/organization/list-user-teams',
  tag,
  summary: "The caller's teams, or (with member:update) another member's teams in the organization",
  query: z.object({ userId: z.string().optional(), organizationId: z.string().optional() }),
  response: z.array(teamJson),
  errors: [
    'UNAUTHORIZED',
    'NO_ACTIVE_ORGANIZATION',
    'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
  ],
  session: 'sensitive',
  plugin: 'teams',
});

export const listTeamMembers = endpoint({
  method: 'GET',
  path: '/organization/list-team-members',
  tag,
  summary: "A team's members (default: the active team), for its members and those who may manage teams",
  query: z.object({ teamId: z.string().optional() }),
  response: z.array(teamMemberJson),
  errors: ['UNAUTHORIZED', 'YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM', 'TEAM_NOT_FOUND', 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM'],
  session: 'sensitive',
  plugin: 'teams',
});

const teamMemberBody = z.object({
  teamId: z.string().min(1),
  userId: z.string().min(1),
  organizationId: z.string().optional(),
});

export const addTeamMember = endpoint({
  method: 'POST',
  path: '/organization/add-team-member',
  tag,
  summary: 'Adds a member of the organization to one of its teams (member:update); adding twice answers the same row',
  body: teamMemberBody,
  response: teamMemberJson,
  errors: [
    'UNAUTHORIZED',
    'NO_ACTIVE_ORGANIZATION',
    'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER',
    'TEAM_NOT_FOUND',
  ],
  session: 'sensitive',
  plugin: 'teams',
});

export const removeTeamMember = endpoint({
  method: 'POST',
  path: '/organization/remove-team-member',
  tag,
  summary: 'Removes someone from a team (member:delete); their sessions lose it as the active team',
  body: teamMemberBody,
  response: z.object({ message: z.literal('Team member removed successfully.') }),
  errors: [
    'UNAUTHORIZED',
    'NO_ACTIVE_ORGANIZATION',
    'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER',
    'TEAM_NOT_FOUND',
    'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
  ],
  session: 'sensitive',
  plugin: 'teams',
});

export const teamsEndpoints = [
  createTeam,
  listTeams,
  updateTeam,
  removeTeam,
  setActiveTeam,
  listUserTeams,
  listTeamMembers,
  addTeamMember,
  removeTeamMember,
] as const;
