/**
 * Tamper evidence for the audit log (docs/audit-log.md, "Tamper evidence").
 *
 * Every row is written on one of CHAIN_COUNT chains. Its `hash` is an HMAC-SHA256, keyed
 * from the instance secret, of its canonical content together with its chain, its place
 * in the chain and the hash of the chain's previous row (`prevHash`). Editing a row breaks
 * its own hash; deleting one leaves a gap in the places; neither can be repaired without
 * the secret. A chain's head (`auditChain`) holds the last place and hash, with its own
 * MAC, so that deleting the newest rows shows too.
 *
 * The writer of an event advances one chain's head inside the event's transaction: the
 * head's row lock (PostgreSQL, MariaDB) orders the writers of that chain and goes with the
 * commit or the rollback, so a rolled-back change leaves no hole. A transaction keeps the
 * chain it first took for all its events; different transactions pick chains at random,
 * so concurrent writers, on one instance or several, rarely meet on one head.
 */
import { hkdfSync, randomInt } from 'node:crypto';
import { hmacSha256 } from '../../core/crypto/hash.ts';
import { toDate } from '../../core/db/values.ts';

/** The number of chains; 0009-audit-chain created this many heads (c00 … c15). */
export const CHAIN_COUNT = 16;
export const CHAIN_IDS: readonly string[] = Array.from(
  { length: CHAIN_COUNT },
  (_, i) => `c${String(i).padStart(2, '0')}`,
);

const keys = new Map<string, Buffer>();

/** The chain's HMAC key, derived from the instance secret for this purpose alone. */
export function chainKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'latch/audit-chain/v1', 'audit-chain', 32));
    keys.set(secret, key);
  }
  return key;
}

/** What a row's hash covers: every column but the hash itself. */
export interface ChainedContent {
  id: string;
  createdAt: Date | string;
  type: string;
  outcome: string;
  actorUserId: string | null;
  actorType: string;
  impersonatorUserId: string | null;
  targetType: string | null;
  targetId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: string | null;
  chainId: string;
  chainSeq: number;
  prevHash: string | null;
}

/**
 * The canonical form: a JSON array in a fixed order, the time as ISO-8601 in milliseconds
 * (what every database gives back), so the same row hashes the same on every dialect.
 */
export function canonicalContent(row: ChainedContent): string {
  return JSON.stringify([
    'audit/v1',
    row.id,
    toDate(row.createdAt).toISOString(),
    row.type,
    row.outcome,
    row.actorUserId,
    row.actorType,
    row.impersonatorUserId,
    row.targetType,
    row.targetId,
    row.organizationId,
    row.ipAddress,
    row.userAgent,
    row.details,
    row.chainId,
    row.chainSeq,
    row.prevHash,
  ]);
}

export function rowHash(key: Buffer, row: ChainedContent): string {
  return hmacSha256(key, canonicalContent(row)).toString('hex');
}

/** The MAC of a chain's head: its last place and that row's hash. */
export function headMac(key: Buffer, chainId: string, seq: number, lastHash: string | null): string {
  return hmacSha256(key, JSON.stringify(['head/v1', chainId, seq, lastHash])).toString('hex');
}

/** The MAC of the retention sweep's anchor: the chain now starts after `prunedSeq`, whose hash was `prunedHash`. */
export function anchorMac(key: Buffer, chainId: string, prunedSeq: number, prunedHash: string | null): string {
  return hmacSha256(key, JSON.stringify(['anchor/v1', chainId, prunedSeq, prunedHash])).toString('hex');
}

const chainOfTransaction = new WeakMap<object, string>();

/**
 * The chain for a write in `trx`: the one this transaction already uses, else one at
 * random among those `avoid` does not exclude (any, when it excludes them all).
 */
export function chainFor(trx: object, avoid: (chainId: string) => boolean = () => false): string {
  let chain = chainOfTransaction.get(trx);
  if (!chain) {
    const start = randomInt(CHAIN_COUNT);
    chain = CHAIN_IDS[start] ?? 'c00';
    for (let i = 0; i < CHAIN_COUNT; i++) {
      const candidate = CHAIN_IDS[(start + i) % CHAIN_COUNT] ?? 'c00';
      if (!avoid(candidate)) {
        chain = candidate;
        break;
      }
    }
    chainOfTransaction.set(trx, chain);
  }
  return chain;
}
