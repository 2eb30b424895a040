/**
 * The audit log for admins (docs/audit-log.md): GET /admin/list-audit-events (newest first,
 * keyset-paged), /admin/export-audit-events (JSON lines or CSV, streamed) and
 * /admin/verify-audit-chain. Each needs the `user: ['list']` permission; a refusal is
 * YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG.
 */
import { audit as auditRows, admin as rows } from '@latch/contract';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { exportAuditEvents, filterOf, readAuditPage, verifyAuditChains } from '../audit/index.ts';
import { requireAdmin } from './guard.ts';

function requireAuditReader(ctx: RequestContext<unknown, unknown>) {
  return requireAdmin(ctx, { user: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG', 'read');
}

const listAuditEventsEndpoint = defineEndpoint(rows.listAuditEvents, {
  async handler(ctx) {
    await requireAuditReader(ctx);
    return readAuditPage(ctx.deps.db, filterOf(ctx.query), ctx.query.limit, ctx.query.cursor);
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
