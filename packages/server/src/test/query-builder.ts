/**
 * A Kysely that builds and compiles PostgreSQL statements but runs none: for tests of
 * functions that read a statement's operation tree (core/answer-writes.ts, the change feed's plugin).
 */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { Database } from '../core/db/schema.ts';

export const queryBuilder = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
