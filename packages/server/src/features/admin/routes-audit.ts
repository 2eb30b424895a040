/** GET /admin/list-audit-events (docs/audit-log.md): the audit log for admins, newest first, keyset-paged. */
import { admin as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { type AuditEvent, listAuditEvents } from '../audit/index.ts';
import { requireAdmin } from './guard.ts';

/** The cursor is the last row's (createdAt, id), opaque to the caller. */
function encodeCursor(event: AuditEvent): string {
  return Buffer.from(`${event.createdAt.getTime()}:${event.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15}):(.{1,255})$/.exec(text);
  if (!match?.[1] || !match[2]) throw authError('VALIDATION_ERROR');
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}

function eventToJson(event: AuditEvent) {
  return { ...event, createdAt: event.createdAt.toISOString() };
}

const listAuditEventsEndpoint = defineEndpoint(rows.listAuditEvents, {
  async handler(ctx) {
    await requireAdmin(ctx, { user: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS');
    const q = ctx.query;
    const limit = q.limit;
    // one more than asked: whether a next page exists, without a count
    const found = await listAuditEvents(
      ctx.deps.db,
      {
        type: q.type,
        actorUserId: q.actorUserId,
        targetId: q.targetId,
        organizationId: q.organizationId,
        outcome: q.outcome,
        from: q.from === undefined ? undefined : new Date(q.from),
        to: q.to === undefined ? undefined : new Date(q.to),
        before: q.cursor === undefined ? undefined : decodeCursor(q.cursor),
      },
      limit + 1,
    );
    const page = found.slice(0, limit);
    const last = page.at(-1);
    return {
      events: page.map(eventToJson),
      nextCursor: found.length > limit && last ? encodeCursor(last) : null,
    };
  },
});

export const adminAuditEndpoints = [listAuditEventsEndpoint];
