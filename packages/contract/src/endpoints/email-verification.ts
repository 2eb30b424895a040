/** Email verification: send-verification-email and verify-email (CONTRACT §4.9, §4.10). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { isoDate, userJson } from '../entities.ts';
import { callbackField, emailField, statusAnswer } from './common.ts';

const tag = 'Email verification';

export const sendVerificationEmail = endpoint({
  method: 'POST',
  path: '/send-verification-email',
  tag,
  summary:
    'Mails a verification link; without a session the same answer, in the same time, whoever the address belongs to',
  body: z.object({ email: emailField, callbackURL: callbackField }),
  response: statusAnswer,
  errors: ['EMAIL_MISMATCH', 'EMAIL_ALREADY_VERIFIED', 'FAILED_TO_CREATE_VERIFICATION'],
  session: 'optional',
});

export const verifyEmail = endpoint({
  method: 'GET',
  path: '/verify-email',
  tag,
  summary:
    "Follows an emailed link: proves the address (or moves the account to a new one); 302 to callbackURL, with ?error= when refused. A browser that did not ask for the link, opening it for an unproven account with only a password, is sent unspent to the web app's /confirm-email page, which asks whether the person set the account up",
  query: z.object({ token: z.string().max(1024), callbackURL: callbackField }),
  /** Without callbackURL: the user after an email change, else null (as better-auth answers). */
  response: z.object({ status: z.literal(true), user: userJson.nullable() }),
  answers: 'redirect',
  errors: ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND', 'UNAUTHORIZED', 'COULDNT_UPDATE_YOUR_EMAIL'],
  session: 'optional',
  checksQueryCallbackURL: true,
});

const verifyErrors = ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND', 'UNAUTHORIZED'] as const;

export const describeVerification = endpoint({
  method: 'POST',
  path: '/verify-email/describe',
  tag,
  summary:
    'What the confirmation page shows for a verification link opened in a browser that did not ask for it: the address (nothing is spent)',
  body: z.object({ token: z.string().max(1024) }),
  /** `createdAt`: when the account was set up, so the owner can tell whether it was them. */
  response: z.object({ email: z.string(), createdAt: isoDate }),
  errors: verifyErrors,
  session: 'optional',
});

export const confirmVerification = endpoint({
  method: 'POST',
  path: '/verify-email/confirm',
  tag,
  summary:
    'The person answers whether they set up the account: `mine` verifies the address (no sign-in); not mine claims it, removing the password and sessions a stranger may have set up',
  body: z.object({ token: z.string().max(1024), callbackURL: callbackField, mine: z.boolean() }),
  /** `redirect`: callbackURL after a verification; absent after a claim (the page says what happened). */
  response: z.object({ redirect: z.string().nullable() }),
  errors: verifyErrors,
  session: 'optional',
  // the person's click on Latch's page: another site cannot post it
  formCsrf: true,
});

export const emailVerificationEndpoints = [
  sendVerificationEmail,
  verifyEmail,
  describeVerification,
  confirmVerification,
] as const;
