/**
 * Reads of organizations and memberships across the whole service, for the admin console
 * (features/admin/routes-organizations.ts): this feature owns organization and member, so the
 * queries over them live here and the console reads them through index.ts ("One way in").
 */

import { type Kysely, sql } from 'kysely';
import { likePattern } from '../../core/db/like.ts';
import type { Database } from '../../core/db/schema.ts';
import { toDate } from '../../core/db/values.ts';
import { type Organization, organizationFromRow } from './model.ts';

type Db = Kysely<Database>;

export interface OrganizationWithCount extends Organization {
  memberCount: number;
}

/** Where a page of the newest-first list starts: after this organization (createdAt, then id, both descending). */
export interface OrganizationCursor {
  createdAt: Date;
  id: string;
}

export interface OrganizationDirectoryQuery {
  /** The name or slug contains it (any case), or the id is it. */
  search: string | undefined;
  limit: number;
  after: OrganizationCursor | null;
}

function searched(db: Db, search: string | undefined) {
  const base = db.selectFrom('organization');
  if (!search) return base;
  return base.where((eb) =>
    eb.or([
      eb(sql`lower(${sql.ref('organization.name')})`, 'like', likePattern('%', search.toLowerCase(), '%')),
      eb(sql`lower(${sql.ref('organization.slug')})`, 'like', likePattern('%', search.toLowerCase(), '%')),
      eb('organization.id', '=', search),
    ]),
  );
}

/**
 * One page of every organization (newest first), each with its member count, and the total of
 * the search. The count per organization is a correlated count over member's
 * (organizationId, …) index, so a page costs one index range per organization shown.
 */
export async function listOrganizationsPage(
  db: Db,
  q: OrganizationDirectoryQuery,
): Promise<{ organizations: OrganizationWithCount[]; total: number; hasMore: boolean }> {
  const totalRow = await searched(db, q.search)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  let page = searched(db, q.search)
    .selectAll('organization')
    .select((eb) =>
      eb
        .selectFrom('member')
        .select((m) => m.fn.countAll<string | number>().as('c'))
        .whereRef('member.organizationId', '=', 'organization.id')
        .as('memberCount'),
    );
  const after = q.after;
  if (after)
    page = page.where((eb) =>
      eb.or([
        eb('organization.createdAt', '<', after.createdAt),
        eb.and([eb('organization.createdAt', '=', after.createdAt), eb('organization.id', '<', after.id)]),
      ]),
    );
  const rows = await page
    .orderBy('organization.createdAt', 'desc')
    .orderBy('organization.id', 'desc')
    .limit(q.limit + 1)
    .execute();
  const organizations = rows.slice(0, q.limit).map(({ memberCount, ...row }) => ({
    ...organizationFromRow(row),
    memberCount: Number(memberCount ?? 0),
  }));
  return { organizations, total: Number(totalRow?.n ?? 0), hasMore: rows.length > q.limit };
}

export interface Membership {
  organization: Organization;
  memberId: string;
  role: string;
  joinedAt: Date;
}

/** Every organization the person belongs to, with their membership, in the order they joined. */
export async function listMembershipsOfUser(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .selectAll('organization')
    .select(['member.id as memberId', 'member.role as memberRole', 'member.createdAt as joinedAt'])
    .where('member.userId', '=', userId)
    .orderBy('member.createdAt', 'asc')
    .orderBy('member.id', 'asc')
    .execute();
  return rows.map(({ memberId, memberRole, joinedAt, ...row }) => ({
    organization: organizationFromRow(row),
    memberId,
    role: memberRole,
    joinedAt: toDate(joinedAt),
  }));
}
