/**
 * Email change: POST /change-email (CONTRACT §4.15) and Latch's approval of a change by
 * the current address: POST /change-email/describe, /change-email/approve and /change-email/refuse.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { callbackField, statusAnswer } from './common.ts';

const tag = 'Email change';

export const changeEmail = endpoint({
  method: 'POST',
  path: '/change-email',
  tag,
  summary:
    'Asks to move the account to a new address: approved from the current one when it is verified, else proven from the new one',
  body: z.object({ newEmail: z.string().max(320), callbackURL: callbackField }),
  response: statusAnswer,
  errors: [
    'UNAUTHORIZED',
    'NOT_ALLOWED_WHILE_IMPERSONATING',
    'REAUTHENTICATION_REQUIRED',
    'CHANGE_EMAIL_DISABLED',
    'INVALID_EMAIL',
    'EMAIL_IS_THE_SAME',
    'COULDNT_UPDATE_YOUR_EMAIL',
    'FAILED_TO_CREATE_VERIFICATION',
  ],
  session: 'recent',
});

const tokenBody = z.object({ token: z.string().min(1).max(256) });
const approvalTokenErrors = ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND'] as const;

export const describeEmailChange = endpoint({
  method: 'POST',
  path: '/change-email/describe',
  tag,
  summary: 'What the approval page shows: the current and the requested address (nothing is spent)',
  body: tokenBody,
  response: z.object({ email: z.string(), newEmail: z.string() }),
  errors: approvalTokenErrors,
  session: 'none',
});

export const approveEmailChange = endpoint({
  method: 'POST',
  path: '/change-email/approve',
  tag,
  summary: 'The current address approves: the account moves to the new one (unverified), which gets a verification',
  body: tokenBody,
  response: statusAnswer,
  errors: [...approvalTokenErrors, 'COULDNT_UPDATE_YOUR_EMAIL'],
  session: 'optional',
});

export const refuseEmailChange = endpoint({
  method: 'POST',
  path: '/change-email/refuse',
  tag,
  summary: 'The current address refuses: the request is void and every session of the account ends',
  body: tokenBody,
  response: statusAnswer,
  errors: approvalTokenErrors,
  session: 'optional',
});

export const emailChangeEndpoints = [changeEmail, describeEmailChange, approveEmailChange, refuseEmailChange] as const;
