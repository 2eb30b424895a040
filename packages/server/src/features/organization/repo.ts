/**
 * Plain functions over organization and member: this feature is their only writer. The
 * organization is an aggregate: deleting it or removing a member also removes its teams,
 * team memberships and invitations, and clears it from sessions; those rows are written
 * by their owners (teams, invitations, session), called here through their index.
 */
import type { members } from '@latch/contract';
import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Database, Dialect, MemberTable, OrganizationTable } from '../../core/db/schema.ts';
import { deleteInvitationsOfOrganization } from '../invitations/index.ts';
import { clearActiveOrganization, setActiveScope } from '../session/index.ts';
import { deleteTeamMembershipsOfUser, deleteTeamsOfOrganization } from '../teams/index.ts';
import { type Member, type MemberWithUser, memberFromRow, type Organization, organizationFromRow } from './model.ts';

type Db = Kysely<Database>;

export async function findOrganizationById(db: Db, id: string): Promise<Organization | null> {
  const row = await db.selectFrom('organization').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? organizationFromRow(row) : null;
}

export async function findOrganizationBySlug(db: Db, slug: string): Promise<Organization | null> {
  const row = await db.selectFrom('organization').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row ? organizationFromRow(row) : null;
}

export async function insertOrganization(db: Db, values: Insertable<OrganizationTable>): Promise<void> {
  await db.insertInto('organization').values(values).execute();
}

export async function updateOrganizationRow(db: Db, id: string, values: Updateable<OrganizationTable>): Promise<void> {
  await db.updateTable('organization').set(values).where('id', '=', id).execute();
}

/** Removes the organization with its members, invitations, teams and team memberships. */
export async function deleteOrganizationCascade(db: Db, id: string): Promise<void> {
  await deleteTeamsOfOrganization(db, id);
  await deleteInvitationsOfOrganization(db, id);
  await db.deleteFrom('member').where('organizationId', '=', id).execute();
  await db.deleteFrom('organization').where('id', '=', id).execute();
}

export async function listOrganizationsOfUser(db: Db, userId: string): Promise<Organization[]> {
  const rows = await db
    .selectFrom('organization')
    .innerJoin('member', 'member.organizationId', 'organization.id')
    .selectAll('organization')
    .where('member.userId', '=', userId)
    .orderBy('organization.createdAt', 'asc')
    .execute();
  return rows.map(organizationFromRow);
}

export async function countOrganizationsOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Serialises membership changes of one organization (limits, last owner) on Postgres
 * and MariaDB with a row lock; SQLite already runs one write transaction at a time.
 */
export async function lockOrganization(db: Db, dialect: Dialect, id: string): Promise<boolean> {
  let q = db.selectFrom('organization').select('id').where('id', '=', id);
  if (dialect !== 'sqlite') q = q.forUpdate();
  return (await q.executeTakeFirst()) !== undefined;
}

// ---- members ------------------------------------------------------------------------------

export async function findMember(db: Db, organizationId: string, userId: string): Promise<Member | null> {
  const row = await db
    .selectFrom('member')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? memberFromRow(row) : null;
}

export async function findMemberById(db: Db, id: string): Promise<Member | null> {
  const row = await db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? memberFromRow(row) : null;
}

export async function findMemberByEmail(db: Db, organizationId: string, email: string): Promise<Member | null> {
  const row = await db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .selectAll('member')
    .where('member.organizationId', '=', organizationId)
    .where('user.email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? memberFromRow(row) : null;
}

export async function insertMember(db: Db, values: Insertable<MemberTable>): Promise<void> {
  await db.insertInto('member').values(values).execute();
}

export async function updateMemberRoleRow(db: Db, id: string, role: string): Promise<void> {
  await db.updateTable('member').set({ role }).where('id', '=', id).execute();
}

/** Deletes the membership and the person's team memberships in that organization. */
export async function deleteMemberCascade(db: Db, member: Member): Promise<number> {
  await deleteTeamMembershipsOfUser(db, member.userId, member.organizationId);
  const result = await db.deleteFrom('member').where('id', '=', member.id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every membership of the person (deleting the account; their team memberships go through the teams feature). */
export async function deleteMembershipsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('member').where('userId', '=', userId).execute();
}

export async function countMembers(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listMemberRoles(db: Db, organizationId: string): Promise<{ id: string; role: string }[]> {
  return db.selectFrom('member').select(['id', 'role']).where('organizationId', '=', organizationId).execute();
}

/** list-members' sort fields and filter operators, as the contract's query schema names them. */
export type MemberField = members.MemberField;
export type FilterOperator = members.FilterOperator;

export interface MemberListQuery {
  limit: number;
  offset: number;
  sortBy: MemberField | null;
  sortDirection: 'asc' | 'desc';
  filter: { field: MemberField; operator: FilterOperator; value: string | string[] } | null;
}

/** A LIKE pattern for `escape '!'`: the backslash is no escape character in SQLite and differs in MySQL literals. */
function likePattern(value: string, before: string, after: string) {
  return sql<string>`${`${before}${value.replace(/[!%_]/g, (c) => `!${c}`)}${after}`} escape '!'`;
}

export async function listMembersWithUsers(
  db: Db,
  organizationId: string,
  q: MemberListQuery,
): Promise<{ members: MemberWithUser[]; total: number }> {
  let base = db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .where('member.organizationId', '=', organizationId);
  const f = q.filter;
  if (f) {
    const col = `member.${f.field}` as const;
    // createdAt values are dates (checked by the route): bound as Date, every dialect compares them as timestamps
    const typed = (v: string): string | Date => (f.field === 'createdAt' ? new Date(v) : v);
    const list = (Array.isArray(f.value) ? f.value : f.value.split(',')).map(typed);
    const one = typed(Array.isArray(f.value) ? (f.value[0] ?? '') : f.value);
    const text = String(one);
    switch (f.operator) {
      case 'eq':
        base = base.where(col, '=', one);
        break;
      case 'ne':
        base = base.where(col, '!=', one);
        break;
      case 'lt':
        base = base.where(col, '<', one);
        break;
      case 'lte':
        base = base.where(col, '<=', one);
        break;
      case 'gt':
        base = base.where(col, '>', one);
        break;
      case 'gte':
        base = base.where(col, '>=', one);
        break;
      case 'in':
        base = list.length ? base.where(col, 'in', list) : base.where(sql<boolean>`1 = 0`);
        break;
      case 'not_in':
        if (list.length) base = base.where(col, 'not in', list);
        break;
      case 'contains':
        base = base.where(col, 'like', likePattern(text, '%', '%'));
        break;
      case 'starts_with':
        base = base.where(col, 'like', likePattern(text, '', '%'));
        break;
      case 'ends_with':
        base = base.where(col, 'like', likePattern(text, '%', ''));
        break;
    }
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rowsQ = base
    .selectAll('member')
    .select(['user.name as u_name', 'user.email as u_email', 'user.image as u_image'])
    .orderBy(`member.${q.sortBy ?? 'createdAt'}`, q.sortBy ? q.sortDirection : 'asc')
    .orderBy('member.id', 'asc')
    .limit(q.limit)
    .offset(q.offset);
  const rows = await rowsQ.execute();
  return {
    total: Number(totalRow?.n ?? 0),
    members: rows.map((r) => ({
      ...memberFromRow(r),
      user: { id: r.userId, name: r.u_name, email: r.u_email, image: r.u_image },
    })),
  };
}

// ---- sessions (the session feature writes them) ------------------------------------------

export async function setSessionActive(
  db: Db,
  sessionId: string,
  values: { activeOrganizationId?: string | null; activeTeamId?: string | null },
): Promise<void> {
  await setActiveScope(db, sessionId, values);
}

/** Every session of the user whose active organization is this one loses it (seed-spec §4). */
export async function clearActiveOrganizationOfUser(db: Db, userId: string, organizationId: string): Promise<void> {
  await clearActiveOrganization(db, organizationId, userId);
}

export async function clearActiveOrganizationEverywhere(db: Db, organizationId: string): Promise<void> {
  await clearActiveOrganization(db, organizationId);
}
