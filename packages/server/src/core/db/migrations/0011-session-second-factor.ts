/**
 * When a session last proved a second factor (docs/admin.md, "A second factor for admin
 * actions"): set when the session is granted by the two-factor step of a sign-in or by a
 * passkey, and on the new session that replaces one after a code entered inside it (the
 * step-up). Admin actions that change something can be made to require a recent proof
 * (plugins.admin.requireSecondFactor). Existing sessions keep null: they proved nothing
 * this column can vouch for, so an admin who must step up does so once after the upgrade.
 *
 * Numbered 0011: 0010 is the lease table (written in parallel, applied first).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.ts';
import { columnTypes } from './column-types.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('session').addColumn('secondFactorVerifiedAt', t.date).execute();
}
