/**
 * Security activity mailed to the person (ARCHITECTURE.md "Changes to a way in are
 * announced and undoable"). An undoable change mails its verified address a link
 * (`<origin>/undo-change?token=…`, a page that asks before it posts) which, within
 * security.undoLinkExpiresIn, undoes the change and ends every session
 * (features/undo-change). The token is stored only as a hash. Undo links go only to an
 * address the person proved: an unverified one may be someone else's (a typo, or an
 * address a stranger pre-registered), and an undo link there would hand them the account.
 *
 * Mail failures are logged, never thrown: the change has happened, and the request that
 * made it must not fail after its side effects.
 */

import { providerDisplayName as providerName } from '@latch/contract';
import { randomString } from '../../core/crypto/random.ts';
import { deleteTokenById, storeToken } from '../../core/db/verification-store.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { webPageURL } from '../../core/http/page-url.ts';
import { type MailReader, sendAccountMail } from '../../core/mail/account-mail.ts';
import type { MailKind } from '../../core/mail/render.ts';
import type { Notice, UndoableChange, UndoTokenValue } from './changes.ts';

type Ctx = RequestContext<unknown, unknown>;

/** The person a notice is about: who they are and where their mail goes. */
export interface NoticeRecipient extends MailReader {
  id: string;
  email: string;
  emailVerified: boolean;
}

const UNDO_MAIL: Record<UndoableChange['kind'], MailKind> = {
  'email-changed': 'security-email-changed',
  'password-changed': 'security-password-changed',
  'provider-linked': 'security-provider-linked',
  'two-factor-disabled': 'security-two-factor-disabled',
  'passkey-added': 'security-passkey-added',
};

const NOTICE_MAIL: Record<Notice['kind'], MailKind> = {
  'two-factor-enabled': 'security-two-factor-enabled',
  'backup-codes': 'security-backup-codes',
  'provider-unlinked': 'security-provider-unlinked',
  'passkey-removed': 'security-passkey-removed',
  'new-sign-in': 'security-new-sign-in',
};

/** The web page that shows an undo link's effect and asks before it posts to /undo-change. */
function undoPageURL(ctx: Ctx, token: string): string {
  return webPageURL(ctx.deps.config, '/undo-change', { token });
}

/**
 * Announces a change to `to` (the address the change concerns: the old one when the
 * address moved), with an undo link when that address is verified. Without a verified
 * address, a password or address change still gets the plain notice it always had.
 */
export async function announceChange(
  ctx: Ctx,
  user: NoticeRecipient,
  change: UndoableChange,
  to: { email: string; verified: boolean } = { email: user.email, verified: user.emailVerified },
): Promise<void> {
  const { db, clock, config, logger } = ctx.deps;
  if (!to.verified) {
    if (change.kind === 'password-changed') await mail(ctx, to.email, user, 'password-changed', { email: to.email });
    if (change.kind === 'email-changed')
      await mail(ctx, to.email, user, 'email-changed-notice', { email: to.email, newEmail: change.newEmail });
    return;
  }
  const token = randomString(32);
  const value: UndoTokenValue = { userId: user.id, change };
  let id: string;
  try {
    id = await storeToken(db, {
      purpose: 'undo-change',
      token,
      value: JSON.stringify(value),
      now: clock.now(),
      expiresInSeconds: config.security.undoLinkExpiresIn,
    });
  } catch (err) {
    logger.error('could not store the undo link of a security notice', {
      userId: user.id,
      kind: change.kind,
      error: err,
    });
    return;
  }
  const sent = await mail(ctx, to.email, user, UNDO_MAIL[change.kind], {
    url: undoPageURL(ctx, token),
    expiresInSeconds: config.security.undoLinkExpiresIn,
    email: change.kind === 'email-changed' ? change.previousEmail : to.email,
    ...(change.kind === 'email-changed' && { newEmail: change.newEmail }),
    ...(change.kind === 'provider-linked' && { providerName: providerName(change.providerId) }),
  });
  // a link nobody received must not stay usable
  if (!sent) await deleteTokenById(db, id).catch(() => undefined);
}

/** A notice without undo, to the verified address only. */
export async function notify(ctx: Ctx, user: NoticeRecipient, notice: Notice): Promise<void> {
  if (!user.emailVerified) return;
  await mail(ctx, user.email, user, NOTICE_MAIL[notice.kind], {
    url: webPageURL(ctx.deps.config, '/settings/profile'),
    ...(notice.kind === 'provider-unlinked' && { providerName: providerName(notice.providerId) }),
    ...(notice.kind === 'new-sign-in' && { device: notice.device }),
  });
}

async function mail(
  ctx: Ctx,
  to: string,
  user: MailReader & { id: string },
  kind: MailKind,
  vars: Parameters<typeof sendAccountMail>[1]['vars'],
): Promise<boolean> {
  try {
    await sendAccountMail(ctx, { to, kind, user, vars });
    return true;
  } catch (err) {
    ctx.deps.logger.error(`could not send the ${kind} mail`, { userId: user.id, kind, error: err });
    return false;
  }
}
