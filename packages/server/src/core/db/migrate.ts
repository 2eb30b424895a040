/**
 * Applies pending migrations. Idempotent: Kysely's Migrator records what ran in
 * `kysely_migration` and takes a lock, so two instances starting together are safe.
 */
import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import * as initial from './migrations/0001-initial.ts';
import type { Database, Dialect } from './schema.ts';

function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-initial': { up: (db) => initial.up(db, dialect) },
  };
}

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
