/**
 * Passkeys (issue 15, docs/passkeys.md): one row per WebAuthn credential, with the columns
 * of better-auth's passkey plugin (so its rows can be imported) and three of Latch's:
 * `webauthnUserID` (the user handle the authenticator keeps, checked at a discoverable
 * sign-in), `lastUsedAt` (the settings page's "last used"). A user's passkeys go with the
 * user (ON DELETE CASCADE). Nothing existing changes: every account starts without one.
 *
 * `credentialID` is base64url, case-sensitive, up to 1 023 bytes (1 364 characters) by the
 * WebAuthn spec, and looked up on every sign-in: unique, and on MariaDB an ASCII column with
 * a binary collation, since its default collation would compare `Ab` and `aB` as equal and
 * utf8mb4 would make the index too long.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../schema.ts';
import { columnTypes } from './column-types.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const credentialId = dialect === 'mysql' ? sql`varchar(1400) character set ascii collate ascii_bin` : t.text;
  await db.schema
    .createTable('passkey')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', t.text)
    .addColumn('publicKey', t.text, (c) => c.notNull())
    .addColumn('userId', t.id, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('credentialID', credentialId, (c) => c.notNull().unique())
    // a signature counter is an unsigned 32-bit number: past int's range
    .addColumn('counter', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('deviceType', t.key, (c) => c.notNull())
    .addColumn('backedUp', t.bool, (c) => c.notNull())
    .addColumn('transports', t.text)
    .addColumn('createdAt', t.date, (c) => c.notNull())
    .addColumn('aaguid', t.key)
    .addColumn('webauthnUserID', t.key)
    .addColumn('lastUsedAt', t.date)
    .execute();
  await db.schema.createIndex('passkey_userId_idx').on('passkey').column('userId').execute();
}
