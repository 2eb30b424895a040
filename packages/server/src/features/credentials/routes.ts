/** sign-up/email, sign-in/email and change-password (CONTRACT §4.3, §4.4, §4.12). */
import { isLanguageCode, credentials as rows } from '@latch/contract';
import { hashPassword } from '../../core/crypto/password.ts';
import { generateId } from '../../core/crypto/random.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import {
  deletePasswordUndoLinksOfUser,
  deleteResetTokensOfUser,
  deleteTrustedDevicesOfUser,
  deleteTwoFactorChallengesOfUser,
} from '../../core/db/verification-store.ts';
import { AuthError, authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { setLocation } from '../../core/http/location.ts';
import { limitAccount } from '../../core/http/rate-limit/index.ts';
import { findCredentialAccount, holdCredential, type PasswordSignInCandidate } from '../accounts/index.ts';
import { actorOf, recordEvent } from '../audit/index.ts';
import { announceChange } from '../security-notices/index.ts';
import { deleteSessionsOfUser, requireSession } from '../session/index.ts';
import { grantSession, replaceCurrentSession, type SignInMethod } from '../sign-in/index.ts';
import { findUserById, insertUser, type User, userToJson } from '../user/index.ts';
import { type AfterCommit, signUpExtensions } from './extensions.ts';
import { accountLockoutKey, checkPasswordInSession, checkSignInPassword, clearSignInFailures } from './lockout.ts';
import { assertNotCompromised, assertNotTooLong, assertPasswordLength, isValidEmail } from './password-rules.ts';
import { verifyPassword } from './reauthenticate.ts';
import { findUserForSignIn, insertPasswordAccount, storePassword } from './service.ts';

function toBoolean(value: boolean | string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return value === true || value === 'true' || value === 'on';
}

const signUpEmail = defineEndpoint(rows.signUpEmail, {
  async handler(ctx) {
    const { config, db, clock } = ctx.deps;
    const body = ctx.body;
    if (!config.emailAndPassword.enabled || config.emailAndPassword.disableSignUp) {
      throw authError('EMAIL_PASSWORD_SIGN_UP_DISABLED');
    }
    const email = body.email.trim().toLowerCase();
    if (!isValidEmail(email)) throw authError('INVALID_EMAIL');
    assertPasswordLength(body.password, config);
    if (body.role) throw new AuthError(400, 'FIELD_NOT_ALLOWED', 'role is not allowed to be set');
    if (body.language !== undefined && !isLanguageCode(body.language)) throw authError('INVALID_LANGUAGE');
    const extra = await signUpExtensions.prepare(ctx, body as Record<string, unknown>);
    // the same answer whether or not the address has an account: it looks at the password only
    await assertNotCompromised(ctx.deps, body.password, {
      email,
      name: body.name,
      username: extra.username ?? body.username,
    });

    const enumerationSafe = config.emailAndPassword.requireEmailVerification || !config.emailAndPassword.autoSignIn;
    const passwordHash = await hashPassword(body.password);
    const now = clock.now();
    const user: User = {
      id: generateId(),
      name: body.name,
      email,
      emailVerified: false,
      image: body.image ?? null,
      createdAt: now,
      updatedAt: now,
      username: extra.username ?? null,
      displayUsername: extra.displayUsername ?? null,
      language: extra.language ?? body.language ?? null,
      role: extra.role ?? null,
      banned: false,
      banReason: null,
      banExpires: null,
      twoFactorEnabled: false,
    };
    const input = { callbackURL: body.callbackURL };
    let committed: AfterCommit[];
    try {
      committed = await db.transaction().execute(async (trx) => {
        await insertUser(trx, { ...user, banExpires: null });
        await insertPasswordAccount(trx, user.id, passwordHash, now);
        await recordEvent(trx, ctx, {
          type: 'sign_up',
          actorUserId: user.id,
          targetType: 'user',
          targetId: user.id,
          details: { method: 'email' },
        });
        return signUpExtensions.withinCreate(trx, ctx, user, input);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const taken = await findUserForSignIn(ctx.deps, email);
      if (!taken) throw await signUpExtensions.explainConflict(ctx, user, err);
      if (enumerationSafe) {
        // the same answer as a real sign-up, so the address's owner is not revealed
        return { token: null, user: userToJson({ ...user, id: generateId() }) };
      }
      throw authError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    }

    await signUpExtensions.afterCreate(ctx, user, input, committed);
    if (!config.emailAndPassword.autoSignIn || config.emailAndPassword.requireEmailVerification) {
      return { token: null, user: userToJson(user) };
    }
    const granted = await grantSession(ctx, {
      user,
      method: 'sign-up',
      dontRemember: !toBoolean(body.rememberMe, true),
      callbackURL: body.callbackURL,
    });
    if (granted.kind !== 'session') return { token: null, user: userToJson(user) };
    return { token: granted.token, user: userToJson(granted.user) };
  },
});

/** A refused password sign-in: the reason's code only, never what was typed. */
export async function recordSignInRefused(
  ctx: RequestContext<unknown, unknown>,
  user: User | null,
  method: Extract<SignInMethod, 'password' | 'username'>,
): Promise<void> {
  await recordEvent(ctx.deps.db, ctx, {
    type: 'sign_in',
    outcome: 'failure',
    actorType: 'user',
    targetType: user ? 'user' : null,
    targetId: user?.id ?? null,
    details: { method, reason: user ? 'wrong_password' : 'unknown_identity' },
  });
}

/** The credential a right password was checked against (null when there is none to hold). */
export function passwordCredentialOf(
  candidate: PasswordSignInCandidate | null,
): { id: string; password: string } | null {
  const credential = candidate?.credential;
  return credential?.password ? { id: credential.id, password: credential.password } : null;
}

/** What every password sign-in does once the password is right: the sign-in pipeline, then the answer. */
export async function completePasswordSignIn(
  ctx: RequestContext<unknown, unknown>,
  user: User,
  opts: {
    method: Extract<SignInMethod, 'password' | 'username'>;
    rememberMe: boolean;
    callbackURL?: string | undefined;
    /** The credential the password was checked against: the session is written only while it holds. */
    credential: { id: string; password: string };
  },
): Promise<Record<string, unknown>> {
  const { dialect } = ctx.deps;
  const granted = await grantSession(ctx, {
    user,
    method: opts.method,
    dontRemember: !opts.rememberMe,
    callbackURL: opts.callbackURL,
    stillHolds: {
      check: (db) => holdCredential(db, dialect, opts.credential),
      refusal: opts.method === 'username' ? 'INVALID_USERNAME_OR_PASSWORD' : 'INVALID_EMAIL_OR_PASSWORD',
    },
  });
  if (granted.kind === 'challenge') return { ...granted.answer };
  if (granted.kind !== 'session') throw authError('FAILED_TO_CREATE_SESSION');
  const answer: Record<string, unknown> = {
    redirect: Boolean(opts.callbackURL),
    token: granted.token,
    user: userToJson(granted.user),
  };
  if (opts.callbackURL) {
    answer.url = opts.callbackURL;
    setLocation(ctx.headers, opts.callbackURL);
  }
  return answer;
}

const signInEmail = defineEndpoint(rows.signInEmail, {
  async handler(ctx) {
    const { config } = ctx.deps;
    if (!config.emailAndPassword.enabled) throw authError('EMAIL_PASSWORD_DISABLED');
    const email = ctx.body.email.trim().toLowerCase();
    if (!isValidEmail(email)) throw authError('INVALID_EMAIL');
    assertNotTooLong(ctx.body.password, config);
    await limitAccount(ctx, email);
    const candidate = await findUserForSignIn(ctx.deps, email);
    const valid = await checkSignInPassword(ctx, candidate, ctx.body.password, { kind: 'email', value: email });
    const user = candidate?.user ?? null;
    const credential = passwordCredentialOf(candidate);
    if (!valid || !user || !credential) {
      await recordSignInRefused(ctx, user, 'password');
      throw authError('INVALID_EMAIL_OR_PASSWORD');
    }
    return completePasswordSignIn(ctx, user, {
      method: 'password',
      rememberMe: toBoolean(ctx.body.rememberMe, true),
      callbackURL: ctx.body.callbackURL,
      credential,
    });
  },
});

const changePassword = defineEndpoint(rows.changePassword, {
  async handler(ctx) {
    const { config, db, clock } = ctx.deps;
    const current = await requireSession(ctx, 'sensitive', { ownerOnly: true });
    assertPasswordLength(ctx.body.newPassword, config);
    assertNotTooLong(ctx.body.currentPassword, config);
    await assertNotCompromised(ctx.deps, ctx.body.newPassword, current.user);
    const account = await findCredentialAccount(db, current.user.id);
    if (!account?.password) throw authError('CREDENTIAL_ACCOUNT_NOT_FOUND');
    // a stolen cookie must not buy unlimited guesses of the current password
    const valid = await checkPasswordInSession(ctx, current.user, ctx.body.currentPassword);
    if (!valid) throw authError('INVALID_PASSWORD');
    const hash = await hashPassword(ctx.body.newPassword);
    const now = clock.now();
    // the new password, and no older way back to the account: reset links, trusted browsers and
    // older undo links that would clear the password go (the one announceChange mails below stays)
    await db.transaction().execute(async (trx) => {
      await storePassword(trx, current.user.id, hash, now);
      await deleteResetTokensOfUser(trx, current.user.id);
      await deleteTrustedDevicesOfUser(trx, current.user.id);
      await deleteTwoFactorChallengesOfUser(trx, current.user.id);
      await deletePasswordUndoLinksOfUser(trx, current.user.id);
      await clearSignInFailures(trx, accountLockoutKey(current.user.id));
      await recordEvent(trx, ctx, {
        type: 'password.changed',
        ...actorOf(current),
        targetType: 'user',
        targetId: current.user.id,
        details: { revokeOtherSessions: ctx.body.revokeOtherSessions ?? false },
      });
    });
    ctx.deps.revocations.revoke(current.user.id);
    const user = (await findUserById(db, current.user.id)) ?? current.user;
    await announceChange(ctx, user, { kind: 'password-changed' });
    if (!ctx.body.revokeOtherSessions) return { token: null, user: userToJson(user) };
    // the new session first, of the same kind as this one (remember-me, active organization,
    // second-factor proof, read from its row), then every other one goes (nothing can fail after)
    const granted = await replaceCurrentSession(ctx, current, user, 'rotation');
    await deleteSessionsOfUser(db, user.id, granted.session.id);
    ctx.deps.revocations.revoke(user.id);
    return { token: granted.token, user: userToJson(granted.user) };
  },
});

/** set-password exists for trusted server code only (`api.setPassword`); over HTTP it is 404. */
const setPassword = defineEndpoint(rows.setPassword, {
  handler() {
    throw authError('NOT_FOUND');
  },
});

export const credentialEndpoints = [signUpEmail, signInEmail, changePassword, setPassword, verifyPassword];
