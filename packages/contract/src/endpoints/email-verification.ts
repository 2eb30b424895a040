/** Email verification: send-verification-email and verify-email (CONTRACT §4.9, §4.10). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { userJson } from '../entities.ts';
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
    'Follows an emailed link: proves the address (or moves the account to a new one); 302 to callbackURL, with ?error= when refused',
  query: z.object({ token: z.string().max(1024), callbackURL: callbackField }),
  /** Without callbackURL: the user after an email change, else null (as better-auth answers). */
  response: z.object({ status: z.literal(true), user: userJson.nullable() }),
  answers: 'redirect',
  errors: ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND', 'UNAUTHORIZED', 'COULDNT_UPDATE_YOUR_EMAIL'],
  session: 'optional',
  checksQueryCallbackURL: true,
});

export const emailVerificationEndpoints = [sendVerificationEmail, verifyEmail] as const;
