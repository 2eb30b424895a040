/**
 * POST /undo-change (Latch's own): the link of a security notice, posted by the page it
 * opens (`<origin>/undo-change?token=…`), never by the GET of the link itself.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

export const undoChange = endpoint({
  method: 'POST',
  path: '/undo-change',
  tag: 'Security notices',
  summary: 'Undoes the change a security notice reports ("this wasn\'t me") and ends every session of the account',
  body: z.object({ token: z.string().min(1).max(256) }),
  response: z.object({
    status: z.literal(true),
    change: z.enum(['email-changed', 'password-changed', 'provider-linked', 'two-factor-disabled', 'passkey-added']),
    /** A reset token to choose a new password with (the password was cleared), or null. */
    resetToken: z.string().nullable(),
    /** email-changed: whether the previous address could be put back. */
    emailRestored: z.boolean().optional(),
  }),
  errors: ['INVALID_TOKEN'],
  session: 'optional',
});

export const undoChangeEndpoints = [undoChange] as const;
