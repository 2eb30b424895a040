/**
 * Password reset (CONTRACT §4.11, spec §4): a 24-character token mailed as a link,
 * stored only as a SHA-256 hash (`reset-password:<hash>` → userId), shown to the web
 * app by GET /reset-password/:token, and spent exactly once by POST /reset-password in
 * the same transaction that replaces the password.
 */
import { hashPassword } from '../../core/crypto/password.ts';
import { ALPHANUMERIC, randomString } from '../../core/crypto/random.ts';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { assertPasswordLength, storePassword } from '../credentials/index.ts';
import {
  apiURL,
  consumeTokenById,
  deleteExpiredTokens,
  deleteTokenById,
  findToken,
  sendAccountMail,
  sendNotice,
  storeToken,
} from '../email-verification/index.ts';
import { deleteSessionsOfUser } from '../session/index.ts';
import { findUserByEmail, findUserById } from '../user/index.ts';

type Ctx = RequestContext<unknown, unknown>;

export const RESET_TOKEN_LENGTH = 24;
/** Expired rows linger a day (a late click still reads "invalid"), then the next request removes them. */
const CLEANUP_GRACE_SECONDS = 86_400;

/**
 * Mails a reset link when the address has an account. Answers nothing either way: a
 * failed delivery is logged and the token withdrawn, because reporting it would tell a
 * stranger that the address has an account.
 */
export async function requestPasswordReset(ctx: Ctx, email: string, redirectTo: string | undefined): Promise<void> {
  const { db, clock, config, logger } = ctx.deps;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const now = clock.now();
  await deleteExpiredTokens(db, 'reset-password', now, CLEANUP_GRACE_SECONDS);
  const token = randomString(RESET_TOKEN_LENGTH, ALPHANUMERIC);
  const expiresInSeconds = config.emailAndPassword.resetPasswordTokenExpiresIn;
  const id = await storeToken(db, { purpose: 'reset-password', token, value: user.id, now, expiresInSeconds });
  const url = apiURL(config, `/reset-password/${token}`, { callbackURL: redirectTo ?? '' });
  try {
    await sendAccountMail(ctx, { to: user.email, kind: 'reset-password', user, vars: { url, expiresInSeconds } });
  } catch (err) {
    await deleteTokenById(db, id);
    logger.error('could not send the password-reset mail', { userId: user.id, error: err });
  }
}

/** Whether the token exists and is unexpired (GET /reset-password/:token; does not spend it). */
export async function isResetTokenValid(ctx: Ctx, token: string): Promise<boolean> {
  const stored = await findToken(ctx.deps.db, 'reset-password', token);
  return stored !== null && stored.expiresAt > ctx.deps.clock.now();
}

export async function resetPassword(ctx: Ctx, token: string | undefined, newPassword: string): Promise<void> {
  const { db, clock, config } = ctx.deps;
  if (!token) throw authError('INVALID_TOKEN');
  // length first: a refused password leaves the token usable for a corrected retry
  assertPasswordLength(newPassword, config);
  const stored = await findToken(db, 'reset-password', token);
  if (!stored || stored.expiresAt <= clock.now()) throw authError('INVALID_TOKEN');
  // hashed before the transaction: Argon2id takes a while and must not hold row locks
  const passwordHash = await hashPassword(newPassword);
  const now = clock.now();
  const userId = stored.value;
  await db.transaction().execute(async (trx) => {
    // the DELETE decides between concurrent resets with one token: only one removes the row
    if (!(await consumeTokenById(trx, stored.id))) throw authError('INVALID_TOKEN');
    const user = await findUserById(trx, userId);
    if (!user) throw authError('USER_NOT_FOUND', { status: 400 });
    await storePassword(trx, userId, passwordHash, now);
    if (config.emailAndPassword.revokeSessionsOnPasswordReset) await deleteSessionsOfUser(trx, userId);
  });
  const user = await findUserById(db, userId);
  if (user) await sendNotice(ctx, { to: user.email, kind: 'password-changed', user, vars: { email: user.email } });
}
