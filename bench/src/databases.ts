/** A database of its own for a bench scenario, created empty beside the configured one and dropped after. */
import pg from 'pg';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** PostgreSQL: `name` is (re)created empty next to the database `adminURL` names. */
export async function createPostgresDatabase(adminURL: string, name: string): Promise<BenchDatabase> {
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminURL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminURL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
