/**
 * Migration 0013 on a running instance's data: people, sessions and an organization with
 * members, an invitation and a team seeded at schema 0012 survive it on every database,
 * and on PostgreSQL every later committed change of an organization table, and every new
 * session, is announced on `latch_session_changes` as a read-only change (`r:db`), while a
 * rolled-back one is not and session/user updates keep 0007's `w:db`.
 */
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import { forEachDatabase } from '../../test/harness.ts';
import { PG_CHANNEL } from '../session-change-channels.ts';
import { connectDatabase } from './connect.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

// biome-ignore lint/suspicious/noExplicitAny: the seed writes an earlier schema, which the app's types may no longer describe
type AnyDb = Kysely<any>;

await forEachDatabase('migration 0013', (dialect) => {
  it('0013 keeps every row and, on PostgreSQL, announces changes of what the remembered reads show', async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    const db = handle.db as unknown as AnyDb;
    const listener = dialect === 'postgres' ? new pg.Client({ connectionString: database.url }) : null;
    try {
      await migrateTo(handle.db, handle.dialect, '0012-user-list-indexes');
      const at = new Date('2026-10-01T08:30:00.000Z');
      const later = new Date('2026-12-01T08:30:00.000Z');
      await db
        .insertInto('user')
        .values(
          ['ada', 'bob'].map((n) => ({
            id: `u-${n}`,
            name: n,
            email: `${n}@example.com`,
            emailVerified: true,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .execute();
      await db
        .insertInto('session')
        .values({ id: 's-ada', token: 'hash-ada', userId: 'u-ada', expiresAt: later, createdAt: at, updatedAt: at })
        .execute();
      await db
        .insertInto('organization')
        .values({ id: 'o-acme', name: 'Acme', slug: 'acme', logo: null, metadata: '{"plan":"pro"}', createdAt: at })
        .execute();
      await db
        .insertInto('member')
        .values([
          { id: 'm-ada', organizationId: 'o-acme', userId: 'u-ada', role: 'owner', teamId: null, createdAt: at },
          { id: 'm-bob', organizationId: 'o-acme', userId: 'u-bob', role: 'member', teamId: null, createdAt: at },
        ])
        .execute();
      await db
        .insertInto('team')
        .values({ id: 't-core', name: 'Core', organizationId: 'o-acme', createdAt: at, updatedAt: at })
        .execute();
      await db
        .insertInto('teamMember')
        .values({ id: 'tm-bob', teamId: 't-core', userId: 'u-bob', createdAt: at })
        .execute();
      await db
        .insertInto('invitation')
        .values({
          id: 'i-cy',
          organizationId: 'o-acme',
          email: 'cy@example.com',
          role: 'member',
          status: 'pending',
          teamId: null,
          inviterId: 'u-ada',
          expiresAt: later,
          createdAt: at,
        })
        .execute();

      const result = await migrateToLatest(handle.db, handle.dialect);
      expect(result.results?.find((r) => r.migrationName === '0013-read-change-notify')?.status).toBe('Success');
      expect(await db.selectFrom('member').select(['id', 'role']).orderBy('id').execute()).toEqual([
        { id: 'm-ada', role: 'owner' },
        { id: 'm-bob', role: 'member' },
      ]);
      expect(await db.selectFrom('organization').select(['slug', 'metadata']).execute()).toEqual([
        { slug: 'acme', metadata: '{"plan":"pro"}' },
      ]);
      expect(await db.selectFrom('invitation').select(['id', 'status']).execute()).toEqual([
        { id: 'i-cy', status: 'pending' },
      ]);
      expect(await db.selectFrom('teamMember').select(['id', 'teamId']).execute()).toEqual([
        { id: 'tm-bob', teamId: 't-core' },
      ]);
      expect(await db.selectFrom('session').select(['id', 'token']).execute()).toEqual([
        { id: 's-ada', token: 'hash-ada' },
      ]);
      if (!listener) return;

      const heard: string[] = [];
      await listener.connect();
      listener.on('notification', (n) => heard.push(`${n.channel}:${n.payload}`));
      await listener.query(`LISTEN ${PG_CHANNEL}`);
      // a round trip on the listener's connection delivers whatever was sent before it
      const settle = async () => {
        await listener.query('select 1');
      };
      const read = `${PG_CHANNEL}:r:db`;
      // a rolled-back change is not announced
      await db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('member').set({ role: 'admin' }).where('id', '=', 'm-bob').execute();
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await settle();
      expect(heard).toEqual([]);
      // a role change, a new session, a removed member, a new invitation: each announced once committed
      await db.updateTable('member').set({ role: 'admin' }).where('id', '=', 'm-bob').execute();
      await settle();
      expect(heard).toEqual([read]);
      await db
        .insertInto('session')
        .values({ id: 's-two', token: 'hash-two', userId: 'u-ada', expiresAt: later, createdAt: at, updatedAt: at })
        .execute();
      await settle();
      expect(heard).toEqual([read, read]);
      await db.deleteFrom('member').where('id', '=', 'm-bob').execute();
      await db.updateTable('organization').set({ name: 'Acme Inc' }).execute();
      await db.updateTable('invitation').set({ status: 'canceled' }).execute();
      await sql`truncate "teamMember"`.execute(db);
      await db.deleteFrom('team').execute();
      await settle();
      expect(heard).toHaveLength(7);
      expect(new Set(heard)).toEqual(new Set([read]));
      // a session or user update keeps 0007's announcement, which moves both versions
      await db.updateTable('user').set({ name: 'Ada L.' }).where('id', '=', 'u-ada').execute();
      await settle();
      expect(heard.at(-1)).toBe(`${PG_CHANNEL}:w:db`);
    } finally {
      await listener?.end().catch(() => undefined);
      await handle.close();
      await database.drop();
    }
  });
});
