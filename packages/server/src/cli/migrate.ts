/** `npm run migrate`: applies pending migrations to DATABASE_URL and exits. */

import { loadSettings } from '../core/config/load.ts';
import { connectDatabase } from '../core/db/connect.ts';
import { migrateToLatest } from '../core/db/migrate.ts';

const settings = loadSettings();
const url = settings.options.database?.url ?? 'sqlite:./data/latch.db';
// migrations run once: naming their statements would buy nothing
const handle = connectDatabase(url, { preparedStatements: false });
try {
  const result = await migrateToLatest(handle.db, handle.dialect);
  const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
  process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : `${handle.label}: up to date\n`);
} catch (err) {
  process.stderr.write(`migration failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
