/**
 * 0009-audit-chain is an upgrade: audit rows written before it survive unchanged and stay
 * unchained (their chain columns null: nothing vouches for what was written before the
 * chain existed), the chain heads exist, and a chained row cannot take a place in a chain
 * that another row holds, on each database.
 */
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import { forEachDatabase } from '../../test/harness.ts';
import { connectDatabase } from './connect.ts';
import { isUniqueViolation } from './errors.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

await forEachDatabase('migration 0009-audit-chain', (dialect) => {
  it('audit rows written before 0009-audit-chain survive it', async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    // biome-ignore lint/suspicious/noExplicitAny: the seed writes an earlier schema, which the app's types no longer describe
    const db = handle.db as unknown as import('kysely').Kysely<any>;
    try {
      await migrateTo(handle.db, handle.dialect, '0007-session-change-notify');
      const at = new Date('2026-10-01T08:30:00.000Z');
      const old = [
        {
          id: 'ev-1',
          createdAt: at,
          type: 'sign_in',
          outcome: 'success',
          actorUserId: 'u-ada',
          actorType: 'user',
          impersonatorUserId: null,
          targetType: 'user',
          targetId: 'u-ada',
          organizationId: null,
          ipAddress: '203.0.113.9',
          userAgent: 'Seed/1.0',
          details: '{"method":"password"}',
        },
        {
          id: 'ev-2',
          createdAt: new Date(at.getTime() + 1000),
          type: 'user.banned',
          outcome: 'success',
          actorUserId: 'u-root',
          actorType: 'user',
          impersonatorUserId: null,
          targetType: 'user',
          targetId: 'u-ada',
          organizationId: null,
          ipAddress: null,
          userAgent: null,
          details: null,
        },
      ];
      await db.insertInto('auditEvent').values(old).execute();

      const result = await migrateToLatest(handle.db, handle.dialect);
      expect(result.results?.map((r) => [r.migrationName, r.status])).toContainEqual(['0009-audit-chain', 'Success']);

      const rows = await db.selectFrom('auditEvent').selectAll().orderBy('id').execute();
      expect(
        rows.map((r: Record<string, unknown>) => [
          r.id,
          r.type,
          r.actorUserId,
          r.details,
          r.chainId,
          r.chainSeq,
          r.prevHash,
          r.hash,
        ]),
      ).toEqual([
        ['ev-1', 'sign_in', 'u-ada', '{"method":"password"}', null, null, null, null],
        ['ev-2', 'user.banned', 'u-root', null, null, null, null, null],
      ]);
      expect(new Date(rows[0]?.createdAt).toISOString()).toBe(at.toISOString());

      const heads = await db.selectFrom('auditChain').selectAll().orderBy('id').execute();
      expect(heads).toHaveLength(16);
      expect(heads[0]).toMatchObject({ id: 'c00', lastHash: null, headMac: null, prunedHash: null, prunedMac: null });
      expect(heads.every((h: Record<string, unknown>) => Number(h.seq) === 0 && Number(h.prunedSeq) === 0)).toBe(true);

      // one place of a chain holds one row; more unchained rows are still allowed
      const chained = { ...old[0], id: 'ev-3', chainId: 'c00', chainSeq: 1, prevHash: null, hash: 'h3' };
      await db.insertInto('auditEvent').values(chained).execute();
      const fork = await db
        .insertInto('auditEvent')
        .values({ ...chained, id: 'ev-4', hash: 'h4' })
        .execute()
        .catch((e: unknown) => e);
      expect(isUniqueViolation(fork)).toBe(true);
      await db
        .insertInto('auditEvent')
        .values({ ...old[1], id: 'ev-5' })
        .execute();
      expect(
        await db.selectFrom('auditEvent').select('id').where('chainId', 'is', null).orderBy('id').execute(),
      ).toEqual([{ id: 'ev-1' }, { id: 'ev-2' }, { id: 'ev-5' }]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
