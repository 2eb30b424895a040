/** GET /list-accounts and POST /unlink-account (CONTRACT §4.17). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { accountJson } from '../entities.ts';
import { statusAnswer } from './common.ts';

const tag = 'Accounts';

export const listAccounts = endpoint({
  method: 'GET',
  path: '/list-accounts',
  tag,
  summary: "The user's ways in (the password and each linked provider), without tokens or the password",
  response: z.array(accountJson),
  errors: ['UNAUTHORIZED'],
  session: 'session',
});

export const unlinkAccount = endpoint({
  method: 'POST',
  path: '/unlink-account',
  tag,
  summary: 'Removes a way in, named by its account id (better-auth 1.7) or its providerId; never the last one',
  // the spec's {providerId, accountId?} and better-auth 1.7's {accountId: <account row id>}
  body: z
    .object({ providerId: z.string().min(1).max(255).optional(), accountId: z.string().min(1).max(255).optional() })
    .refine((b) => b.providerId !== undefined || b.accountId !== undefined, {
      message: 'providerId or accountId is required',
    }),
  response: statusAnswer,
  errors: [
    'UNAUTHORIZED',
    'NOT_ALLOWED_WHILE_IMPERSONATING',
    'SESSION_NOT_FRESH',
    'ACCOUNT_NOT_FOUND',
    'FAILED_TO_UNLINK_LAST_ACCOUNT',
  ],
  session: 'fresh',
});

export const accountsEndpoints = [listAccounts, unlinkAccount] as const;
