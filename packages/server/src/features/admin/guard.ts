/** The admin endpoints' guard: a session re-read from the database, then one permission. */
import type { ErrorCode } from '@latch/contract';
import type { ResolvedConfig } from '../../core/config/resolve.ts';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { requireSession, type SessionWithUser } from '../session/index.ts';
import { type AdminPermissions, hasAdminPermission } from './permissions.ts';

export type AdminOptions = Exclude<ResolvedConfig['plugins']['admin'], false>;

export function adminOptions(ctx: RequestContext<unknown, unknown>): AdminOptions {
  const options = ctx.deps.config.plugins.admin;
  if (!options) throw authError('NOT_FOUND');
  return options;
}

export async function requireAdmin(
  ctx: RequestContext<unknown, unknown>,
  permissions: AdminPermissions,
  refusal: ErrorCode,
): Promise<SessionWithUser> {
  const options = adminOptions(ctx);
  const current = await requireSession(ctx, 'sensitive');
  if (!hasAdminPermission(current.user, permissions, options)) throw authError(refusal);
  return current;
}
