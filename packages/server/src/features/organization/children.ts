/**
 * The organization's child entities, teams and invitations: their models and JSON
 * forms (CONTRACT §6.2), and the reads get-full-organization needs. The teams and
 * invitations features use these through this feature's index.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, InvitationTable, TeamMemberTable, TeamTable } from '../../core/db/schema.ts';
import { toDate, toDateOrNull } from '../../core/db/values.ts';

type Db = Kysely<Database>;

export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'canceled';

export interface Invitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  teamId: string | null;
  status: InvitationStatus;
  expiresAt: Date;
  createdAt: Date;
  inviterId: string;
}

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

export interface InvitationJson {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  teamId: string | null;
  status: InvitationStatus;
  expiresAt: string;
  createdAt: string;
  inviterId: string;
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

function asStatus(value: string): InvitationStatus {
  return value === 'accepted' || value === 'rejected' || value === 'canceled' ? value : 'pending';
}

export function invitationFromRow(row: Selectable<InvitationTable>): Invitation {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    role: row.role ?? 'member',
    teamId: row.teamId,
    status: asStatus(row.status),
    expiresAt: toDate(row.expiresAt),
    createdAt: toDate(row.createdAt),
    inviterId: row.inviterId,
  };
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

export function invitationToJson(inv: Invitation): InvitationJson {
  return {
    id: inv.id,
    organizationId: inv.organizationId,
    email: inv.email,
    role: inv.role,
    teamId: inv.teamId,
    status: inv.status,
    expiresAt: inv.expiresAt.toISOString(),
    createdAt: inv.createdAt.toISOString(),
    inviterId: inv.inviterId,
  };
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

export async function listInvitationsOfOrganization(db: Db, organizationId: string): Promise<Invitation[]> {
  const rows = await db
    .selectFrom('invitation')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(invitationFromRow);
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
