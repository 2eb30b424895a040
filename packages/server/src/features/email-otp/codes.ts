/**
 * Emailed one-time codes (issue 15 item 3). A code is `otpLength` random digits, good for
 * `expiresIn` seconds and `allowedAttempts` wrong tries. Its `verification` row is found by
 * purpose `email-otp` and the SHA-256 of `<type>:<address>`, and keeps an HMAC of the code
 * (keyed by the server secret and bound to the type and the address), never the code: a
 * copy of the database cannot be turned back into codes, and a code sent for one purpose
 * or address is never accepted for another (GHSA-965c-763c-88jm). The row also names the
 * account the address had when the code was sent.
 *
 * A purpose and address have one row, and a new code replaces its value in one upsert
 * (verification-store.ts replaceKeyedToken): of concurrent sends the last one's code is the
 * one that works, the others are void, and a burst of sends never leaves a code per send
 * with tries of its own. Every write after the read acts only while the row still holds the
 * value that was read (a random `issue` tells two codes apart even when their digits match):
 * a try taken, given back or a code spent is always the compared code's.
 *
 * A try is taken before the code is compared, in one conditional UPDATE (core/db
 * verification-store.ts takeAttempt), so a burst of concurrent guesses compares at most
 * `allowedAttempts` codes; a right code is spent by one DELETE that only one request wins.
 */
import { randomInt } from 'node:crypto';
import type { emailOtp } from '@latch/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { hmacSha256, safeEqual } from '../../core/crypto/hash.ts';
import { ALPHANUMERIC, randomString } from '../../core/crypto/random.ts';
import type { Database } from '../../core/db/schema.ts';
import {
  consumeTokenById,
  deleteTokenById,
  findToken,
  giveBackAttempt,
  replaceKeyedToken,
  takeAttempt,
} from '../../core/db/verification-store.ts';
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

/** A code as its row holds it: the writes after the read act only while the row still holds `value`. */
interface CodeRow {
  id: string;
  value: string;
}

export interface IssuedCode extends CodeRow {
  code: string;
}

/** Letters only: the stored value never holds a run of digits a code could be mistaken for. */
const LETTERS = ALPHANUMERIC.slice(0, 52);

/** Stores a new code for the address and purpose (the pending one is void) and answers it, with its row. */
export async function issueCode(
  ctx: Ctx,
  type: EmailOtpType,
  email: string,
  userId: string | null,
): Promise<IssuedCode> {
  const { db, dialect, clock } = ctx.deps;
  const options = optionsOf(ctx);
  const code = randomDigits(options.otpLength);
  const value = JSON.stringify({ digest: digestOf(ctx, type, email, code), userId, issue: randomString(22, LETTERS) });
  const id = await replaceKeyedToken(db, dialect, {
    purpose: 'email-otp',
    token: keyOf(type, email),
    value,
    now: clock.now(),
    expiresInSeconds: options.expiresIn,
  });
  return { code, id, value };
}

/**
 * Whether the code is still the one that works: false once a later send replaced it (or it
 * was spent), when its mail would carry a void code.
 */
export async function isPending(ctx: Ctx, type: EmailOtpType, email: string, issued: IssuedCode): Promise<boolean> {
  const stored = await findToken(ctx.deps.db, 'email-otp', keyOf(type, email));
  return stored?.id === issued.id && stored.value === issued.value;
}

/** Withdraws a code whose mail could not be sent; a code a later send stored meanwhile stays. */
export async function withdrawCode(ctx: Ctx, issued: IssuedCode): Promise<void> {
  await deleteTokenById(ctx.deps.db, issued.id, issued.value);
}

export interface RightCode extends CodeRow {
  /** The account the address had when the code was sent, or null. */
  userId: string | null;
}

/**
 * Spends a right code (in the caller's transaction, if any): true for the one request whose
 * DELETE removes it, false when it was spent or replaced meanwhile.
 */
export function spendCode(db: Kysely<Database>, right: RightCode): Promise<boolean> {
  return consumeTokenById(db, right.id, right.value);
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
  if (!(await takeAttempt(db, stored.id, options.allowedAttempts, clock.now(), stored.value))) {
    // refused by the expiry that came meanwhile, by the tries being spent, or by the code
    // being replaced or spent meanwhile (the code read is void: nothing to compare with)
    if (stored.expiresAt <= clock.now()) throw authError('OTP_EXPIRED');
    const current = await findToken(db, 'email-otp', keyOf(type, email));
    throw authError(current?.id === stored.id && current.value === stored.value ? 'TOO_MANY_ATTEMPTS' : 'INVALID_OTP');
  }
  if (!safeEqual(value.data.digest, digestOf(ctx, type, email, code.trim()))) throw authError('INVALID_OTP');
  return { id: stored.id, value: stored.value, userId: value.data.userId };
}

/** A right code whose request was refused for another reason keeps its try (only its holder gets it back). */
export async function keepTry(ctx: Ctx, right: RightCode): Promise<void> {
  await giveBackAttempt(ctx.deps.db, right.id, ctx.deps.clock.now(), right.value);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
