/** POST /update-user (CONTRACT §4.14). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { statusAnswer } from './common.ts';

const tag = 'User';

export const updateUser = endpoint({
  method: 'POST',
  path: '/update-user',
  tag,
  summary:
    "Changes the user's name, image, language or username; the email and the admin's fields are refused, others ignored",
  body: z.object({
    name: z.string().max(4096).optional(),
    image: z.string().max(8192).nullable().optional(),
    username: z.string().max(1024).optional(),
    displayUsername: z.string().max(1024).optional(),
    language: z.number().int().nullable().optional(),
    email: z.unknown().optional(),
    role: z.unknown().optional(),
    banned: z.unknown().optional(),
    banReason: z.unknown().optional(),
    banExpires: z.unknown().optional(),
    twoFactorEnabled: z.unknown().optional(),
  }),
  response: statusAnswer,
  errors: [
    'UNAUTHORIZED',
    'EMAIL_CAN_NOT_BE_UPDATED',
    'FIELD_NOT_ALLOWED',
    'INVALID_LANGUAGE',
    // the username plugin's rules (400)
    'USERNAME_TOO_SHORT',
    'USERNAME_TOO_LONG',
    'INVALID_USERNAME',
    'USERNAME_IS_ALREADY_TAKEN',
    'NO_FIELDS_TO_UPDATE',
    'USER_NOT_FOUND',
  ],
  session: 'session',
});

export const userEndpoints = [updateUser] as const;
