/**
 * The audit log for admins (docs/audit-log.md): GET /admin/list-audit-events (newest first,
 * keyset-paged), /admin/export-audit-events (JSON lines or CSV, streamed) and
 * /admin/verify-audit-chain. Each needs the `user: ['list']` permission; a refusal is
 * YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG.
 */
import { audit as auditRows, admin as rows } from '@latch/contract';
import type { z } from 'zod';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { exportAuditEvents, filterOf, readAuditPage, verifyAuditChains } from '../audit/index.ts';
import { findUserNamesByIds } from '../user/index.ts';
import { requireAdmin } from './guard.ts';

function requireAuditReader(ctx: RequestContext<unknown, unknown>) {
  return requireAdmin(ctx, { user: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG', 'read');
}

type AuditEventJson = z.infer<typeof rows.auditEventJson>;

/** The user ids a page of events names: actors, impersonators, and targets that are users. */
function peopleOf(events: readonly AuditEventJson[]): string[] {
  const ids = new Set<string>();
  for (const event of events) {
    if (event.actorUserId) ids.add(event.actorUserId);
    if (event.impersonatorUserId) ids.add(event.impersonatorUserId);
    if (event.targetType === 'user' && event.targetId) ids.add(event.targetId);
  }
  return [...ids];
}

const listAuditEventsEndpoint = defineEndpoint(rows.listAuditEvents, {
  async handler(ctx) {
    await requireAuditReader(ctx);
    const page = await readAuditPage(ctx.deps.db, filterOf(ctx.query), ctx.query.limit, ctx.query.cursor);
    // one query for the whole page (at most 3 ids an event, 200 events), never one per row
    const found = await findUserNamesByIds(ctx.deps.db, peopleOf(page.events));
    const people: Record<string, { name: string; email: string }> = {};
    for (const { id, name, email } of found) people[id] = { name, email };
    return { ...page, people };
  },
});

const exportAuditEventsEndpoint = defineEndpoint(auditRows.exportAuditEvents, {
  async handler(ctx) {
    await requireAuditReader(ctx);
    return exportAuditEvents(ctx.deps, filterOf(ctx.query), ctx.query.format);
  },
});

const verifyAuditChainEndpoint = defineEndpoint(auditRows.verifyAuditChain, {
  async handler(ctx) {
    await requireAuditReader(ctx);
    const result = await verifyAuditChains(ctx.deps);
    const json = (b: (typeof result.broken)[number]) => ({ ...b, createdAt: b.createdAt?.toISOString() ?? null });
    return { ...result, firstBroken: result.firstBroken && json(result.firstBroken), broken: result.broken.map(json) };
  },
});

export const adminAuditEndpoints = [listAuditEventsEndpoint, exportAuditEventsEndpoint, verifyAuditChainEndpoint];
