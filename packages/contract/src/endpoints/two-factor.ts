/**
 * The two-factor plugin (CONTRACT §6.4). Account settings (enable, disable, get-totp-uri,
 * generate-backup-codes) need the session and the account's password; the codes
 * (verify-totp, send-otp, verify-otp, verify-backup-code) act on the current session, or
 * without one on the sign-in challenge of the signed `two_factor` cookie.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { userJson } from '../entities.ts';
import { statusAnswer } from './common.ts';
import { authenticationOptionsJson, authenticationResponse } from './passkey.ts';

const tag = 'Two-factor';
const plugin = 'twoFactor';

/** The second factors a sign-in challenge may offer. */
export const twoFactorMethod = z.enum(['totp', 'otp', 'passkey']);

/**
 * What a sign-in answers instead of a session when the account asks for a second factor
 * (no session cookie; the signed `two_factor` cookie carries the challenge).
 */
export const twoFactorChallengeJson = z
  .object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(twoFactorMethod) })
  .meta({ id: 'TwoFactorChallenge' });
export type TwoFactorChallengeJson = z.infer<typeof twoFactorChallengeJson>;

/**
 * A code accepted: in a session, its token (for verify-totp's first code the old one, as
 * better-auth answers, while the cookie carries the new); at sign-in, the new session's
 * token, or null when verify-backup-code was asked for no session.
 */
export const twoFactorVerifiedJson = z
  .object({ token: z.string().nullable(), user: userJson })
  .meta({ id: 'TwoFactorVerified' });

const password = z.string().max(1024).optional();
const code = z.string().max(64);
const trustDevice = z.boolean().optional();

/** The refusals of resolving who a code is for: an admin acting as the user, or no valid challenge. */
const verifierErrors = ['NOT_ALLOWED_WHILE_IMPERSONATING', 'INVALID_TWO_FACTOR_COOKIE'] as const;
/** The refusals of the tries taken before a code is compared at sign-in. */
const triesErrors = ['TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'ACCOUNT_TEMPORARILY_LOCKED'] as const;
/** The refusals of granting the session a code completes (or of rotating the current one). */
const grantErrors = ['BANNED_USER', 'FAILED_TO_CREATE_SESSION'] as const;
/** The refusals of the account-settings guard: a session of the owner, not of an admin acting as them. */
const ownerErrors = ['UNAUTHORIZED', 'NOT_ALLOWED_WHILE_IMPERSONATING'] as const;

export const enable = endpoint({
  method: 'POST',
  path: '/two-factor/enable',
  tag,
  summary: 'Starts an authenticator-app enrolment (a first code confirms it), or turns emailed codes on where allowed',
  body: z.object({
    password,
    method: z.enum(['totp', 'otp']).optional(),
    issuer: z.string().max(256).optional(),
  }),
  response: z.discriminatedUnion('method', [
    z.object({ method: z.literal('totp'), totpURI: z.string(), backupCodes: z.array(z.string()) }),
    z.object({ method: z.literal('otp') }),
  ]),
  errors: [
    ...ownerErrors,
    'INVALID_PASSWORD',
    'EMAILED_CODES_CANNOT_BE_THE_ONLY_SECOND_FACTOR',
    'TOTP_ALREADY_ENABLED',
    ...grantErrors,
  ],
  session: 'sensitive',
  plugin,
});

export const disable = endpoint({
  method: 'POST',
  path: '/two-factor/disable',
  tag,
  summary: 'Turns two-factor off, forgets trusted devices and renews the session; mails an undo link',
  body: z.object({ password }),
  response: statusAnswer,
  errors: [...ownerErrors, 'INVALID_PASSWORD', ...grantErrors],
  session: 'sensitive',
  plugin,
});

export const getTotpUri = endpoint({
  method: 'POST',
  path: '/two-factor/get-totp-uri',
  tag,
  summary: "The otpauth:// URI of the account's authenticator secret (the configured issuer)",
  body: z.object({ password }),
  response: z.object({ totpURI: z.string() }),
  errors: [...ownerErrors, 'TOTP_NOT_ENABLED', 'INVALID_PASSWORD'],
  session: 'sensitive',
  plugin,
});

export const generateBackupCodes = endpoint({
  method: 'POST',
  path: '/two-factor/generate-backup-codes',
  tag,
  summary: 'Replaces the backup codes with new ones',
  body: z.object({ password }),
  response: z.object({ status: z.literal(true), backupCodes: z.array(z.string()) }),
  errors: [...ownerErrors, 'TWO_FACTOR_NOT_ENABLED', 'INVALID_PASSWORD'],
  session: 'sensitive',
  plugin,
});

export const verifyTotp = endpoint({
  method: 'POST',
  path: '/two-factor/verify-totp',
  tag,
  summary: 'An authenticator code: completes a sign-in challenge, or in a session confirms the enrolment',
  body: z.object({ code, trustDevice }),
  response: twoFactorVerifiedJson,
  errors: [...verifierErrors, ...triesErrors, 'TOTP_NOT_ENABLED', 'INVALID_CODE', ...grantErrors],
  session: 'optional',
  plugin,
});

export const sendOtp = endpoint({
  method: 'POST',
  path: '/two-factor/send-otp',
  tag,
  summary: "Mails a one-time code to the account's address (for the challenge, or the session)",
  body: z.object({ trustDevice }).optional(),
  response: statusAnswer,
  errors: [
    ...verifierErrors,
    'EMAILED_CODES_CANNOT_BE_THE_ONLY_SECOND_FACTOR',
    'OTP_NOT_ENABLED',
    'FAILED_TO_SEND_EMAIL',
  ],
  session: 'optional',
  plugin,
});

export const verifyOtp = endpoint({
  method: 'POST',
  path: '/two-factor/verify-otp',
  tag,
  summary: 'An emailed code: completes a sign-in challenge, or in a session turns emailed codes on',
  body: z.object({ code, trustDevice }),
  response: twoFactorVerifiedJson,
  errors: [
    ...verifierErrors,
    'EMAILED_CODES_CANNOT_BE_THE_ONLY_SECOND_FACTOR',
    'OTP_NOT_ENABLED',
    ...triesErrors,
    'OTP_HAS_EXPIRED',
    'INVALID_CODE',
    ...grantErrors,
  ],
  session: 'optional',
  plugin,
});

export const verifyBackupCode = endpoint({
  method: 'POST',
  path: '/two-factor/verify-backup-code',
  tag,
  summary: 'A single-use backup code: completes a sign-in challenge (with disableSession, without a session)',
  body: z.object({ code, disableSession: z.boolean().optional(), trustDevice }),
  response: twoFactorVerifiedJson,
  errors: [
    ...verifierErrors,
    ...triesErrors,
    'BACKUP_CODES_NOT_ENABLED',
    'INVALID_BACKUP_CODE',
    'FAILED_TO_VERIFY_BACKUP_CODE_PLEASE_TRY_AGAIN',
    ...grantErrors,
  ],
  session: 'optional',
  plugin,
});

/**
 * A passkey as the second factor (issue 15; Latch's own, better-auth has none): the options
 * for the challenged account's passkeys, then its assertion. Offered in `twoFactorMethods`
 * as `passkey` when the account has one and plugins.passkey is on.
 */
export const generatePasskeyOptions = endpoint({
  method: 'POST',
  path: '/two-factor/generate-passkey-options',
  tag,
  summary:
    "Options for navigator.credentials.get() with the challenged account's passkeys (the second factor); sets the passkey challenge cookie",
  response: authenticationOptionsJson,
  errors: [...verifierErrors, 'PASSKEY_NOT_FOUND'],
  session: 'optional',
  plugin,
});

export const verifyPasskey = endpoint({
  method: 'POST',
  path: '/two-factor/verify-passkey',
  tag,
  summary: 'A passkey assertion of the challenged account: completes the sign-in challenge like a code',
  body: z.object({ response: authenticationResponse, trustDevice }),
  response: twoFactorVerifiedJson,
  errors: [
    ...verifierErrors,
    ...triesErrors,
    'CHALLENGE_NOT_FOUND',
    'PASSKEY_NOT_FOUND',
    'AUTHENTICATION_FAILED',
    ...grantErrors,
  ],
  session: 'optional',
  plugin,
});

export const twoFactorEndpoints = [
  enable,
  disable,
  getTotpUri,
  generateBackupCodes,
  verifyTotp,
  sendOtp,
  verifyOtp,
  verifyBackupCode,
  generatePasskeyOptions,
  verifyPasskey,
] as const;
