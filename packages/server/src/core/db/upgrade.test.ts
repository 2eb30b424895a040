/**
 * Schema changes are upgrades: a database at the first schema, holding rows like a running
 * instance's (people, passwords, sessions, pending links and two-factor challenges), is
 * migrated to the latest schema on each database; every row survives, and the new columns
 * start where the code expects them.
 */
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import { forEachDatabase } from '../../test/harness.ts';
import { connectDatabase } from './connect.ts';
import { isUniqueViolation } from './errors.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

await forEachDatabase('upgrades from the first schemas', (dialect) => {
  it("an instance's data at 0001-initial survives the upgrade", async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    // biome-ignore lint/suspicious/noExplicitAny: the seed writes the first schema, which the app's types no longer describe
    const db = handle.db as unknown as import('kysely').Kysely<any>;
    try {
      await migrateTo(handle.db, handle.dialect, '0001-initial');
      const at = new Date('2026-10-01T08:30:00.000Z');
      const later = new Date('2026-12-01T08:30:00.000Z');
      await db
        .insertInto('user')
        .values([
          {
            id: 'u-ada',
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            emailVerified: true,
            createdAt: at,
            updatedAt: at,
          },
          { id: 'u-bob', name: 'Bob', email: 'bob@example.com', emailVerified: false, createdAt: at, updatedAt: at },
        ])
        .execute();
      await db
        .insertInto('account')
        .values({
          id: 'a-ada',
          accountId: 'u-ada',
          providerId: 'credential',
          userId: 'u-ada',
          password: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNo',
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      await db
        .insertInto('session')
        .values({
          id: 's-ada',
          token: 'hash-of-ada-token',
          userId: 'u-ada',
          expiresAt: later,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      await db
        .insertInto('verification')
        .values([
          // a pending reset link and a two-factor challenge in the middle of a sign-in
          {
            id: 'v-reset',
            identifier: 'reset-password:abc',
            value: 'u-bob',
            expiresAt: later,
            createdAt: at,
            updatedAt: at,
          },
          { id: 'v-2fa', identifier: '2fa:def', value: 'u-ada:0:2', expiresAt: later, createdAt: at, updatedAt: at },
        ])
        .execute();

      await migrateToLatest(handle.db, handle.dialect);

      const users = await db.selectFrom('user').select(['id', 'email']).orderBy('id').execute();
      expect(users).toEqual([
        { id: 'u-ada', email: 'ada@example.com' },
        { id: 'u-bob', email: 'bob@example.com' },
      ]);
      expect(await db.selectFrom('account').select('password').executeTakeFirst()).toEqual({
        password: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNo',
      });
      expect(await db.selectFrom('session').select('token').executeTakeFirst()).toEqual({ token: 'hash-of-ada-token' });
      // 0002-attempt-counters: pending codes and challenges keep their rows and start with no tries spent
      const rows = await db.selectFrom('verification').select(['id', 'value', 'attempts']).orderBy('id').execute();
      expect(
        rows.map((r: { id: string; value: string; attempts: unknown }) => [r.id, r.value, Number(r.attempts)]),
      ).toEqual([
        ['v-2fa', 'u-ada:0:2', 0],
        ['v-reset', 'u-bob', 0],
      ]);
      // and a row written without the column gets the default
      await db
        .insertInto('verification')
        .values({ id: 'v-new', identifier: 'x', value: 'y', expiresAt: later, createdAt: at, updatedAt: at })
        .execute();
      const fresh = await db.selectFrom('verification').select('attempts').where('id', '=', 'v-new').executeTakeFirst();
      expect(Number(fresh?.attempts)).toBe(0);
      // 0003-sign-in-lockout: nobody starts locked
      expect(await db.selectFrom('signInLockout').selectAll().execute()).toEqual([]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('an instance at 0002-attempt-counters gains the sign-in lockout', async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    // biome-ignore lint/suspicious/noExplicitAny: the seed writes an earlier schema, which the app's types no longer describe
    const db = handle.db as unknown as import('kysely').Kysely<any>;
    try {
      await migrateTo(handle.db, handle.dialect, '0002-attempt-counters');
      const at = new Date('2026-10-01T08:30:00.000Z');
      const later = new Date('2026-12-01T08:30:00.000Z');
      await db
        .insertInto('user')
        .values({ id: 'u-cy', name: 'Cy', email: 'cy@example.com', emailVerified: true, createdAt: at, updatedAt: at })
        .execute();
      await db
        .insertInto('account')
        .values({
          id: 'a-cy',
          accountId: 'u-cy',
          providerId: 'credential',
          userId: 'u-cy',
          password: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNo',
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      // a sign-in half way through its two-factor challenge, two tries spent
      await db
        .insertInto('verification')
        .values({
          id: 'v-2fa',
          identifier: '2fa:ghi',
          value: 'u-cy:0:0',
          expiresAt: later,
          createdAt: at,
          updatedAt: at,
          attempts: 2,
        })
        .execute();

      const result = await migrateToLatest(handle.db, handle.dialect);
      expect(result.results?.map((r) => [r.migrationName, r.status])).toContainEqual([
        '0003-sign-in-lockout',
        'Success',
      ]);

      expect(await db.selectFrom('user').select(['id', 'email']).execute()).toEqual([
        { id: 'u-cy', email: 'cy@example.com' },
      ]);
      expect(await db.selectFrom('account').select(['id', 'userId']).execute()).toEqual([
        { id: 'a-cy', userId: 'u-cy' },
      ]);
      const challenge = await db.selectFrom('verification').select(['value', 'attempts']).executeTakeFirst();
      expect([challenge?.value, Number(challenge?.attempts)]).toEqual(['u-cy:0:0', 2]);
      // the new table: empty, and a row written with its key alone starts with no failures and no delay
      expect(await db.selectFrom('signInLockout').selectAll().execute()).toEqual([]);
      await db.insertInto('signInLockout').values({ key: 'user:u-cy' }).execute();
      const row = await db.selectFrom('signInLockout').selectAll().executeTakeFirst();
      expect([row?.key, Number(row?.failures), Number(row?.lockedUntil)]).toEqual(['user:u-cy', 0, 0]);
      // keys are unique: a second row for one identity cannot exist
      const duplicate = await db
        .insertInto('signInLockout')
        .values({ key: 'user:u-cy' })
        .execute()
        .catch((e: unknown) => e);
      expect(isUniqueViolation(duplicate)).toBe(true);
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('an instance at 0003-sign-in-lockout gains an empty audit log', async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    // biome-ignore lint/suspicious/noExplicitAny: the seed writes an earlier schema, which the app's types no longer describe
    const db = handle.db as unknown as import('kysely').Kysely<any>;
    try {
      await migrateTo(handle.db, handle.dialect, '0003-sign-in-lockout');
      const at = new Date('2026-10-01T08:30:00.000Z');
      const later = new Date('2026-12-01T08:30:00.000Z');
      await db
        .insertInto('user')
        .values([
          { id: 'u-di', name: 'Di', email: 'di@example.com', emailVerified: true, createdAt: at, updatedAt: at },
          {
            id: 'u-ed',
            name: 'Ed',
            email: 'ed@example.com',
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
          id: 's-di',
          token: 'hash-of-di-token',
          userId: 'u-di',
          expiresAt: later,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      // Di is half way to a lockout
      await db.insertInto('signInLockout').values({ key: 'user:u-di', failures: 3, lockedUntil: 0 }).execute();

      const result = await migrateToLatest(handle.db, handle.dialect);
      // later migrations (0006-webhooks, …) run too: this test is about 0004's
      expect(result.results?.map((r) => [r.migrationName, r.status])[0]).toEqual(['0004-audit-events', 'Success']);
      expect(result.results?.every((r) => r.status === 'Success')).toBe(true);

      expect(await db.selectFrom('user').select(['id', 'role']).orderBy('id').execute()).toEqual([
        { id: 'u-di', role: null },
        { id: 'u-ed', role: 'admin' },
      ]);
      expect(await db.selectFrom('session').select(['id', 'token']).execute()).toEqual([
        { id: 's-di', token: 'hash-of-di-token' },
      ]);
      const lockout = await db.selectFrom('signInLockout').selectAll().executeTakeFirst();
      expect([lockout?.key, Number(lockout?.failures)]).toEqual(['user:u-di', 3]);
      // the log starts empty and takes a row with every column, and one of the system with the optional ones empty
      expect(await db.selectFrom('auditEvent').selectAll().execute()).toEqual([]);
      await db
        .insertInto('auditEvent')
        .values([
          {
            id: 'e-1',
            createdAt: later,
            type: 'user.role_changed',
            outcome: 'success',
            actorUserId: 'u-ed',
            actorType: 'user',
            impersonatorUserId: null,
            targetType: 'user',
            targetId: 'u-di',
            organizationId: null,
            ipAddress: '203.0.113.9',
            userAgent: 'Mozilla/5.0',
            details: '{"role":"admin"}',
          },
          { id: 'e-2', createdAt: at, type: 'audit.swept', outcome: 'success', actorType: 'system' },
        ])
        .execute();
      const rows = await db
        .selectFrom('auditEvent')
        .select(['id', 'type', 'actorUserId', 'targetId', 'details', 'createdAt'])
        .orderBy('createdAt', 'desc')
        .execute();
      expect(
        rows.map(
          (r: {
            id: string;
            type: string;
            actorUserId: string | null;
            targetId: string | null;
            details: string | null;
            createdAt: unknown;
          }) => [r.id, r.type, r.actorUserId, r.targetId, r.details, new Date(r.createdAt as string).toISOString()],
        ),
      ).toEqual([
        ['e-1', 'user.role_changed', 'u-ed', 'u-di', '{"role":"admin"}', later.toISOString()],
        ['e-2', 'audit.swept', null, null, null, at.toISOString()],
      ]);
      // the audit log is not tied to the user rows: deleting a person keeps what they did
      await db.deleteFrom('user').where('id', '=', 'u-ed').execute();
      expect((await db.selectFrom('auditEvent').select('id').execute()).length).toBe(2);
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('an instance at 0004-audit-events gains an empty passkey table', async () => {
    const database = await createTestDatabase(dialect);
    const handle = connectDatabase(database.url);
    // biome-ignore lint/suspicious/noExplicitAny: the seed writes an earlier schema, which the app's types no longer describe
    const db = handle.db as unknown as import('kysely').Kysely<any>;
    try {
      await migrateTo(handle.db, handle.dialect, '0004-audit-events');
      const at = new Date('2026-10-01T08:30:00.000Z');
      const later = new Date('2026-12-01T08:30:00.000Z');
      await db
        .insertInto('user')
        .values([
          { id: 'u-fay', name: 'Fay', email: 'fay@example.com', emailVerified: true, createdAt: at, updatedAt: at },
          { id: 'u-gus', name: 'Gus', email: 'gus@example.com', emailVerified: true, createdAt: at, updatedAt: at },
        ])
        .execute();
      await db
        .insertInto('session')
        .values({ id: 's-fay', token: 'hash-of-fay', userId: 'u-fay', expiresAt: later, createdAt: at, updatedAt: at })
        .execute();

      const result = await migrateToLatest(handle.db, handle.dialect);
      // later migrations run too: this test is about 0005's
      expect(result.results?.map((r) => [r.migrationName, r.status])[0]).toEqual(['0005-passkeys', 'Success']);
      expect(result.results?.every((r) => r.status === 'Success')).toBe(true);
      expect(await db.selectFrom('session').select(['id', 'token']).execute()).toEqual([
        { id: 's-fay', token: 'hash-of-fay' },
      ]);

      // nobody has a passkey yet; a row as better-auth writes it (without Latch's columns) is taken
      expect(await db.selectFrom('passkey').selectAll().execute()).toEqual([]);
      const row = (id: string, userId: string, credentialID: string) => ({
        id,
        name: null,
        publicKey: 'pQECAyYgASFYIA',
        userId,
        credentialID,
        counter: 4_294_967_295,
        deviceType: 'singleDevice',
        backedUp: false,
        transports: 'usb,nfc',
        createdAt: at,
        aaguid: '00000000-0000-0000-0000-000000000000',
      });
      // a credential id longer than a varchar(255) and ids that differ only by case are distinct credentials
      const long = 'A'.repeat(1364);
      await db
        .insertInto('passkey')
        .values([row('p-1', 'u-fay', 'AbCd'), row('p-2', 'u-gus', 'aBcD'), row('p-3', 'u-fay', long)])
        .execute();
      const found = await db
        .selectFrom('passkey')
        .select(['id', 'counter'])
        .where('credentialID', '=', 'aBcD')
        .execute();
      expect(found.map((r: { id: string; counter: unknown }) => [r.id, Number(r.counter)])).toEqual([
        ['p-2', 4_294_967_295],
      ]);
      expect((await db.selectFrom('passkey').select('id').where('credentialID', '=', long).execute()).length).toBe(1);
      const fresh = await db
        .selectFrom('passkey')
        .select(['webauthnUserID', 'lastUsedAt'])
        .where('id', '=', 'p-1')
        .executeTakeFirst();
      expect(fresh).toEqual({ webauthnUserID: null, lastUsedAt: null });
      // one credential belongs to one account
      const duplicate = await db
        .insertInto('passkey')
        .values(row('p-4', 'u-gus', 'AbCd'))
        .execute()
        .catch((e: unknown) => e);
      expect(isUniqueViolation(duplicate)).toBe(true);
      // and goes with its user
      await db.deleteFrom('user').where('id', '=', 'u-fay').execute();
      expect(await db.selectFrom('passkey').select('id').execute()).toEqual([{ id: 'p-2' }]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
