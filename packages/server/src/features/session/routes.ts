/** get-session, sign-out, list-sessions and the revoke-* endpoints (CONTRACT §4.2, §4.7, §4.8). */
import { session as rows } from '@latch/contract';
import { hashToken } from '../../core/crypto/hash.ts';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { cacheableRead } from '../../core/read-cache.ts';
import { actorOf, recordEvent } from '../audit/index.ts';
import { userToJson } from '../user/index.ts';
import { requireSession } from './guard.ts';
import { sessionToJson } from './model.ts';
import { earliestExpiry, sessionReadBound } from './read-bound.ts';
import {
  deleteSessionById,
  deleteSessionsOfUser,
  deleteUserSessionByTokenHash,
  listActiveSessionsOfUser,
} from './repo.ts';
import {
  clearSessionCookies,
  getCurrentSession,
  isRefreshDue,
  refreshSession,
  waitingAdminSession,
} from './service.ts';

const getSession = defineEndpoint(rows.getSession, {
  async handler(ctx) {
    ctx.headers.set('cache-control', 'no-store');
    ctx.headers.set('pragma', 'no-cache');
    let current = await getCurrentSession(ctx, { disableCookieCache: ctx.query.disableCookieCache });
    if (!current) return null;
    const { deps } = ctx;
    const now = deps.clock.now();
    // whether it slides comes from the session row (isRefreshDue), never from the dont_remember cookie
    if (
      !ctx.query.disableRefresh &&
      !deps.config.session.disableSessionRefresh &&
      isRefreshDue(current.session, deps, now)
    ) {
      // the cache may be stale about expiry: refresh from the database's view
      if (!ctx.memo.has('session:db'))
        current = (await getCurrentSession(ctx, { disableCookieCache: true })) ?? current;
      const refreshed = await refreshSession(ctx, current);
      if (!refreshed) {
        clearSessionCookies(ctx);
        throw authError('FAILED_TO_GET_SESSION');
      }
      current = refreshed;
    }
    return { session: sessionToJson(current.session), user: userToJson(current.user) };
  },
});

const postGetSession = defineEndpoint(rows.postGetSession, {
  handler() {
    throw authError('METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED');
  },
});

/**
 * Signing out while impersonating signs the browser out, the admin included: the admin's own
 * session, waiting in the signed admin_session cookie (features/admin, impersonate-user), ends
 * too, if it is the impersonator's. Another person's session named there is left alone.
 */
async function signOutWaitingAdmin(ctx: RequestContext<unknown, unknown>, impersonatorId: string): Promise<void> {
  const waiting = await waitingAdminSession(ctx, impersonatorId);
  if (!waiting) return;
  const { admin } = waiting;
  await deleteSessionById(ctx.deps.db, admin.session.id);
  ctx.deps.revocations.revoke(admin.user.id);
  await recordEvent(ctx.deps.db, ctx, {
    type: 'sign_out',
    actorUserId: admin.user.id,
    targetType: 'user',
    targetId: admin.user.id,
    details: { sessionId: admin.session.id },
  });
}

const signOut = defineEndpoint(rows.signOut, {
  async handler(ctx) {
    const current = await getCurrentSession(ctx, { disableCookieCache: true });
    if (current) {
      await deleteSessionById(ctx.deps.db, current.session.id);
      // a copy of the cookies taken before sign-out does not answer from its cache either
      ctx.deps.revocations.revoke(current.user.id);
      await recordEvent(ctx.deps.db, ctx, {
        type: 'sign_out',
        ...actorOf(current),
        targetType: 'user',
        targetId: current.user.id,
        details: { sessionId: current.session.id },
      });
      if (current.session.impersonatedBy) await signOutWaitingAdmin(ctx, current.session.impersonatedBy);
    }
    const adminCookie = ctx.deps.cookieName('admin_session');
    if (ctx.getCookie(adminCookie) !== null) ctx.deleteCookie(adminCookie);
    clearSessionCookies(ctx);
    return { success: true };
  },
});

// remembered while no session or user row is written, until a listed session expires (core/read-cache.ts)
const listSessions = cacheableRead(
  defineEndpoint(rows.listSessions, {
    async handler(ctx) {
      const { user } = await requireSession(ctx, 'fresh');
      const sessions = await listActiveSessionsOfUser(ctx.deps.db, user.id, ctx.deps.clock.now());
      return sessions.filter((s) => !s.impersonatedBy).map(sessionToJson);
    },
  }),
  async (ctx, result) => {
    const bound = await sessionReadBound(ctx, { fresh: true });
    return bound === null ? null : Math.min(bound, earliestExpiry(result));
  },
);

const revokeSession = defineEndpoint(rows.revokeSession, {
  async handler(ctx) {
    const current = await requireSession(ctx, 'sensitive');
    // the opaque id from list-sessions is the stored hash; a raw cookie token is hashed first
    const candidates = [ctx.body.token, hashToken(ctx.body.token)];
    for (const tokenHash of candidates) {
      const deleted = await deleteUserSessionByTokenHash(ctx.deps.db, current.user.id, tokenHash);
      if (deleted > 0) {
        ctx.deps.revocations.revoke(current.user.id);
        await recordEvent(ctx.deps.db, ctx, {
          type: 'session.revoked',
          ...actorOf(current),
          targetType: 'user',
          targetId: current.user.id,
          details: { scope: 'one', current: tokenHash === current.session.tokenHash },
        });
        if (tokenHash === current.session.tokenHash) clearSessionCookies(ctx);
        break;
      }
    }
    return { status: true };
  },
});

const revokeSessions = defineEndpoint(rows.revokeSessions, {
  async handler(ctx) {
    const current = await requireSession(ctx, 'sensitive');
    await deleteSessionsOfUser(ctx.deps.db, current.user.id);
    ctx.deps.revocations.revoke(current.user.id);
    await recordEvent(ctx.deps.db, ctx, {
      type: 'session.revoked',
      ...actorOf(current),
      targetType: 'user',
      targetId: current.user.id,
      details: { scope: 'all' },
    });
    clearSessionCookies(ctx);
    return { status: true };
  },
});

const revokeOtherSessions = defineEndpoint(rows.revokeOtherSessions, {
  async handler(ctx) {
    const current = await requireSession(ctx, 'sensitive');
    await deleteSessionsOfUser(ctx.deps.db, current.user.id, current.session.id);
    ctx.deps.revocations.revoke(current.user.id);
    await recordEvent(ctx.deps.db, ctx, {
      type: 'session.revoked',
      ...actorOf(current),
      targetType: 'user',
      targetId: current.user.id,
      details: { scope: 'others' },
    });
    return { status: true };
  },
});

export const sessionEndpoints = [
  getSession,
  postGetSession,
  signOut,
  listSessions,
  revokeSession,
  revokeSessions,
  revokeOtherSessions,
];
