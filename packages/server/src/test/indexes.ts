/** The indexes of a table as each database reports them, for the migration tests. */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../core/db/schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests read schemas the app's types may not describe
type AnyDb = Kysely<any>;

/** The indexes of a table (the primary key left out), each with its columns in order. */
export async function indexesOf(db: AnyDb, dialect: Dialect, table: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  if (dialect === 'sqlite') {
    const list = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(db);
    for (const { name } of list.rows) {
      const cols = await sql<{ name: string }>`select name from pragma_index_info(${name}) order by seqno`.execute(db);
      out[name] = cols.rows.map((c) => c.name);
    }
    return out;
  }
  if (dialect === 'postgres') {
    const rows = await sql<{ name: string; column: string }>`
      select i.relname as name, a.attname as column
      from pg_index x
      join pg_class t on t.oid = x.indrelid
      join pg_class i on i.oid = x.indexrelid
      join lateral unnest(x.indkey) with ordinality as k(attnum, ord) on true
      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
      where t.relname = ${table} and not x.indisprimary
      order by i.relname, k.ord`.execute(db);
    for (const r of rows.rows) out[r.name] = [...(out[r.name] ?? []), r.column];
    return out;
  }
  const rows = await sql<{ name: string; column: string }>`
    select index_name as name, column_name as ${sql.id('column')}
    from information_schema.statistics
    where table_schema = database() and table_name = ${table} and index_name <> 'PRIMARY'
    order by index_name, seq_in_index`.execute(db);
  for (const r of rows.rows) out[r.name] = [...(out[r.name] ?? []), r.column];
  return out;
}
