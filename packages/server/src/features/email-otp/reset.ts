/**
 * A password reset with an emailed code (POST /email-otp/reset-password), under the rules
 * of the reset by link (features/password-reset): an account with an authenticator app
 * proves it too (factors stand alone, docs/security.md rule 2), and in the transaction that
 * replaces the password every other reset link, trusted browser and older undo link that
 * would clear the password goes (rule 10), the
 * sign-in lockout ends, and with revokeSessionsOnPasswordReset every session ends. An
 * account whose address nobody had proven is claimed for the code's holder first
 * (features/mailbox-proof, rule 6): what was set up before goes, the second factor included.
 */
import { hashPassword } from '../../core/crypto/password.ts';
import {
  deletePasswordUndoLinksOfUser,
  deleteResetTokensOfUser,
  deleteTrustedDevicesOfUser,
  deleteTwoFactorChallengesOfUser,
} from '../../core/db/verification-store.ts';
import { AuthError, authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { recordEvent } from '../audit/index.ts';
import {
  accountLockoutKey,
  assertNotCompromised,
  assertPasswordLength,
  clearSignInFailures,
  storePassword,
} from '../credentials/index.ts';
import { claimProvenAddress } from '../mailbox-proof/index.ts';
import { announceChange } from '../security-notices/index.ts';
import { deleteSessionsOfUser } from '../session/index.ts';
import { proveRecovery, type RecoveryProof, recoveryNeedsSecondFactor } from '../two-factor/index.ts';
import { findUserByEmail, type User } from '../user/index.ts';
import { checkCode, keepTry, type RightCode, spendCode } from './codes.ts';

type Ctx = RequestContext<unknown, unknown>;

export interface CodeReset {
  email: string;
  otp: string;
  password: string;
  proof: RecoveryProof;
}

export async function resetPasswordWithCode(ctx: Ctx, input: CodeReset): Promise<void> {
  const { db, clock, config } = ctx.deps;
  if (!config.emailAndPassword.enabled) throw authError('RESET_PASSWORD_DISABLED');
  // length first: a refused password leaves the code as it was
  assertPasswordLength(input.password, config);
  const right = await checkCode(ctx, 'forget-password', input.email, input.otp);
  let user = await findUserByEmail(db, input.email);
  if (!user) throw authError('USER_NOT_FOUND');
  if (right.userId !== user.id) throw authError('INVALID_OTP');
  // refusals a corrected retry can pass keep the right code's try
  await keepingTry(ctx, right, () => assertNotCompromised(ctx.deps, input.password, user as User));
  if (!user.emailVerified) {
    user = await claimProvenAddress(ctx, user, 'email-otp');
  } else if (await recoveryNeedsSecondFactor(ctx, user)) {
    const { code, backupCode } = input.proof;
    if (!code?.trim() && !backupCode?.trim())
      await keepingTry(ctx, right, () => Promise.reject(authError('TWO_FACTOR_AUTHENTICATION_REQUIRED')));
    // a wrong second factor keeps the code's try spent: one code is good for allowedAttempts guesses
    await proveRecovery(ctx, user, input.proof);
  }
  // hashed before the transaction: Argon2id takes a while and must not hold row locks
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  const owner = user;
  const revokeSessions = config.emailAndPassword.revokeSessionsOnPasswordReset;
  await db.transaction().execute(async (trx) => {
    // the DELETE decides between concurrent resets with one code: only one removes the row
    if (!(await spendCode(trx, right))) throw authError('INVALID_OTP');
    await storePassword(trx, owner.id, passwordHash, now);
    await deleteResetTokensOfUser(trx, owner.id);
    await deleteTrustedDevicesOfUser(trx, owner.id);
    await deleteTwoFactorChallengesOfUser(trx, owner.id);
    // older undo links that would clear the password go; announceChange below mails this reset's own
    await deletePasswordUndoLinksOfUser(trx, owner.id);
    // the mailbox proved the owner: a sign-in lockout (even the hard one) ends here
    await clearSignInFailures(trx, accountLockoutKey(owner.id));
    if (revokeSessions) await deleteSessionsOfUser(trx, owner.id);
    await recordEvent(trx, ctx, {
      type: 'password.reset',
      actorUserId: owner.id,
      targetType: 'user',
      targetId: owner.id,
      details: { method: 'email-otp', sessionsRevoked: revokeSessions },
    });
  });
  ctx.deps.revocations.revoke(owner.id);
  await announceChange(ctx, owner, { kind: 'password-changed' });
}

/** Runs a check that may refuse; on a refusal the right code gets its try back. */
async function keepingTry(ctx: Ctx, right: RightCode, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (err) {
    if (err instanceof AuthError) await keepTry(ctx, right);
    throw err;
  }
}
