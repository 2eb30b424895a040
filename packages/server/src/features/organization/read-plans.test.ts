/**
 * The read paths use the indexes of migration 0008 (issue 14 item 2), proved with the
 * databases' own plans on SQLite and PostgreSQL: the statements an endpoint really sends
 * (recorded with their parameters by test/query-count.ts) are explained against a database
 * holding many organizations, and
 *  - no table of the read paths is scanned whole;
 *  - a page of members is read in the order of an index and stops at its limit: no sort
 *    of the organization's members below the page's LIMIT (the default order, and each
 *    sort field of list-members);
 *  - invitations, teams and sessions come in the order of their index.
 * PostgreSQL's planner uses statistics: the database is analysed first, as autovacuum does,
 * and joins are explained as nested loops (at this size it might hash a whole table
 * instead of looking up a page's hundred rows by key, which says nothing about indexes).
 * SQLite is left without statistics, as Latch runs it.
 */
import { randomBytes } from 'node:crypto';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { forEachDatabase, signUpUser } from '../../test/harness.ts';
import { createOrg } from '../../test/organizations.ts';
import { countedApp, type Statement } from '../../test/query-count.ts';

// biome-ignore lint/suspicious/noExplicitAny: the seed writes rows of several tables in bulk
type BulkDb = Kysely<any>;

/** One step of a plan: what it does, on which table and index, and what runs below it. */
interface Step {
  what: string;
  table: string | null;
  index: string | null;
  below: Step[];
}

interface PgPlan {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PgPlan[];
}

function fromPg(plan: PgPlan): Step {
  return {
    what: plan['Node Type'],
    table: plan['Relation Name'] ?? null,
    index: plan['Index Name'] ?? null,
    below: (plan.Plans ?? []).map(fromPg),
  };
}

/** SQLite's plan lines (`SEARCH member USING INDEX x (organizationId=?)`) as the same tree. */
function fromSqlite(rows: { id: number; parent: number; detail: string }[]): Step {
  const steps = new Map<number, Step>();
  const root: Step = { what: 'QUERY', table: null, index: null, below: [] };
  steps.set(0, root);
  for (const r of rows) {
    const m = /^(SEARCH|SCAN) (\S+)(?: AS \S+)?(?: USING (?:COVERING |PRIMARY KEY )?INDEX (\S+))?/.exec(r.detail);
    const step: Step = { what: m ? `${m[1]}` : r.detail, table: m?.[2] ?? null, index: m?.[3] ?? null, below: [] };
    if (r.detail.includes('USING INTEGER PRIMARY KEY') || r.detail.includes('USING PRIMARY KEY'))
      step.index = step.index ?? 'primary key';
    steps.set(r.id, step);
    (steps.get(r.parent) ?? root).below.push(step);
  }
  return root;
}

function all(step: Step): Step[] {
  return [step, ...step.below.flatMap(all)];
}

function show(step: Step, depth = 0): string {
  const line = `${'  '.repeat(depth)}${step.what}${step.table ? ` ${step.table}` : ''}${step.index ? ` [${step.index}]` : ''}`;
  return [line, ...step.below.map((s) => show(s, depth + 1))].join('\n');
}

await forEachDatabase(
  'the read paths use their indexes',
  (dialect) => {
    const t = countedApp(dialect, { plugins: { organization: { teams: { enabled: true }, membershipLimit: 1000 } } });
    let owner: { client: TestClient; userId: string };
    let orgId: string;

    async function explain(statement: Statement): Promise<Step> {
      const db = t.shared.handle.db;
      if (dialect === 'postgres') {
        return db.transaction().execute(async (trx) => {
          // on tables of a few thousand rows PostgreSQL may rather hash a whole table than look
          // up a page's rows by key; joins by index only, so that a join without one would show
          await sql`set local enable_hashjoin = off`.execute(trx);
          await sql`set local enable_mergejoin = off`.execute(trx);
          const result = await trx.executeQuery<{ 'QUERY PLAN': { Plan: PgPlan }[] }>(
            CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
          );
          const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
          if (!plan) throw new Error('no plan');
          return fromPg(plan);
        });
      }
      const result = await db.executeQuery<{ id: number; parent: number; detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
      );
      return fromSqlite(result.rows);
    }

    /** The plans of the statements a call sends, the session lookup left out (it reads by its unique token). */
    async function plansOf(client: TestClient, path: string, query: Record<string, string> = {}) {
      const { result, statements } = await t.counter.measure(() => client.get(path, { query }));
      expect(result.status, result.text).toBe(200);
      const mine = statements.filter((s) => !s.sql.startsWith('(') && !s.sql.includes('"session"."token"'));
      return Promise.all(mine.map(async (s) => ({ sql: s.sql, plan: await explain(s) })));
    }

    beforeAll(async () => {
      const person = await signUpUser(t.app);
      owner = { client: person.client, userId: person.userId };
      orgId = (await createOrg(person.client)).id;

      // this organization: 2,000 members; 40 others of 150 members; each with 30 teams (every
      // member in one) and 40 invitations; 1,000 more organizations without anyone
      const db = t.shared.handle.db;
      const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000);
      const bulk = db as unknown as BulkDb;
      const insert = async (table: string, rows: Record<string, unknown>[]) => {
        for (let i = 0; i < rows.length; i += 500)
          await bulk
            .insertInto(table)
            .values(rows.slice(i, i + 500))
            .execute();
      };
      const orgs = [orgId, ...Array.from({ length: 40 }, (_, i) => `org-${i}`)];
      const empty = Array.from({ length: 1000 }, (_, i) => `empty-${i}`);
      await insert(
        'organization',
        [...orgs.slice(1), ...empty].map((id, i) => ({
          id,
          name: id,
          slug: `${id}-${randomBytes(3).toString('hex')}`,
          createdAt: at(i),
        })),
      );
      const users: Record<string, unknown>[] = [];
      const members: Record<string, unknown>[] = [];
      const sessions: Record<string, unknown>[] = [];
      const teams: Record<string, unknown>[] = [];
      const teamMembers: Record<string, unknown>[] = [];
      const invitations: Record<string, unknown>[] = [];
      let n = 0;
      for (const [o, org] of orgs.entries()) {
        const size = o === 0 ? 2000 : 150;
        for (let i = 0; i < size; i++, n++) {
          const id = `u${n}`;
          users.push({
            id,
            name: `P ${n}`,
            email: `${id}@example.test`,
            emailVerified: true,
            createdAt: at(n),
            updatedAt: at(n),
          });
          members.push({
            id: `m${n}`,
            organizationId: org,
            userId: id,
            role: ['member', 'admin'][i % 2],
            createdAt: at(n),
          });
          sessions.push({
            id: `s${n}`,
            token: randomBytes(16).toString('hex'),
            userId: id,
            expiresAt: new Date(Date.UTC(2027, 0, 1)),
            createdAt: at(n),
            updatedAt: at(n),
          });
          teamMembers.push({ id: `tm${n}`, teamId: `t${o}-${i % 30}`, userId: id, createdAt: at(n) });
        }
        for (let t = 0; t < 30; t++) {
          teams.push({ id: `t${o}-${t}`, name: `T ${t}`, organizationId: org, createdAt: at(t), updatedAt: at(t) });
          if (o === 0)
            teamMembers.push({ id: `own-tm${t}`, teamId: `t${o}-${t}`, userId: owner.userId, createdAt: at(t) });
        }
        for (let v = 0; v < 40; v++)
          invitations.push({
            id: `i${o}-${v}`,
            organizationId: org,
            email: `inv${o}-${v}@example.test`,
            role: 'member',
            status: 'pending',
            inviterId: owner.userId,
            expiresAt: new Date(Date.UTC(2027, 0, 1)),
            createdAt: at(v),
          });
      }
      for (let s = 0; s < 40; s++)
        sessions.push({
          id: `own${s}`,
          token: randomBytes(16).toString('hex'),
          userId: owner.userId,
          expiresAt: new Date(Date.UTC(2027, 0, 1)),
          createdAt: at(s),
          updatedAt: at(s),
        });
      await insert('user', users);
      await insert('member', members);
      await insert('session', sessions);
      await insert('team', teams);
      await insert('teamMember', teamMembers);
      await insert('invitation', invitations);
      // the visibility map too, so that PostgreSQL may answer from an index alone
      if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
    }, 120_000);

    const TABLES = new Set(['member', 'user', 'session', 'team', 'teamMember', 'invitation', 'organization']);

    /** No table of the read paths is read whole (a derived table of the statement may be). */
    function expectNoFullScan(sqlText: string, plan: Step) {
      const scans = all(plan).filter(
        (s) =>
          s.table !== null && TABLES.has(s.table) && (s.what === 'Seq Scan' || (s.what === 'SCAN' && s.index === null)),
      );
      expect(scans, `${sqlText}\n${show(plan)}`).toEqual([]);
    }

    /**
     * The page's ids come from `index` in order and stop at the limit: on PostgreSQL the
     * Limit reads an index scan (an incremental sort of equal keys between them is allowed,
     * a sort of every member is not); on SQLite the subquery searches that index with no
     * temporary B-tree for its whole ORDER BY.
     */
    function expectOrderedPage(sqlText: string, plan: Step, index: RegExp) {
      const context = `${sqlText}\n${show(plan)}`;
      if (dialect === 'postgres') {
        const limits = all(plan).filter((s) => s.what === 'Limit');
        expect(limits, context).toHaveLength(1);
        let below = limits[0]?.below[0];
        if (below?.what === 'Incremental Sort') below = below.below[0];
        expect([below?.what, below?.table], context).toEqual([expect.stringMatching(/^Index (Only )?Scan$/), 'member']);
        expect(below?.index, context).toMatch(index);
        return;
      }
      const page = all(plan).find((s) => /^(MATERIALIZE|CO-ROUTINE) p$/.test(s.what));
      expect(page, context).toBeDefined();
      const steps = page ? all(page) : [];
      expect(
        steps.some((s) => s.what === 'SEARCH' && s.table === 'member' && index.test(s.index ?? '')),
        context,
      ).toBe(true);
      expect(
        steps.some((s) => s.what === 'USE TEMP B-TREE FOR ORDER BY'),
        context,
      ).toBe(false);
    }

    const UNIQUE_ORG_USER = /^(member_org_user_uq|sqlite_autoindex_member_2)$/;
    const pages: { query: Record<string, string>; index: RegExp }[] = [
      { query: { limit: '100' }, index: /^member_org_created_idx$/ },
      { query: { limit: '100', offset: '1900' }, index: /^member_org_created_idx$/ },
      { query: { limit: '100', sortBy: 'createdAt', sortDirection: 'desc' }, index: /^member_org_created_idx$/ },
      { query: { limit: '100', sortBy: 'role', offset: '500' }, index: /^member_org_role_idx$/ },
      { query: { limit: '100', sortBy: 'id', sortDirection: 'desc' }, index: /^member_org_id_idx$/ },
      { query: { limit: '100', sortBy: 'userId' }, index: UNIQUE_ORG_USER },
      {
        query: {
          limit: '100',
          filterField: 'createdAt',
          filterOperator: 'gte',
          filterValue: '2026-01-01T00:10:00.000Z',
        },
        index: /^member_org_created_idx$/,
      },
    ];

    for (const page of pages) {
      it(`list-members ${JSON.stringify(page.query)}: a page read in index order, the total counted on an index`, async () => {
        const plans = await plansOf(owner.client, '/organization/list-members', page.query);
        expect(plans).toHaveLength(1);
        for (const p of plans) {
          expectNoFullScan(p.sql, p.plan);
          expectOrderedPage(p.sql, p.plan, page.index);
        }
      });
    }

    it('get-full-organization: the organization and the caller by key, members page, invitations and teams by their indexes', async () => {
      const plans = await plansOf(owner.client, '/organization/get-full-organization', { membersLimit: '100' });
      expect(plans).toHaveLength(4);
      const used = (p: { plan: Step }) => all(p.plan).map((s) => s.index);
      for (const p of plans) expectNoFullScan(p.sql, p.plan);
      const members = plans.find((p) => p.sql.includes('"pageId"'));
      if (!members) throw new Error('no members statement');
      expectOrderedPage(members.sql, members.plan, /^member_org_created_idx$/);
      const invitations = plans.find((p) => p.sql.includes('from "invitation"'));
      expect(invitations && used(invitations)).toContain('invitation_org_created_idx');
      const teams = plans.find((p) => p.sql.includes('from "team"'));
      expect(teams && used(teams)).toContain('team_org_created_idx');
    });

    it('list-sessions, organization/list, list-user-teams and get-active-member read by their indexes', async () => {
      const cases: [string, Record<string, string>, RegExp][] = [
        // by the person's sessions: (userId, createdAt), or (userId, updatedAt) of 0012, whose
        // prefix finds the same rows (PostgreSQL picks either on a small table)
        ['/list-sessions', {}, /^session_user_(created|updated)_idx$/],
        ['/organization/list', {}, /^member_userId_idx$/],
        ['/organization/list-user-teams', {}, /^teamMember_userId_idx$/],
        ['/organization/list-user-teams', { organizationId: orgId }, /^teamMember_userId_idx$/],
        // one membership: by the unique (organizationId, userId), or by the person's memberships
        ['/organization/get-active-member', {}, /^(member_org_user_uq|sqlite_autoindex_member_2|member_userId_idx)$/],
      ];
      for (const [path, query, index] of cases) {
        const plans = await plansOf(owner.client, path, query);
        expect(plans, path).toHaveLength(1);
        for (const p of plans) {
          expectNoFullScan(p.sql, p.plan);
          expect(
            all(p.plan).some((s) => index.test(s.index ?? '')),
            `${p.sql}\n${show(p.plan)}`,
          ).toBe(true);
        }
      }
    });
  },
  { only: ['sqlite', 'postgres'] },
);
