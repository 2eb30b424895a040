/**
 * The second factor asked by a password reset (factors.ts): the authenticator app's code
 * or a backup code, with the account's run of consecutive tries (challenge.ts) and TOTP
 * replay protection, exactly as at sign-in. The caller counts the tries of the reset link.
 */
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import type { User } from '../user/index.ts';
import { useBackupCode } from './backup-codes.ts';
import { LOCKOUT_AFTER_FAILURES, LOCKOUT_SECONDS } from './challenge.ts';
import { resetNeedsSecondFactor } from './factors.ts';
import { claimTotpStep } from './replay.ts';
import { findTwoFactorOfUser, isLocked, resetFailedVerifications, swapBackupCodes, takeAccountTry } from './repo.ts';
import { openBackupCodes, openSecret, sealBackupCodes } from './service.ts';
import { matchTotp } from './totp.ts';

type Ctx = RequestContext<unknown, unknown>;

export interface RecoveryProof {
  /** A code of the authenticator app. */
  code?: string | undefined;
  backupCode?: string | undefined;
}

/** Whether a reset of this account must be proven with its second factor. */
export async function recoveryNeedsSecondFactor(ctx: Ctx, user: User): Promise<boolean> {
  const record = await findTwoFactorOfUser(ctx.deps.db, user.id);
  return resetNeedsSecondFactor(ctx.deps, user.twoFactorEnabled, record);
}

/**
 * Checks the proof; throws TWO_FACTOR_AUTHENTICATION_REQUIRED without one, INVALID_CODE or
 * INVALID_BACKUP_CODE when it is wrong, ACCOUNT_TEMPORARILY_LOCKED when the account is locked.
 */
export async function proveRecovery(ctx: Ctx, user: User, proof: RecoveryProof): Promise<void> {
  const { db, clock } = ctx.deps;
  const record = await findTwoFactorOfUser(db, user.id);
  if (!record) return;
  const code = proof.code?.trim();
  const backupCode = proof.backupCode?.trim();
  if (!code && !backupCode) throw authError('TWO_FACTOR_AUTHENTICATION_REQUIRED');
  const now = clock.now();
  if (!(await takeAccountTry(db, record.id, { now, lockAfter: LOCKOUT_AFTER_FAILURES, lockSeconds: LOCKOUT_SECONDS })))
    throw authError('ACCOUNT_TEMPORARILY_LOCKED');
  const wrong = async (error: 'INVALID_CODE' | 'INVALID_BACKUP_CODE') => {
    if (await isLocked(db, record.id, clock.now())) throw authError('ACCOUNT_TEMPORARILY_LOCKED');
    throw authError(error);
  };
  if (code) {
    const step = matchTotp(openSecret(ctx.deps, record), code, now.getTime());
    if (step === null || !(await claimTotpStep(ctx, user.id, step))) return wrong('INVALID_CODE');
  } else if (backupCode) {
    const remaining = useBackupCode(openBackupCodes(ctx.deps, record), backupCode);
    if (!remaining) return wrong('INVALID_BACKUP_CODE');
    if (!(await swapBackupCodes(db, record.id, record.backupCodesEnvelope, sealBackupCodes(ctx.deps, remaining))))
      throw authError('FAILED_TO_VERIFY_BACKUP_CODE_PLEASE_TRY_AGAIN');
  }
  await resetFailedVerifications(db, record.id);
}
