/**
 * What a security notice says happened. Five changes add a way into the account (or take
 * away a protection) and are undoable from the mail; the others are notices only, because
 * undoing them would hand the mailbox a way to weaken the account (e.g. turning off a
 * second factor the owner just added).
 */
import { z } from 'zod';

export const undoableChange = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('email-changed'),
    previousEmail: z.string(),
    newEmail: z.string(),
  }),
  z.object({ kind: z.literal('password-changed') }),
  z.object({ kind: z.literal('provider-linked'), accountRowId: z.string(), providerId: z.string() }),
  z.object({
    kind: z.literal('two-factor-disabled'),
    /** The removed enrolment as it was stored (the secret and codes stay encrypted). */
    twoFactor: z.object({ secret: z.string(), backupCodes: z.string(), verified: z.boolean() }),
  }),
  z.object({ kind: z.literal('passkey-added'), passkeyId: z.string() }),
]);
export type UndoableChange = z.infer<typeof undoableChange>;
export type UndoableKind = UndoableChange['kind'];

export type Notice =
  | { kind: 'two-factor-enabled' }
  | { kind: 'backup-codes' }
  | { kind: 'provider-unlinked'; providerId: string }
  | { kind: 'passkey-removed' }
  | { kind: 'new-sign-in'; device: string };

/** What an undo link's row holds (purpose `undo-change`). */
export const undoTokenValue = z.object({ userId: z.string(), change: undoableChange });
export type UndoTokenValue = z.infer<typeof undoTokenValue>;
