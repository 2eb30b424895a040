/** The admin endpoints about users (CONTRACT §6.3). */
import { admin as rows } from '@latch/contract';
import type { Updateable } from 'kysely';
import { hashPassword } from '../../core/crypto/password.ts';
import { generateId } from '../../core/crypto/random.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { UserTable } from '../../core/db/schema.ts';
import {
  deletePasswordUndoLinksOfUser,
  deleteResetTokensOfUser,
  deleteTrustedDevicesOfUser,
  deleteTwoFactorChallengesOfUser,
} from '../../core/db/verification-store.ts';
import { AuthError, authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { actorOf, recordEvent } from '../audit/index.ts';
import {
  accountLockoutKey,
  assertNotCompromised,
  assertNotTooLong,
  assertPasswordLength,
  clearSignInFailures,
  isValidEmail,
  storePassword,
} from '../credentials/index.ts';
import { announceChange } from '../security-notices/index.ts';
import { deleteImpersonationSessionsBy, deleteSessionsOfUser } from '../session/index.ts';
import {
  deleteUserRow,
  findUserByEmail,
  findUserByUsername,
  insertUser,
  updateUserRow,
  userToJson,
} from '../user/index.ts';
import { prepareUsernameFields } from '../username/index.ts';
import { adminOptions, requireAdmin } from './guard.ts';
import { isAdmin } from './permissions.ts';
import { adminUserToJson, assertNotAnAdminsWayIn, listUsers, normalizeRole, requireUser } from './service.ts';

/** The longest image URL kept, as update-user allows: MariaDB's TEXT column holds 64 KiB. */
const MAX_IMAGE_LENGTH = 8192;

function assertImageLength(image: unknown): void {
  if (typeof image === 'string' && image.length > MAX_IMAGE_LENGTH)
    throw new AuthError(
      400,
      'VALIDATION_ERROR',
      `[body.data.image] Too big: expected string to have <=${MAX_IMAGE_LENGTH} characters`,
    );
}

const createUser = defineEndpoint(rows.createUser, {
  async handler(ctx) {
    const options = adminOptions(ctx);
    const current = await requireAdmin(ctx, { user: ['create'] }, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS', 'change');
    if (ctx.body.role !== undefined)
      await requireAdmin(ctx, { user: ['set-role'] }, 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE', 'change');
    const email = ctx.body.email.trim().toLowerCase();
    if (!isValidEmail(email)) throw authError('INVALID_EMAIL');
    assertImageLength(ctx.body.data?.image);
    if (ctx.body.password !== undefined) assertNotTooLong(ctx.body.password, ctx.deps.config);
    const stored = ctx.body.role === undefined ? options.defaultRole : normalizeRole(ctx.body.role, options);
    if (await findUserByEmail(ctx.deps.db, email)) throw authError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    // no minimum here (better-auth's create-user has none), but no listed password either
    if (ctx.body.password !== undefined)
      await assertNotCompromised(ctx.deps, ctx.body.password, { email, name: ctx.body.name });
    const now = ctx.deps.clock.now();
    const passwordHash = ctx.body.password === undefined ? null : await hashPassword(ctx.body.password);
    const user = {
      id: generateId(),
      name: ctx.body.name,
      email,
      emailVerified: ctx.body.data?.emailVerified === true,
      image: typeof ctx.body.data?.image === 'string' ? ctx.body.data.image : null,
      createdAt: now,
      updatedAt: now,
      username: null,
      displayUsername: null,
      language: null,
      role: stored,
      banned: false,
      banReason: null,
      banExpires: null,
      twoFactorEnabled: false,
    };
    try {
      await ctx.deps.db.transaction().execute(async (trx) => {
        await insertUser(trx, user);
        if (passwordHash) await storePassword(trx, user.id, passwordHash, now);
        await recordEvent(trx, ctx, {
          type: 'user.created',
          ...actorOf(current),
          targetType: 'user',
          targetId: user.id,
          details: { role: stored, hasCredential: passwordHash !== null },
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw authError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
      throw err;
    }
    return { user: userToJson(user) };
  },
});

const listUsersEndpoint = defineEndpoint(rows.listUsers, {
  async handler(ctx) {
    await requireAdmin(ctx, { user: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS', 'read');
    const options = adminOptions(ctx);
    const { users, total, totalCapped, nextCursor } = await listUsers(ctx.deps, ctx.query, options);
    return {
      users: users.map((user) => adminUserToJson(user, options)),
      total,
      totalCapped,
      nextCursor,
      ...(ctx.query.limit ? { limit: ctx.query.limit } : {}),
      ...(ctx.query.offset ? { offset: ctx.query.offset } : {}),
    };
  },
});

const getUser = defineEndpoint(rows.getUser, {
  async handler(ctx) {
    await requireAdmin(ctx, { user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER', 'read');
    return adminUserToJson(await requireUser(ctx.deps, ctx.query.id), adminOptions(ctx));
  },
});

const updateUser = defineEndpoint(rows.updateUser, {
  async handler(ctx) {
    const options = adminOptions(ctx);
    const current = await requireAdmin(ctx, { user: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS', 'change');
    const { data } = ctx.body;
    if (Object.keys(data).length === 0) throw authError('NO_DATA_TO_UPDATE');
    if ('password' in data) throw authError('PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER');
    if ('id' in data) throw authError('USER_ID_CANNOT_BE_UPDATED');
    const target = await requireUser(ctx.deps, ctx.body.userId);
    const changes: Updateable<UserTable> = {};
    if (typeof data.name === 'string') changes.name = data.name.slice(0, 4096);
    assertImageLength(data.image);
    if (typeof data.image === 'string' || data.image === null) changes.image = data.image;
    if ('role' in data) {
      await requireAdmin(ctx, { user: ['set-role'] }, 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE', 'change');
      changes.role = normalizeRole(data.role, options);
    }
    if ('email' in data || 'emailVerified' in data) {
      await requireAdmin(ctx, { user: ['set-email'] }, 'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL', 'change');
      if ('email' in data) {
        const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : '';
        if (!isValidEmail(email)) throw authError('INVALID_EMAIL');
        const owner = await findUserByEmail(ctx.deps.db, email);
        if (owner && owner.id !== target.id) throw authError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
        if (email !== target.email) assertNotAnAdminsWayIn(target, options, 'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL');
        changes.email = email;
      }
      if (typeof data.emailVerified === 'boolean') changes.emailVerified = data.emailVerified;
    }
    if ('username' in data || 'displayUsername' in data) {
      // the username rules of features/username: length, characters, taken by someone else
      const fields = { username: data.username, displayUsername: data.displayUsername };
      Object.assign(changes, await prepareUsernameFields(ctx.deps, fields, target.id));
    }
    if ('banned' in data) {
      await requireAdmin(ctx, { user: ['ban'] }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS', 'change');
      if (target.id === current.user.id && data.banned === true) throw authError('YOU_CANNOT_BAN_YOURSELF');
      changes.banned = data.banned === true;
    }
    if (Object.keys(changes).length === 0) throw authError('NO_DATA_TO_UPDATE');
    changes.updatedAt = ctx.deps.clock.now();
    const moved = changes.email !== undefined && changes.email !== target.email;
    // banned, or no longer an admin: the sessions this user opened as other people end as well
    const endsImpersonations =
      changes.banned === true || (changes.role !== undefined && !isAdmin({ ...target, role: changes.role }, options));
    let actedAs: string[] = [];
    try {
      await ctx.deps.db.transaction().execute(async (trx) => {
        await updateUserRow(trx, target.id, changes);
        if (changes.banned) await deleteSessionsOfUser(trx, target.id);
        if (endsImpersonations) actedAs = await deleteImpersonationSessionsBy(trx, target.id);
        // reset links went to the old address: it no longer answers for the account
        if (moved) await deleteResetTokensOfUser(trx, target.id);
        const audit = { ...actorOf(current), targetType: 'user', targetId: target.id } as const;
        const fields = Object.keys(changes).filter((k) => k !== 'updatedAt');
        await recordEvent(trx, ctx, { type: 'user.updated', ...audit, details: { fields: fields.join(',') } });
        if (changes.role !== undefined && changes.role !== target.role)
          await recordEvent(trx, ctx, {
            type: 'user.role_changed',
            ...audit,
            details: { from: target.role, to: changes.role ?? null },
          });
        if (changes.banned !== undefined && changes.banned !== Boolean(target.banned))
          await recordEvent(trx, ctx, { type: changes.banned ? 'user.banned' : 'user.unbanned', ...audit });
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        // two writers raced for the name or the address: say which one is taken now
        const owner = changes.username ? await findUserByUsername(ctx.deps.db, changes.username) : null;
        if (owner && owner.id !== target.id) throw authError('USERNAME_IS_ALREADY_TAKEN');
        throw authError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
      }
      throw err;
    }
    // a ban, a role or an address is read from cache cookies too: none written before this is believed
    ctx.deps.revocations.revoke(target.id);
    for (const userId of actedAs) ctx.deps.revocations.revoke(userId);
    const updated = await requireUser(ctx.deps, target.id);
    if (moved && changes.email)
      await announceChange(
        ctx,
        updated,
        { kind: 'email-changed', previousEmail: target.email, newEmail: changes.email },
        { email: target.email, verified: target.emailVerified },
      );
    return userToJson(updated);
  },
});

const setRole = defineEndpoint(rows.setRole, {
  async handler(ctx) {
    const options = adminOptions(ctx);
    const current = await requireAdmin(
      ctx,
      { user: ['set-role'] },
      'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
      'change',
    );
    const stored = normalizeRole(ctx.body.role, options);
    const target = await requireUser(ctx.deps, ctx.body.userId);
    const actedAs = await ctx.deps.db.transaction().execute(async (trx) => {
      await updateUserRow(trx, target.id, { role: stored, updatedAt: ctx.deps.clock.now() });
      // no longer an admin: the sessions they opened as other people end (impersonatedBy has no foreign key)
      const ended = isAdmin({ ...target, role: stored }, options)
        ? []
        : await deleteImpersonationSessionsBy(trx, target.id);
      await recordEvent(trx, ctx, {
        type: 'user.role_changed',
        ...actorOf(current),
        targetType: 'user',
        targetId: target.id,
        details: { from: target.role, to: stored },
      });
      return ended;
    });
    ctx.deps.revocations.revoke(target.id);
    for (const userId of actedAs) ctx.deps.revocations.revoke(userId);
    return { user: userToJson(await requireUser(ctx.deps, target.id)) };
  },
});

const removeUser = defineEndpoint(rows.removeUser, {
  async handler(ctx) {
    const current = await requireAdmin(ctx, { user: ['delete'] }, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS', 'change');
    if (ctx.body.userId === current.user.id) throw authError('YOU_CANNOT_REMOVE_YOURSELF');
    const target = await requireUser(ctx.deps, ctx.body.userId);
    // sessions, accounts, memberships and the rest go with the user (foreign keys cascade)
    const actedAs = await ctx.deps.db.transaction().execute(async (trx) => {
      await deleteSessionsOfUser(trx, target.id);
      // impersonatedBy has no foreign key: what a removed admin opened as other people goes by hand
      const ended = await deleteImpersonationSessionsBy(trx, target.id);
      await deleteUserRow(trx, target.id);
      await recordEvent(trx, ctx, {
        type: 'user.deleted',
        ...actorOf(current),
        targetType: 'user',
        targetId: target.id,
      });
      return ended;
    });
    ctx.deps.revocations.revoke(target.id);
    for (const userId of actedAs) ctx.deps.revocations.revoke(userId);
    return { success: true };
  },
});

const setUserPassword = defineEndpoint(rows.setUserPassword, {
  async handler(ctx) {
    const current = await requireAdmin(
      ctx,
      { user: ['set-password'] },
      'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD',
      'change',
    );
    assertPasswordLength(ctx.body.newPassword, ctx.deps.config);
    const target = await requireUser(ctx.deps, ctx.body.userId);
    assertNotAnAdminsWayIn(target, adminOptions(ctx), 'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD');
    await assertNotCompromised(ctx.deps, ctx.body.newPassword, target);
    const hash = await hashPassword(ctx.body.newPassword);
    await ctx.deps.db.transaction().execute(async (trx) => {
      await storePassword(trx, target.id, hash, ctx.deps.clock.now());
      await deleteResetTokensOfUser(trx, target.id);
      await deleteTrustedDevicesOfUser(trx, target.id);
      await deleteTwoFactorChallengesOfUser(trx, target.id);
      // older undo links would clear this password and hand out a reset token (rule 10)
      await deletePasswordUndoLinksOfUser(trx, target.id);
      // an admin's new password is also the admin's unlock of a locked sign-in
      await clearSignInFailures(trx, accountLockoutKey(target.id));
      await recordEvent(trx, ctx, {
        type: 'password.changed',
        ...actorOf(current),
        targetType: 'user',
        targetId: target.id,
        details: { byAdmin: true },
      });
    });
    ctx.deps.revocations.revoke(target.id);
    // the person hears of it, with a link that undoes it, as for a change of their own
    await announceChange(ctx, target, { kind: 'password-changed' });
    return { status: true };
  },
});

export const adminUserEndpoints = [
  createUser,
  listUsersEndpoint,
  getUser,
  updateUser,
  setRole,
  removeUser,
  setUserPassword,
];
