/** POST /delete-user and GET /delete-user/callback (CONTRACT §4.16). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { callbackField } from './common.ts';

const tag = 'User';

const userDeleted = z.object({ success: z.literal(true), message: z.literal('User deleted') });

export const deleteUser = endpoint({
  method: 'POST',
  path: '/delete-user',
  tag,
  summary:
    'Deletes the account at once with the password, a mailed token or a recent sign-in (fresh and within session.reauthenticationAge); otherwise mails a confirmation link',
  body: z.object({
    password: z.string().optional(),
    token: z.string().max(1024).optional(),
    callbackURL: callbackField,
  }),
  response: z.object({
    success: z.literal(true),
    message: z.enum(['User deleted', 'Verification email sent']),
  }),
  errors: [
    'UNAUTHORIZED',
    'NOT_ALLOWED_WHILE_IMPERSONATING',
    'DELETE_USER_DISABLED',
    'PASSWORD_TOO_LONG',
    'CREDENTIAL_ACCOUNT_NOT_FOUND',
    'INVALID_PASSWORD',
    'INVALID_TOKEN',
    'FAILED_TO_CREATE_VERIFICATION',
  ],
  session: 'sensitive',
});

export const deleteUserCallback = endpoint({
  method: 'GET',
  path: '/delete-user/callback',
  tag,
  summary:
    'The mailed confirmation link: deletes the signed-in user, then redirects to callbackURL (with ?error= on a refusal) or answers JSON',
  query: z.object({ token: z.string().max(1024), callbackURL: callbackField }),
  response: userDeleted,
  answers: 'redirect',
  errors: ['DELETE_USER_DISABLED', 'FAILED_TO_GET_USER_INFO', 'INVALID_TOKEN'],
  session: 'sensitive',
  checksQueryCallbackURL: true,
});

export const accountDeletionEndpoints = [deleteUser, deleteUserCallback] as const;
