/**
 * Email and password: sign-up/email, sign-in/email, change-password, set-password and
 * verify-password (CONTRACT §4.3, §4.4, §4.12, §4.13, §4.21).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { userJson } from '../entities.ts';
import { statusAnswer } from './common.ts';
import { twoFactorChallengeJson } from './two-factor.ts';

const tag = 'Email and password';

/**
 * A password sign-in's answer: the session's token and user (`url` when a callbackURL was
 * given), or, when the account has two-factor on, the challenge (CONTRACT §6.4).
 */
export const passwordSignInAnswer = z.union([
  z.object({
    redirect: z.boolean(),
    token: z.string(),
    url: z.string().optional(),
    user: userJson,
  }),
  twoFactorChallengeJson,
]);

/** `{token, user}`: token null when no session was started (or none was rotated). */
const tokenAndUser = z.object({ token: z.string().nullable(), user: userJson });

/** Accepted as sent by JSON clients (a boolean) and by HTML forms (a checkbox's "on", or "true"/"false"). */
const rememberMeField = z.union([z.boolean(), z.enum(['true', 'false', 'on'])]).optional();

export const signUpEmail = endpoint({
  method: 'POST',
  path: '/sign-up/email',
  tag,
  summary:
    'Creates an account with an email and a password, and signs it in unless verification or autoSignIn says not',
  body: z.object({
    name: z.string().max(4096),
    email: z.string().max(320),
    password: z.string().min(1),
    image: z.string().max(8192).nullish(),
    callbackURL: z.string().optional(),
    rememberMe: rememberMeField,
    username: z.string().max(1024).optional(),
    displayUsername: z.string().max(1024).optional(),
    language: z.number().int().optional(),
    role: z.unknown().optional(),
  }),
  response: tokenAndUser,
  errors: [
    'EMAIL_PASSWORD_SIGN_UP_DISABLED',
    'INVALID_EMAIL',
    'PASSWORD_TOO_SHORT',
    'PASSWORD_TOO_LONG',
    'FIELD_NOT_ALLOWED',
    'INVALID_LANGUAGE',
    // the username plugin's rules on username/displayUsername
    'USERNAME_TOO_SHORT',
    'USERNAME_TOO_LONG',
    'INVALID_USERNAME',
    'USERNAME_IS_ALREADY_TAKEN',
    'PASSWORD_COMPROMISED',
    'PASSWORD_BREACH_CHECK_UNAVAILABLE',
    'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  ],
  session: 'none',
  acceptsForm: true,
  formCsrf: true,
});

export const signInEmail = endpoint({
  method: 'POST',
  path: '/sign-in/email',
  tag,
  summary: 'Signs in with an email and a password (200 with a Location header when a callbackURL is given)',
  body: z.object({
    email: z.string().max(1024),
    password: z.string(),
    callbackURL: z.string().optional(),
    rememberMe: rememberMeField,
  }),
  response: passwordSignInAnswer,
  errors: [
    'EMAIL_PASSWORD_DISABLED',
    'INVALID_EMAIL',
    'PASSWORD_TOO_LONG',
    'INVALID_EMAIL_OR_PASSWORD',
    'EMAIL_NOT_VERIFIED',
    'BANNED_USER',
    'FAILED_TO_CREATE_SESSION',
  ],
  session: 'none',
  acceptsForm: true,
  formCsrf: true,
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/change-password',
  tag,
  summary:
    'Replaces the password after checking the current one; reset links and trusted browsers go, and with revokeOtherSessions every other session',
  body: z.object({
    currentPassword: z.string(),
    newPassword: z.string(),
    revokeOtherSessions: z.boolean().optional(),
  }),
  response: tokenAndUser,
  errors: [
    'UNAUTHORIZED',
    'NOT_ALLOWED_WHILE_IMPERSONATING',
    'PASSWORD_TOO_SHORT',
    'PASSWORD_TOO_LONG',
    'PASSWORD_COMPROMISED',
    'PASSWORD_BREACH_CHECK_UNAVAILABLE',
    'CREDENTIAL_ACCOUNT_NOT_FOUND',
    'INVALID_PASSWORD',
    // the new session of revokeOtherSessions passes the sign-in checks (a ban that came meanwhile)
    'BANNED_USER',
    'FAILED_TO_CREATE_SESSION',
  ],
  session: 'sensitive',
});

export const setPassword = endpoint({
  method: 'POST',
  path: '/set-password',
  tag,
  summary:
    'Server only (auth.api.setPassword, {userId, newPassword}): a password for a user who has none; 404 over HTTP',
  response: statusAnswer,
  // the refusals of auth.api.setPassword; over HTTP the answer is always 404 NOT_FOUND
  errors: [
    'USER_NOT_FOUND',
    'PASSWORD_ALREADY_SET',
    'PASSWORD_TOO_SHORT',
    'PASSWORD_TOO_LONG',
    'PASSWORD_COMPROMISED',
    'PASSWORD_BREACH_CHECK_UNAVAILABLE',
  ],
  session: 'none',
  serverOnly: true,
});

export const verifyPassword = endpoint({
  method: 'POST',
  path: '/verify-password',
  tag,
  summary:
    'The password again inside a session: the session is replaced by one signed in now, so the next request may add a way in',
  body: z.object({ password: z.string() }),
  response: statusAnswer,
  errors: [
    'UNAUTHORIZED',
    'NOT_ALLOWED_WHILE_IMPERSONATING',
    'PASSWORD_TOO_LONG',
    'INVALID_PASSWORD',
    'BANNED_USER',
    'FAILED_TO_CREATE_SESSION',
  ],
  session: 'sensitive',
});

export const credentialsEndpoints = [signUpEmail, signInEmail, changePassword, setPassword, verifyPassword] as const;
