/** Teams and team memberships as the services work with them, and their JSON forms (CONTRACT §6.2). */
import type { Selectable } from 'kysely';
import type { TeamMemberTable, TeamTable } from '../../core/db/schema.ts';
import { toDate, toDateOrNull } from '../../core/db/values.ts';

export interface Team {
  id: string;
  name: string;
  organizationId: string;
  createdAt: Date;
  updatedAt: Date | null;
}

export interface TeamMember {
  id: string;
  teamId: string;
  userId: string;
  createdAt: Date | null;
}

export interface TeamJson {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string | null;
}

export interface TeamMemberJson {
  id: string;
  teamId: string;
  userId: string;
  createdAt: string | null;
}

export function teamFromRow(row: Selectable<TeamTable>): Team {
  return {
    id: row.id,
    name: row.name,
    organizationId: row.organizationId,
    createdAt: toDate(row.createdAt),
    updatedAt: toDateOrNull(row.updatedAt),
  };
}

export function teamMemberFromRow(row: Selectable<TeamMemberTable>): TeamMember {
  return { id: row.id, teamId: row.teamId, userId: row.userId, createdAt: toDateOrNull(row.createdAt) };
}

export function teamToJson(team: Team): TeamJson {
  return {
    id: team.id,
    name: team.name,
    organizationId: team.organizationId,
    createdAt: team.createdAt.toISOString(),
    updatedAt: team.updatedAt ? team.updatedAt.toISOString() : null,
  };
}

export function teamMemberToJson(tm: TeamMember): TeamMemberJson {
  return {
    id: tm.id,
    teamId: tm.teamId,
    userId: tm.userId,
    createdAt: tm.createdAt ? tm.createdAt.toISOString() : null,
  };
}
