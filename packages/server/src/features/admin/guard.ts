/**
 * The admin endpoints' guard: a session re-read from the database, then one permission, and
 * for a change the second factor the configuration may ask of the admin (docs/admin.md,
 * "A second factor for admin actions").
 */
import type { ErrorCode } from '@latch/contract';
import type { ResolvedConfig } from '../../core/config/resolve.ts';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { actorOf, recordEvent } from '../audit/index.ts';
import { requireSession, type SessionWithUser } from '../session/index.ts';
import { type AdminPermissions, hasAdminPermission } from './permissions.ts';

export type AdminOptions = Exclude<ResolvedConfig['plugins']['admin'], false>;

/**
 * What the call does: `read` answers what is there; `change` changes something (a user, a
 * session, a webhook, a key) or acts as someone. Every caller says which, so that no new
 * change can forget the second factor by leaving an argument out.
 */
export type AdminAccess = 'read' | 'change';

export function adminOptions(ctx: RequestContext<unknown, unknown>): AdminOptions {
  const options = ctx.deps.config.plugins.admin;
  if (!options) throw authError('NOT_FOUND');
  return options;
}

export async function requireAdmin(
  ctx: RequestContext<unknown, unknown>,
  permissions: AdminPermissions,
  refusal: ErrorCode,
  access: AdminAccess,
): Promise<SessionWithUser> {
  const options = adminOptions(ctx);
  const current = await requireSession(ctx, 'sensitive');
  if (!hasAdminPermission(current.user, permissions, options)) throw authError(refusal);
  if (access === 'change') await requireSecondFactorProof(ctx, current, options);
  return current;
}

/** Whether this admin's changes need a recent second factor under the configured rule. */
export function secondFactorRequired(
  ctx: RequestContext<unknown, unknown>,
  current: SessionWithUser,
  options: AdminOptions,
): boolean {
  switch (options.requireSecondFactor) {
    case 'off':
      return false;
    case 'always':
      return true;
    case 'when-enrolled':
      // an impersonated session is always asked, and can never answer
      return (
        current.session.impersonatedBy !== null ||
        (ctx.deps.config.plugins.twoFactor !== false && current.user.twoFactorEnabled)
      );
  }
}

/** Whether the session proved a second factor within the configured age (never an impersonation). */
export function hasRecentSecondFactor(
  ctx: RequestContext<unknown, unknown>,
  current: SessionWithUser,
  options: AdminOptions,
): boolean {
  const at = current.session.secondFactorVerifiedAt;
  if (current.session.impersonatedBy !== null || at === null) return false;
  const age = ctx.deps.clock.now().getTime() - at.getTime();
  return age >= 0 && age < options.secondFactorMaxAge * 1000;
}

/**
 * Refuses a change with 403 SECOND_FACTOR_REQUIRED before anything is written, and leaves
 * one `admin.action_refused` failure event saying what was refused and why.
 */
async function requireSecondFactorProof(
  ctx: RequestContext<unknown, unknown>,
  current: SessionWithUser,
  options: AdminOptions,
): Promise<void> {
  if (!secondFactorRequired(ctx, current, options) || hasRecentSecondFactor(ctx, current, options)) return;
  await recordEvent(ctx.deps.db, ctx, {
    type: 'admin.action_refused',
    outcome: 'failure',
    ...actorOf(current),
    // the refused call's target is not read before the refusal: the path says what it was
    details: {
      reason: 'second_factor_required',
      path: ctx.url.pathname.slice(-200),
      proof: current.session.impersonatedBy
        ? 'impersonation'
        : current.session.secondFactorVerifiedAt
          ? 'stale'
          : 'none',
    },
  });
  throw authError('SECOND_FACTOR_REQUIRED');
}
