/**
 * Password reset (CONTRACT §4.11, spec §4): a 24-character token mailed as a link,
 * stored only as a SHA-256 hash (`reset-password:<hash>` → userId), shown to the web
 * app by GET /reset-password/:token, and spent exactly once by POST /reset-password in
 * the same transaction that replaces the password.
 */
import { hashPassword } from '../../core/crypto/password.ts';
import { ALPHANUMERIC, randomString } from '../../core/crypto/random.ts';
import {
  consumeTokenById,
  deleteExpiredTokens,
  deletePasswordUndoLinksOfUser,
  deleteResetTokensOfUser,
  deleteTokenById,
  deleteTrustedDevicesOfUser,
  deleteTwoFactorChallengesOfUser,
  findToken,
  storeToken,
  takeAttempt,
} from '../../core/db/verification-store.ts';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { sendAccountMail } from '../../core/mail/account-mail.ts';
import { recordEvent } from '../audit/index.ts';
import {
  accountLockoutKey,
  assertNotCompromised,
  assertPasswordLength,
  clearSignInFailures,
  storePassword,
} from '../credentials/index.ts';
import { apiURL } from '../email-verification/index.ts';
import { afterClaim, removeUnprovenAccess } from '../mailbox-proof/index.ts';
import { announceChange } from '../security-notices/index.ts';
import { deleteSessionsOfUser } from '../session/index.ts';
import { proveRecovery, type RecoveryProof, recoveryNeedsSecondFactor } from '../two-factor/index.ts';
import { findUserByEmail, findUserById, type User } from '../user/index.ts';

type Ctx = RequestContext<unknown, unknown>;

const RESET_TOKEN_LENGTH = 24;
/** Expired rows linger a day (a late click still reads "invalid"), then the next request removes them. */
const CLEANUP_GRACE_SECONDS = 86_400;

/** Stores a new reset token for the user and answers it (the mailed link, or an undo's fresh start). */
export async function issueResetToken(ctx: Ctx, userId: string): Promise<{ token: string; id: string }> {
  const { db, clock, config } = ctx.deps;
  const now = clock.now();
  await deleteExpiredTokens(db, 'reset-password', now, CLEANUP_GRACE_SECONDS);
  const token = randomString(RESET_TOKEN_LENGTH, ALPHANUMERIC);
  const expiresInSeconds = config.emailAndPassword.resetPasswordTokenExpiresIn;
  const id = await storeToken(db, { purpose: 'reset-password', token, value: userId, now, expiresInSeconds });
  return { token, id };
}

/**
 * Mails a reset link when the address has an account. Answers nothing either way: a
 * failed delivery is logged and the token withdrawn, because reporting it would tell a
 * stranger that the address has an account.
 */
export async function requestPasswordReset(ctx: Ctx, email: string, redirectTo: string | undefined): Promise<void> {
  const { db, config, logger } = ctx.deps;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const { token, id } = await issueResetToken(ctx, user.id);
  const expiresInSeconds = config.emailAndPassword.resetPasswordTokenExpiresIn;
  const url = apiURL(config, `/reset-password/${token}`, { callbackURL: redirectTo ?? '' });
  try {
    await sendAccountMail(ctx, { to: user.email, kind: 'reset-password', user, vars: { url, expiresInSeconds } });
  } catch (err) {
    await deleteTokenById(db, id);
    logger.error('could not send the password-reset mail', { userId: user.id, error: err });
  }
}

/** The live reset token's row and its user, or null (unknown, expired, or its user is gone). */
async function findLiveToken(ctx: Ctx, token: string): Promise<{ id: string; user: User } | null> {
  if (!token || token.length > 256) return null;
  const stored = await findToken(ctx.deps.db, 'reset-password', token);
  if (!stored || stored.expiresAt <= ctx.deps.clock.now()) return null;
  const user = await findUserById(ctx.deps.db, stored.value);
  return user ? { id: stored.id, user } : null;
}

/** Whether the token exists and is unexpired (GET /reset-password/:token; does not spend it). */
export async function isResetTokenValid(ctx: Ctx, token: string): Promise<boolean> {
  return (await findLiveToken(ctx, token)) !== null;
}

/**
 * What the reset page needs before it shows its form: whether the link still works, and
 * whether the account's authenticator app (or a backup code) will be asked too.
 */
export async function describeResetToken(ctx: Ctx, token: string): Promise<{ valid: boolean; secondFactor: boolean }> {
  const live = await findLiveToken(ctx, token);
  if (!live) return { valid: false, secondFactor: false };
  return { valid: true, secondFactor: await resetAsksSecondFactor(ctx, live.user) };
}

/**
 * Whether this reset asks for the account's second factor: not when the address was never
 * proven, because the reset claims the account for the mailbox and removes that second
 * factor with everything else set up before (rule 6; the reset by emailed code does the same).
 */
async function resetAsksSecondFactor(ctx: Ctx, user: User): Promise<boolean> {
  return user.emailVerified && (await recoveryNeedsSecondFactor(ctx, user));
}

/** Tries a reset link allows for its second factor before it is void (as a sign-in challenge does). */
const MAX_RESET_SECOND_FACTOR_TRIES = 5;

/**
 * Replaces the password (CONTRACT §4.11) and, in the same transaction, voids every other
 * reset link, trusted browser and older undo link that would clear the password (rule 10,
 * item 8) and, when the address had not been proven before, claims the account for the
 * mailbox as a magic link does (features/mailbox-proof, rule 6, item 4): every password,
 * provider link, passkey, second factor, session and pending link set up before goes, so a
 * stranger who pre-registered the address keeps no way in. An account whose address was
 * proven and that has an authenticator app proves it too (item 1: the mailbox alone never
 * replaces the password).
 */
export async function resetPassword(
  ctx: Ctx,
  token: string | undefined,
  newPassword: string,
  proof: RecoveryProof = {},
): Promise<void> {
  const { db, clock, config } = ctx.deps;
  if (!token) throw authError('INVALID_TOKEN');
  // length first: a refused password leaves the token usable for a corrected retry
  assertPasswordLength(newPassword, config);
  const live = await findLiveToken(ctx, token);
  if (!live) throw authError('INVALID_TOKEN');
  const { user } = live;
  // before a second-factor try is spent; a refused password leaves the link as it was
  await assertNotCompromised(ctx.deps, newPassword, user);
  if (await resetAsksSecondFactor(ctx, user)) {
    if (!proof.code?.trim() && !proof.backupCode?.trim()) throw authError('TWO_FACTOR_AUTHENTICATION_REQUIRED');
    // each guess spends a try of the link (one statement), so a link is good for five guesses
    if (!(await takeAttempt(db, live.id, MAX_RESET_SECOND_FACTOR_TRIES, clock.now()))) {
      await consumeTokenById(db, live.id);
      throw authError('INVALID_TOKEN');
    }
    await proveRecovery(ctx, user, proof);
  }
  // hashed before the transaction: Argon2id takes a while and must not hold row locks
  const passwordHash = await hashPassword(newPassword);
  const now = clock.now();
  const unproven = !user.emailVerified;
  const removed = await db.transaction().execute(async (trx) => {
    // the DELETE decides between concurrent resets with one token: only one removes the row
    if (!(await consumeTokenById(trx, live.id))) throw authError('INVALID_TOKEN');
    // the link proved the mailbox: the address is the owner's now, and everything set up
    // before anyone had proven it goes (the stranger's password too: the new one is stored after)
    const claimed = unproven && (await removeUnprovenAccess(trx, ctx, user, 'reset-link'));
    await storePassword(trx, user.id, passwordHash, now);
    await deleteResetTokensOfUser(trx, user.id);
    await deleteTrustedDevicesOfUser(trx, user.id);
    await deleteTwoFactorChallengesOfUser(trx, user.id);
    // before announceChange below mails this reset's own undo link, which stays
    await deletePasswordUndoLinksOfUser(trx, user.id);
    // the mailbox proved the owner: a sign-in lockout (even the hard one) ends here
    await clearSignInFailures(trx, accountLockoutKey(user.id));
    if (unproven || config.emailAndPassword.revokeSessionsOnPasswordReset) await deleteSessionsOfUser(trx, user.id);
    // the link's holder acts as the account's owner; the link itself is never recorded
    await recordEvent(trx, ctx, {
      type: 'password.reset',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      details: {
        addressProven: unproven,
        sessionsRevoked: unproven || config.emailAndPassword.revokeSessionsOnPasswordReset,
      },
    });
    return claimed;
  });
  ctx.deps.revocations.revoke(user.id);
  const owner = unproven ? await afterClaim(ctx, user, removed, now) : user;
  await announceChange(ctx, owner, { kind: 'password-changed' });
}
