/**
 * The signing keys (the spec's key pair entity, table `jwks`). A key is created on first
 * use for the configured algorithm (EdDSA/Ed25519 by default; ES256; RS256 with 2048-bit
 * moduli, the spec's minimum). Private keys are encrypted at rest; the key in use is kept
 * in memory after the first read, so signing costs no database round trip.
 */
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { createEncrypter } from '../../core/crypto/encryption.ts';
import { generateId } from '../../core/crypto/random.ts';
import { toDate } from '../../core/db/values.ts';
import type { AuthDeps } from '../../core/http/context.ts';

export type JwtAlgorithm = 'EdDSA' | 'ES256' | 'RS256';

export interface SigningKey {
  kid: string;
  alg: JwtAlgorithm;
  privateKey: CryptoKey;
}

export interface PublicKeyRecord {
  kid: string;
  alg: string | null;
  publicJwk: JWK;
  createdAt: Date;
}

const inUse = new WeakMap<AuthDeps, Promise<SigningKey>>();

function encrypter(deps: AuthDeps) {
  return createEncrypter(deps.config.secret, 'jwks-private-key');
}

export function getSigningKey(deps: AuthDeps, alg: JwtAlgorithm): Promise<SigningKey> {
  let key = inUse.get(deps);
  if (!key) {
    key = loadOrCreate(deps, alg);
    // a failure is not cached: the next request tries again
    key.catch(() => inUse.delete(deps));
    inUse.set(deps, key);
  }
  return key;
}

async function loadOrCreate(deps: AuthDeps, alg: JwtAlgorithm): Promise<SigningKey> {
  const row = await deps.db
    .selectFrom('jwks')
    .selectAll()
    .where('alg', '=', alg)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  if (row) {
    const jwk = JSON.parse(encrypter(deps).decrypt(row.privateKey)) as JWK;
    return { kid: row.id, alg, privateKey: (await importJWK(jwk, alg)) as CryptoKey };
  }
  const pair = await generateKeyPair(alg, {
    extractable: true,
    ...(alg === 'EdDSA' ? { crv: 'Ed25519' } : {}),
    ...(alg === 'RS256' ? { modulusLength: 2048 } : {}),
  });
  const publicJwk = await exportJWK(pair.publicKey);
  const privateJwk = await exportJWK(pair.privateKey);
  const kid = generateId();
  await deps.db
    .insertInto('jwks')
    .values({
      id: kid,
      publicKey: JSON.stringify(publicJwk),
      privateKey: encrypter(deps).encrypt(JSON.stringify(privateJwk)),
      createdAt: deps.clock.now(),
      expiresAt: null,
      alg,
      crv: publicJwk.crv ?? null,
    })
    .execute();
  return { kid, alg, privateKey: pair.privateKey };
}

export async function listPublicKeys(deps: AuthDeps): Promise<PublicKeyRecord[]> {
  const rows = await deps.db
    .selectFrom('jwks')
    .select(['id', 'alg', 'publicKey', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((r) => ({
    kid: r.id,
    alg: r.alg,
    publicJwk: JSON.parse(r.publicKey) as JWK,
    createdAt: toDate(r.createdAt),
  }));
}
