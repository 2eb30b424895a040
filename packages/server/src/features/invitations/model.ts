/** Invitations as the services work with them, and their JSON form (CONTRACT §6.2). */
import type { Selectable } from 'kysely';
import type { InvitationTable } from '../../core/db/schema.ts';
import { toDate } from '../../core/db/values.ts';

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
