/**
 * GET /export-user-data (Latch's own): everything Latch keeps about the signed-in person, to
 * download. A recent sign-in of the person (docs/security.md rule 3): a copied cookie does
 * not download their sessions, addresses and accounts in one go.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { accountJson, isoDate, sessionJson, userJson } from '../entities.ts';
import { passkeyJson } from './passkey.ts';

export const exportUserData = endpoint({
  method: 'GET',
  path: '/export-user-data',
  tag: 'User',
  summary:
    'Everything Latch keeps about the signed-in person (profile, linked accounts, sessions, second factor, passkeys), for them to download; never secrets',
  response: z
    .object({
      exportedAt: isoDate,
      user: userJson,
      accounts: z.array(accountJson),
      sessions: z.array(sessionJson),
      twoFactor: z.object({ enabled: z.boolean(), authenticatorApp: z.boolean() }),
      /** Public keys and metadata only: a passkey's private key never leaves the authenticator. */
      passkeys: z.array(passkeyJson),
    })
    .meta({ id: 'UserDataExport' }),
  errors: ['UNAUTHORIZED', 'NOT_ALLOWED_WHILE_IMPERSONATING', 'REAUTHENTICATION_REQUIRED'],
  session: 'recent',
});

export const dataExportEndpoints = [exportUserData] as const;
