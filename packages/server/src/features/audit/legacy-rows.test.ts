/**
 * What an upgraded instance makes of the audit rows written before 0009-audit-chain
 * (docs/audit-log.md, "Rows written before the chain"): a database seeded at 0007 with
 * audit rows is migrated, and verification counts those rows as unchained, never vouching
 * for them (an edit to one is not caught, as the docs say), while every new row is chained
 * and verified; the retention sweep deletes old unchained rows by their time.
 */
import { expect, it } from 'vitest';
import { connectDatabase } from '../../core/db/connect.ts';
import { migrateTo, migrateToLatest } from '../../core/db/migrate.ts';
import { createTestDatabase } from '../../test/databases.ts';
import { createTestApp, forEachDatabase, signUpUser } from '../../test/harness.ts';
import { sweepExpired } from '../maintenance/sweep.ts';
import { verifyAuditChains } from './verify.ts';

await forEachDatabase('the audit log after 0009-audit-chain', (dialect) => {
  it('rows from before the chain are counted apart after the upgrade', async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    // biome-ignore lint/suspicious/noExplicitAny: the seed writes an earlier schema, which the app's types no longer describe
    const old = handle.db as unknown as import('kysely').Kysely<any>;
    const app = createTestApp({ handle, test: database, close: async () => {} });
    try {
      await migrateTo(handle.db, handle.dialect, '0007-session-change-notify');
      const now = app.clock.now();
      const row = (id: string, ageDays: number) => ({
        id,
        createdAt: new Date(now.getTime() - ageDays * 86_400_000),
        type: 'sign_in',
        outcome: 'success',
        actorUserId: 'u-old',
        actorType: 'user',
        targetType: 'user',
        targetId: 'u-old',
        details: '{"method":"password"}',
      });
      await old
        .insertInto('auditEvent')
        .values([row('old-1', 200), row('old-2', 10)])
        .execute();
      await migrateToLatest(handle.db, handle.dialect);

      await signUpUser(app);
      const first = await verifyAuditChains(app.auth.deps);
      expect(first).toMatchObject({ valid: true, unchainedEvents: 2, firstBroken: null });
      const chained = await handle.db.selectFrom('auditEvent').select('id').where('chainId', 'is not', null).execute();
      expect(chained.length).toBeGreaterThan(0);
      expect(first.checkedEvents).toBe(chained.length);
      // nothing vouches for an old row: an edit to it goes unseen (docs/audit-log.md says so)
      await handle.db.updateTable('auditEvent').set({ ipAddress: '10.9.9.9' }).where('id', '=', 'old-2').execute();
      expect((await verifyAuditChains(app.auth.deps)).valid).toBe(true);
      // the sweep takes the old unchained row by its time and keeps the chains whole
      const swept = await sweepExpired(app.auth.deps, { auditRetentionDays: 90 });
      expect(swept.auditEvents).toBe(1);
      expect(await verifyAuditChains(app.auth.deps)).toMatchObject({ valid: true, unchainedEvents: 1 });
    } finally {
      await app.close();
      await handle.close();
      await database.drop();
    }
  });
});
