/**
 * The per-account limit as handlers use it: count one request against the account's
 * bucket for this endpoint (or for a named group that is not an endpoint, such as the
 * grants of the sign-in pipeline) and refuse with 429 and X-Retry-After when it is spent.
 * docs/rate-limiting.md lists the groups and their limits.
 */
import { authError } from '../../errors.ts';
import type { RequestContext } from '../context.ts';

/**
 * `account` is what the request names (an email, a username, a user id); it is
 * normalised and stored only as a digest. `path` defaults to the request's own path.
 */
export async function limitAccount(
  ctx: RequestContext<unknown, unknown>,
  account: string,
  path: string = ctx.url.pathname.slice(ctx.deps.config.basePath.length),
): Promise<void> {
  if (ctx.isServerCall) return;
  const decision = await ctx.deps.rateLimiter.checkAccount({ path, account });
  if (decision.allowed) return;
  throw authError('TOO_MANY_REQUESTS', { headers: { 'x-retry-after': String(decision.retryAfterSeconds) } });
}
