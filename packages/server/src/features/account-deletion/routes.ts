/** POST /delete-user (sensitive) and GET /delete-user/callback (CONTRACT §4.16). */
import { accountDeletion as rows } from '@latch/contract';
import { AuthError, authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { appendQuery } from '../email-verification/index.ts';
import { getCurrentSession, requireSession } from '../session/index.ts';
import { deleteWithToken, requestDeletion } from './service.ts';

const USER_DELETED = { success: true, message: 'User deleted' } as const;
const VERIFICATION_SENT = { success: true, message: 'Verification email sent' } as const;

const deleteUser = defineEndpoint(rows.deleteUser, {
  async handler(ctx) {
    const current = await requireSession(ctx, 'sensitive', { ownerOnly: true });
    const outcome = await requestDeletion(ctx, current, ctx.body);
    return outcome === 'deleted' ? USER_DELETED : VERIFICATION_SENT;
  },
});

const deleteUserCallback = defineEndpoint(rows.deleteUserCallback, {
  async handler(ctx) {
    const { token, callbackURL } = ctx.query;
    try {
      if (!ctx.deps.config.user.deleteUser.enabled) throw authError('DELETE_USER_DISABLED');
      const current = await getCurrentSession(ctx, { disableCookieCache: true });
      if (!current) throw authError('FAILED_TO_GET_USER_INFO', { status: 404 });
      await deleteWithToken(ctx, current.user.id, token);
    } catch (err) {
      if (err instanceof AuthError && callbackURL) return ctx.redirect(appendQuery(callbackURL, { error: err.code }));
      throw err;
    }
    return callbackURL ? ctx.redirect(callbackURL) : USER_DELETED;
  },
});

export const accountDeletionEndpoints = [deleteUser, deleteUserCallback];
