/**
 * 0006-webhooks is an upgrade: a database at the schema before it, holding an instance's
 * rows (people, a session, audit events), migrates on each database; every row survives,
 * the two new tables start empty, take rows as the feature writes them, and a deleted
 * endpoint takes its deliveries with it.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { connectDatabase } from '../../core/db/connect.ts';
import { migrateTo, migrateToLatest } from '../../core/db/migrate.ts';
import { toDate } from '../../core/db/values.ts';
import { createTestDatabase } from '../../test/databases.ts';
import { forEachDatabase } from '../../test/harness.ts';

/** The migration just before 0006 (0005-passkeys once it lands, else 0004-audit-events). */
const previous = readdirSync(join(import.meta.dirname, '../../core/db/migrations'))
  .filter((name) => /^\d{4}-.+\.ts$/.test(name))
  .map((name) => name.replace(/\.ts$/, ''))
  .sort()
  .filter((name) => name < '0006-webhooks')
  .at(-1);

await forEachDatabase('migration 0006-webhooks', (dialect) => {
  it(`an instance at ${previous} gains empty webhook tables`, async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    // biome-ignore lint/suspicious/noExplicitAny: the seed writes an earlier schema, which the app's types do not describe
    const db = handle.db as unknown as Kysely<any>;
    try {
      if (!previous) throw new Error('no migration before 0006-webhooks');
      await migrateTo(handle.db, handle.dialect, previous);
      const at = new Date('2026-10-01T08:30:00.000Z');
      const later = new Date('2026-12-01T08:30:00.000Z');
      await db
        .insertInto('user')
        .values([
          { id: 'u-fay', name: 'Fay', email: 'fay@example.com', emailVerified: true, createdAt: at, updatedAt: at },
          {
            id: 'u-gus',
            name: 'Gus',
            email: 'gus@example.com',
            emailVerified: true,
            createdAt: at,
            updatedAt: at,
            role: 'admin',
          },
        ])
        .execute();
      await db
        .insertInto('session')
        .values({
          id: 's-fay',
          token: 'hash-of-fay-token',
          userId: 'u-fay',
          expiresAt: later,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      await db
        .insertInto('auditEvent')
        .values([
          {
            id: 'e-signin',
            createdAt: at,
            type: 'sign_in',
            outcome: 'success',
            actorUserId: 'u-fay',
            actorType: 'user',
            targetType: 'user',
            targetId: 'u-fay',
            ipAddress: '203.0.113.9',
            userAgent: 'Mozilla/5.0',
            details: '{"method":"email","secondFactor":false}',
          },
          {
            id: 'e-ban',
            createdAt: later,
            type: 'user.banned',
            outcome: 'success',
            actorUserId: 'u-gus',
            actorType: 'user',
            targetType: 'user',
            targetId: 'u-fay',
            details: '{"expiresInSeconds":null}',
          },
        ])
        .execute();

      const result = await migrateToLatest(handle.db, handle.dialect);
      expect(result.results?.map((r) => [r.migrationName, r.status])).toContainEqual(['0006-webhooks', 'Success']);
      expect(result.results?.every((r) => r.status === 'Success')).toBe(true);

      // what was there is there
      expect(await db.selectFrom('user').select(['id', 'role']).orderBy('id').execute()).toEqual([
        { id: 'u-fay', role: null },
        { id: 'u-gus', role: 'admin' },
      ]);
      expect(await db.selectFrom('session').select(['id', 'token']).execute()).toEqual([
        { id: 's-fay', token: 'hash-of-fay-token' },
      ]);
      expect(await db.selectFrom('auditEvent').select(['id', 'type']).orderBy('id').execute()).toEqual([
        { id: 'e-ban', type: 'user.banned' },
        { id: 'e-signin', type: 'sign_in' },
      ]);

      // the new tables: empty, then an endpoint and a delivery as the feature writes them
      expect(await db.selectFrom('webhookEndpoint').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('webhookDelivery').selectAll().execute()).toEqual([]);
      await db
        .insertInto('webhookEndpoint')
        .values({
          id: 'w-1',
          url: 'https://hooks.example.com/latch',
          description: null,
          eventTypes: '["user.banned"]',
          enabled: true,
          secret: 'v1:encrypted',
          createdAt: later,
          updatedAt: later,
        })
        .execute();
      await db
        .insertInto('webhookDelivery')
        .values({
          id: 'd-1',
          endpointId: 'w-1',
          eventId: 'e-ban',
          eventType: 'user.banned',
          messageId: 'msg_e-ban',
          payload: '{"type":"user.banned"}',
          status: 'pending',
          nextAttemptAt: later,
          createdAt: later,
        })
        .execute();
      const delivery = await db.selectFrom('webhookDelivery').selectAll().executeTakeFirstOrThrow();
      expect([delivery.status, Number(delivery.attempts), delivery.leaseToken, delivery.completedAt]).toEqual([
        'pending',
        0,
        null,
        null,
      ]);
      expect(toDate(delivery.nextAttemptAt).toISOString()).toBe(later.toISOString());
      const endpoint = await db.selectFrom('webhookEndpoint').select(['enabled']).executeTakeFirstOrThrow();
      expect(Boolean(Number(endpoint.enabled))).toBe(true);

      // a delivery needs its endpoint, and goes with it
      const orphan = await db
        .insertInto('webhookDelivery')
        .values({
          id: 'd-2',
          endpointId: 'w-missing',
          eventId: 'e',
          eventType: 't',
          messageId: 'm',
          payload: '{}',
          status: 'pending',
          nextAttemptAt: later,
          createdAt: later,
        })
        .execute()
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(orphan).toBeInstanceOf(Error);
      await db.deleteFrom('webhookEndpoint').where('id', '=', 'w-1').execute();
      expect(await db.selectFrom('webhookDelivery').select('id').execute()).toEqual([]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
