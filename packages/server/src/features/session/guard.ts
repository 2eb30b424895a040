/**
 * Session guards (CONTRACT §4): `session` (any valid session), `sensitive` (re-read from
 * the database, bypassing the cookie cache), `fresh` (created less than freshAge ago), and
 * Latch's `recent` (signed in less than session.reauthenticationAge ago: adding a way into
 * the account needs it, like GitHub's sudo mode; POST /verify-password renews it).
 */
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import type { SessionWithUser } from './model.ts';
import { getCurrentSession, isFresh, isRecent } from './service.ts';

export type GuardKind = 'session' | 'sensitive' | 'fresh' | 'recent';

export async function requireSession(
  ctx: RequestContext<unknown, unknown>,
  kind: GuardKind = 'session',
  options: { ownerOnly?: boolean } = {},
): Promise<SessionWithUser> {
  const current = await getCurrentSession(ctx, { disableCookieCache: kind !== 'session' });
  if (!current) throw authError('UNAUTHORIZED');
  // an admin acting as someone has the admin API for their account; deleting it or changing its
  // credentials as them would leave the change looking like the person's own
  if (options.ownerOnly && current.session.impersonatedBy) throw authError('NOT_ALLOWED_WHILE_IMPERSONATING');
  if (kind === 'fresh' && !isFresh(current.session, ctx.deps, ctx.deps.clock.now()))
    throw authError('SESSION_NOT_FRESH');
  if (kind === 'recent' && !isRecent(current.session, ctx.deps, ctx.deps.clock.now()))
    throw authError('REAUTHENTICATION_REQUIRED');
  return current;
}
