/**
 * TOTP replay protection (RFC 6238 §5.2: "the verifier MUST NOT accept the second
 * attempt of the same OTP after the successful validation has been issued for the
 * first OTP"). better-auth does not do this; Latch remembers, per user, the last time
 * step whose code completed a sign-in and accepts only later steps. An attacker who
 * watched a code being typed cannot sign in with it a second time while it is valid.
 *
 * The row (`2fa-totp-step:<userId>`) has an id derived from the user id, so its first
 * write is an INSERT that only one of two concurrent requests can win; later writes are
 * compare-and-set updates.
 */
import { hashToken } from '../../core/crypto/hash.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { findVerificationById, insertVerification, swapVerificationValue } from './repo.ts';
import { TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from './totp.ts';

type Ctx = RequestContext<unknown, unknown>;

/** Long enough that the step stays known while any code of it is still accepted. */
const REMEMBER_SECONDS = (2 * TOTP_WINDOW_STEPS + 2) * TOTP_PERIOD_SECONDS;

/** True when `step` is later than every step this user has signed in with (and records it). */
export async function claimTotpStep(ctx: Ctx, userId: string, step: number): Promise<boolean> {
  const { db, clock } = ctx.deps;
  const identifier = `2fa-totp-step:${userId}`;
  const id = hashToken(identifier).slice(0, 32);
  const now = clock.now();
  let row = await findVerificationById(db, id);
  if (!row) {
    try {
      await insertVerification(db, { id, identifier, value: String(step), now, expiresInSeconds: REMEMBER_SECONDS });
      return true;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      row = await findVerificationById(db, id);
      if (!row) return false;
    }
  }
  if (Number(row.value) >= step) return false;
  return swapVerificationValue(db, {
    id,
    from: row.value,
    to: String(step),
    now,
    expiresAt: new Date(now.getTime() + REMEMBER_SECONDS * 1000),
  });
}
