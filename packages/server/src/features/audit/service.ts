/**
 * recordEvent: the one way a row reaches the audit log. Called with the transaction of the
 * change where it has one, so that the change and its record commit or roll back together;
 * otherwise right after the change. IP and user agent come from the request (the router
 * already resolved the IP through advanced.ipAddressHeaders).
 */
import { generateId } from '../../core/crypto/random.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { writeWithDeliveries } from '../webhooks/index.ts';
import type { AuditDetails, AuditEventInput } from './model.ts';
import { type AuditDb, insertAuditEvent } from './repo.ts';

/** What recordEvent needs of a request; `{ deps }` alone for the system. */
export interface AuditCtx {
  readonly deps: Pick<AuthDeps, 'clock' | 'logger' | 'config'>;
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

export async function recordEvent(db: AuditDb, ctx: AuditCtx, event: AuditEventInput): Promise<void> {
  const actorUserId = event.actorUserId ?? null;
  const actorType = actorUserId ? 'user' : (event.actorType ?? (ctx.isServerCall ? 'server-api' : 'system'));
  const userAgent = ctx.userAgent ? ctx.userAgent.slice(0, MAX_USER_AGENT) : null;
  const row = {
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
  // the event's webhook deliveries are queued in the same transaction (docs/webhooks.md)
  await writeWithDeliveries(db, ctx.deps, row, (trx) => insertAuditEvent(trx, row));
}

/** The acting person of a session: its user, and the admin behind it when impersonated. */
export function actorOf(current: { user: { id: string }; session: { impersonatedBy: string | null } }): {
  actorUserId: string;
  impersonatorUserId: string | null;
} {
  return { actorUserId: current.user.id, impersonatorUserId: current.session.impersonatedBy };
}
