/**
 * Password reset: request-password-reset and its spec name forget-password, the mailed
 * link GET /reset-password/:token, POST /reset-password, and Latch's POST
 * /reset-password/check (CONTRACT §4.11).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { emailField, statusAnswer } from './common.ts';

const tag = 'Password reset';

const requestBody = z.object({ email: emailField, redirectTo: z.string().max(2048).optional() });
/** Known and unknown addresses answer alike. */
const resetRequested = z.object({ status: z.literal(true), message: z.string() });
const requestErrors = ['RESET_PASSWORD_DISABLED'] as const;

export const requestPasswordReset = endpoint({
  method: 'POST',
  path: '/request-password-reset',
  tag,
  summary: 'Mails a reset link when the address has an account; the same answer, in about the same time, when not',
  body: requestBody,
  response: resetRequested,
  errors: requestErrors,
  session: 'none',
});

export const forgetPassword = endpoint({
  method: 'POST',
  path: '/forget-password',
  tag,
  summary: "The spec's name for request-password-reset, with the same behaviour",
  body: requestBody,
  response: resetRequested,
  errors: requestErrors,
  session: 'none',
});

export const resetPasswordCallback = endpoint({
  method: 'GET',
  path: '/reset-password/:token',
  tag,
  summary: 'The mailed link: 302 to callbackURL with ?token= (or ?error=INVALID_TOKEN); the token is not spent',
  query: z.object({ callbackURL: z.string().max(2048) }),
  response: z.never(),
  answers: 'redirect',
  errors: [],
  session: 'none',
  checksQueryCallbackURL: true,
});

const secondFactorCode = z.string().max(64).optional();

export const resetPassword = endpoint({
  method: 'POST',
  path: '/reset-password',
  tag,
  summary:
    'Spends the token and sets the new password; an account with an authenticator app gives its code (or a backup code) too',
  body: z.object({
    newPassword: z.string(),
    token: z.string().max(256).optional(),
    /** The authenticator app's code, for an account that has one (TWO_FACTOR_AUTHENTICATION_REQUIRED). */
    code: secondFactorCode,
    backupCode: secondFactorCode,
  }),
  query: z.object({ token: z.string().max(256).optional() }).loose(),
  response: statusAnswer,
  errors: [
    'INVALID_TOKEN',
    'PASSWORD_TOO_SHORT',
    'PASSWORD_TOO_LONG',
    'PASSWORD_COMPROMISED',
    'PASSWORD_BREACH_CHECK_UNAVAILABLE',
    'TWO_FACTOR_AUTHENTICATION_REQUIRED',
    'ACCOUNT_TEMPORARILY_LOCKED',
    'INVALID_CODE',
    'INVALID_BACKUP_CODE',
    'FAILED_TO_VERIFY_BACKUP_CODE_PLEASE_TRY_AGAIN',
  ],
  session: 'none',
});

export const checkResetToken = endpoint({
  method: 'POST',
  path: '/reset-password/check',
  tag,
  summary:
    "Whether a reset link still works, and whether the account's authenticator app will be asked too; spends nothing",
  body: z.object({ token: z.string().max(256) }),
  response: z.object({ valid: z.boolean(), secondFactor: z.boolean() }),
  errors: [],
  session: 'none',
});

export const passwordResetEndpoints = [
  requestPasswordReset,
  forgetPassword,
  resetPasswordCallback,
  resetPassword,
  checkResetToken,
] as const;
