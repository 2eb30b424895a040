import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { forEachDatabase } from '../../test/harness.ts';
import { connectDatabase, type DatabaseHandle } from './connect.ts';
import { MAX_PARAMETERS, namingStatements, statementName } from './postgres-prepared.ts';
import type { Database } from './schema.ts';

/** The statements this connection holds prepared (PostgreSQL's own view of them, less this query). */
async function prepared(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
  return rows.map((r) => r.statement).filter((s) => !s.includes('pg_prepared_statements'));
}

await forEachDatabase(
  'named statements',
  () => {
    let test: TestDatabase;
    const opened: DatabaseHandle[] = [];
    /** One connection, so every statement below runs on the connection `prepared` looks at. */
    const open = (preparedStatements?: boolean) => {
      const handle = connectDatabase(test.url, {
        poolSize: 1,
        ...(preparedStatements === false && { preparedStatements }),
      });
      opened.push(handle);
      return handle.db;
    };
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: test.url });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      test = await createTestDatabase('postgres');
      await admin('CREATE TABLE probe (id integer PRIMARY KEY, label text)');
      await admin("INSERT INTO probe VALUES (1, 'one'), (2, 'two')");
    });
    afterAll(async () => {
      for (const handle of opened) await handle.close();
      await test.drop();
    });

    it('PostgreSQL keeps a statement the service runs again, and the answers are the same', async () => {
      const db = open();
      const read = (id: number) => sql<{ label: string }>`select * from probe where id = ${id}`.execute(db);
      expect((await read(1)).rows).toEqual([{ id: 1, label: 'one' }]);
      expect((await read(2)).rows).toEqual([{ id: 2, label: 'two' }]);
      expect(await prepared(db)).toEqual(['select * from probe where id = $1']);
      // transaction control and the view's own query are not kept
      await db.transaction().execute((tx) => sql`select 1 from probe where id = ${1}`.execute(tx));
      expect((await prepared(db)).sort()).toEqual([
        'select * from probe where id = $1',
        'select 1 from probe where id = $1',
      ]);
    });

    it('keeps nothing with database.preparedStatements: false (PgBouncer in transaction mode)', async () => {
      const db = open(false);
      await sql`select * from probe where id = ${1}`.execute(db);
      await sql`select * from probe where id = ${1}`.execute(db);
      expect(await prepared(db)).toEqual([]);
    });

    it('a column added by another instance while it runs: reads go on, at most one transaction fails', async () => {
      const db = open();
      const read = (d: Kysely<Database>) =>
        sql<Record<string, unknown>>`select * from probe where id = ${1}`.execute(d);
      await read(db);
      await admin('ALTER TABLE probe ADD COLUMN extra text');
      // outside a transaction the statement is run again as it is now
      expect((await read(db)).rows).toEqual([{ id: 1, label: 'one', extra: null }]);
      await read(db);
      await admin('ALTER TABLE probe ADD COLUMN more text');
      // inside one, PostgreSQL has already failed the transaction: the error stands, once
      await expect(db.transaction().execute((tx) => read(tx))).rejects.toMatchObject({ code: '0A000' });
      const again = await db.transaction().execute((tx) => read(tx));
      expect(again.rows).toEqual([{ id: 1, label: 'one', extra: null, more: null }]);
    });

    it('names at most its limit of statements, and none with more than the parameters it allows', async () => {
      const pool = new pg.Pool({ connectionString: test.url, max: 1 });
      const named = namingStatements(pool, { limit: 2 });
      const client = await named.connect();
      try {
        const many = Array.from({ length: MAX_PARAMETERS + 1 }, (_, i) => i + 1);
        const list = many.map((_, i) => `$${i + 1}`).join(', ');
        await client.query(`select id from probe where id in (${list})`, many);
        expect(named.named).toBe(0);
        for (const column of ['id', 'label', 'extra'])
          await client.query(`select ${column} from probe where id = $1`, [1]);
        expect(named.named).toBe(2);
        const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements', []);
        expect(rows.map((r) => r.statement).sort()).toEqual([
          'select id from probe where id = $1',
          'select label from probe where id = $1',
        ]);
      } finally {
        client.release();
        await named.end();
      }
    });

    it('a name means one statement on every instance, so a pooler that mixes their connections cannot swap two', async () => {
      const names = async (db: Kysely<Database>) => {
        const { rows } = await sql<{
          name: string;
          statement: string;
        }>`select name, statement from pg_prepared_statements`.execute(db);
        return new Map(rows.map((r) => [r.statement, r.name]));
      };
      // two instances, each naming statements in its own order
      const first = open();
      const second = open();
      await sql`select label from probe where id = ${1}`.execute(first);
      await sql`select id from probe where id = ${1}`.execute(first);
      await sql`select id from probe where id = ${1}`.execute(second);
      const a = await names(first);
      const b = await names(second);
      expect(b.get('select id from probe where id = $1')).toBe(a.get('select id from probe where id = $1'));
      expect(a.get('select label from probe where id = $1')).not.toBe(a.get('select id from probe where id = $1'));
      expect(statementName(0, 'select 1')).toBe(statementName(0, 'select 1'));
      expect(statementName(1, 'select 1')).not.toBe(statementName(0, 'select 1'));
      expect(statementName(0, 'select 1').length).toBeLessThan(64); // PostgreSQL's longest identifier is 63 bytes
    });

    it('a pooler that forgets prepared statements: the read goes on unprepared, and naming stops, said once', async () => {
      const pool = new pg.Pool({ connectionString: test.url, max: 1 });
      const told: string[] = [];
      const named = namingStatements(pool, { onUnsupported: (err) => told.push(err.message) });
      const client = await named.connect();
      try {
        const read = () => client.query<{ label: string }>('select label from probe where id = $1', [2]);
        expect((await read()).rows).toEqual([{ label: 'two' }]);
        // what a pooler in transaction mode does: the next statement lands where the name is unknown
        await client.query('deallocate all', []);
        expect((await read()).rows).toEqual([{ label: 'two' }]);
        expect(named.naming).toBe(false);
        expect(told).toHaveLength(1);
        expect(told[0]).toMatch(/does not exist/);
        // from then on nothing is prepared
        await client.query('select id from probe where id = $1', [1]);
        expect((await read()).rows).toEqual([{ label: 'two' }]);
        const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements', []);
        expect(rows).toEqual([]);
        expect(told).toHaveLength(1);
      } finally {
        client.release();
        await named.end();
      }
    });
  },
  { only: ['postgres'] },
);
