/**
 * Plain functions over the `passkey` table, which this feature alone writes (0005-passkeys).
 * The ceremonies' challenges live in `verification` and go through
 * core/db/verification-store.ts (challenge.ts).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, PasskeyTable } from '../../core/db/schema.ts';
import { toBool, toDate, toDateOrNull } from '../../core/db/values.ts';

type Db = Kysely<Database>;

export interface Passkey {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  transports: string | null;
  createdAt: Date;
  aaguid: string | null;
  webauthnUserID: string | null;
  lastUsedAt: Date | null;
}

function passkeyFromRow(row: Selectable<PasskeyTable>): Passkey {
  return {
    id: row.id,
    name: row.name,
    publicKey: row.publicKey,
    userId: row.userId,
    credentialID: row.credentialID,
    counter: Number(row.counter),
    deviceType: row.deviceType,
    backedUp: toBool(row.backedUp),
    transports: row.transports,
    createdAt: toDate(row.createdAt),
    aaguid: row.aaguid,
    webauthnUserID: row.webauthnUserID,
    lastUsedAt: toDateOrNull(row.lastUsedAt),
  };
}

/** A user's passkeys, oldest first; `lock` holds them until the transaction ends (not SQLite, whose writes are serial). */
export async function findPasskeysOfUser(db: Db, userId: string, opts: { lock?: boolean } = {}): Promise<Passkey[]> {
  let query = db.selectFrom('passkey').selectAll().where('userId', '=', userId).orderBy('createdAt').orderBy('id');
  if (opts.lock) query = query.forUpdate();
  return (await query.execute()).map(passkeyFromRow);
}

export async function findPasskeyByCredentialId(db: Db, credentialID: string): Promise<Passkey | null> {
  const row = await db.selectFrom('passkey').selectAll().where('credentialID', '=', credentialID).executeTakeFirst();
  return row ? passkeyFromRow(row) : null;
}

/** One passkey of this user, or null (another user's is not found either). */
export async function findPasskeyOfUser(db: Db, userId: string, id: string): Promise<Passkey | null> {
  const row = await db
    .selectFrom('passkey')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? passkeyFromRow(row) : null;
}

export async function countPasskeysOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkey')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Inserts a passkey; a credential id stored already fails with the database's unique violation. */
export async function insertPasskey(db: Db, passkey: Passkey): Promise<void> {
  await db
    .insertInto('passkey')
    .values({
      id: passkey.id,
      name: passkey.name,
      publicKey: passkey.publicKey,
      userId: passkey.userId,
      credentialID: passkey.credentialID,
      counter: passkey.counter,
      deviceType: passkey.deviceType,
      backedUp: passkey.backedUp,
      transports: passkey.transports,
      createdAt: passkey.createdAt,
      aaguid: passkey.aaguid,
      webauthnUserID: passkey.webauthnUserID,
      lastUsedAt: passkey.lastUsedAt,
    })
    .execute();
}

/**
 * Records a use: the new counter, backup state and time, in one conditional UPDATE that
 * succeeds only while the stored counter is below the new one (or both are 0, as synced
 * passkeys report). Of two assertions racing with counters 6 and 7, or a replay of an older
 * one, at most the higher one is taken; true when this call recorded the use.
 */
export async function recordPasskeyUse(
  db: Db,
  id: string,
  use: { counter: number; backedUp: boolean; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('passkey')
    .set({ counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at })
    .where('id', '=', id)
    .where((eb) => (use.counter === 0 ? eb('counter', '=', 0) : eb('counter', '<', use.counter)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renamePasskey(db: Db, id: string, name: string): Promise<void> {
  await db.updateTable('passkey').set({ name }).where('id', '=', id).execute();
}

/** Deletes one passkey of this user; true when it was there. */
export async function deletePasskeyOfUser(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('passkey').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every passkey of a user (the account is being deleted; the foreign key would cascade too). */
export async function deletePasskeysOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('passkey').where('userId', '=', userId).execute();
}
