/**
 * The flows of emailed codes (better-auth's `email-otp` plugin): sending one, checking it,
 * signing in with it, and proving the address with it. The password reset is in reset.ts.
 */
import type { emailOtp } from '@latch/contract';
import { AuthError, authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { sendAccountMail } from '../../core/mail/account-mail.ts';
import type { MailKind } from '../../core/mail/render.ts';
import { recordEvent } from '../audit/index.ts';
import { findOrCreateProvenUser, hasWaysInBeyondPassword, secretStillFits } from '../mailbox-proof/index.ts';
import { getCurrentSession, setSessionCookies } from '../session/index.ts';
import { grantSession } from '../sign-in/index.ts';
import { findUserByEmail, type User, updateUserRow } from '../user/index.ts';
import {
  checkCode,
  isPending,
  issueCode,
  keepTry,
  optionsOf,
  type RightCode,
  spendCode,
  withdrawCode,
} from './codes.ts';

type Ctx = RequestContext<unknown, unknown>;
type EmailOtpType = emailOtp.EmailOtpType;

const MAIL_OF: Record<EmailOtpType, MailKind> = {
  'sign-in': 'email-otp-sign-in',
  'email-verification': 'email-otp-verify-email',
  'forget-password': 'email-otp-reset-password',
};

/**
 * Mails a code when there is something to do with it: a sign-in (to the account, or to
 * create one when sign-up is on), a verification of an address not proven yet, a reset of
 * an existing account. Answers nothing either way; a mail that cannot be delivered is
 * logged and its code withdrawn (telling the caller would tell a stranger about the address).
 * A code a concurrent send replaced before its mail went is not mailed: that send mails the
 * code that works, and the person gets fewer mails whose codes are void.
 */
export async function sendCode(ctx: Ctx, type: EmailOtpType, email: string): Promise<void> {
  const { db, config, logger } = ctx.deps;
  const options = optionsOf(ctx);
  if (type === 'forget-password' && !config.emailAndPassword.enabled) throw authError('RESET_PASSWORD_DISABLED');
  const user = await findUserByEmail(db, email);
  const wanted =
    type === 'sign-in'
      ? user !== null || !options.disableSignUp
      : type === 'email-verification'
        ? user !== null && !user.emailVerified
        : user !== null;
  if (!wanted) return;
  const issued = await issueCode(ctx, type, email, user?.id ?? null);
  // replaced already by a concurrent send, which mails the code that works
  if (!(await isPending(ctx, type, email, issued))) return;
  try {
    await sendAccountMail(ctx, {
      to: email,
      kind: MAIL_OF[type],
      user: user ?? { name: '', language: null },
      vars: { code: issued.code, expiresInSeconds: options.expiresIn },
    });
  } catch (err) {
    await withdrawCode(ctx, issued);
    logger.error('could not send an emailed code', { type, userId: user?.id ?? null, error: err });
  }
}

/**
 * check-verification-otp: whether the code is right, without spending it. A wrong code
 * spends a try as anywhere else; a right one keeps its try, for the request that spends it.
 */
export async function checkCodeOnly(ctx: Ctx, type: EmailOtpType, email: string, otp: string): Promise<void> {
  const right = await checkCode(ctx, type, email, otp);
  await keepTry(ctx, right);
  // as better-auth: the code's holder may learn whether the address has an account
  if (!(await findUserByEmail(ctx.deps.db, email))) throw authError('USER_NOT_FOUND');
}

export interface CodeSignIn {
  email: string;
  otp: string;
  name?: string | undefined;
  image?: string | undefined;
}

/**
 * Signs in with a code: spends it, proves the address (an account nobody had proven loses
 * what was set up before, features/mailbox-proof), and asks the sign-in pipeline for a
 * session, where bans, the per-account limit and the second factor apply.
 */
export type CodeSignInResult =
  | { kind: 'session'; token: string; user: User }
  | { kind: 'challenge'; answer: { twoFactorRedirect: true; twoFactorMethods: string[] } };

export async function signInWithCode(ctx: Ctx, input: CodeSignIn): Promise<CodeSignInResult> {
  const { db } = ctx.deps;
  const options = optionsOf(ctx);
  let right: RightCode;
  try {
    right = await checkCode(ctx, 'sign-in', input.email, input.otp);
  } catch (err) {
    if (err instanceof AuthError) await recordRefusal(ctx, input.email, err.code.toLowerCase());
    throw err;
  }
  const address = {
    email: input.email,
    method: 'email-otp',
    boundUserId: right.userId,
    allowSignUp: !options.disableSignUp,
    name: input.name,
    image: input.image,
  } as const;
  // the account the code was sent for is gone, or another took the address since: refused unspent
  if (!(await secretStillFits(ctx, address))) return refuseChanged(ctx, input.email);
  // of two requests with the right code, the one whose DELETE removes the row goes on
  if (!(await spendCode(db, right))) throw authError('INVALID_OTP');
  const proven = await findOrCreateProvenUser(ctx, address);
  // the address changed hands between the check above and now
  if (!proven) return refuseChanged(ctx, input.email);
  const granted = await grantSession(ctx, { user: proven.user, method: 'email-otp' });
  if (granted.kind === 'challenge') return { kind: 'challenge', answer: granted.answer };
  if (granted.kind !== 'session') throw authError('FAILED_TO_CREATE_SESSION');
  return { kind: 'session', token: granted.token, user: granted.user };
}

async function refuseChanged(ctx: Ctx, email: string): Promise<never> {
  await recordRefusal(ctx, email, 'account_changed');
  throw authError('INVALID_OTP');
}

/** A refused code is a failed sign-in in the audit log (the reason only, never the code). */
async function recordRefusal(ctx: Ctx, email: string, reason: string): Promise<void> {
  const user = await findUserByEmail(ctx.deps.db, email);
  await recordEvent(ctx.deps.db, ctx, {
    type: 'sign_in',
    outcome: 'failure',
    actorType: 'user',
    targetType: user ? 'user' : null,
    targetId: user?.id ?? null,
    details: { method: 'email-otp', reason },
  });
}

/**
 * verify-email: the code proves the address. Like the mailed verification link, it marks
 * the address verified and leaves the account as it is (the person who asked for the code
 * is the one who set the account up); with emailVerification.autoSignInAfterVerification
 * it signs in through the pipeline, unless this browser is signed in to the account already.
 */
export async function verifyEmailWithCode(
  ctx: Ctx,
  email: string,
  otp: string,
): Promise<{ token: string | null; user: User }> {
  const { db, clock, config, logger } = ctx.deps;
  const right = await checkCode(ctx, 'email-verification', email, otp);
  const user = await findUserByEmail(db, email);
  if (!user) throw authError('USER_NOT_FOUND');
  if (right.userId !== null && right.userId !== user.id) throw authError('INVALID_OTP');
  const current = await getCurrentSession(ctx, { disableCookieCache: true });
  // as a verification link (features/email-verification): an account set up beyond its password
  // before its address was proven is verified only in its own session; the code is not spent
  if (!user.emailVerified && current?.user.id !== user.id && (await hasWaysInBeyondPassword(db, user)))
    throw authError('UNAUTHORIZED');
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    if (!(await spendCode(trx, right))) throw authError('INVALID_OTP');
    if (user.emailVerified) return;
    await updateUserRow(trx, user.id, { emailVerified: true, updatedAt: now });
    await recordEvent(trx, ctx, {
      type: 'email.verified',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      details: { email, method: 'email-otp' },
    });
  });
  const verified: User = { ...user, emailVerified: true, updatedAt: user.emailVerified ? user.updatedAt : now };
  if (current?.token && current.user.id === user.id) {
    // the cached session shows the verified address at once
    setSessionCookies(ctx, current.token, { session: current.session, user: verified });
    return { token: null, user: verified };
  }
  if (!config.emailVerification.autoSignInAfterVerification) return { token: null, user: verified };
  try {
    // a refused automatic sign-in (a ban, a second factor) is not an error of the code
    const granted = await grantSession(ctx, { user: verified, method: 'email-verification', challenge: 'skip' });
    if (granted.kind === 'session') return { token: granted.token, user: granted.user };
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    logger.info('no automatic sign-in after verification', { userId: user.id, code: err.code });
  }
  return { token: null, user: verified };
}
