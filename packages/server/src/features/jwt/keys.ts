/**
 * The signing keys (the spec's key pair entity, table `jwks`). A key is created on first
 * use for the configured algorithm (EdDSA/Ed25519 by default; ES256; RS256 with 2048-bit
 * moduli, the spec's minimum). Private keys are encrypted at rest; the key in use is kept
 * in memory, so signing costs no database round trip, and looked up again every minute,
 * so a key rotated by another instance is taken up. Admins rotate with
 * POST /admin/rotate-jwt-keys.
 */
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Insertable, Kysely } from 'kysely';
import { createEncrypter } from '../../core/crypto/encryption.ts';
import { generateId } from '../../core/crypto/random.ts';
import type { Database, JwksTable } from '../../core/db/schema.ts';
import { toDate } from '../../core/db/values.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { type AuditActor, recordEvent } from '../audit/index.ts';

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

/** The key in use, and until when it is used without asking the database for a newer one. */
const inUse = new WeakMap<AuthDeps, { key: Promise<SigningKey>; recheckAtMs: number }>();

/** Another instance may rotate: each instance looks for a newer key this often. */
const RECHECK_MS = 60_000;

function encrypter(deps: AuthDeps) {
  return createEncrypter(deps.config.secret, 'jwks-private-key');
}

export function getSigningKey(deps: AuthDeps, alg: JwtAlgorithm): Promise<SigningKey> {
  const nowMs = deps.clock.now().getTime();
  const held = inUse.get(deps);
  if (held && held.recheckAtMs > nowMs) return held.key;
  const key = loadOrCreate(deps, alg);
  // a failure is not cached: the next request tries again
  key.catch(() => inUse.delete(deps));
  inUse.set(deps, { key, recheckAtMs: nowMs + RECHECK_MS });
  return key;
}

/** The newest key of `alg` not retired by `now` (a rotation retires the keys before it). */
async function newestKeyRow(db: Kysely<Database>, alg: JwtAlgorithm, now: Date) {
  return db
    .selectFrom('jwks')
    .selectAll()
    .where('alg', '=', alg)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
}

async function loadOrCreate(deps: AuthDeps, alg: JwtAlgorithm): Promise<SigningKey> {
  const row = await newestKeyRow(deps.db, alg, deps.clock.now());
  if (row) {
    const jwk = JSON.parse(encrypter(deps).decrypt(row.privateKey)) as JWK;
    return { kid: row.id, alg, privateKey: (await importJWK(jwk, alg)) as CryptoKey };
  }
  const created = await generateKey(deps, alg);
  await insertKey(deps.db, created.row);
  return created.key;
}

async function generateKey(deps: AuthDeps, alg: JwtAlgorithm) {
  const pair = await generateKeyPair(alg, {
    extractable: true,
    ...(alg === 'EdDSA' ? { crv: 'Ed25519' } : {}),
    ...(alg === 'RS256' ? { modulusLength: 2048 } : {}),
  });
  const publicJwk = await exportJWK(pair.publicKey);
  const privateJwk = await exportJWK(pair.privateKey);
  const kid = generateId();
  const row = {
    id: kid,
    publicKey: JSON.stringify(publicJwk),
    privateKey: encrypter(deps).encrypt(JSON.stringify(privateJwk)),
    createdAt: deps.clock.now(),
    expiresAt: null,
    alg,
    crv: publicJwk.crv ?? null,
  };
  return { row, key: { kid, alg, privateKey: pair.privateKey } satisfies SigningKey };
}

async function insertKey(db: Kysely<Database>, row: Insertable<JwksTable>): Promise<void> {
  await db.insertInto('jwks').values(row).execute();
}

/**
 * A new key for the configured algorithm, in one transaction with its audit event. This
 * instance signs with it at once, the others within RECHECK_MS. The older keys are retired:
 * they stay in the set until the last token they may still sign has expired (RECHECK_MS,
 * then a token's lifetime, and a minute for clocks), then leave it, so a rotation after a
 * key leaked stops tokens forged with it within that time, not never.
 */
export async function rotateSigningKey(deps: AuthDeps, alg: JwtAlgorithm, actor: AuditActor): Promise<SigningKey> {
  const now = deps.clock.now();
  const previous = await newestKeyRow(deps.db, alg, now);
  const created = await generateKey(deps, alg);
  const lifetimeMs = deps.config.plugins.jwt ? deps.config.plugins.jwt.expirationTime * 1000 : 0;
  const retiredAt = new Date(now.getTime() + RECHECK_MS + lifetimeMs + 60_000);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('jwks')
      .set({ expiresAt: retiredAt })
      .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', retiredAt)]))
      .execute();
    await insertKey(trx, created.row);
    await recordEvent(trx, actor.ctx, {
      type: 'jwt.keys_rotated',
      actorUserId: actor.actorUserId,
      impersonatorUserId: actor.impersonatorUserId,
      targetType: 'jwt_key',
      targetId: created.key.kid,
      details: { alg, previousKid: previous?.id ?? null },
    });
  });
  inUse.set(deps, { key: Promise.resolve(created.key), recheckAtMs: deps.clock.now().getTime() + RECHECK_MS });
  return created.key;
}

/** The keys a verifier should accept: every key not retired yet, newest first. */
export async function listPublicKeys(deps: AuthDeps): Promise<PublicKeyRecord[]> {
  const rows = await deps.db
    .selectFrom('jwks')
    .select(['id', 'alg', 'publicKey', 'createdAt'])
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', deps.clock.now())]))
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((r) => ({
    kid: r.id,
    alg: r.alg,
    publicJwk: JSON.parse(r.publicKey) as JWK,
    createdAt: toDate(r.createdAt),
  }));
}
