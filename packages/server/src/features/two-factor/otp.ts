/**
 * Emailed one-time codes: six digits, valid for `otpPeriod` seconds (180 by default),
 * five tries each. The row keeps an HMAC of the code, never the code, bound to the
 * challenge (sign-in) or to `<userId>!<sessionId>` (account settings).
 */
import { randomInt } from 'node:crypto';
import { hashToken, hmacSha256, safeEqual } from '../../core/crypto/hash.ts';
import { consumeTokenById, replaceRowOf, takeAttempt } from '../../core/db/verification-store.ts';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { sendAccountMail } from '../../core/mail/account-mail.ts';
import { MailDeliveryError } from '../../core/mail/index.ts';
import type { Verifier } from './challenge.ts';
import { findVerification } from './repo.ts';
import { twoFactorOptions } from './service.ts';

type Ctx = RequestContext<unknown, unknown>;

export const MAX_OTP_ATTEMPTS = 5;

function keyOf(v: Verifier): string {
  return v.kind === 'challenge' ? v.challenge.id : `${v.user.id}!${v.current.session.id}`;
}

function identifierOf(v: Verifier): string {
  return `2fa-otp:${hashToken(keyOf(v))}`;
}

function digestOf(ctx: Ctx, v: Verifier, code: string): string {
  return hmacSha256(ctx.deps.config.secret, `2fa-otp:${keyOf(v)}:${code}`).toString('base64url');
}

/** Stores a new code (replacing a pending one) and mails it to the account's address. */
export async function sendOtp(ctx: Ctx, v: Verifier): Promise<void> {
  const { db, dialect, clock, logger } = ctx.deps;
  const period = twoFactorOptions(ctx.deps).otpPeriod;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // one row per challenge or session, replaced in one upsert: a burst of sends leaves one live
  // code with its five tries, not a code per send (delete-then-insert interleaved)
  const value = digestOf(ctx, v, code);
  const id = await replaceRowOf(db, dialect, {
    identifier: identifierOf(v),
    value,
    now: clock.now(),
    expiresInSeconds: period,
  });
  try {
    await sendAccountMail(ctx, {
      to: v.user.email,
      kind: 'two-factor-otp',
      user: v.user,
      vars: { code, expiresInSeconds: period },
    });
  } catch (err) {
    // only this send's code: one a later send stored meanwhile stays
    await consumeTokenById(db, id, value);
    if (!(err instanceof MailDeliveryError)) throw err;
    logger.error('could not send the two-factor code', { userId: v.user.id, error: err });
    throw authError('FAILED_TO_SEND_EMAIL');
  }
}

/**
 * True when `code` is the pending code (which is then spent), false when it is wrong;
 * throws when there is no pending code or its tries are used up. The try is taken before
 * the comparison, in one statement (takeAttempt): concurrent guesses compare at most five.
 */
export async function checkOtp(ctx: Ctx, v: Verifier, code: string): Promise<boolean> {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const row = await findVerification(db, identifierOf(v));
  if (!row || row.expiresAt <= now) throw authError('OTP_HAS_EXPIRED');
  // every write below acts only while the row still holds the code read (a send may replace it)
  if (!(await takeAttempt(db, row.id, MAX_OTP_ATTEMPTS, now, row.value))) {
    await consumeTokenById(db, row.id, row.value);
    throw authError('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
  }
  // rows of versions before 0002-attempt-counters held `<digest>:<tries>`
  const digest = row.value.split(':')[0] ?? '';
  if (!safeEqual(digest, digestOf(ctx, v, code.trim()))) return false;
  // two requests with the right code: the one that deletes the row wins
  if (!(await consumeTokenById(db, row.id, row.value))) throw authError('OTP_HAS_EXPIRED');
  return true;
}
