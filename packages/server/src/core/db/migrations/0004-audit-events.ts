/**
 * The audit log (issue 13, docs/audit-log.md): one row per security-relevant event (a
 * sign-in and its refusals, a password or two-factor change, an admin's action), with who
 * did it, to whom, from where, and a small JSON `details` that never holds a token, code
 * or password. Indexed for the admin list's filters; old rows go by `audit.retentionDays`.
 * Nothing existing changes: the log starts empty.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.ts';
import { columnTypes } from './column-types.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('auditEvent')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('createdAt', t.date, (c) => c.notNull())
    .addColumn('type', t.key, (c) => c.notNull())
    .addColumn('outcome', t.key, (c) => c.notNull())
    .addColumn('actorUserId', t.id)
    .addColumn('actorType', t.key, (c) => c.notNull())
    .addColumn('impersonatorUserId', t.id)
    .addColumn('targetType', t.key)
    .addColumn('targetId', t.id)
    .addColumn('organizationId', t.id)
    .addColumn('ipAddress', t.text)
    .addColumn('userAgent', t.text)
    .addColumn('details', t.text)
    .execute();
  // the list reads newest first, by (createdAt, id), under each filter
  await db.schema.createIndex('auditEvent_createdAt_idx').on('auditEvent').columns(['createdAt', 'id']).execute();
  await db.schema.createIndex('auditEvent_type_idx').on('auditEvent').columns(['type', 'createdAt']).execute();
  await db.schema.createIndex('auditEvent_actor_idx').on('auditEvent').columns(['actorUserId', 'createdAt']).execute();
  await db.schema.createIndex('auditEvent_target_idx').on('auditEvent').columns(['targetId', 'createdAt']).execute();
  await db.schema
    .createIndex('auditEvent_organization_idx')
    .on('auditEvent')
    .columns(['organizationId', 'createdAt'])
    .execute();
}
