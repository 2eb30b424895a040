/**
 * list-users and list-audit-events read their pages from an index, in order, stopping at
 * the limit (migration 0012, the cursor written as an index range), proved with the
 * databases' own plans on SQLite and PostgreSQL: the statements each call really sends
 * (recorded by test/query-count.ts) are explained against 6,000 users and 30,000 audit
 * rows, and no page statement scans the user or audit table whole or sorts it (a sort of
 * equal keys between index and limit, PostgreSQL's incremental sort, is allowed). The
 * capped count reads an index too. PostgreSQL is analysed first, as autovacuum does;
 * SQLite is left without statistics, as Latch runs it. bench/ measures the same calls at
 * 1,000,000 users and 10,000,000 rows (docs/performance.md).
 */
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { forEachDatabase, signUpUser } from '../../test/harness.ts';
import { countedApp, type Statement } from '../../test/query-count.ts';

// biome-ignore lint/suspicious/noExplicitAny: the seed writes rows in bulk
type BulkDb = Kysely<any>;

interface PgPlan {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PgPlan[];
}

/** The steps of a plan, flattened: what each does and on which table (SQLite: its plan lines). */
interface Step {
  what: string;
  table: string | null;
  index: string | null;
  depth: number;
  /** The index is searched from a bound (PostgreSQL's Index Cond, SQLite's SEARCH), not read from its start. */
  bounded: boolean;
}

function fromPg(plan: PgPlan, depth = 0): Step[] {
  return [
    {
      what: plan['Node Type'],
      table: plan['Relation Name'] ?? null,
      index: plan['Index Name'] ?? null,
      depth,
      bounded: plan['Index Cond'] !== undefined,
    },
    ...(plan.Plans ?? []).flatMap((p) => fromPg(p, depth + 1)),
  ];
}

function fromSqlite(rows: { detail: string }[]): Step[] {
  return rows.map((r) => {
    const m = /^(SEARCH|SCAN) (\S+)(?: AS \S+)?(?: USING (?:COVERING |PRIMARY KEY )?INDEX (\S+))?/.exec(r.detail);
    const what = m ? (m[1] as string) : r.detail;
    return { what, table: m?.[2] ?? null, index: m?.[3] ?? null, depth: 0, bounded: what === 'SEARCH' };
  });
}

const show = (steps: Step[]) =>
  steps.map((s) => `${'  '.repeat(s.depth)}${s.what} ${s.table ?? ''} ${s.index ? `[${s.index}]` : ''}`).join('\n');

const TABLES = new Set(['user', 'auditEvent']);

await forEachDatabase(
  'the admin lists read their pages from an index',
  (dialect) => {
    const t = countedApp(dialect);
    let admin: TestClient;
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000);

    async function explain(statement: Statement): Promise<Step[]> {
      const db = t.shared.handle.db;
      if (dialect === 'postgres') {
        const result = await db.executeQuery<{ 'QUERY PLAN': { Plan: PgPlan }[] }>(
          CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
        );
        const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
        if (!plan) throw new Error('no plan');
        return fromPg(plan);
      }
      const result = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
      );
      return fromSqlite(result.rows);
    }

    /** The plans of the list's own statements (the session and permission reads left out). */
    async function plansOf(path: string, query: Record<string, string>) {
      const { result, statements } = await t.counter.measure(() => admin.get(path, { query }));
      expect(result.status, result.text).toBe(200);
      // The audit page's people are looked up by primary key, a page's worth of ids: no page read,
      // and PostgreSQL rightly reads this 6,000-row table whole for 50 ids rather than 50 index probes.
      const byIds = /^select "id", "name", "email" from "user" where "id" in \(/;
      const mine = statements.filter(
        (s) => /from "(user|auditEvent)"/.test(s.sql) && !s.sql.includes('"session"') && !byIds.test(s.sql),
      );
      expect(mine.length).toBeGreaterThan(0);
      return {
        json: result.json,
        plans: await Promise.all(mine.map(async (s) => ({ sql: s.sql, steps: await explain(s) }))),
      };
    }

    /**
     * Nothing reads the user or audit table whole, and (`ordered`) nothing sorts it: the page
     * comes from an index in order. A search or an actor's few rows may be sorted after the
     * index found them. The capped count stops at 10,001 rows: PostgreSQL may read them from
     * the table when most rows match (its statistics say so), so only SQLite's is judged.
     */
    function expectIndexed({ sql: text, steps }: { sql: string; steps: Step[] }, ordered = true) {
      const context = `${text}\n${show(steps)}`;
      const count = text.startsWith('select count(*)');
      if (count && dialect === 'postgres') return;
      const whole = steps.filter(
        (s) => s.table !== null && TABLES.has(s.table) && (s.what === 'Seq Scan' || (s.what === 'SCAN' && !s.index)),
      );
      expect(whole, context).toEqual([]);
      if (!ordered || count) return;
      if (dialect === 'postgres')
        expect(
          steps.filter((s) => s.what === 'Sort').map((s) => s.what),
          context,
        ).toEqual([]);
      else
        expect(
          steps.filter((s) => /TEMP B-TREE FOR ORDER BY/.test(s.what)),
          context,
        ).toEqual([]);
    }

    /** A deep page starts at its cursor: the index is entered there, not read from the newest row on. */
    function expectStartsAtCursor({ sql: text, steps }: { sql: string; steps: Step[] }) {
      if (text.startsWith('select count(*)')) return;
      const reads = steps.filter((s) => s.table !== null && TABLES.has(s.table));
      expect(reads.length, show(steps)).toBeGreaterThan(0);
      expect(
        reads.every((s) => s.bounded),
        `${text}\n${show(steps)}`,
      ).toBe(true);
    }

    beforeAll(async () => {
      const me = await signUpUser(t.app);
      await t.shared.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', me.userId).execute();
      admin = me.client;
      const bulk = t.shared.handle.db as unknown as BulkDb;
      const insert = async (table: string, rows: Record<string, unknown>[]) => {
        for (let i = 0; i < rows.length; i += 500)
          await bulk
            .insertInto(table)
            .values(rows.slice(i, i + 500))
            .execute();
      };
      const tag = `plan${Date.now().toString(36)}`;
      await insert(
        'user',
        Array.from({ length: 6000 }, (_, n) => ({
          id: `${tag}-u${n}`,
          name: `P ${n % 97}`,
          email: `${tag}-${n}@plans.test`,
          emailVerified: n % 3 !== 0,
          createdAt: at(n),
          updatedAt: at(n),
          role: n % 500 === 0 ? 'admin' : 'user',
          banned: n % 100 === 0,
          twoFactorEnabled: n % 7 === 0,
        })),
      );
      await insert(
        'auditEvent',
        Array.from({ length: 30_000 }, (_, n) => ({
          id: `${tag}-a${String(n).padStart(6, '0')}`,
          createdAt: at(n),
          type: ['sign_in.succeeded', 'sign_out', 'user.banned', 'password.changed'][n % 4],
          outcome: 'success',
          actorUserId: `${tag}-u${n % 6000}`,
          actorType: 'user',
          targetType: 'user',
          targetId: `${tag}-u${n % 6000}`,
        })),
      );
      if (dialect === 'postgres') await sql`vacuum analyze`.execute(t.shared.handle.db);
    }, 120_000);

    it('list-users: the first page, a filter, a prefix search and a deep cursor, newest first', async () => {
      const newest = { sortBy: 'createdAt', sortDirection: 'desc', limit: '50' };
      const first = await plansOf('/admin/list-users', newest);
      for (const plan of first.plans) expectIndexed(plan);
      // a page deep in the list, by the cursor of a page there
      let cursor = first.json.nextCursor as string;
      for (let i = 0; i < 40; i++)
        cursor = (await admin.get('/admin/list-users', { query: { ...newest, cursor } })).json.nextCursor;
      const deep = await plansOf('/admin/list-users', { ...newest, cursor });
      expect(deep.json.users).toHaveLength(50);
      for (const plan of deep.plans) {
        expectIndexed(plan);
        expectStartsAtCursor(plan);
      }
      const filters: Record<string, string>[] = [
        { banned: 'true' },
        { banned: 'false', emailVerified: 'true' },
        { role: 'admin' },
        { twoFactorEnabled: 'true' },
      ];
      for (const query of filters) {
        const { plans } = await plansOf('/admin/list-users', { ...newest, ...query });
        for (const plan of plans) expectIndexed(plan);
      }
      // a prefix search reads the email index's range, then orders what it found
      const search = { searchField: 'email', searchOperator: 'starts_with', searchValue: 'plan' };
      const searched = await plansOf('/admin/list-users', { ...newest, ...search });
      for (const plan of searched.plans) expectIndexed(plan, false);
      // each sort reads its own index
      for (const sortBy of ['email', 'name', 'updatedAt', 'role', 'banned', 'emailVerified', 'username'])
        for (const sortDirection of ['asc', 'desc']) {
          const { plans } = await plansOf('/admin/list-users', { sortBy, sortDirection, limit: '50' });
          for (const plan of plans) expectIndexed(plan);
        }
    });

    it('list-audit-events: the first page, by actor, by type and time, and a deep cursor', async () => {
      const first = await plansOf('/admin/list-audit-events', { limit: '50' });
      for (const plan of first.plans) expectIndexed(plan);
      let cursor = first.json.nextCursor as string;
      for (let i = 0; i < 40; i++)
        cursor = (await admin.get('/admin/list-audit-events', { query: { limit: '50', cursor } })).json.nextCursor;
      const deep = await plansOf('/admin/list-audit-events', { limit: '50', cursor });
      expect(deep.json.events).toHaveLength(50);
      for (const plan of deep.plans) {
        expectIndexed(plan);
        expectStartsAtCursor(plan);
      }
      const byActor = await plansOf('/admin/list-audit-events', {
        limit: '50',
        actorUserId: deep.json.events[0].actorUserId,
      });
      for (const plan of byActor.plans) expectIndexed(plan, false);
      const byType = await plansOf('/admin/list-audit-events', {
        limit: '50',
        type: 'user.banned',
        from: at(10_000).toISOString(),
        to: at(20_000).toISOString(),
      });
      expect(byType.json.events).toHaveLength(50);
      for (const plan of byType.plans) expectIndexed(plan);
    });
  },
  { only: ['sqlite', 'postgres'] },
);
