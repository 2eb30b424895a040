/**
 * Emailed one-time codes (issue 15 item 3). A code is `otpLength` random digits, good for
 * `expiresIn` seconds and `allowedAttempts` wrong tries. Its `verification` row is found by
 * purpose `email-otp` and the SHA-256 of `<type>:<address>`, and keeps an HMAC of the code
 * (keyed by the server secret and bound to the type and the address), never the code: a
 * copy of the database cannot be turned back into codes, and a code sent for one purpose
 * or address is never accepted for another (GHSA-965c-763c-88jm). The row also names the
 * account the address had when the code was sent.
 *
 * A try is taken before the code is compared, in one conditional UPDATE (core/db
 * verification-store.ts takeAttempt), so a burst of concurrent guesses compares at most
 * `allowedAttempts` codes; a right code is spent by one DELETE that only one request wins.
 */
import { randomInt } from 'node:crypto';
import type { emailOtp } from '@latch/contract';
import { z } from 'zod';
import { hmacSha256, safeEqual } from '../../core/crypto/hash.ts';
import { deleteTokens, findToken, giveBackAttempt, storeToken, takeAttempt } from '../../core/db/verification-store.ts';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';

type Ctx = RequestContext<unknown, unknown>;
type EmailOtpType = emailOtp.EmailOtpType;

export interface EmailOtpOptions {
  otpLength: number;
  expiresIn: number;
  allowedAttempts: number;
  disableSignUp: boolean;
}

export function optionsOf(ctx: Ctx): EmailOtpOptions {
  const options = ctx.deps.config.plugins.emailOTP;
  // the routes are served only when the plugin is on
  if (!options) throw authError('NOT_FOUND');
  return options;
}

const codeValue = z.object({ digest: z.string(), userId: z.string().nullable() });

/** What the row is found by: hashed by the store into `email-otp:<sha256>`. */
function keyOf(type: EmailOtpType, email: string): string {
  return `${type}:${email}`;
}

function digestOf(ctx: Ctx, type: EmailOtpType, email: string, code: string): string {
  return hmacSha256(ctx.deps.config.secret, `email-otp:${type}:${email}:${code}`).toString('base64url');
}

function randomDigits(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(0, 10));
  return code;
}

/** Stores a new code for the address and purpose (the pending one is void) and answers it, with its row. */
export async function issueCode(
  ctx: Ctx,
  type: EmailOtpType,
  email: string,
  userId: string | null,
): Promise<{ code: string; id: string }> {
  const { db, clock } = ctx.deps;
  const options = optionsOf(ctx);
  const code = randomDigits(options.otpLength);
  await deleteTokens(db, 'email-otp', keyOf(type, email));
  const id = await storeToken(db, {
    purpose: 'email-otp',
    token: keyOf(type, email),
    value: JSON.stringify({ digest: digestOf(ctx, type, email, code), userId }),
    now: clock.now(),
    expiresInSeconds: options.expiresIn,
  });
  return { code, id };
}

export interface RightCode {
  /** The row, to spend the code with consumeTokenById (or to give its try back). */
  id: string;
  /** The account the address had when the code was sent, or null. */
  userId: string | null;
}

/**
 * Takes one try of the pending code and compares: the code's row when it is right; else
 * INVALID_OTP (none pending, or wrong), OTP_EXPIRED, or TOO_MANY_ATTEMPTS when its tries
 * are spent (only a new code helps then). Spends nothing but the try.
 */
export async function checkCode(ctx: Ctx, type: EmailOtpType, email: string, code: string): Promise<RightCode> {
  const { db, clock } = ctx.deps;
  const options = optionsOf(ctx);
  const stored = await findToken(db, 'email-otp', keyOf(type, email));
  const value = stored ? codeValue.safeParse(safeJson(stored.value)) : null;
  if (!stored || !value?.success) throw authError('INVALID_OTP');
  if (stored.expiresAt <= clock.now()) throw authError('OTP_EXPIRED');
  if (!(await takeAttempt(db, stored.id, options.allowedAttempts, clock.now()))) {
    // refused by the expiry that came meanwhile, or by the tries being spent
    throw authError(stored.expiresAt <= clock.now() ? 'OTP_EXPIRED' : 'TOO_MANY_ATTEMPTS');
  }
  if (!safeEqual(value.data.digest, digestOf(ctx, type, email, code.trim()))) throw authError('INVALID_OTP');
  return { id: stored.id, userId: value.data.userId };
}

/** A right code whose request was refused for another reason keeps its try (only its holder gets it back). */
export async function keepTry(ctx: Ctx, right: RightCode): Promise<void> {
  await giveBackAttempt(ctx.deps.db, right.id, ctx.deps.clock.now());
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
