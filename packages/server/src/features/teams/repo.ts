/**
 * Plain functions over team and teamMember: this feature is their only writer. The
 * organization (its default team, admitting and removing members, deleting it) and
 * account deletion change them through these, by way of this feature's index. The
 * sessions' activeTeamId and the invitations' team ids are written by their owners.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { removeTeamFromPendingInvitations } from '../invitations/index.ts';
import { clearActiveTeam } from '../session/index.ts';
import { type Team, type TeamMember, teamFromRow, teamMemberFromRow } from './model.ts';

type Db = Kysely<Database>;

export async function findTeamById(db: Db, id: string): Promise<Team | null> {
  const row = await db.selectFrom('team').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? teamFromRow(row) : null;
}

export async function insertTeam(db: Db, team: Team): Promise<void> {
  await db.insertInto('team').values(team).execute();
}

export async function updateTeamName(db: Db, id: string, name: string, updatedAt: Date): Promise<void> {
  await db.updateTable('team').set({ name, updatedAt }).where('id', '=', id).execute();
}

export async function countTeams(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('team')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Deletes the team with its memberships, takes its id out of pending invitations and
 * out of every session where it is the active team.
 */
export async function deleteTeamCascade(db: Db, team: Team): Promise<void> {
  await db.deleteFrom('teamMember').where('teamId', '=', team.id).execute();
  await removeTeamFromPendingInvitations(db, team.organizationId, team.id);
  await clearActiveTeam(db, team.id);
  await db.deleteFrom('team').where('id', '=', team.id).execute();
}

/** Deletes every team of the organization with its memberships (deleting the organization). */
export async function deleteTeamsOfOrganization(db: Db, organizationId: string): Promise<void> {
  const teamIds = db.selectFrom('team').select('id').where('organizationId', '=', organizationId);
  await db.deleteFrom('teamMember').where('teamId', 'in', teamIds).execute();
  await db.deleteFrom('team').where('organizationId', '=', organizationId).execute();
}

export async function listTeamsOfOrganization(db: Db, organizationId: string): Promise<Team[]> {
  const rows = await db
    .selectFrom('team')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(teamFromRow);
}

/** Of the given team ids, those that are teams of this organization. */
export async function teamIdsInOrganization(db: Db, organizationId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('team')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

export async function listTeamsOfUser(db: Db, userId: string, organizationId: string | null): Promise<Team[]> {
  let q = db
    .selectFrom('team')
    .innerJoin('teamMember', 'teamMember.teamId', 'team.id')
    .selectAll('team')
    .where('teamMember.userId', '=', userId);
  if (organizationId) q = q.where('team.organizationId', '=', organizationId);
  const rows = await q.orderBy('team.createdAt', 'asc').orderBy('team.id', 'asc').execute();
  return rows.map(teamFromRow);
}

/**
 * The teams of `userId` in the organization, with the caller's role there, in one
 * statement: null when the caller is not a member of it (then no team is read).
 */
export async function listTeamsOfUserForCaller(
  db: Db,
  organizationId: string,
  callerUserId: string,
  userId: string,
): Promise<{ callerRole: string; teams: Team[] } | null> {
  const teams = db
    .selectFrom('team')
    .innerJoin('teamMember', 'teamMember.teamId', 'team.id')
    .selectAll('team')
    .where('teamMember.userId', '=', userId)
    .where('team.organizationId', '=', organizationId);
  const rows = await db
    .selectFrom('member as caller')
    .leftJoin(teams.as('t'), (join) => join.onTrue())
    .select(['caller.role as callerRole', 't.id', 't.name', 't.organizationId', 't.createdAt', 't.updatedAt'])
    .where('caller.organizationId', '=', organizationId)
    .where('caller.userId', '=', callerUserId)
    .orderBy('t.createdAt', 'asc')
    .orderBy('t.id', 'asc')
    .execute();
  const first = rows[0];
  if (!first) return null;
  return {
    callerRole: first.callerRole,
    // a member of no team: one row, the team's columns null
    teams: rows.flatMap(({ id, name, organizationId: orgId, createdAt, updatedAt }) =>
      id !== null && name !== null && orgId !== null && createdAt !== null
        ? [teamFromRow({ id, name, organizationId: orgId, createdAt, updatedAt })]
        : [],
    ),
  };
}

export async function listTeamMembers(db: Db, teamId: string): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('teamMember')
    .selectAll()
    .where('teamId', '=', teamId)
    .orderBy('createdAt', 'asc')
    .execute();
  return rows.map(teamMemberFromRow);
}

export async function findTeamMember(db: Db, teamId: string, userId: string): Promise<TeamMember | null> {
  const row = await db
    .selectFrom('teamMember')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? teamMemberFromRow(row) : null;
}

export async function insertTeamMember(db: Db, tm: TeamMember): Promise<void> {
  await db.insertInto('teamMember').values(tm).execute();
}

/** Adds the person to the team unless already there (idempotent under a race too). */
export async function ensureTeamMember(db: Db, tm: TeamMember): Promise<void> {
  if (await findTeamMember(db, tm.teamId, tm.userId)) return;
  await insertTeamMember(db, tm);
}

/**
 * Every team membership of the person, or (with an organization) those in that
 * organization's teams: leaving or being removed from it, or deleting the account.
 */
export async function deleteTeamMembershipsOfUser(db: Db, userId: string, organizationId?: string): Promise<void> {
  let q = db.deleteFrom('teamMember').where('userId', '=', userId);
  if (organizationId !== undefined)
    q = q.where('teamId', 'in', db.selectFrom('team').select('id').where('organizationId', '=', organizationId));
  await q.execute();
}

export async function deleteTeamMember(db: Db, teamId: string, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('teamMember')
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The person's sessions stop having this team active. */
export async function clearActiveTeamOfUser(db: Db, userId: string, teamId: string): Promise<void> {
  await clearActiveTeam(db, teamId, userId);
}
