/**
 * The second factor itself (CONTRACT §6.4): verify-totp, send-otp, verify-otp and
 * verify-backup-code, each in the verification context of challenge.ts.
 */
import { twoFactor as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { limitAccount } from '../../core/http/rate-limit/index.ts';
import { useBackupCode } from './backup-codes.ts';
import {
  completeVerification,
  failVerification,
  guardVerification,
  resolveVerifier,
  type Verifier,
} from './challenge.ts';
import { emailCodeCounts } from './factors.ts';
import { checkOtp, sendOtp } from './otp.ts';
import { claimTotpStep } from './replay.ts';
import { findTwoFactorOfUser, swapBackupCodes, updateTwoFactor } from './repo.ts';
import {
  ensureTwoFactorRecord,
  openBackupCodes,
  openSecret,
  rotateSession,
  sealBackupCodes,
  setTwoFactorEnabled,
  twoFactorOptions,
} from './service.ts';
import { matchTotp } from './totp.ts';

const verifyTotp = defineEndpoint(rows.verifyTotp, {
  async handler(ctx) {
    const { deps } = ctx;
    const v = await resolveVerifier(ctx);
    const record = await guardVerification(ctx, v);
    // at sign-in only a confirmed enrolment counts
    if (!record || (v.kind === 'challenge' && !record.verified)) throw authError('TOTP_NOT_ENABLED');
    const step = matchTotp(openSecret(deps, record), ctx.body.code.trim(), deps.clock.now().getTime());
    if (step === null) return failVerification(ctx, v, authError('INVALID_CODE'));
    if (v.kind === 'challenge') {
      if (!(await claimTotpStep(ctx, v.user.id, step))) return failVerification(ctx, v, authError('INVALID_CODE'));
      return completeVerification(ctx, v, { trustDevice: ctx.body.trustDevice });
    }
    let user = v.user;
    if (!record.verified || !user.twoFactorEnabled) {
      // the first code confirms the enrolment: two-factor is on, and the session is new and
      // has proved the app (the cookie carries the new token; the body the old one, as better-auth answers)
      if (!record.verified) await updateTwoFactor(deps.db, record.id, { verified: true });
      if (!user.twoFactorEnabled) user = await setTwoFactorEnabled(ctx, user, true);
      await rotateSession(ctx, v.current, user, { secondFactor: true });
      return completeVerification(ctx, v, { user });
    }
    // enrolled already: a step-up (docs/admin.md); an observed code is not worth a second one
    if (!(await claimTotpStep(ctx, v.user.id, step))) return failVerification(ctx, v, authError('INVALID_CODE'));
    return completeVerification(ctx, v, { user, stepUp: 'totp' });
  },
});

const sendOtpEndpoint = defineEndpoint(rows.sendOtp, {
  async handler(ctx) {
    const v = await resolveVerifier(ctx);
    await assertEmailCodeCounts(ctx, v);
    // each call mails a code: three per five minutes per account, from any address
    await limitAccount(ctx, v.user.id);
    await sendOtp(ctx, v);
    return { status: true };
  },
});

const verifyOtp = defineEndpoint(rows.verifyOtp, {
  async handler(ctx) {
    const v = await resolveVerifier(ctx);
    await assertEmailCodeCounts(ctx, v);
    await guardVerification(ctx, v);
    if (!(await checkOtp(ctx, v, ctx.body.code))) return failVerification(ctx, v, authError('INVALID_CODE'));
    if (v.kind === 'session' && !v.user.twoFactorEnabled) {
      await ensureTwoFactorRecord(ctx, v.user.id);
      const user = await setTwoFactorEnabled(ctx, v.user, true);
      await rotateSession(ctx, v.current, user);
      return completeVerification(ctx, v, { user });
    }
    // in a session: a step-up only where an emailed code is this account's second factor at sign-in too
    const counts = v.kind === 'session' && emailCodeCounts(ctx.deps, await findTwoFactorOfUser(ctx.deps.db, v.user.id));
    return completeVerification(ctx, v, { trustDevice: ctx.body.trustDevice, stepUp: counts ? 'otp' : undefined });
  },
});

const verifyBackupCode = defineEndpoint(rows.verifyBackupCode, {
  async handler(ctx) {
    const { deps } = ctx;
    const v = await resolveVerifier(ctx);
    const record = await guardVerification(ctx, v);
    if (!record) throw authError('BACKUP_CODES_NOT_ENABLED');
    const remaining = useBackupCode(openBackupCodes(deps, record), ctx.body.code);
    if (!remaining) return failVerification(ctx, v, authError('INVALID_BACKUP_CODE'));
    // single use: of two requests with one code, only the first rewrite of the list succeeds
    const spent = await swapBackupCodes(
      deps.db,
      record.id,
      record.backupCodesEnvelope,
      sealBackupCodes(deps, remaining),
    );
    if (!spent) throw authError('FAILED_TO_VERIFY_BACKUP_CODE_PLEASE_TRY_AGAIN');
    return completeVerification(ctx, v, {
      trustDevice: ctx.body.trustDevice,
      createSession: !ctx.body.disableSession,
      stepUp: 'backup-code',
    });
  },
});

/**
 * At sign-in, an emailed code only where it counts as a second factor, and never after a first
 * factor that came by mail; in a session, turning
 * two-factor on with emailed codes alone only with the operator's opt-in (factors.ts).
 */
async function assertEmailCodeCounts(ctx: RequestContext<unknown, unknown>, v: Verifier): Promise<void> {
  const options = twoFactorOptions(ctx.deps);
  if (v.kind === 'session') {
    if (!v.user.twoFactorEnabled && !options.allowEmailOtpAlone)
      throw authError('EMAILED_CODES_CANNOT_BE_THE_ONLY_SECOND_FACTOR');
    return;
  }
  // after a magic link or an emailed sign-in code, a code by mail would prove the same mailbox twice
  if (v.challenge.firstFactorByMail) throw authError('OTP_NOT_ENABLED');
  if (!emailCodeCounts(ctx.deps, await findTwoFactorOfUser(ctx.deps.db, v.user.id))) throw authError('OTP_NOT_ENABLED');
}

export const verifyEndpoints = [verifyTotp, sendOtpEndpoint, verifyOtp, verifyBackupCode];
