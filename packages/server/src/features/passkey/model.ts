/** A passkey as the wire has it (better-auth's row, with Latch's last use; never the user handle). */
import type { passkey as rows } from '@latch/contract';
import type { Passkey } from './repo.ts';

export type PasskeyJson = rows.PasskeyJson;

export function passkeyToJson(passkey: Passkey): PasskeyJson {
  return {
    id: passkey.id,
    name: passkey.name,
    publicKey: passkey.publicKey,
    userId: passkey.userId,
    credentialID: passkey.credentialID,
    counter: passkey.counter,
    deviceType: passkey.deviceType,
    backedUp: passkey.backedUp,
    transports: passkey.transports,
    createdAt: passkey.createdAt.toISOString(),
    aaguid: passkey.aaguid,
    lastUsedAt: passkey.lastUsedAt ? passkey.lastUsedAt.toISOString() : null,
  };
}
