/**
 * A person's own security activity (GET /list-own-audit-events, issue 13 item 4): the rows
 * they acted in (`actorUserId`) and the rows about their account (`targetType: user`,
 * `targetId`), newest first, keyset-paged like the admin list. The two sets are read
 * separately, each by its own index ((actorUserId, createdAt) and (targetId, createdAt)), and
 * merged, so that no OR makes a database read the log whole. Nobody else's row can come
 * back: both reads are bound to the session's user id, whatever the query says.
 *
 * An address and a browser are the person's own only when they acted themselves: an admin's
 * action, an admin acting as them (impersonation) and an anonymous attempt (a refused
 * sign-in) are listed without them.
 */
import type { AuditEvent } from './model.ts';
import { decodeCursor, encodeCursor } from './reader.ts';
import { type AuditDb, listAuditEvents } from './repo.ts';

export interface OwnAuditQuery {
  type?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

function newestFirst(a: AuditEvent, b: AuditEvent): number {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function ownAuditEventToJson(event: AuditEvent, userId: string) {
  const byYou = event.actorUserId === userId && event.impersonatorUserId === null;
  return {
    id: event.id,
    createdAt: event.createdAt.toISOString(),
    type: event.type,
    outcome: event.outcome,
    byYou,
    actorType: event.actorType,
    impersonated: event.impersonatorUserId !== null,
    targetType: event.targetType,
    organizationId: event.organizationId,
    ipAddress: byYou ? event.ipAddress : null,
    userAgent: byYou ? event.userAgent : null,
    details: event.details,
  };
}

export async function readOwnAuditPage(db: AuditDb, userId: string, query: OwnAuditQuery) {
  const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const take = query.limit + 1;
  const [acted, about] = await Promise.all([
    listAuditEvents(db, { type: query.type, actorUserId: userId, before }, take),
    listAuditEvents(db, { type: query.type, targetType: 'user', targetId: userId, before }, take),
  ]);
  const seen = new Set<string>();
  const merged = [...acted, ...about].sort(newestFirst).filter((event) => {
    if (seen.has(event.id)) return false;
    seen.add(event.id);
    return true;
  });
  const page = merged.slice(0, query.limit);
  const last = page.at(-1);
  return {
    events: page.map((event) => ownAuditEventToJson(event, userId)),
    nextCursor: merged.length > query.limit && last ? encodeCursor(last) : null,
  };
}
