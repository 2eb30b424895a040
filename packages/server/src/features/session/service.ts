/**
 * Sessions: creating one, finding the current one (cookie cache, then one indexed
 * read), the sliding refresh, and the cookies that carry them.
 */

import { addSeconds } from '../../core/clock.ts';
import { hashToken } from '../../core/crypto/hash.ts';
import type { AuthDeps, RequestContext } from '../../core/http/context.ts';
import { safeDecode, serializeCookie } from '../../core/http/cookies.ts';
import type { User } from '../user/index.ts';
import { userFromJson, userToJson } from '../user/index.ts';
import { COOKIE_CACHE_LIMIT, cacheIssuedAt, decodeCookieCache, encodeCookieCache } from './cookie-cache.ts';
import { type Session, type SessionWithUser, sessionFromJson, sessionToJson } from './model.ts';
import { deleteSessionById, findSessionWithUserByTokenHash, updateSession } from './repo.ts';

export const DONT_REMEMBER_SESSION_SECONDS = 86_400;

export interface SessionCookieNames {
  token: string;
  data: string;
  dontRemember: string;
}

export function sessionCookieNames(deps: AuthDeps): SessionCookieNames {
  return {
    token: deps.cookieName('session_token'),
    data: deps.cookieName('session_data'),
    dontRemember: deps.cookieName('dont_remember'),
  };
}

/** Sets session_token (and dont_remember, and the cache when enabled). */
export function setSessionCookies(
  ctx: RequestContext<unknown, unknown>,
  token: string,
  data: { session: Session; user: User },
  opts: { dontRemember?: boolean } = {},
): void {
  const names = sessionCookieNames(ctx.deps);
  const dontRemember = opts.dontRemember ?? ctx.getSignedCookie(names.dontRemember) === 'true';
  const maxAge = dontRemember
    ? undefined
    : Math.max(1, Math.floor((data.session.expiresAt.getTime() - ctx.deps.clock.now().getTime()) / 1000));
  ctx.setSignedCookie(names.token, token, { maxAge });
  if (dontRemember) ctx.setSignedCookie(names.dontRemember, 'true');
  else if (ctx.getCookie(names.dontRemember) !== null) ctx.deleteCookie(names.dontRemember);
  writeCookieCache(ctx, data, dontRemember);
}

function writeCookieCache(
  ctx: RequestContext<unknown, unknown>,
  data: { session: Session; user: User },
  dontRemember: boolean,
): void {
  const { config, clock, logger } = ctx.deps;
  const names = sessionCookieNames(ctx.deps);
  if (!config.session.cookieCache.enabled) {
    if (ctx.getCookie(names.data) !== null) ctx.deleteCookie(names.data);
    return;
  }
  const maxAge = config.session.cookieCache.maxAge;
  const value = encodeCookieCache(
    {
      session: sessionToJson(data.session),
      user: userToJson(data.user),
      expiresAt: clock.now().getTime() + maxAge * 1000,
      issuedAt: clock.now().getTime(),
    },
    config.secret,
  );
  const line = serializeCookie(names.data, value, {
    maxAge: dontRemember ? undefined : maxAge,
    secure: config.advanced.useSecureCookies,
  });
  if (line.length > COOKIE_CACHE_LIMIT) {
    logger.error(
      `The session data cookie would be ${line.length} characters, over the ${COOKIE_CACHE_LIMIT}-character limit of browsers, so it was not set. Disable session cookie caching (session.cookieCache.enabled: false) or keep user records smaller.`,
      { userId: data.user.id },
    );
    ctx.deleteCookie(names.data);
    return;
  }
  ctx.setCookie(names.data, value, { maxAge: dontRemember ? undefined : maxAge });
}

export function clearSessionCookies(ctx: RequestContext<unknown, unknown>): void {
  const names = sessionCookieNames(ctx.deps);
  ctx.deleteCookie(names.token);
  ctx.deleteCookie(names.data);
  ctx.deleteCookie(names.dontRemember);
}

export interface ResolveOptions {
  /** Read the database even when a valid cache cookie is present. */
  disableCookieCache?: boolean;
}

const MEMO_KEY = 'session';

/**
 * The current session, or null. A forged or unsigned cookie reads as no session and is
 * left alone; a signed token whose session is gone or expired clears the cookies (and an
 * expired row is deleted).
 */
export async function getCurrentSession(
  ctx: RequestContext<unknown, unknown>,
  opts: ResolveOptions = {},
): Promise<SessionWithUser | null> {
  const memoKey = opts.disableCookieCache ? `${MEMO_KEY}:db` : MEMO_KEY;
  if (ctx.memo.has(memoKey)) return ctx.memo.get(memoKey) as SessionWithUser | null;
  const result = await resolveSession(ctx, opts);
  ctx.memo.set(memoKey, result);
  if (opts.disableCookieCache) ctx.memo.set(MEMO_KEY, result);
  return result;
}

async function resolveSession(
  ctx: RequestContext<unknown, unknown>,
  opts: ResolveOptions,
): Promise<SessionWithUser | null> {
  const { deps } = ctx;
  const names = sessionCookieNames(deps);
  const token = ctx.getSignedCookie(names.token);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const now = deps.clock.now();
  let rewriteCache = false;

  if (deps.config.session.cookieCache.enabled) {
    const raw = ctx.getCookie(names.data);
    if (raw !== null) {
      const cached = decodeCookieCache(safeDecode(raw), deps.config.secret, now.getTime());
      if (!cached || cached.session.token !== tokenHash) {
        ctx.deleteCookie(names.data);
      } else if (
        !deps.revocations.believes(cached.user.id, cacheIssuedAt(cached, deps.config.session.cookieCache.maxAge))
      ) {
        // written before the user's last revocation: the store answers, and a live session gets a new cache
        rewriteCache = true;
      } else if (!opts.disableCookieCache) {
        const session = sessionFromJson(cached.session);
        if (session.expiresAt > now) return { session, user: userFromJson(cached.user), token };
      }
    }
  }

  const found = await findSessionWithUserByTokenHash(deps, tokenHash);
  if (!found) {
    clearSessionCookies(ctx);
    return null;
  }
  if (found.session.expiresAt <= now) {
    await deleteSessionById(deps.db, found.session.id);
    clearSessionCookies(ctx);
    return null;
  }
  if (rewriteCache) writeCookieCache(ctx, found, ctx.getSignedCookie(names.dontRemember) === 'true');
  return { ...found, token };
}

/**
 * Whether this session slides at all, decided from its row, never from a cookie the client
 * holds (a dropped `dont_remember` cookie must not turn a one-day session into a seven-day
 * one). An impersonation never slides (it ends after impersonationSessionDuration), nor does
 * a session granted a shorter lifetime than session.expiresIn: a don't-remember session
 * (rememberMe: false, one day) or a custom one. A session that has slid once lives
 * expiresIn from its last refresh, so it keeps sliding. (The one second allows for a
 * database that keeps no milliseconds.)
 */
export function slides(session: Session, deps: AuthDeps): boolean {
  if (session.impersonatedBy) return false;
  const granted = session.expiresAt.getTime() - session.createdAt.getTime();
  return granted + 1000 >= deps.config.session.expiresIn * 1000;
}

/** Whether the sliding refresh is due (CONTRACT §5.2): updateAge has passed since the last extension. */
export function isRefreshDue(session: Session, deps: AuthDeps, now: Date): boolean {
  if (!slides(session, deps)) return false;
  const { expiresIn, updateAge } = deps.config.session;
  return session.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now.getTime();
}

/** Extends the session to now + expiresIn and re-sends its cookie with the same token. */
export async function refreshSession(
  ctx: RequestContext<unknown, unknown>,
  current: SessionWithUser,
): Promise<SessionWithUser | null> {
  const { deps } = ctx;
  // a session that does not slide is never made longer-lived than it was granted
  if (!slides(current.session, deps)) return current;
  const now = deps.clock.now();
  const expiresAt = addSeconds(now, deps.config.session.expiresIn);
  const updated = await updateSession(deps.db, current.session.id, { expiresAt, updatedAt: now });
  if (updated === 0) return null;
  const next: SessionWithUser = { ...current, session: { ...current.session, expiresAt, updatedAt: now } };
  if (current.token) setSessionCookies(ctx, current.token, next);
  return next;
}

/**
 * Whether the session was signed in recently enough to add a way into the account. A
 * session's createdAt is its sign-in: a re-authentication replaces the session.
 */
export function isRecent(session: Session, deps: AuthDeps, now: Date): boolean {
  const { reauthenticationAge } = deps.config.session;
  if (reauthenticationAge === 0) return true;
  return now.getTime() - session.createdAt.getTime() < reauthenticationAge * 1000;
}

export function isFresh(session: Session, deps: AuthDeps, now: Date): boolean {
  const { freshAge } = deps.config.session;
  if (freshAge === 0) return true;
  return now.getTime() - session.createdAt.getTime() < freshAge * 1000;
}

/**
 * The admin's own session, waiting in the signed `admin_session` cookie while they impersonate
 * someone (features/admin, impersonate-user): found only when it is live and belongs to
 * `impersonatorId`. Stop-impersonating restores it; sign-out ends it.
 */
export async function waitingAdminSession(
  ctx: RequestContext<unknown, unknown>,
  impersonatorId: string,
): Promise<{ admin: { session: Session; user: User }; token: string; dontRemember: boolean } | null> {
  const stored = ctx.getSignedCookie(ctx.deps.cookieName('admin_session'));
  const [token = '', dontRemember = ''] = (stored ?? '').split(':');
  if (!token) return null;
  const admin = await findSessionWithUserByTokenHash(ctx.deps, hashToken(token));
  if (!admin || admin.user.id !== impersonatorId || admin.session.expiresAt <= ctx.deps.clock.now()) return null;
  return { admin, token, dontRemember: dontRemember === 'true' };
}
