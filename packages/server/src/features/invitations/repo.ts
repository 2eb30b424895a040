/**
 * Plain functions over the invitation table: this feature is its only writer. The
 * organization (deleting one) and teams (deleting one) change invitations through these,
 * by way of this feature's index.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database, InvitationTable } from '../../core/db/schema.ts';
import { type Invitation, type InvitationStatus, invitationFromRow } from './model.ts';

type Db = Kysely<Database>;

export async function findInvitationById(db: Db, id: string): Promise<Invitation | null> {
  const row = await db.selectFrom('invitation').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? invitationFromRow(row) : null;
}

/** The pending, unexpired invitation of this address to this organization, if any. */
export async function findPendingInvitation(
  db: Db,
  organizationId: string,
  email: string,
  now: Date,
): Promise<Invitation | null> {
  const row = await db
    .selectFrom('invitation')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  return row ? invitationFromRow(row) : null;
}

export async function countPendingInvitations(db: Db, organizationId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('invitation')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'pending')
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertInvitation(db: Db, values: Insertable<InvitationTable>): Promise<void> {
  await db.insertInto('invitation').values(values).execute();
}

export async function deleteInvitation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('invitation').where('id', '=', id).execute();
}

/** Every invitation of the organization (deleting it: the invitations go in its transaction). */
export async function deleteInvitationsOfOrganization(db: Db, organizationId: string): Promise<void> {
  await db.deleteFrom('invitation').where('organizationId', '=', organizationId).execute();
}

/** Takes a deleted team's id out of the organization's pending invitations (a list of ids, comma-separated). */
export async function removeTeamFromPendingInvitations(db: Db, organizationId: string, teamId: string): Promise<void> {
  const invitations = await db
    .selectFrom('invitation')
    .select(['id', 'teamId'])
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'pending')
    .where('teamId', 'is not', null)
    .execute();
  for (const inv of invitations) {
    const ids = (inv.teamId ?? '').split(',').filter((t) => t && t !== teamId);
    const next = ids.length ? ids.join(',') : null;
    if (next !== inv.teamId)
      await db.updateTable('invitation').set({ teamId: next }).where('id', '=', inv.id).execute();
  }
}

export async function extendInvitation(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.updateTable('invitation').set({ expiresAt }).where('id', '=', id).execute();
}

/**
 * Moves a pending, unexpired invitation to its final state. Conditional on the row still
 * being pending: of two racing calls, exactly one sees a changed row.
 */
export async function settleInvitation(
  db: Db,
  id: string,
  status: Exclude<InvitationStatus, 'pending'>,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('invitation')
    .set({ status })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listInvitationsForEmail(
  db: Db,
  email: string,
  now: Date,
): Promise<(Invitation & { organizationName: string; organizationSlug: string })[]> {
  const rows = await db
    .selectFrom('invitation')
    .innerJoin('organization', 'organization.id', 'invitation.organizationId')
    .selectAll('invitation')
    .select(['organization.name as organizationName', 'organization.slug as organizationSlug'])
    .where('invitation.email', '=', email)
    .where('invitation.status', '=', 'pending')
    .where('invitation.expiresAt', '>', now)
    .orderBy('invitation.createdAt', 'asc')
    .execute();
  return rows.map((r) => ({
    ...invitationFromRow(r),
    organizationName: r.organizationName,
    organizationSlug: r.organizationSlug,
  }));
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
