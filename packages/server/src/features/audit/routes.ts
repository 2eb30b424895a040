/** The person's own audit rows (own-events.ts): GET /list-own-audit-events. */
import { audit as rows } from '@latch/contract';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { requireSession } from '../session/index.ts';
import { readOwnAuditPage } from './own-events.ts';

const listOwnAuditEvents = defineEndpoint(rows.listOwnAuditEvents, {
  async handler(ctx) {
    // an admin acting as the person has the admin's own audit reads; the person's log is theirs
    const { user } = await requireSession(ctx, 'sensitive', { ownerOnly: true });
    return readOwnAuditPage(ctx.deps.db, user.id, ctx.query);
  },
});

export const auditEndpoints = [listOwnAuditEvents];
