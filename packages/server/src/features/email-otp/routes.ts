/**
 * better-auth's `email-otp` endpoints: send-verification-otp, check-verification-otp,
 * sign-in/email-otp, verify-email, request-password-reset (and its older name
 * forget-password/email-otp) and reset-password. Each request that mails a code, or that
 * tries one, counts against the address's own limit, whatever the client's address.
 */
import { emailOtp as rows } from '@latch/contract';
import type { z } from 'zod';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { limitAccount } from '../../core/http/rate-limit/index.ts';
import { answerInFixedTime } from '../email-verification/index.ts';
import { userToJson } from '../user/index.ts';
import { resetPasswordWithCode } from './reset.ts';
import { checkCodeOnly, sendCode, signInWithCode, verifyEmailWithCode } from './service.ts';

/** Known and unknown addresses answer alike, in the same time (a slower mail follows the answer). */
const SEND_MINIMUM_MS = 500;

const sendVerificationOtp = defineEndpoint(rows.sendVerificationOtp, {
  async handler(ctx) {
    await limitAccount(ctx, ctx.body.email);
    await answerInFixedTime(ctx.deps.logger, SEND_MINIMUM_MS, 'an emailed code', () =>
      sendCode(ctx, ctx.body.type, ctx.body.email),
    );
    return { success: true } as const;
  },
});

/** request-password-reset and forget-password/email-otp: one handler (the rows share their body schema). */
async function requestReset(ctx: RequestContext<z.output<typeof rows.requestPasswordResetEmailOtp.body>, undefined>) {
  await limitAccount(ctx, ctx.body.email);
  await answerInFixedTime(ctx.deps.logger, SEND_MINIMUM_MS, 'an emailed reset code', () =>
    sendCode(ctx, 'forget-password', ctx.body.email),
  );
  return { success: true } as const;
}

const checkVerificationOtp = defineEndpoint(rows.checkVerificationOtp, {
  async handler(ctx) {
    await limitAccount(ctx, ctx.body.email);
    await checkCodeOnly(ctx, ctx.body.type, ctx.body.email, ctx.body.otp);
    return { success: true } as const;
  },
});

const signInEmailOtp = defineEndpoint(rows.signInEmailOtp, {
  async handler(ctx) {
    await limitAccount(ctx, ctx.body.email);
    const result = await signInWithCode(ctx, ctx.body);
    // two-factor on: the sign-in stops at the second factor, the `two_factor` cookie is set
    if (result.kind === 'challenge') return result.answer;
    return { token: result.token, user: userToJson(result.user) };
  },
});

const verifyEmailOtp = defineEndpoint(rows.verifyEmailOtp, {
  async handler(ctx) {
    await limitAccount(ctx, ctx.body.email);
    const { token, user } = await verifyEmailWithCode(ctx, ctx.body.email, ctx.body.otp);
    return { status: true, token, user: userToJson(user) } as const;
  },
});

const resetPasswordEmailOtp = defineEndpoint(rows.resetPasswordEmailOtp, {
  async handler(ctx) {
    const { email, otp, password, code, backupCode } = ctx.body;
    await limitAccount(ctx, email);
    await resetPasswordWithCode(ctx, { email, otp, password, proof: { code, backupCode } });
    return { success: true } as const;
  },
});

export const emailOtpEndpoints = [
  sendVerificationOtp,
  checkVerificationOtp,
  signInEmailOtp,
  verifyEmailOtp,
  defineEndpoint(rows.requestPasswordResetEmailOtp, { handler: requestReset }),
  defineEndpoint(rows.forgetPasswordEmailOtp, { handler: requestReset }),
  resetPasswordEmailOtp,
];
