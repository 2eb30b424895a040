/**
 * An organization's own audit log (docs/audit-log.md): GET /organization/list-audit-events
 * and /organization/export-audit-events, for members whose role grants `auditLog: ['read']`
 * (owner and admin by default). The rows are filtered by the organization the caller's
 * membership was checked in, never by anything else the caller sends, so no other
 * organization's row can come back.
 */
import { audit as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { exportAuditEvents, filterOf, readAuditPage } from '../audit/index.ts';
import { memberMay, requireOrgSession } from './guard.ts';
import { findMember } from './repo.ts';

/**
 * The organization whose events the caller may read: the one named, else the active one.
 * Not a member, or a member without the permission: the same refusal, so a stranger learns
 * nothing (not even whether the organization exists).
 */
async function readableOrganization(
  ctx: RequestContext<unknown, unknown>,
  organizationId: string | undefined,
): Promise<string> {
  const current = await requireOrgSession(ctx);
  const id = organizationId ?? current.session.activeOrganizationId;
  if (!id) throw authError('NO_ACTIVE_ORGANIZATION');
  const member = await findMember(ctx.deps.db, id, current.user.id);
  if (!member || !memberMay(member, { auditLog: ['read'] }))
    throw authError('YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG');
  return id;
}

const listAuditEvents = defineEndpoint(rows.listOrganizationAuditEvents, {
  async handler(ctx) {
    const organizationId = await readableOrganization(ctx, ctx.query.organizationId);
    return readAuditPage(ctx.deps.db, filterOf({ ...ctx.query, organizationId }), ctx.query.limit, ctx.query.cursor);
  },
});

const exportEvents = defineEndpoint(rows.exportOrganizationAuditEvents, {
  async handler(ctx) {
    const organizationId = await readableOrganization(ctx, ctx.query.organizationId);
    return exportAuditEvents(ctx.deps, filterOf({ ...ctx.query, organizationId }), ctx.query.format);
  },
});

export const organizationAuditEndpoints = [listAuditEvents, exportEvents];
