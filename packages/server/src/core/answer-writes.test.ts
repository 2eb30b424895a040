/** Which statements change a session answer, and which only a remembered read (core/answer-writes.ts). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { queryBuilder } from '../test/query-builder.ts';
import { writeKind, writesSessionAnswer } from './answer-writes.ts';

describe('which statements change a session answer', () => {
  const now = new Date();
  it('updates, deletes and upserts of session and user rows do', () => {
    expect(
      writesSessionAnswer(
        queryBuilder.updateTable('session').set({ expiresAt: now }).where('id', '=', 'x').toOperationNode(),
      ),
    ).toBe(true);
    expect(
      writesSessionAnswer(queryBuilder.updateTable('user').set({ name: 'n' }).where('id', '=', 'x').toOperationNode()),
    ).toBe(true);
    expect(writesSessionAnswer(queryBuilder.deleteFrom('session').where('userId', '=', 'x').toOperationNode())).toBe(
      true,
    );
    expect(writesSessionAnswer(queryBuilder.deleteFrom('user').where('id', '=', 'x').toOperationNode())).toBe(true);
    expect(
      writesSessionAnswer(
        queryBuilder
          .insertInto('user')
          .values({ id: 'x', name: 'n', email: 'e', emailVerified: false, createdAt: now, updatedAt: now })
          .onConflict((oc) => oc.column('id').doUpdateSet({ name: 'n' }))
          .toOperationNode(),
      ),
    ).toBe(true);
    expect(writesSessionAnswer(sql`UPDATE "session" SET "expiresAt" = ${now}`.toOperationNode())).toBe(true);
    expect(writesSessionAnswer(sql`delete from user where id = ${'x'}`.toOperationNode())).toBe(true);
  });

  it('reads, plain inserts and other tables do not', () => {
    expect(writesSessionAnswer(queryBuilder.selectFrom('session').selectAll().toOperationNode())).toBe(false);
    expect(
      writesSessionAnswer(
        queryBuilder
          .insertInto('session')
          .values({
            id: 's',
            userId: 'u',
            token: 't',
            expiresAt: now,
            createdAt: now,
            updatedAt: now,
            ipAddress: null,
            userAgent: null,
          })
          .toOperationNode(),
      ),
    ).toBe(false);
    expect(writesSessionAnswer(queryBuilder.updateTable('account').set({ password: 'p' }).toOperationNode())).toBe(
      false,
    );
    expect(writesSessionAnswer(queryBuilder.deleteFrom('verification').toOperationNode())).toBe(false);
    expect(writesSessionAnswer(sql`update "sessionArchive" set x = 1`.toOperationNode())).toBe(false);
  });
});

describe('which statements change a remembered read (core/read-cache.ts)', () => {
  const now = new Date();
  it('session and user writes change both; organization tables and new sessions only the reads', () => {
    expect(writeKind(queryBuilder.updateTable('user').set({ name: 'n' }).toOperationNode())).toBe('session');
    expect(writeKind(queryBuilder.deleteFrom('session').toOperationNode())).toBe('session');
    const newSession = queryBuilder
      .insertInto('session')
      .values({
        id: 's',
        userId: 'u',
        token: 't',
        expiresAt: now,
        createdAt: now,
        updatedAt: now,
        ipAddress: null,
        userAgent: null,
      })
      .toOperationNode();
    expect(writeKind(newSession)).toBe('read');
    expect(writeKind(queryBuilder.updateTable('member').set({ role: 'admin' }).toOperationNode())).toBe('read');
    expect(writeKind(queryBuilder.deleteFrom('member').toOperationNode())).toBe('read');
    expect(writeKind(queryBuilder.updateTable('organization').set({ name: 'n' }).toOperationNode())).toBe('read');
    expect(writeKind(queryBuilder.deleteFrom('invitation').toOperationNode())).toBe('read');
    expect(writeKind(queryBuilder.deleteFrom('teamMember').toOperationNode())).toBe('read');
    expect(
      writeKind(
        queryBuilder
          .insertInto('team')
          .values({ id: 't', name: 'n', organizationId: 'o', createdAt: now, updatedAt: null })
          .toOperationNode(),
      ),
    ).toBe('read');
    expect(writeKind(sql`truncate "teamMember"`.toOperationNode())).toBe('read');
    // emptying the session or user table by hand is a session change like any other
    expect(writeKind(sql`truncate table "session"`.toOperationNode())).toBe('session');
    expect(writeKind(sql`TRUNCATE user;`.toOperationNode())).toBe('session');
    expect(writeKind(sql`insert into member (id) values (${'x'})`.toOperationNode())).toBe('read');
  });

  it('reads and other tables change nothing', () => {
    expect(writeKind(queryBuilder.selectFrom('member').selectAll().toOperationNode())).toBeNull();
    expect(writeKind(queryBuilder.updateTable('account').set({ password: 'p' }).toOperationNode())).toBeNull();
    expect(writeKind(queryBuilder.deleteFrom('verification').toOperationNode())).toBeNull();
    expect(writeKind(sql`update "memberArchive" set x = 1`.toOperationNode())).toBeNull();
  });
});
