/**
 * Plain functions over organization and member: this feature is their only writer. The
 * organization is an aggregate: deleting it or removing a member also removes its teams,
 * team memberships and invitations, and clears it from sessions; those rows are written
 * by their owners (teams, invitations, session), called here through their index.
 */

import type { members } from '@latch/contract';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import { likePattern } from '../../core/db/like.ts';
import type { Database, Dialect, MemberTable, OrganizationTable } from '../../core/db/schema.ts';
import { toDate } from '../../core/db/values.ts';
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

/**
 * The organization (by id or slug) with the caller's membership in it, in one statement:
 * null when there is no such organization, `member` null when the caller is not a member.
 */
export async function findOrganizationWithMember(
  db: Db,
  by: { id: string } | { slug: string },
  userId: string,
): Promise<{ organization: Organization; member: Member | null } | null> {
  const q = db
    .selectFrom('organization')
    .leftJoin('member', (join) =>
      join.onRef('member.organizationId', '=', 'organization.id').on('member.userId', '=', userId),
    )
    .selectAll('organization')
    .select(['member.id as m_id', 'member.role as m_role', 'member.createdAt as m_createdAt']);
  const row = await ('id' in by
    ? q.where('organization.id', '=', by.id)
    : q.where('organization.slug', '=', by.slug)
  ).executeTakeFirst();
  if (!row) return null;
  const member =
    row.m_id !== null && row.m_role !== null && row.m_createdAt !== null
      ? { id: row.m_id, organizationId: row.id, userId, role: row.m_role, createdAt: toDate(row.m_createdAt) }
      : null;
  return { organization: organizationFromRow(row), member };
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

interface WaitingMember {
  organizationId: string;
  userId: string;
  resolve(member: Member | null): void;
  reject(error: unknown): void;
}

/** Membership lookups waiting for the next batch, per database. */
const pendingMembers = new WeakMap<Db, WaitingMember[]>();
const MAX_MEMBER_BATCH = 64;

async function runMemberBatch(db: Db, waiting: WaitingMember[]): Promise<void> {
  try {
    const keys = new Map(waiting.map((w) => [`${w.organizationId}\u0000${w.userId}`, w]));
    const rows = await db
      .selectFrom('member')
      .selectAll()
      .where((eb) =>
        eb.or(
          [...keys.values()].map((k) =>
            eb.and([eb('organizationId', '=', k.organizationId), eb('userId', '=', k.userId)]),
          ),
        ),
      )
      .execute();
    const found = new Map(rows.map((r) => [`${r.organizationId}\u0000${r.userId}`, memberFromRow(r)]));
    for (const w of waiting) w.resolve(found.get(`${w.organizationId}\u0000${w.userId}`) ?? null);
  } catch (err) {
    for (const w of waiting) w.reject(err);
  }
}

/**
 * A membership read outside any transaction, batched like the session lookups
 * (features/session/repo.ts): on PostgreSQL and MySQL the lookups of one turn of the event
 * loop go out as one statement (one pair of (organizationId, userId) per distinct
 * membership, up to 64), so many concurrent requests for the same member cost one read.
 * On SQLite, in process, a read costs less than waiting for the batch: it runs at once.
 */
export function findMemberInBatch(
  source: { db: Db; dialect: Dialect },
  organizationId: string,
  userId: string,
): Promise<Member | null> {
  const { db } = source;
  if (source.dialect === 'sqlite') return findMember(db, organizationId, userId);
  return new Promise((resolve, reject) => {
    let waiting = pendingMembers.get(db);
    if (!waiting) {
      waiting = [];
      pendingMembers.set(db, waiting);
      setImmediate(() => {
        const all = pendingMembers.get(db) ?? [];
        pendingMembers.delete(db);
        for (let i = 0; i < all.length; i += MAX_MEMBER_BATCH)
          void runMemberBatch(db, all.slice(i, i + MAX_MEMBER_BATCH));
      });
    }
    waiting.push({ organizationId, userId, resolve, reject });
  });
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

/** list-members' one filter, on the `member` table of the query it is put in. */
function memberFilter(f: NonNullable<MemberListQuery['filter']>) {
  return (eb: ExpressionBuilder<Database, 'member'>): Expression<SqlBool> => {
    const col = `member.${f.field}` as const;
    // createdAt values are dates (checked by the route): bound as Date, every dialect compares them as timestamps
    const typed = (v: string): string | Date => (f.field === 'createdAt' ? new Date(v) : v);
    const list = (Array.isArray(f.value) ? f.value : f.value.split(',')).map(typed);
    const one = typed(Array.isArray(f.value) ? (f.value[0] ?? '') : f.value);
    const text = String(one);
    switch (f.operator) {
      case 'eq':
        return eb(col, '=', one);
      case 'ne':
        return eb(col, '!=', one);
      case 'lt':
        return eb(col, '<', one);
      case 'lte':
        return eb(col, '<=', one);
      case 'gt':
        return eb(col, '>', one);
      case 'gte':
        return eb(col, '>=', one);
      case 'in':
        return list.length ? eb(col, 'in', list) : sql<SqlBool>`1 = 0`;
      case 'not_in':
        return list.length ? eb(col, 'not in', list) : sql<SqlBool>`1 = 1`;
      case 'contains':
        return eb(col, 'like', likePattern('%', text, '%'));
      case 'starts_with':
        return eb(col, 'like', likePattern('', text, '%'));
      case 'ends_with':
        return eb(col, 'like', likePattern('%', text, ''));
    }
  };
}

/** The organization's members that pass the filter (the rows a page and the total are taken from). */
function filteredMembers(db: Db, organizationId: string, filter: MemberListQuery['filter']) {
  const base = db.selectFrom('member').where('member.organizationId', '=', organizationId);
  return filter ? base.where(memberFilter(filter)) : base;
}

/** The sort of a page: the field asked for (createdAt by default), then the id, so that pages never overlap. */
function pageOrder(q: MemberListQuery) {
  return { column: q.sortBy ?? 'createdAt', direction: q.sortBy ? q.sortDirection : ('asc' as const) };
}

/**
 * The ids of one page of the filtered members, from the member table alone: read in the
 * order of an index of migration 0008 and cut at the limit, so a deep offset walks index
 * entries (PostgreSQL answers from the index alone) instead of rows joined with users.
 */
function pageIds(db: Db, organizationId: string, q: MemberListQuery) {
  const { column, direction } = pageOrder(q);
  const ordered = filteredMembers(db, organizationId, q.filter)
    .select('member.id as pageId')
    .orderBy(`member.${column}`, direction);
  // ids are unique: sorted by id, a second id term would only make SQLite sort again
  return (column === 'id' ? ordered : ordered.orderBy('member.id', 'asc')).limit(q.limit).offset(q.offset);
}

const MEMBER_WITH_USER = [
  'member.id',
  'member.organizationId',
  'member.userId',
  'member.role',
  'member.createdAt',
  'user.name as u_name',
  'user.email as u_email',
  'user.image as u_image',
] as const;

interface MemberWithUserRow {
  id: string | null;
  organizationId: string | null;
  userId: string | null;
  role: string | null;
  createdAt: Date | string | null;
  u_name: string | null;
  u_email: string | null;
  u_image: string | null;
}

function memberWithUserFromRow(r: MemberWithUserRow): MemberWithUser | null {
  // the one row of an empty page, left-joined to the membership and the total
  if (r.id === null || r.organizationId === null || r.userId === null || r.role === null || r.createdAt === null)
    return null;
  return {
    id: r.id,
    organizationId: r.organizationId,
    userId: r.userId,
    role: r.role,
    createdAt: toDate(r.createdAt),
    user: { id: r.userId, name: r.u_name ?? '', email: r.u_email ?? '', image: r.u_image },
  };
}

/**
 * One page of the organization's members with their users, in one statement
 * (get-full-organization, where the caller's membership came with the organization).
 */
export async function listMembersPage(db: Db, organizationId: string, q: MemberListQuery): Promise<MemberWithUser[]> {
  const { column, direction } = pageOrder(q);
  const rows = await db
    .selectFrom(pageIds(db, organizationId, q).as('p'))
    .innerJoin('member', 'member.id', 'p.pageId')
    .innerJoin('user', 'user.id', 'member.userId')
    .select(MEMBER_WITH_USER)
    .orderBy(`member.${column}`, direction)
    .orderBy('member.id', 'asc')
    .execute();
  return rows.flatMap((r) => memberWithUserFromRow(r) ?? []);
}

/**
 * list-members in one statement: the caller's membership (no row when the caller is not
 * a member, and then nothing else is read), the total of the filtered members (a count,
 * no row loaded) and one page of them with their users. The page is left-joined, so that
 * a page past the end still answers the membership and the total.
 */
function membersForCallerQuery(db: Db, organizationId: string, callerUserId: string, q: MemberListQuery) {
  const { column, direction } = pageOrder(q);
  const total = filteredMembers(db, organizationId, q.filter).select((eb) =>
    eb.fn.countAll<string | number>().as('total'),
  );
  return db
    .selectFrom('member as caller')
    .innerJoin(total.as('t'), (join) => join.onTrue())
    .leftJoin(pageIds(db, organizationId, q).as('p'), (join) => join.onTrue())
    .leftJoin('member', 'member.id', 'p.pageId')
    .leftJoin('user', 'user.id', 'member.userId')
    .select(['caller.role as callerRole', 't.total'])
    .select(MEMBER_WITH_USER)
    .where('caller.organizationId', '=', organizationId)
    .where('caller.userId', '=', callerUserId)
    .orderBy(`member.${column}`, direction)
    .orderBy('member.id', 'asc');
}

/** A page of members and the total, for a caller who is a member (else null): one statement. */
export async function listMembersForCaller(
  db: Db,
  organizationId: string,
  callerUserId: string,
  q: MemberListQuery,
): Promise<{ callerRole: string; members: MemberWithUser[]; total: number } | null> {
  const rows = await membersForCallerQuery(db, organizationId, callerUserId, q).execute();
  const first = rows[0];
  if (!first) return null;
  return {
    callerRole: first.callerRole,
    total: Number(first.total),
    members: rows.flatMap((r) => memberWithUserFromRow(r) ?? []),
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

/**
 * Every session of the user whose active organization is this one loses it (seed-spec §4).
 * Answers whose sessions changed (the user, or nobody): their cache cookies must not be believed.
 */
export async function clearActiveOrganizationOfUser(db: Db, userId: string, organizationId: string): Promise<string[]> {
  return clearActiveOrganization(db, organizationId, userId);
}

/** Every session whose active organization is this one loses it; answers whose sessions changed. */
export async function clearActiveOrganizationEverywhere(db: Db, organizationId: string): Promise<string[]> {
  return clearActiveOrganization(db, organizationId);
}
