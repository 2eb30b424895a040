/**
 * Email change (CONTRACT §4.15, spec §4-§5; docs/email-flows.md), the request half and,
 * when the current address is verified, its approval (security issue, item 2).
 *
 * - Current address verified: the change is first approved from it. A link goes to the
 *   CURRENT address, to a page (`<origin>/approve-email-change?token=…`) that asks before
 *   it posts: approving (POST /change-email/approve) sets the new address, unverified, and
 *   sends a verification to it, and the old address gets a notice with an undo link;
 *   refusing (POST /change-email/refuse) voids the request and ends every session, since
 *   whoever asked was not the owner. A copied cookie alone can no longer move the account.
 * - Current address unverified (nobody proved it): a link goes to the NEW address;
 *   following it (GET /verify-email) moves the account, as the spec describes.
 * Either way the request needs a recent sign-in and no impersonation (routes.ts).
 */
import { consumeTokenById, deleteTokenById } from '../../core/db/verification-store.ts';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { webPageURL } from '../../core/http/page-url.ts';
import { sendAccountMail } from '../../core/mail/account-mail.ts';
import { MailDeliveryError } from '../../core/mail/transport.ts';
import { recordEvent } from '../audit/index.ts';
import { isValidEmail } from '../credentials/index.ts';
import {
  applyEmailChange,
  findEmailToken,
  issueEmailToken,
  VERIFY_ERRORS,
  verifyEmailURL,
} from '../email-verification/index.ts';
import { clearSessionCookies, deleteSessionsOfUser, getCurrentSession } from '../session/index.ts';
import { findUserByEmail, type User } from '../user/index.ts';

type Ctx = RequestContext<unknown, unknown>;

/** Whether answers must not tell which addresses have an account (as sign-up decides, features/credentials). */
export function keepsQuietAboutAddresses(config: Ctx['deps']['config']): boolean {
  return config.emailAndPassword.requireEmailVerification || !config.emailAndPassword.autoSignIn;
}

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
  // the spec's rule (§5): a taken address is refused, and nothing is sent to it. Where sign-up
  // keeps quiet about taken addresses (requireEmailVerification, or no autoSignIn), so does
  // this: the same answer as a free address (CONTRACT §4.15), in the same time (routes.ts)
  if (await findUserByEmail(db, newEmail)) {
    if (!keepsQuietAboutAddresses(config)) throw authError('COULDNT_UPDATE_YOUR_EMAIL');
    logger.info('email change to an address that has an account: nothing sent', { userId: user.id });
    return;
  }

  const approval = user.emailVerified;
  const { token, id } = await issueEmailToken(ctx, {
    kind: approval ? 'approve-change-email' : 'change-email',
    userId: user.id,
    email: user.email,
    newEmail,
    ...(approval && callbackURL !== undefined && { callbackURL }),
  });
  try {
    await sendAccountMail(ctx, {
      to: approval ? user.email : newEmail,
      kind: approval ? 'change-email-confirmation' : 'change-email-verification',
      user,
      vars: {
        // the approval page posts the answer: a mail scanner's GET of the link approves nothing
        url: approval
          ? webPageURL(config, '/approve-email-change', { token })
          : verifyEmailURL(ctx, token, callbackURL),
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
  // once the mail is out (a request whose mail failed left nothing pending); never the link
  await recordEvent(db, ctx, {
    type: 'email.change_requested',
    actorUserId: user.id,
    targetType: 'user',
    targetId: user.id,
    details: { email: user.email, newEmail, needsApproval: approval },
  });
}

/** An approval link's request, for the approval page (nothing is spent). */
export async function describeEmailChange(ctx: Ctx, token: string): Promise<{ email: string; newEmail: string }> {
  const { value } = await approvalToken(ctx, token);
  return { email: value.email, newEmail: value.newEmail ?? '' };
}

/** The current address approved: the account moves to the new one (unverified), which gets a verification. */
export async function approveEmailChange(ctx: Ctx, token: string): Promise<void> {
  const { stored, value, user } = await approvalToken(ctx, token);
  await applyEmailChange(ctx, stored.id, value, user, value.callbackURL);
}

/**
 * The current address refused: whoever asked holds a session that is not the owner's, so
 * the request is void and every session of the account ends.
 */
export async function refuseEmailChange(ctx: Ctx, token: string): Promise<void> {
  const { stored, user } = await approvalToken(ctx, token);
  await ctx.deps.db.transaction().execute(async (trx) => {
    if (!(await consumeTokenById(trx, stored.id))) throw VERIFY_ERRORS.invalidToken();
    await deleteSessionsOfUser(trx, user.id);
  });
  ctx.deps.revocations.revoke(user.id);
  const current = await getCurrentSession(ctx, { disableCookieCache: true }).catch(() => null);
  if (!current || current.user.id === user.id) clearSessionCookies(ctx);
}

async function approvalToken(ctx: Ctx, token: string) {
  const found = await findEmailToken(ctx, token);
  if (found.value.kind !== 'approve-change-email' || !found.value.newEmail) throw VERIFY_ERRORS.invalidToken();
  return found;
}
