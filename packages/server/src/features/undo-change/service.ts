/**
 * Undoing a change from its security notice (features/security-notices): "this wasn't
 * me". In one transaction the link is spent, the change is reversed as far as it safely
 * can be, every session of the account ends, and every reset link and trusted browser is
 * voided. When the change touched the password or the address, the password is cleared
 * too and a fresh reset token is answered: whoever made the change may know it, so the
 * owner chooses a new one (the old one is never put back, as it may be why this happened).
 *
 *   email-changed        the previous (verified) address comes back, when nobody took it since
 *   password-changed     (password cleared, see above)
 *   provider-linked      the provider link is removed
 *   two-factor-disabled  the enrolment comes back, two-factor on
 *   passkey-added        the passkey is removed
 */
import {
  consumeTokenById,
  deleteResetTokensOfUser,
  deleteTrustedDevicesOfUser,
  findToken,
} from '../../core/db/verification-store.ts';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { deleteAccount, findAccountsOfUser, findCredentialAccount } from '../accounts/index.ts';
import { deletePasskeyOfUser } from '../passkey/index.ts';
import { issueResetToken } from '../password-reset/index.ts';
import { type UndoableKind, undoTokenValue } from '../security-notices/index.ts';
import { clearSessionCookies, deleteSessionsOfUser, getCurrentSession } from '../session/index.ts';
import { restoreTwoFactor } from '../two-factor/index.ts';
import { findUserByEmail, findUserById, updateUserRow } from '../user/index.ts';

type Ctx = RequestContext<unknown, unknown>;

export interface UndoOutcome {
  change: UndoableKind;
  /** A reset token for the owner to choose a new password with, or null. */
  resetToken: string | null;
  /** email-changed: whether the previous address could be put back. */
  emailRestored?: boolean;
}

function parse(text: string) {
  try {
    return undoTokenValue.safeParse(JSON.parse(text));
  } catch {
    return undoTokenValue.safeParse(null);
  }
}

export async function undoChange(ctx: Ctx, token: string): Promise<UndoOutcome> {
  const { db, clock } = ctx.deps;
  const stored = await findToken(db, 'undo-change', token);
  if (!stored || stored.expiresAt <= clock.now()) throw authError('INVALID_TOKEN');
  const parsed = parse(stored.value);
  if (!parsed.success) throw authError('INVALID_TOKEN');
  const { userId, change } = parsed.data;
  const user = await findUserById(db, userId);
  if (!user) throw authError('INVALID_TOKEN');

  const now = clock.now();
  let emailRestored: boolean | undefined;
  const clearsPassword = change.kind === 'email-changed' || change.kind === 'password-changed';
  // an address someone else has taken since cannot come back
  const previousOwner =
    change.kind === 'email-changed' && user.email !== change.previousEmail
      ? await findUserByEmail(db, change.previousEmail)
      : null;
  await db.transaction().execute(async (trx) => {
    if (!(await consumeTokenById(trx, stored.id))) throw authError('INVALID_TOKEN');
    switch (change.kind) {
      case 'email-changed':
        emailRestored = !previousOwner || previousOwner.id === user.id;
        if (emailRestored)
          await updateUserRow(trx, user.id, { email: change.previousEmail, emailVerified: true, updatedAt: now });
        break;
      case 'provider-linked': {
        const linked = (await findAccountsOfUser(trx, user.id)).find((a) => a.id === change.accountRowId);
        if (linked) await deleteAccount(trx, linked.id);
        break;
      }
      case 'two-factor-disabled':
        await restoreTwoFactor(trx, user.id, change.twoFactor, now);
        break;
      case 'passkey-added':
        await deletePasskeyOfUser(trx, user.id, change.passkeyId);
        break;
      case 'password-changed':
        break;
    }
    if (clearsPassword) {
      const credential = await findCredentialAccount(trx, user.id);
      // the password row goes, not only its hash: list-accounts then says truthfully that the
      // account has no password until the owner chooses one with the reset token
      if (credential) await deleteAccount(trx, credential.id);
    }
    await deleteSessionsOfUser(trx, user.id);
    await deleteResetTokensOfUser(trx, user.id);
    await deleteTrustedDevicesOfUser(trx, user.id);
  });
  ctx.deps.revocations.revoke(user.id);
  const current = await getCurrentSession(ctx, { disableCookieCache: true }).catch(() => null);
  if (!current || current.user.id === user.id) clearSessionCookies(ctx);
  const resetToken =
    clearsPassword && ctx.deps.config.emailAndPassword.enabled ? (await issueResetToken(ctx, user.id)).token : null;
  return { change: change.kind, resetToken, ...(emailRestored !== undefined && { emailRestored }) };
}
