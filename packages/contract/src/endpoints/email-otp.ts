/**
 * The email-otp plugin (better-auth's `email-otp`, issue 15 item 3): a one-time code mailed
 * for a sign-in, an address verification or a password reset, each bound to its purpose
 * and address, with a bounded number of tries counted atomically.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { userJson } from '../entities.ts';
import { emailField, successAnswer } from './common.ts';
import { twoFactorChallengeJson } from './two-factor.ts';

const tag = 'Email OTP';
const plugin = 'emailOTP';

/**
 * What a code is for. better-auth's fourth type, `change-email`, has its own endpoints there
 * (not served by Latch: an address moves only with the current address's consent).
 */
export const emailOtpType = z.enum(['sign-in', 'email-verification', 'forget-password']);
export type EmailOtpType = z.infer<typeof emailOtpType>;

const otp = z.string().max(64);
/** The refusals of a code: unknown or wrong, past its lifetime, its tries spent. */
const codeErrors = ['INVALID_OTP', 'OTP_EXPIRED', 'TOO_MANY_ATTEMPTS'] as const;

export const sendVerificationOtp = endpoint({
  method: 'POST',
  path: '/email-otp/send-verification-otp',
  tag,
  summary:
    'Mails a code for a sign-in, an address verification or a password reset; the same answer, in about the same time, whoever the address belongs to',
  body: z.object({ email: emailField, type: emailOtpType }),
  response: successAnswer,
  errors: ['RESET_PASSWORD_DISABLED'],
  session: 'none',
  formCsrf: true,
  plugin,
});

export const checkVerificationOtp = endpoint({
  method: 'POST',
  path: '/email-otp/check-verification-otp',
  tag,
  summary:
    'Whether a code is right, without spending it (a wrong one spends a try): a form can check the code before it asks for more',
  body: z.object({ email: emailField, type: emailOtpType, otp }),
  response: successAnswer,
  errors: [...codeErrors, 'USER_NOT_FOUND'],
  session: 'none',
  plugin,
});

export const signInEmailOtp = endpoint({
  method: 'POST',
  path: '/sign-in/email-otp',
  tag,
  summary:
    'Signs in with a mailed code (a new account when the address has none and sign-up is on); the address counts as verified',
  body: z.object({
    email: emailField,
    otp,
    /** For an account the code creates (a first sign-in); ignored for an existing one. */
    name: z.string().max(4096).optional(),
    image: z.string().max(8192).optional(),
  }),
  response: z.union([z.object({ token: z.string(), user: userJson }), twoFactorChallengeJson]),
  errors: [...codeErrors, 'BANNED_USER', 'FAILED_TO_CREATE_SESSION'],
  // a new sign-in ends the browser's earlier session
  session: 'optional',
  formCsrf: true,
  plugin,
});

export const verifyEmailOtp = endpoint({
  method: 'POST',
  path: '/email-otp/verify-email',
  tag,
  summary:
    'Proves the address with a mailed code; signs in when emailVerification.autoSignInAfterVerification is on (token null otherwise)',
  body: z.object({ email: emailField, otp }),
  response: z.object({ status: z.literal(true), token: z.string().nullable(), user: userJson }),
  errors: [...codeErrors, 'USER_NOT_FOUND', 'UNAUTHORIZED'],
  session: 'optional',
  plugin,
});

const resetRequestBody = z.object({ email: emailField });

export const requestPasswordResetEmailOtp = endpoint({
  method: 'POST',
  path: '/email-otp/request-password-reset',
  tag,
  summary:
    'Mails a password-reset code when the address has an account; the same answer, in about the same time, when not',
  body: resetRequestBody,
  response: successAnswer,
  errors: ['RESET_PASSWORD_DISABLED'],
  session: 'none',
  plugin,
});

export const forgetPasswordEmailOtp = endpoint({
  method: 'POST',
  path: '/forget-password/email-otp',
  tag,
  summary: "better-auth's older name for /email-otp/request-password-reset, with the same behaviour",
  body: resetRequestBody,
  response: successAnswer,
  errors: ['RESET_PASSWORD_DISABLED'],
  session: 'none',
  plugin,
});

const secondFactorCode = z.string().max(64).optional();

export const resetPasswordEmailOtp = endpoint({
  method: 'POST',
  path: '/email-otp/reset-password',
  tag,
  summary:
    'Spends the code and sets the new password; an account with an authenticator app gives its code (or a backup code) too',
  body: z.object({
    email: emailField,
    otp,
    password: z.string(),
    /** The authenticator app's code, for an account that has one (TWO_FACTOR_AUTHENTICATION_REQUIRED). */
    code: secondFactorCode,
    backupCode: secondFactorCode,
  }),
  response: successAnswer,
  errors: [
    ...codeErrors,
    'RESET_PASSWORD_DISABLED',
    'USER_NOT_FOUND',
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
  plugin,
});

export const emailOtpEndpoints = [
  sendVerificationOtp,
  checkVerificationOtp,
  signInEmailOtp,
  verifyEmailOtp,
  requestPasswordResetEmailOtp,
  forgetPasswordEmailOtp,
  resetPasswordEmailOtp,
] as const;
