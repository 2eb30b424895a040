/** POST /update-user (CONTRACT §4.14). */
import { isLanguageCode, user as rows } from '@latch/contract';
import type { Updateable } from 'kysely';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { UserTable } from '../../core/db/schema.ts';
import { AuthError, authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { requireSession, setSessionCookies } from '../session/index.ts';
import { prepareUsernameFields } from '../username/index.ts';
import { findUserById, updateUserRow } from './repo.ts';

const READ_ONLY_FLAGS = ['role', 'banned', 'banReason', 'banExpires', 'twoFactorEnabled'] as const;

const updateUser = defineEndpoint(rows.updateUser, {
  async handler(ctx) {
    const current = await requireSession(ctx, 'session');
    const body = ctx.body;
    if (body.email !== undefined) throw authError('EMAIL_CAN_NOT_BE_UPDATED');
    for (const field of READ_ONLY_FLAGS) {
      if (body[field]) throw new AuthError(400, 'FIELD_NOT_ALLOWED', `${field} is not allowed to be set`);
    }
    const changes: Updateable<UserTable> = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.image !== undefined) changes.image = body.image;
    if (body.language !== undefined) {
      if (body.language !== null && !isLanguageCode(body.language)) throw authError('INVALID_LANGUAGE');
      changes.language = body.language;
    }
    Object.assign(changes, await prepareUsernameFields(ctx.deps, body, current.user.id));
    if (Object.keys(changes).length === 0) throw authError('NO_FIELDS_TO_UPDATE');
    changes.updatedAt = ctx.deps.clock.now();
    try {
      await updateUserRow(ctx.deps.db, current.user.id, changes);
    } catch (err) {
      if (isUniqueViolation(err) && changes.username) throw authError('USERNAME_IS_ALREADY_TAKEN');
      throw err;
    }
    const user = await findUserById(ctx.deps.db, current.user.id);
    if (!user) throw authError('USER_NOT_FOUND');
    // the cookie is re-sent so that the cached session data shows the new profile at once
    if (current.token) setSessionCookies(ctx, current.token, { session: current.session, user });
    return { status: true };
  },
});

export const userEndpoints = [updateUser];
