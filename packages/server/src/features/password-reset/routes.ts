/**
 * POST /request-password-reset and its spec name POST /forget-password, GET
 * /reset-password/:token and POST /reset-password (CONTRACT §4.11).
 */
import { passwordReset as rows } from '@latch/contract';
import type { z } from 'zod';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { limitAccount } from '../../core/http/rate-limit/index.ts';
import { answerInFixedTime, apiURL, appendQuery } from '../email-verification/index.ts';
import { describeResetToken, isResetTokenValid, requestPasswordReset, resetPassword } from './service.ts';

const RESET_REQUESTED = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
} as const;

/** Known and unknown addresses answer alike, in the same time (a slower mail follows the answer). */
const RESET_REQUEST_MINIMUM_MS = 500;

/** request-password-reset and forget-password: one handler (the rows share their body schema). */
async function requestReset(ctx: RequestContext<z.output<typeof rows.requestPasswordReset.body>, undefined>) {
  if (!ctx.deps.config.emailAndPassword.enabled) throw authError('RESET_PASSWORD_DISABLED');
  // per address, whoever asks and from wherever: a mailbox is not flooded through rotating IPs
  await limitAccount(ctx, ctx.body.email);
  await answerInFixedTime(ctx.deps.logger, RESET_REQUEST_MINIMUM_MS, 'a reset request', () =>
    requestPasswordReset(ctx, ctx.body.email, ctx.body.redirectTo),
  );
  return RESET_REQUESTED;
}

const resetPasswordCallback = defineEndpoint(rows.resetPasswordCallback, {
  async handler(ctx) {
    const token = ctx.params.token ?? '';
    const { callbackURL } = ctx.query;
    const valid = token.length <= 256 && (await isResetTokenValid(ctx, token));
    if (!callbackURL) {
      // the mailed link of a request without redirectTo: errors go to the error page,
      // a good token to the application's root
      if (!valid) return ctx.redirect(apiURL(ctx.deps.config, '/error', { error: 'INVALID_TOKEN' }));
      return ctx.redirect(appendQuery(`${ctx.deps.config.baseURL}/`, { token }));
    }
    if (!valid) return ctx.redirect(appendQuery(callbackURL, { error: 'INVALID_TOKEN' }));
    return ctx.redirect(appendQuery(new URL(callbackURL, `${ctx.deps.config.baseURL}/`).href, { token }));
  },
});

const resetPasswordEndpoint = defineEndpoint(rows.resetPassword, {
  async handler(ctx) {
    const { code, backupCode } = ctx.body;
    await resetPassword(ctx, ctx.body.token ?? ctx.query.token, ctx.body.newPassword, { code, backupCode });
    return { status: true };
  },
});

/**
 * What the reset page asks before showing its form (Latch's own): whether the link still
 * works, and whether the account's authenticator app will be asked too. Spends nothing.
 */
const checkResetToken = defineEndpoint(rows.checkResetToken, {
  async handler(ctx) {
    return describeResetToken(ctx, ctx.body.token);
  },
});

export const passwordResetEndpoints = [
  defineEndpoint(rows.requestPasswordReset, { handler: requestReset }),
  defineEndpoint(rows.forgetPassword, { handler: requestReset }),
  resetPasswordCallback,
  resetPasswordEndpoint,
  checkResetToken,
];
