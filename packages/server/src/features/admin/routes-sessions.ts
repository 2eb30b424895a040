/** Bans, user sessions and impersonation (CONTRACT §6.3). */
import { admin as rows } from '@latch/contract';
import { addSeconds } from '../../core/clock.ts';
import { hashToken } from '../../core/crypto/hash.ts';
import { authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { actorOf, recordEvent } from '../audit/index.ts';
import {
  clearSessionCookies,
  deleteImpersonationSessionsBy,
  deleteSessionById,
  deleteSessionsOfUser,
  findSessionWithUserByTokenHash,
  listActiveSessionsOfUser,
  requireSession,
  sessionCookieNames,
  sessionToJson,
  setSessionCookies,
  waitingAdminSession,
} from '../session/index.ts';
import { grantSession } from '../sign-in/index.ts';
import { updateUserRow, userToJson } from '../user/index.ts';
import { adminOptions, requireAdmin } from './guard.ts';
import { type AdminPermissions, hasAdminPermission, isAdmin } from './permissions.ts';
import { requireUser } from './service.ts';

const banUser = defineEndpoint(rows.banUser, {
  async handler(ctx) {
    const current = await requireAdmin(ctx, { user: ['ban'] }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS', 'change');
    const target = await requireUser(ctx.deps, ctx.body.userId);
    if (target.id === current.user.id) throw authError('YOU_CANNOT_BAN_YOURSELF');
    const now = ctx.deps.clock.now();
    const actedAs = await ctx.deps.db.transaction().execute(async (trx) => {
      await updateUserRow(trx, target.id, {
        banned: true,
        banReason: ctx.body.banReason ?? 'No reason',
        banExpires: ctx.body.banExpiresIn ? addSeconds(now, ctx.body.banExpiresIn) : null,
        updatedAt: now,
      });
      await deleteSessionsOfUser(trx, target.id);
      // a banned admin stops acting as anyone: the sessions they opened as other people end too
      const ended = await deleteImpersonationSessionsBy(trx, target.id);
      await recordEvent(trx, ctx, {
        type: 'user.banned',
        ...actorOf(current),
        targetType: 'user',
        targetId: target.id,
        details: { expiresInSeconds: ctx.body.banExpiresIn ?? null },
      });
      return ended;
    });
    ctx.deps.revocations.revoke(target.id);
    for (const userId of actedAs) ctx.deps.revocations.revoke(userId);
    return { user: userToJson(await requireUser(ctx.deps, target.id)) };
  },
});

const unbanUser = defineEndpoint(rows.unbanUser, {
  async handler(ctx) {
    const current = await requireAdmin(ctx, { user: ['ban'] }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS', 'change');
    const target = await requireUser(ctx.deps, ctx.body.userId);
    await ctx.deps.db.transaction().execute(async (trx) => {
      await updateUserRow(trx, target.id, {
        banned: false,
        banReason: null,
        banExpires: null,
        updatedAt: ctx.deps.clock.now(),
      });
      await recordEvent(trx, ctx, {
        type: 'user.unbanned',
        ...actorOf(current),
        targetType: 'user',
        targetId: target.id,
      });
    });
    return { user: userToJson(await requireUser(ctx.deps, target.id)) };
  },
});

const listUserSessions = defineEndpoint(rows.listUserSessions, {
  async handler(ctx) {
    await requireAdmin(ctx, { session: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS', 'read');
    const sessions = await listActiveSessionsOfUser(ctx.deps.db, ctx.body.userId, ctx.deps.clock.now());
    return { sessions: sessions.map(sessionToJson) };
  },
});

const revokeUserSession = defineEndpoint(rows.revokeUserSession, {
  async handler(ctx) {
    const current = await requireAdmin(
      ctx,
      { session: ['revoke'] },
      'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS',
      'change',
    );
    // the opaque token from list-user-sessions is the stored hash; a raw token is hashed first
    for (const tokenHash of [ctx.body.sessionToken, hashToken(ctx.body.sessionToken)]) {
      const found = await findSessionWithUserByTokenHash(ctx.deps, tokenHash);
      if (found) {
        await deleteSessionById(ctx.deps.db, found.session.id);
        ctx.deps.revocations.revoke(found.user.id);
        await recordEvent(ctx.deps.db, ctx, {
          type: 'session.revoked',
          ...actorOf(current),
          targetType: 'user',
          targetId: found.user.id,
          details: { scope: 'one', byAdmin: true },
        });
        break;
      }
    }
    return { success: true };
  },
});

const revokeUserSessions = defineEndpoint(rows.revokeUserSessions, {
  async handler(ctx) {
    const current = await requireAdmin(
      ctx,
      { session: ['revoke'] },
      'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS',
      'change',
    );
    await deleteSessionsOfUser(ctx.deps.db, ctx.body.userId);
    ctx.deps.revocations.revoke(ctx.body.userId);
    await recordEvent(ctx.deps.db, ctx, {
      type: 'session.revoked',
      ...actorOf(current),
      targetType: 'user',
      targetId: ctx.body.userId,
      details: { scope: 'all', byAdmin: true },
    });
    return { success: true };
  },
});

const impersonateUser = defineEndpoint(rows.impersonateUser, {
  async handler(ctx) {
    const options = adminOptions(ctx);
    const current = await requireAdmin(
      ctx,
      { user: ['impersonate'] },
      'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS',
      'change',
    );
    const target = await requireUser(ctx.deps, ctx.body.userId);
    if (isAdmin(target, options)) throw authError('YOU_CANNOT_IMPERSONATE_ADMINS');
    const names = sessionCookieNames(ctx.deps);
    const dontRemember = ctx.getSignedCookie(names.dontRemember) === 'true';
    const granted = await grantSession(ctx, {
      user: target,
      method: 'impersonation',
      dontRemember: true,
      impersonatedBy: current.user.id,
      expiresInSeconds: options.impersonationSessionDuration,
    });
    if (granted.kind !== 'session') throw authError('FAILED_TO_CREATE_SESSION');
    // both people: the admin acts, the user is the one acted as
    await recordEvent(ctx.deps.db, ctx, {
      type: 'impersonation.started',
      ...actorOf(current),
      targetType: 'user',
      targetId: target.id,
    });
    // the admin's own session waits in a signed cookie until stop-impersonating
    ctx.setSignedCookie(ctx.deps.cookieName('admin_session'), `${current.token ?? ''}:${dontRemember ? 'true' : ''}`, {
      maxAge: ctx.deps.config.session.expiresIn,
    });
    return { session: sessionToJson(granted.session), user: userToJson(granted.user) };
  },
});

const stopImpersonating = defineEndpoint(rows.stopImpersonating, {
  async handler(ctx) {
    adminOptions(ctx);
    const current = await requireSession(ctx, 'sensitive');
    if (!current.session.impersonatedBy) throw authError('NOT_IMPERSONATING');
    const waiting = await waitingAdminSession(ctx, current.session.impersonatedBy);
    if (!waiting) throw authError('FAILED_TO_FIND_ADMIN_SESSION');
    const { admin, token: adminToken, dontRemember } = waiting;
    await deleteSessionById(ctx.deps.db, current.session.id);
    ctx.deps.revocations.revoke(current.user.id);
    await recordEvent(ctx.deps.db, ctx, {
      type: 'impersonation.stopped',
      actorUserId: admin.user.id,
      targetType: 'user',
      targetId: current.user.id,
    });
    clearSessionCookies(ctx);
    ctx.deleteCookie(ctx.deps.cookieName('admin_session'));
    setSessionCookies(ctx, adminToken, admin, { dontRemember });
    return { session: sessionToJson(admin.session), user: userToJson(admin.user) };
  },
});

const hasPermission = defineEndpoint(rows.hasPermission, {
  async handler(ctx) {
    const options = adminOptions(ctx);
    const current = await requireSession(ctx, 'session');
    const permissions = ctx.body.permissions ?? ctx.body.permission;
    if (!permissions || Object.keys(permissions).length === 0) throw authError('INVALID_PERMISSION_CHECK');
    return { error: null, success: hasAdminPermission(current.user, permissions as AdminPermissions, options) };
  },
});

export const adminSessionEndpoints = [
  banUser,
  unbanUser,
  listUserSessions,
  revokeUserSession,
  revokeUserSessions,
  impersonateUser,
  stopImpersonating,
  hasPermission,
];
