/**
 * Applies pending migrations. Idempotent: Kysely's Migrator records what ran in
 * `kysely_migration`. Several instances starting together on an empty database are safe
 * (migrate-concurrent.test.ts): the Migrator creates its own two tables tolerating another
 * instance creating them at the same moment (it re-checks after an error), then takes a
 * lock for the whole run and reads what ran under it: on PostgreSQL a session advisory
 * lock, with every pending migration in one transaction (0007's trigger included: nothing
 * is set up outside the Migrator); on MySQL/MariaDB GET_LOCK, held by the one connection
 * the run uses and dropped by the server if the instance dies; SQLite has one writer.
 */
import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import * as initial from './migrations/0001-initial.ts';
import * as attemptCounters from './migrations/0002-attempt-counters.ts';
import * as signInLockout from './migrations/0003-sign-in-lockout.ts';
import * as auditEvents from './migrations/0004-audit-events.ts';
import * as passkeys from './migrations/0005-passkeys.ts';
import * as webhooks from './migrations/0006-webhooks.ts';
import * as sessionChangeNotify from './migrations/0007-session-change-notify.ts';
import * as readIndexes from './migrations/0008-read-indexes.ts';
import * as auditChain from './migrations/0009-audit-chain.ts';
import * as leases from './migrations/0010-leases.ts';
import * as sessionSecondFactor from './migrations/0011-session-second-factor.ts';
import * as userListIndexes from './migrations/0012-user-list-indexes.ts';
import * as readChangeNotify from './migrations/0013-read-change-notify.ts';
import type { Database, Dialect } from './schema.ts';

function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-initial': { up: (db) => initial.up(db, dialect) },
    '0002-attempt-counters': { up: (db) => attemptCounters.up(db, dialect) },
    '0003-sign-in-lockout': { up: (db) => signInLockout.up(db, dialect) },
    '0004-audit-events': { up: (db) => auditEvents.up(db, dialect) },
    '0005-passkeys': { up: (db) => passkeys.up(db, dialect) },
    '0006-webhooks': { up: (db) => webhooks.up(db, dialect) },
    '0007-session-change-notify': { up: (db) => sessionChangeNotify.up(db, dialect) },
    '0008-read-indexes': { up: (db) => readIndexes.up(db, dialect) },
    '0009-audit-chain': { up: (db) => auditChain.up(db, dialect) },
    '0010-leases': { up: (db) => leases.up(db, dialect) },
    '0011-session-second-factor': { up: (db) => sessionSecondFactor.up(db, dialect) },
    '0012-user-list-indexes': { up: (db) => userListIndexes.up(db, dialect) },
    '0013-read-change-notify': { up: (db) => readChangeNotify.up(db, dialect) },
  };
}

function migratorFor(db: Kysely<Database>, dialect: Dialect): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
}

function orThrow(result: MigrationResultSet): MigrationResultSet {
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<MigrationResultSet> {
  return orThrow(await migratorFor(db, dialect).migrateToLatest());
}

/** Up (or down) to the named migration: the upgrade tests seed a database at an earlier schema. */
export async function migrateTo(db: Kysely<Database>, dialect: Dialect, name: string): Promise<MigrationResultSet> {
  return orThrow(await migratorFor(db, dialect).migrateTo(name));
}
