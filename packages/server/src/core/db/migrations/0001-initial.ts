/**
 * Every entity of the spec, with foreign keys (ON DELETE CASCADE), unique constraints
 * where two rows must never agree, and an index for every lookup path.
 * Written against Kysely<any> so that it never depends on application types.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.ts';
import { columnTypes } from './column-types.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  await db.schema
    .createTable('user')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('email', t.key, (c) => c.notNull().unique())
    .addColumn('emailVerified', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('image', t.text)
    .addColumn('createdAt', t.date, (c) => c.notNull())
    .addColumn('updatedAt', t.date, (c) => c.notNull())
    .addColumn('username', t.key, (c) => c.unique())
    .addColumn('displayUsername', t.text)
    .addColumn('language', t.int)
    .addColumn('role', t.key)
    .addColumn('banned', t.bool, (c) => c.defaultTo(false))
    .addColumn('banReason', t.text)
    .addColumn('banExpires', t.date)
    .addColumn('twoFactorEnabled', t.bool, (c) => c.defaultTo(false))
    .execute();
  await db.schema.createIndex('user_createdAt_idx').on('user').column('createdAt').execute();

  await db.schema
    .createTable('session')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('token', t.key, (c) => c.notNull().unique())
    .addColumn('userId', t.id, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('expiresAt', t.date, (c) => c.notNull())
    .addColumn('ipAddress', t.text)
    .addColumn('userAgent', t.text)
    .addColumn('createdAt', t.date, (c) => c.notNull())
    .addColumn('updatedAt', t.date, (c) => c.notNull())
    .addColumn('activeOrganizationId', t.id)
    .addColumn('activeTeamId', t.id)
    .addColumn('impersonatedBy', t.id)
    .execute();
  await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();
  await db.schema.createIndex('session_expiresAt_idx').on('session').column('expiresAt').execute();

  await db.schema
    .createTable('account')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('accountId', t.key, (c) => c.notNull())
    .addColumn('providerId', t.key, (c) => c.notNull())
    .addColumn('userId', t.id, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('accessToken', t.text)
    .addColumn('refreshToken', t.text)
    .addColumn('idToken', t.text)
    .addColumn('accessTokenExpiresAt', t.date)
    .addColumn('refreshTokenExpiresAt', t.date)
    .addColumn('scope', t.text)
    .addColumn('password', t.text)
    .addColumn('createdAt', t.date, (c) => c.notNull())
    .addColumn('updatedAt', t.date, (c) => c.notNull())
    .addUniqueConstraint('account_provider_account_uq', ['providerId', 'accountId'])
    .execute();
  await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();

  await db.schema
    .createTable('verification')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('identifier', t.key, (c) => c.notNull())
    .addColumn('value', t.text, (c) => c.notNull())
    .addColumn('expiresAt', t.date, (c) => c.notNull())
    .addColumn('createdAt', t.date, (c) => c.notNull())
    .addColumn('updatedAt', t.date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute();
  await db.schema.createIndex('verification_expiresAt_idx').on('verification').column('expiresAt').execute();

  await db.schema
    .createTable('organization')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('slug', t.key, (c) => c.notNull().unique())
    .addColumn('logo', t.text)
    .addColumn('metadata', t.text)
    .addColumn('createdAt', t.date, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('team')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('organizationId', t.id, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('createdAt', t.date, (c) => c.notNull())
    .addColumn('updatedAt', t.date)
    .execute();
  await db.schema.createIndex('team_organizationId_idx').on('team').column('organizationId').execute();

  await db.schema
    .createTable('member')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('organizationId', t.id, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('userId', t.id, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('role', t.key, (c) => c.notNull().defaultTo('member'))
    .addColumn('teamId', t.id)
    .addColumn('createdAt', t.date, (c) => c.notNull())
    // one membership per person and organization: two racing accepts make one member
    .addUniqueConstraint('member_org_user_uq', ['organizationId', 'userId'])
    .execute();
  await db.schema.createIndex('member_userId_idx').on('member').column('userId').execute();

  await db.schema
    .createTable('invitation')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('organizationId', t.id, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('email', t.key, (c) => c.notNull())
    .addColumn('role', t.key)
    .addColumn('status', t.key, (c) => c.notNull().defaultTo('pending'))
    .addColumn('teamId', t.text)
    .addColumn('inviterId', t.id, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('expiresAt', t.date, (c) => c.notNull())
    .addColumn('createdAt', t.date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invitation_organizationId_idx').on('invitation').column('organizationId').execute();
  await db.schema.createIndex('invitation_email_idx').on('invitation').column('email').execute();

  await db.schema
    .createTable('teamMember')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('teamId', t.id, (c) => c.notNull().references('team.id').onDelete('cascade'))
    .addColumn('userId', t.id, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('createdAt', t.date)
    .addUniqueConstraint('teamMember_team_user_uq', ['teamId', 'userId'])
    .execute();
  await db.schema.createIndex('teamMember_userId_idx').on('teamMember').column('userId').execute();

  await db.schema
    .createTable('twoFactor')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('secret', t.text, (c) => c.notNull())
    .addColumn('backupCodes', t.text, (c) => c.notNull())
    .addColumn('userId', t.id, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('verified', t.bool, (c) => c.defaultTo(true))
    .addColumn('failedVerificationCount', t.int, (c) => c.defaultTo(0))
    .addColumn('lockedUntil', t.date)
    .execute();
  await db.schema.createIndex('twoFactor_userId_idx').on('twoFactor').column('userId').execute();

  await db.schema
    .createTable('jwks')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('publicKey', t.text, (c) => c.notNull())
    .addColumn('privateKey', t.text, (c) => c.notNull())
    .addColumn('createdAt', t.date, (c) => c.notNull())
    .addColumn('expiresAt', t.date)
    .addColumn('alg', t.key)
    .addColumn('crv', t.key)
    .execute();

  await db.schema
    .createTable('rateLimit')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('key', t.key, (c) => c.notNull().unique())
    .addColumn('count', t.int, (c) => c.notNull())
    .addColumn('lastRequest', t.bigint, (c) => c.notNull())
    .execute();
}
