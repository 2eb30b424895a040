/** Plain functions over team and teamMember (and the sessions' activeTeamId). */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { type Team, type TeamMember, teamFromRow, teamMemberFromRow } from '../organization/index.ts';
import { clearActiveTeam } from '../session/index.ts';

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
  const invitations = await db
    .selectFrom('invitation')
    .select(['id', 'teamId'])
    .where('organizationId', '=', team.organizationId)
    .where('status', '=', 'pending')
    .where('teamId', 'is not', null)
    .execute();
  for (const inv of invitations) {
    const ids = (inv.teamId ?? '').split(',').filter((t) => t && t !== team.id);
    const next = ids.length ? ids.join(',') : null;
    if (next !== inv.teamId)
      await db.updateTable('invitation').set({ teamId: next }).where('id', '=', inv.id).execute();
  }
  await clearActiveTeam(db, team.id);
  await db.deleteFrom('team').where('id', '=', team.id).execute();
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
