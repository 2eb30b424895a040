/**
 * Migration 0007 on a running instance's data: sessions and people seeded at the earlier
 * schema survive it on every database, and on PostgreSQL every later committed change of
 * a session or user row is announced on `latch_session_changes` (and a rolled-back one,
 * or a new row, is not).
 */
import { sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import { forEachDatabase } from '../../test/harness.ts';
import { PG_CHANNEL } from '../session-change-channels.ts';
import { connectDatabase } from './connect.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

await forEachDatabase('migration 0007', (dialect) => {
  it('0007 keeps every row and, on PostgreSQL, announces changes', async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    // biome-ignore lint/suspicious/noExplicitAny: the seed writes an earlier schema, which the app's types may no longer describe
    const db = handle.db as unknown as import('kysely').Kysely<any>;
    const listener = dialect === 'postgres' ? new pg.Client({ connectionString: database.url }) : null;
    try {
      await migrateTo(handle.db, handle.dialect, '0004-audit-events');
      const at = new Date('2026-10-01T08:30:00.000Z');
      const later = new Date('2026-12-01T08:30:00.000Z');
      await db
        .insertInto('user')
        .values({
          id: 'u-ada',
          name: 'Ada',
          email: 'ada@example.com',
          emailVerified: true,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      await db
        .insertInto('session')
        .values({ id: 's-ada', token: 'hash-of-ada', userId: 'u-ada', expiresAt: later, createdAt: at, updatedAt: at })
        .execute();

      const result = await migrateToLatest(handle.db, handle.dialect);
      expect(result.results?.find((r) => r.migrationName === '0007-session-change-notify')?.status).toBe('Success');
      expect(await db.selectFrom('session').select(['id', 'userId', 'token']).execute()).toEqual([
        { id: 's-ada', userId: 'u-ada', token: 'hash-of-ada' },
      ]);
      expect(await db.selectFrom('user').select(['id', 'name']).execute()).toEqual([{ id: 'u-ada', name: 'Ada' }]);
      if (!listener) return;

      const heard: string[] = [];
      await listener.connect();
      // 0007's announcements (w:); 0013's read-only ones (r:, a new session row) are upgrade-read-notify.test.ts's
      listener.on('notification', (n) => {
        if (n.payload?.startsWith('w:')) heard.push(`${n.channel}:${n.payload}`);
      });
      await listener.query(`LISTEN ${PG_CHANNEL}`);
      const settle = async () => {
        // a round trip on the listener's connection delivers whatever was sent before it
        await listener.query('select 1');
      };
      // a new row is in no answer yet: nothing announced
      await db
        .insertInto('session')
        .values({ id: 's-two', token: 'hash-two', userId: 'u-ada', expiresAt: later, createdAt: at, updatedAt: at })
        .execute();
      await settle();
      expect(heard).toEqual([]);
      // a rolled-back change is not announced
      await db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('user').set({ name: 'Never' }).where('id', '=', 'u-ada').execute();
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await settle();
      expect(heard).toEqual([]);
      // committed changes are, once per transaction
      await db.updateTable('user').set({ name: 'Ada L.' }).where('id', '=', 'u-ada').execute();
      await settle();
      expect(heard).toEqual([`${PG_CHANNEL}:w:db`]);
      await db.deleteFrom('session').where('id', '=', 's-two').execute();
      await sql`update "session" set "updatedAt" = ${later}`.execute(db);
      await settle();
      expect(heard).toHaveLength(3);
    } finally {
      await listener?.end().catch(() => undefined);
      await handle.close();
      await database.drop();
    }
  });
});
