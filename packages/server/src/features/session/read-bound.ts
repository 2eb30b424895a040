/**
 * How long a remembered read (core/read-cache.ts) may be given again, as far as the
 * caller's session is concerned: until the session expires, until it is no longer fresh
 * (list-sessions' guard), and until the session-data cookie sent with it expires (the
 * general pipeline would then delete that cookie). Writes are handled by the read version;
 * this bounds what time alone changes.
 */
import type { RequestContext } from '../../core/http/context.ts';
import { safeDecode } from '../../core/http/cookies.ts';
import { decodeCookieCache } from './cookie-cache.ts';
import { getCurrentSession, sessionCookieNames } from './service.ts';

export async function sessionReadBound(
  ctx: RequestContext<unknown, unknown>,
  options: { fresh?: boolean } = {},
): Promise<number | null> {
  // the handler resolved the session already: this is the request's memo, not another read
  const current = await getCurrentSession(ctx);
  if (!current) return null;
  const { config } = ctx.deps;
  let until = current.session.expiresAt.getTime();
  if (options.fresh && config.session.freshAge > 0)
    until = Math.min(until, current.session.createdAt.getTime() + config.session.freshAge * 1000);
  if (config.session.cookieCache.enabled) {
    const raw = ctx.getCookie(sessionCookieNames(ctx.deps).data);
    if (raw !== null) {
      const cached = decodeCookieCache(safeDecode(raw), config.secret, ctx.deps.clock.now().getTime());
      if (!cached) return null;
      until = Math.min(until, cached.expiresAt);
    }
  }
  return until;
}

/** The earliest `expiresAt` among listed items (ISO strings), or Infinity for none. */
export function earliestExpiry(result: unknown): number {
  let earliest = Number.POSITIVE_INFINITY;
  if (!Array.isArray(result)) return earliest;
  for (const item of result as unknown[]) {
    if (item && typeof item === 'object' && 'expiresAt' in item && typeof item.expiresAt === 'string')
      earliest = Math.min(earliest, Date.parse(item.expiresAt));
  }
  return earliest;
}
