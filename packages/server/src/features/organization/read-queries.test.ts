/**
 * The organization read paths cost a fixed number of statements, whatever the size of the
 * organization (issue 14 item 2): the same calls against a small organization and a large
 * one (more members, teams, invitations and team memberships) send the same statements, so
 * an N+1 fails here. Every statement counts, the session check's included (on SQLite it
 * reads on the read-only connection, and counts the same).
 */
import { beforeAll, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { forEachDatabase, signUpUser } from '../../test/harness.ts';
import { createOrg } from '../../test/organizations.ts';
import { countedApp } from '../../test/query-count.ts';
import { findMemberInBatch } from './repo.ts';

interface Seeded {
  client: TestClient;
  userId: string;
  orgId: string;
  slug: string;
  /** A member of the organization besides the owner, in every team of it. */
  memberUserId: string;
}

await forEachDatabase('organization read paths: statements per answer', (dialect) => {
  const t = countedApp(dialect, { plugins: { organization: { teams: { enabled: true } } } });
  let small: Seeded;
  let large: Seeded;

  /** An owner with an organization of `members` more people, `teams` more teams (the owner in each) and `invitations` pending invitations. */
  async function seed(tag: string, members: number, teams: number, invitations: number): Promise<Seeded> {
    const owner = await signUpUser(t.app);
    const org = await createOrg(owner.client, { slug: `${tag}-${Math.random().toString(36).slice(2, 8)}` });
    const db = t.shared.handle.db;
    // short ids: MariaDB's id columns hold 36 characters
    const p = `${tag[0]}${Math.random().toString(36).slice(2, 8)}`;
    const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, i));
    for (let i = 0; i < members; i++) {
      const id = `${p}-u${i}`;
      await db
        .insertInto('user')
        .values({
          id,
          name: `Person ${i}`,
          email: `${id}@example.test`,
          emailVerified: true,
          createdAt: at(i),
          updatedAt: at(i),
        })
        .execute();
      await db
        .insertInto('member')
        .values({
          id: `${p}-m${i}`,
          organizationId: org.id,
          userId: id,
          role: i % 3 ? 'member' : 'admin',
          teamId: null,
          createdAt: at(i),
        })
        .execute();
    }
    for (let i = 0; i < teams; i++) {
      const teamId = `${p}-t${i}`;
      await db
        .insertInto('team')
        .values({ id: teamId, name: `Team ${i}`, organizationId: org.id, createdAt: at(i), updatedAt: at(i) })
        .execute();
      await db
        .insertInto('teamMember')
        .values({ id: `${teamId}-owner`, teamId, userId: owner.userId, createdAt: at(i) })
        .execute();
      if (members > 0)
        await db
          .insertInto('teamMember')
          .values({ id: `${teamId}-u0`, teamId, userId: `${p}-u0`, createdAt: at(i) })
          .execute();
    }
    for (let i = 0; i < invitations; i++) {
      await db
        .insertInto('invitation')
        .values({
          id: `${p}-i${i}`,
          organizationId: org.id,
          email: `invited-${i}-${p}@example.test`,
          role: i % 2 ? 'member' : 'admin',
          status: 'pending',
          teamId: null,
          inviterId: owner.userId,
          expiresAt: new Date(Date.UTC(2027, 0, 1)),
          createdAt: at(i),
        })
        .execute();
    }
    return { client: owner.client, userId: owner.userId, orgId: org.id, slug: org.slug, memberUserId: `${p}-u0` };
  }

  beforeAll(async () => {
    small = await seed('small', 1, 0, 1);
    large = await seed('large', 40, 8, 12);
  });

  /** The statements of one call (sorted: some run side by side), after checking it succeeded. */
  async function statements(who: Seeded, path: string, query: (s: Seeded) => Record<string, string> = () => ({})) {
    const { result, queries } = await t.counter.measure(() => who.client.get(path, { query: query(who) }));
    expect(result.status, result.text).toBe(200);
    return { answer: result.json, queries: [...queries].sort() };
  }

  // Each count includes the session check (one read, batched with concurrent checks on
  // PostgreSQL and MySQL). Before issue 14 item 2: get-full-organization 7 (8 by slug),
  // list-members 4, list-user-teams in an organization 3, get-organization 3.
  const cases: {
    name: string;
    path: string;
    query?: (s: Seeded) => Record<string, string>;
    expected: number;
    why: string;
  }[] = [
    {
      name: 'organization/list',
      path: '/organization/list',
      expected: 2,
      why: 'session, organizations joined with memberships',
    },
    {
      name: 'get-organization',
      path: '/organization/get-organization',
      expected: 2,
      why: "session, the organization with the caller's membership",
    },
    {
      name: 'get-full-organization (the active one)',
      path: '/organization/get-full-organization',
      expected: 5,
      why: "session, the organization with the caller's membership, then side by side the page of members with their users, the invitations (the caller may invite) and the teams",
    },
    {
      name: 'get-full-organization by slug',
      path: '/organization/get-full-organization',
      query: (s) => ({ organizationSlug: s.slug }),
      expected: 5,
      why: "the slug is matched in the organization's statement",
    },
    {
      name: 'list-members',
      path: '/organization/list-members',
      expected: 2,
      why: "session, then the caller's membership, the total and the page in one statement",
    },
    {
      name: 'list-members, a filtered page',
      path: '/organization/list-members',
      query: (s) => ({ organizationId: s.orgId, limit: '5', offset: '1', filterField: 'role', filterValue: 'member' }),
      expected: 2,
      why: 'the same, filtered',
    },
    {
      name: 'list-user-teams (own, every organization)',
      path: '/organization/list-user-teams',
      expected: 2,
      why: 'session, teams joined with team memberships',
    },
    {
      name: 'list-user-teams (own, in one organization)',
      path: '/organization/list-user-teams',
      query: (s) => ({ organizationId: s.orgId }),
      expected: 2,
      why: "session, then the caller's membership and the teams in one statement",
    },
    {
      name: "list-user-teams (another member's)",
      path: '/organization/list-user-teams',
      query: (s) => ({ userId: s.memberUserId }),
      expected: 2,
      why: 'the same, the permission decided on the role it read',
    },
    {
      name: 'get-active-member',
      path: '/organization/get-active-member',
      expected: 2,
      why: 'session, the membership (batched with concurrent lookups)',
    },
  ];

  for (const c of cases) {
    it(`${c.name}: ${c.expected} statements (${c.why}) for 2 or 41 members`, async () => {
      const few = await statements(small, c.path, c.query);
      const many = await statements(large, c.path, c.query);
      expect(many.queries, many.queries.join('\n')).toEqual(few.queries);
      expect(many.queries, many.queries.join('\n')).toHaveLength(c.expected);
    });
  }

  it('the answers counted are the whole organization: every member, team and invitation', async () => {
    const full = await statements(large, '/organization/get-full-organization');
    expect(full.answer.members).toHaveLength(41);
    // the seeded members joined before the owner's organization was created through the API
    expect(full.answer.members[40].userId).toBe(large.userId);
    expect(full.answer.teams).toHaveLength(9);
    expect(full.answer.invitations).toHaveLength(12);
    const page = await statements(large, '/organization/list-members', () => ({ limit: '10', offset: '35' }));
    expect(page.answer.total).toBe(41);
    expect(page.answer.members.map((m: { user: { name: string } }) => m.user.name)).toEqual([
      ...[35, 36, 37, 38, 39].map((i) => `Person ${i}`),
      'Test User',
    ]);
    // an empty page still answers the total: past the end, and a page of none
    for (const query of [{ offset: '41' }, { limit: '0' }] as Record<string, string>[]) {
      const empty = await statements(large, '/organization/list-members', () => query);
      expect(empty.answer).toEqual({ members: [], total: 41 });
    }
    const admins = await statements(large, '/organization/list-members', () => ({
      filterField: 'role',
      filterValue: 'admin',
      sortBy: 'createdAt',
      sortDirection: 'desc',
      limit: '3',
    }));
    // Person 0, 3, 6 … 39 are admins (14), besides the owner
    expect(admins.answer.total).toBe(14);
    expect(admins.answer.members.map((m: { user: { name: string } }) => m.user.name)).toEqual([
      'Person 39',
      'Person 36',
      'Person 33',
    ]);
    const mine = await statements(large, '/organization/list-user-teams', (s) => ({ organizationId: s.orgId }));
    expect(mine.answer).toHaveLength(9);
    const theirs = await statements(large, '/organization/list-user-teams', (s) => ({ userId: s.memberUserId }));
    expect(theirs.answer).toHaveLength(8);
  });

  it('a stranger is refused with the same codes, after the same number of statements, and nothing of the organization', async () => {
    const refusals: [string, Record<string, string>, number, string][] = [
      ['/organization/list-members', { organizationId: large.orgId }, 403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION'],
      [
        '/organization/list-user-teams',
        { organizationId: large.orgId },
        403,
        'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      ],
      [
        '/organization/get-full-organization',
        { organizationId: large.orgId },
        403,
        'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      ],
      [
        '/organization/get-full-organization',
        { organizationSlug: large.slug },
        403,
        'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      ],
      ['/organization/get-full-organization', { organizationSlug: 'no-such-slug' }, 400, 'ORGANIZATION_NOT_FOUND'],
      [
        '/organization/get-organization',
        { organizationId: large.orgId },
        403,
        'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      ],
    ];
    for (const [path, query, status, code] of refusals) {
      const { result, queries } = await t.counter.measure(() => small.client.get(path, { query }));
      expect([path, result.status, result.json.code]).toEqual([path, status, code]);
      expect(result.text).not.toContain(large.memberUserId);
      expect(queries, path).toHaveLength(2);
    }
  });

  it('membership lookups of one turn share one statement on PostgreSQL and MySQL, each with its own answer', async () => {
    const deps = t.app.auth.deps;
    const asked = [
      { organizationId: small.orgId, userId: small.userId, member: true },
      { organizationId: large.orgId, userId: large.userId, member: true },
      { organizationId: large.orgId, userId: large.memberUserId, member: true },
      // not a member there, and the same lookup twice
      { organizationId: large.orgId, userId: small.userId, member: false },
      { organizationId: small.orgId, userId: small.userId, member: true },
      // more than one batch (64) at once
      ...Array.from({ length: 70 }, (_, i) => ({
        organizationId: large.orgId,
        userId: `nobody-${i}`,
        member: false,
      })),
    ];
    const { result, queries } = await t.counter.measure(() =>
      Promise.all(asked.map((a) => findMemberInBatch(deps, a.organizationId, a.userId))),
    );
    expect(result.map((m) => m !== null)).toEqual(asked.map((a) => a.member));
    for (const [i, m] of result.entries()) {
      if (!m) continue;
      expect([m.organizationId, m.userId]).toEqual([asked[i]?.organizationId, asked[i]?.userId]);
    }
    expect(result[0]?.role).toBe('owner');
    expect(result[2]?.role).toBe('admin');
    // SQLite reads in process, at once; the others wait for the end of the turn
    expect(queries).toHaveLength(dialect === 'sqlite' ? asked.length : 2);

    // over HTTP: the same member asked by 20 concurrent requests
    const { result: answers, queries: sent } = await t.counter.measure(() =>
      Promise.all(Array.from({ length: 20 }, () => large.client.get('/organization/get-active-member'))),
    );
    expect(answers.map((r) => [r.status, r.json.userId, r.json.organizationId])).toEqual(
      answers.map(() => [200, large.userId, large.orgId]),
    );
    const memberReads = sent.filter((q) => /from [`"]member[`"]/.test(q));
    expect(memberReads).toHaveLength(dialect === 'sqlite' ? 20 : 1);
  });
});
