/**
 * Email change (CONTRACT §4.15, spec §4-§5), the request half. The account never moves
 * to an address whose owner has not proven control of it: this only mails a link to the
 * NEW address; following it (GET /verify-email, email-verification/service.ts) moves the
 * account, unverified, sends a fresh verification to the new address and a notice to the
 * old one. See docs/email-flows.md.
 */
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { MailDeliveryError } from '../../core/mail/transport.ts';
import { isValidEmail } from '../credentials/index.ts';
import { deleteTokenById, issueEmailToken, sendAccountMail, verifyEmailURL } from '../email-verification/index.ts';
import { findUserByEmail, type User } from '../user/index.ts';

type Ctx = RequestContext<unknown, unknown>;

export async function requestEmailChange(
  ctx: Ctx,
  user: User,
  rawNewEmail: string,
  callbackURL: string | undefined,
): Promise<void> {
  const { config, db, logger } = ctx.deps;
  if (!config.user.changeEmail.enabled) throw authError('CHANGE_EMAIL_DISABLED');
  const newEmail = rawNewEmail.trim().toLowerCase();
  if (!isValidEmail(newEmail)) throw authError('INVALID_EMAIL');
  if (newEmail === user.email.toLowerCase()) throw authError('EMAIL_IS_THE_SAME');
  // the spec's rule (§5): a taken address is refused, and nothing is sent to it
  if (await findUserByEmail(db, newEmail)) throw authError('COULDNT_UPDATE_YOUR_EMAIL');

  const { token, id } = await issueEmailToken(ctx, {
    kind: 'change-email',
    userId: user.id,
    email: user.email,
    newEmail,
  });
  try {
    await sendAccountMail(ctx, {
      to: newEmail,
      kind: 'change-email-verification',
      user,
      vars: {
        url: verifyEmailURL(ctx, token, callbackURL),
        newEmail,
        email: user.email,
        expiresInSeconds: config.emailVerification.expiresIn,
      },
    });
  } catch (err) {
    await deleteTokenById(db, id);
    if (!(err instanceof MailDeliveryError)) throw err;
    logger.error('could not send the change-email mail', { userId: user.id, error: err });
    throw authError('FAILED_TO_CREATE_VERIFICATION');
  }
}
