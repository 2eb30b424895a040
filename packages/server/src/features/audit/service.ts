/**
 * recordEvent: the one way a row reaches the audit log. Called with the transaction of the
 * change where it has one, so that the change and its record commit or roll back together;
 * otherwise right after the change. IP and user agent come from the request (the router
 * already resolved the IP through advanced.ipAddressHeaders).
 */
import { type Insertable, Transaction } from 'kysely';
import { generateId } from '../../core/crypto/random.ts';
import { afterCommit } from '../../core/db/after-commit.ts';
import type { AuditEventTable, Database } from '../../core/db/schema.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { writeWithDeliveries } from '../webhooks/index.ts';
import { chainFor, chainKey, headMac, rowHash } from './chain.ts';
import { knownHeadsOf } from './known-heads.ts';
import type { AuditActorType, AuditDetails, AuditEventInput, AuditOutcome } from './model.ts';
import {
  type AuditDb,
  advanceChainHead,
  appendAtHead,
  insertAuditEvent,
  insertAuditEventAndSetHead,
  listChainHeads,
  setChainHead,
} from './repo.ts';

/** What recordEvent needs of a request; `{ deps }` alone for the system. */
export interface AuditCtx {
  readonly deps: Pick<AuthDeps, 'clock' | 'logger' | 'config' | 'dialect'>;
  readonly ip?: string | null;
  readonly userAgent?: string;
  readonly isServerCall?: boolean;
}

/** A key naming a secret is never written, whatever its value (docs/audit-log.md). */
const SECRET_KEY = /token|code|secret|password|otp|key|hash|cookie|uri|url/i;
const MAX_VALUE = 200;
const MAX_USER_AGENT = 512;

/** The details as stored: secret-named keys dropped, long strings cut, at most 16 keys. */
export function sanitizeDetails(details: AuditDetails | undefined): string | null {
  if (!details) return null;
  const kept: Record<string, string | number | boolean | null> = {};
  let count = 0;
  for (const [key, value] of Object.entries(details)) {
    if (SECRET_KEY.test(key) || count >= 16) continue;
    kept[key] = typeof value === 'string' ? value.slice(0, MAX_VALUE) : value;
    count++;
  }
  return count === 0 ? null : JSON.stringify(kept);
}

/** A row before it takes its place in a chain. */
interface UnchainedRow {
  id: string;
  createdAt: Date;
  type: string;
  outcome: AuditOutcome;
  actorUserId: string | null;
  actorType: AuditActorType;
  impersonatorUserId: string | null;
  targetType: string | null;
  targetId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: string | null;
}

export async function recordEvent(db: AuditDb, ctx: AuditCtx, event: AuditEventInput): Promise<void> {
  const actorUserId = event.actorUserId ?? null;
  const actorType: AuditActorType = actorUserId
    ? 'user'
    : (event.actorType ?? (ctx.isServerCall ? 'server-api' : 'system'));
  const userAgent = ctx.userAgent ? ctx.userAgent.slice(0, MAX_USER_AGENT) : null;
  const row: UnchainedRow = {
    id: generateId(),
    createdAt: ctx.deps.clock.now(),
    type: event.type,
    outcome: event.outcome ?? 'success',
    actorUserId,
    actorType,
    impersonatorUserId: event.impersonatorUserId ?? null,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    organizationId: event.organizationId ?? null,
    ipAddress: ctx.ip ?? null,
    userAgent,
    details: sanitizeDetails(event.details),
  };
  // the link to the chain and the insert commit together: in the change's transaction, else in one of their own
  const written =
    db instanceof Transaction
      ? await writeChained(db, ctx, row)
      : await db.transaction().execute((trx) => writeChained(trx, ctx, row));
  // after the change's commit: a line is never logged for an event that rolled back
  if (ctx.deps.config.audit.log) afterCommit(() => mirrorToLog(ctx, written));
}

/**
 * Links the row into the transaction's chain, hashes it, inserts it (with its webhook
 * deliveries, docs/webhooks.md) and moves the head, all in `trx`. The head is first taken
 * to be where this instance last left it (known-heads.ts): the write is then one statement
 * on PostgreSQL, and only when the guess was wrong is the head read under its row lock.
 */
async function writeChained(
  trx: Transaction<Database>,
  ctx: AuditCtx,
  content: UnchainedRow,
): Promise<Insertable<AuditEventTable>> {
  const { dialect, clock } = ctx.deps;
  const key = chainKey(ctx.deps.config.secret);
  const known = await knownHeadsOf(ctx.deps, () => listChainHeads(trx));
  const nowMs = clock.now().getTime();
  const chainId = chainFor(trx, (id) => known.avoids(id, nowMs));
  const link = (seq: number, prevHash: string | null) => {
    const linked = { ...content, chainId, chainSeq: seq, prevHash };
    const hash = rowHash(key, linked);
    return { row: { ...linked, hash }, mac: headMac(key, chainId, seq, hash) };
  };
  let written: (Insertable<AuditEventTable> & { chainSeq: number; hash: string }) | null = null;
  await writeWithDeliveries(trx, ctx.deps, content, async () => {
    const guess = known.get(chainId);
    if (guess) {
      const { row, mac } = link(guess.seq + 1, guess.lastHash);
      if (await appendAtHead(trx, dialect, row, guess, mac)) written = row;
      else known.missed(chainId, nowMs);
    }
    if (!written) {
      const { seq, lastHash } = await advanceChainHead(trx, dialect, chainId);
      const { row, mac } = link(seq, lastHash);
      if (dialect === 'postgres') {
        await insertAuditEventAndSetHead(trx, row, chainId, row.hash, mac);
      } else {
        await insertAuditEvent(trx, row);
        await setChainHead(trx, chainId, row.hash, mac);
      }
      written = row;
    }
    known.wrote(chainId, { seq: written.chainSeq, lastHash: written.hash });
  });
  if (!written) throw new Error('the audit event was not written');
  return written;
}

/**
 * `audit.log`: the row as one log line (one JSON object with LOG_FORMAT=json) for a SIEM.
 * It holds what the row holds, which never includes a secret. A row written in a change's
 * transaction is logged once that transaction has committed (core/db/after-commit.ts), and
 * not at all when it rolls back.
 */
function mirrorToLog(ctx: AuditCtx, row: Insertable<AuditEventTable>): void {
  let details: unknown = null;
  try {
    details = row.details ? JSON.parse(row.details) : null;
  } catch {
    details = null;
  }
  const createdAt = row.createdAt instanceof Date ? row.createdAt.toISOString() : String(row.createdAt);
  ctx.deps.logger.info('audit event', {
    auditEvent: {
      id: row.id,
      createdAt,
      type: row.type,
      outcome: row.outcome,
      actorUserId: row.actorUserId ?? null,
      actorType: row.actorType,
      impersonatorUserId: row.impersonatorUserId ?? null,
      targetType: row.targetType ?? null,
      targetId: row.targetId ?? null,
      organizationId: row.organizationId ?? null,
      ipAddress: row.ipAddress ?? null,
      userAgent: row.userAgent ?? null,
      details,
      chainId: row.chainId ?? null,
      chainSeq: row.chainSeq ?? null,
      hash: row.hash ?? null,
    },
  });
}

/** The acting person of a session: its user, and the admin behind it when impersonated. */
export function actorOf(current: { user: { id: string }; session: { impersonatedBy: string | null } }): {
  actorUserId: string;
  impersonatorUserId: string | null;
} {
  return { actorUserId: current.user.id, impersonatorUserId: current.session.impersonatedBy };
}

/** Who acts in a service call and the request it came from: what a feature's service passes on to recordEvent. */
export interface AuditActor {
  readonly ctx: AuditCtx;
  readonly actorUserId: string | null;
  readonly impersonatorUserId: string | null;
}

/** The actor of a request with a session; without one, trusted server code (`api`) or the system. */
export function auditActor(
  ctx: AuditCtx,
  current: { user: { id: string }; session: { impersonatedBy: string | null } } | null,
): AuditActor {
  return current ? { ctx, ...actorOf(current) } : { ctx, actorUserId: null, impersonatorUserId: null };
}

/** The actor's fields of an event. */
export function byActor(actor: AuditActor): { actorUserId: string | null; impersonatorUserId: string | null } {
  return { actorUserId: actor.actorUserId, impersonatorUserId: actor.impersonatorUserId };
}
