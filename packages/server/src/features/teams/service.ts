/**
 * Teams: the rules of CONTRACT §6.2's team endpoints. Every call checks that the team
 * belongs to the organization the caller acts in and that the caller is a member there.
 */
import { generateId } from '../../core/crypto/random.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { type AuditActor, byActor, recordEvent } from '../audit/index.ts';
import {
  findMember,
  lockOrganization,
  memberMay,
  organizationConfig,
  requireMembership,
  requirePermission,
} from '../organization/index.ts';
import type { Team, TeamMember } from './model.ts';
import {
  clearActiveTeamOfUser,
  countTeams,
  deleteTeamCascade,
  deleteTeamMember,
  findTeamById,
  findTeamMember,
  insertTeam,
  insertTeamMember,
  listTeamMembers,
  listTeamsOfOrganization,
  listTeamsOfUser,
  listTeamsOfUserForCaller,
  updateTeamName,
} from './repo.ts';

/** The team, if it belongs to that organization: another organization's team reads as missing. */
export async function requireTeamIn(deps: AuthDeps, organizationId: string, teamId: string): Promise<Team> {
  const team = await findTeamById(deps.db, teamId);
  if (!team || team.organizationId !== organizationId) throw authError('TEAM_NOT_FOUND');
  return team;
}

/** Who acts, and in which organization: the common part of a team's audit events (docs/audit-log.md). */
function teamEvent(actor: AuditActor, organizationId: string, teamId: string) {
  return { ...byActor(actor), organizationId, targetType: 'team' as const, targetId: teamId };
}

/** Audited as team.created in the insert's transaction. */
export async function createTeam(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  name: string,
  actor: AuditActor,
): Promise<Team> {
  const config = organizationConfig(deps);
  // the refusal better-auth answers to a non-member (sic, CONTRACT §6.2)
  const member = await requireMembership(
    deps,
    organizationId,
    userId,
    'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
  );
  requirePermission(member, { team: ['create'] }, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION');
  return deps.db.transaction().execute(async (trx) => {
    if (!(await lockOrganization(trx, deps.dialect, organizationId))) throw authError('ORGANIZATION_NOT_FOUND');
    const max = config.teams.maximumTeams;
    if (max !== null && (await countTeams(trx, organizationId)) >= max)
      throw authError('YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS');
    const now = deps.clock.now();
    const team: Team = { id: generateId(), name, organizationId, createdAt: now, updatedAt: now };
    await insertTeam(trx, team);
    await recordEvent(trx, actor.ctx, {
      type: 'team.created',
      ...teamEvent(actor, organizationId, team.id),
      details: { name },
    });
    return team;
  });
}

export async function listTeams(deps: AuthDeps, userId: string, organizationId: string): Promise<Team[]> {
  await requireMembership(deps, organizationId, userId, 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION');
  return listTeamsOfOrganization(deps.db, organizationId);
}

/** Audited as team.updated in the update's transaction (nothing to change, nothing written). */
export async function updateTeam(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  teamId: string,
  name: string | undefined,
  actor: AuditActor,
): Promise<Team> {
  const member = await requireMembership(deps, organizationId, userId, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM');
  requirePermission(member, { team: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM');
  const team = await requireTeamIn(deps, organizationId, teamId);
  if (name === undefined) return team;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await updateTeamName(trx, team.id, name, now);
    await recordEvent(trx, actor.ctx, {
      type: 'team.updated',
      ...teamEvent(actor, organizationId, team.id),
      details: { fields: 'name', name },
    });
  });
  return { ...team, name, updatedAt: now };
}

/** Audited as team.removed in the removal's transaction. */
export async function removeTeam(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  teamId: string,
  actor: AuditActor,
): Promise<void> {
  const config = organizationConfig(deps);
  const member = await requireMembership(deps, organizationId, userId, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM');
  requirePermission(member, { team: ['delete'] }, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION');
  await deps.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, deps.dialect, organizationId);
    const team = await findTeamById(trx, teamId);
    if (!team || team.organizationId !== organizationId) throw authError('TEAM_NOT_FOUND');
    if (!config.teams.allowRemovingAllTeams && (await countTeams(trx, organizationId)) <= 1)
      throw authError('UNABLE_TO_REMOVE_LAST_TEAM');
    await deleteTeamCascade(trx, team);
    await recordEvent(trx, actor.ctx, {
      type: 'team.removed',
      ...teamEvent(actor, organizationId, team.id),
      details: { name: team.name },
    });
  });
}

/** The team to make active: one of the active organization's teams that the caller belongs to. */
export async function teamToActivate(
  deps: AuthDeps,
  userId: string,
  activeOrganizationId: string | null,
  teamId: string,
): Promise<Team> {
  if (!activeOrganizationId) throw authError('NO_ACTIVE_ORGANIZATION');
  await requireMembership(deps, activeOrganizationId, userId, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
  const team = await requireTeamIn(deps, activeOrganizationId, teamId);
  if (!(await findTeamMember(deps.db, team.id, userId))) throw authError('USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
  return team;
}

/** The caller's teams, or (with member:update in that organization) another member's. */
export async function listUserTeams(
  deps: AuthDeps,
  userId: string,
  input: { userId?: string | undefined; organizationId?: string | null | undefined },
): Promise<Team[]> {
  const organizationId = input.organizationId ?? null;
  const own = !input.userId || input.userId === userId;
  if (own && !organizationId) return listTeamsOfUser(deps.db, userId, null);
  if (!organizationId) throw authError('NO_ACTIVE_ORGANIZATION');
  // the caller's membership and the teams: one statement
  const found = await listTeamsOfUserForCaller(deps.db, organizationId, userId, input.userId ?? userId);
  if (!found) throw authError('YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
  if (!own)
    requirePermission({ role: found.callerRole }, { member: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
  return found.teams;
}

/**
 * The members of a team of an organization the caller belongs to. Besides the team's own
 * members, those who may manage teams (team:update) see them too, so an admin's team
 * screen works without joining every team.
 */
export async function listMembersOfTeam(deps: AuthDeps, userId: string, teamId: string): Promise<TeamMember[]> {
  const team = await findTeamById(deps.db, teamId);
  if (!team) throw authError('TEAM_NOT_FOUND');
  const member = await findMember(deps.db, team.organizationId, userId);
  if (!member) throw authError('USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
  if (!memberMay(member, { team: ['update'] }) && !(await findTeamMember(deps.db, team.id, userId))) {
    throw authError('USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
  }
  return listTeamMembers(deps.db, team.id);
}

/** Audited as team.member_added in the insert's transaction; someone already in the team changes nothing. */
export async function addTeamMember(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  input: { teamId: string; userId: string },
  actor: AuditActor,
): Promise<TeamMember> {
  const caller = await requireMembership(deps, organizationId, userId, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 400);
  requirePermission(caller, { member: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER');
  const team = await requireTeamIn(deps, organizationId, input.teamId);
  await requireMembership(deps, organizationId, input.userId, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 400);
  const existing = await findTeamMember(deps.db, team.id, input.userId);
  if (existing) return existing;
  const tm: TeamMember = { id: generateId(), teamId: team.id, userId: input.userId, createdAt: deps.clock.now() };
  try {
    await deps.db.transaction().execute(async (trx) => {
      await insertTeamMember(trx, tm);
      await recordEvent(trx, actor.ctx, {
        type: 'team.member_added',
        ...teamEvent(actor, organizationId, team.id),
        targetType: 'user',
        targetId: input.userId,
        details: { teamId: team.id },
      });
    });
  } catch (err) {
    // a concurrent add of the same person: the other insert won, answer its row
    const won = isUniqueViolation(err) ? await findTeamMember(deps.db, team.id, input.userId) : null;
    if (won) return won;
    throw err;
  }
  return tm;
}

/** Audited as team.member_removed in the removal's transaction. */
export async function removeTeamMember(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  input: { teamId: string; userId: string },
  actor: AuditActor,
): Promise<void> {
  const caller = await requireMembership(deps, organizationId, userId, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 400);
  requirePermission(caller, { member: ['delete'] }, 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER');
  const team = await requireTeamIn(deps, organizationId, input.teamId);
  await deps.db.transaction().execute(async (trx) => {
    if ((await deleteTeamMember(trx, team.id, input.userId)) === 0) throw authError('USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
    await clearActiveTeamOfUser(trx, input.userId, team.id);
    await recordEvent(trx, actor.ctx, {
      type: 'team.member_removed',
      ...teamEvent(actor, organizationId, team.id),
      targetType: 'user',
      targetId: input.userId,
      details: { teamId: team.id },
    });
  });
}
