/**
 * The challenge of a WebAuthn ceremony: single-use, short-lived, bound to its purpose and,
 * for a registration or a second factor, to its user (issue 15; better-auth's GHSA-965c
 * lesson: a one-time secret of one kind is never accepted as another).
 *
 * The options request stores `{purpose, challenge, userId, userHandle}` in `verification`
 * under `passkey-challenge:<SHA-256 of a random token>` for 300 seconds, and puts the token
 * in the signed cookie `<prefix>.passkey` (better-auth keeps its own in `better-auth-passkey`).
 * The verification reads it back by the cookie and spends it only with a success, in the
 * success's transaction (one DELETE that one request wins): a refused assertion changes
 * nothing, and a challenge yields at most one passkey or one session.
 */

import type { Kysely } from 'kysely';
import { z } from 'zod';
import { randomString, URL_SAFE } from '../../core/crypto/random.ts';
import type { Database } from '../../core/db/schema.ts';
import { consumeTokenById, findToken, storeToken } from '../../core/db/verification-store.ts';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';

type Ctx = RequestContext<unknown, unknown>;

/** As long as the browser's own timeout (the options' `timeout`), so an autofill prompt outlives neither. */
export const CHALLENGE_SECONDS = 300;

const challengeValue = z.object({
  purpose: z.enum(['registration', 'authentication', 'second-factor']),
  challenge: z.string(),
  /** The user the ceremony is for: the registering person, the challenged sign-in; null for a sign-in. */
  userId: z.string().nullable(),
  /** Registration: the user handle given to the authenticator (base64url). */
  userHandle: z.string().optional(),
});
export type ChallengeValue = z.infer<typeof challengeValue>;
export type ChallengePurpose = ChallengeValue['purpose'];

export interface StoredChallenge {
  rowId: string;
  value: ChallengeValue;
}

function cookieName(ctx: Ctx): string {
  return ctx.deps.cookieName('passkey');
}

/** Stores a new challenge and points this browser's cookie at it (an earlier one of the browser is left to expire). */
export async function storeChallenge(ctx: Ctx, value: ChallengeValue): Promise<void> {
  const token = randomString(32, URL_SAFE);
  await storeToken(ctx.deps.db, {
    purpose: 'passkey-challenge',
    token,
    value: JSON.stringify(value),
    now: ctx.deps.clock.now(),
    expiresInSeconds: CHALLENGE_SECONDS,
  });
  ctx.setSignedCookie(cookieName(ctx), token, { maxAge: CHALLENGE_SECONDS });
}

/** This browser's unexpired challenge of this purpose, or 400 CHALLENGE_NOT_FOUND. Nothing is spent. */
export async function readChallenge(ctx: Ctx, purpose: ChallengePurpose): Promise<StoredChallenge> {
  const token = ctx.getSignedCookie(cookieName(ctx));
  const stored = token ? await findToken(ctx.deps.db, 'passkey-challenge', token) : null;
  if (!stored || stored.expiresAt <= ctx.deps.clock.now()) throw authError('CHALLENGE_NOT_FOUND');
  let parsed: ReturnType<typeof challengeValue.safeParse>;
  try {
    parsed = challengeValue.safeParse(JSON.parse(stored.value));
  } catch {
    throw authError('CHALLENGE_NOT_FOUND');
  }
  // a challenge of another ceremony is not this one's
  if (!parsed.success || parsed.data.purpose !== purpose) throw authError('CHALLENGE_NOT_FOUND');
  return { rowId: stored.id, value: parsed.data };
}

/** Spends the challenge; false when another request spent it first (a replay lost the race). */
export async function spendChallenge(db: Kysely<Database>, challenge: StoredChallenge): Promise<boolean> {
  return consumeTokenById(db, challenge.rowId);
}

/** The browser forgets the spent challenge. */
export function forgetChallenge(ctx: Ctx): void {
  ctx.deleteCookie(cookieName(ctx));
}
