/**
 * Signing in with a passkey (docs/passkeys.md), and a passkey as the second factor of a
 * two-factor challenge (features/two-factor asks through index.ts).
 *
 * As a first factor the assertion must carry user verification (a PIN or a biometric on
 * the device): possession and the verification together are two factors, so the sign-in
 * pipeline gets `secondFactor: true` and the second-factor check has nothing to ask
 * (the method is not in its list either). Every other check applies: the per-account
 * limit, email verification, the ban.
 *
 * A success spends the challenge and records the counter in one transaction, both by
 * conditional writes, so a replayed or raced assertion finds one of them taken. A refusal
 * before that changes nothing but the audit log.
 */
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { recordEvent } from '../audit/index.ts';
import { getCurrentSession, sessionToJson } from '../session/index.ts';
import { grantSession } from '../sign-in/index.ts';
import { findUserById, userToJson } from '../user/index.ts';
import {
  type AssertionBody,
  type AuthenticationOptionsJSON,
  authenticationOptions,
  checkAssertion,
  type FailureReason,
} from './ceremony.ts';
import { forgetChallenge, readChallenge, type StoredChallenge, spendChallenge, storeChallenge } from './challenge.ts';
import { findPasskeyByCredentialId, findPasskeysOfUser, type Passkey, recordPasskeyUse } from './repo.ts';
import { passkeyOptions } from './service.ts';

type Ctx = RequestContext<unknown, unknown>;

/**
 * Options for a sign-in. Without a session: no allowCredentials, so the browser offers any
 * passkey of this site (the autofill of conditional UI needs exactly this). Signed in:
 * the person's own passkeys, as better-auth does (a re-authentication).
 */
export async function startSignIn(ctx: Ctx): Promise<AuthenticationOptionsJSON> {
  const current = await getCurrentSession(ctx).catch(() => null);
  const allow = current ? await findPasskeysOfUser(ctx.deps.db, current.user.id) : [];
  const options = await authenticationOptions(passkeyOptions(ctx.deps), { allow, userVerification: 'required' });
  await storeChallenge(ctx, { purpose: 'authentication', challenge: options.challenge, userId: null });
  return options;
}

async function recordRefusal(ctx: Ctx, passkey: Passkey | null, reason: FailureReason | 'unknown_credential') {
  ctx.deps.logger.info('passkey sign-in refused', { userId: passkey?.userId ?? null, reason });
  await recordEvent(ctx.deps.db, ctx, {
    type: 'sign_in',
    outcome: 'failure',
    actorType: 'user',
    targetType: passkey ? 'user' : null,
    targetId: passkey?.userId ?? null,
    details: { method: 'passkey', reason },
  });
}

/** Checks the assertion against the challenge and the stored passkey, then spends both atomically. */
async function verifyAndSpend(
  ctx: Ctx,
  challenge: StoredChallenge,
  passkey: Passkey,
  response: AssertionBody,
  requireUserVerification: boolean,
): Promise<{ ok: true } | { ok: false; reason: FailureReason }> {
  const checked = await checkAssertion(passkeyOptions(ctx.deps), {
    response,
    expectedChallenge: challenge.value.challenge,
    passkey,
    requireUserVerification,
  });
  if (!checked.ok) {
    if (checked.reason === 'counter_not_increased' || checked.reason === 'backup_eligibility_changed')
      ctx.deps.logger.warn('a passkey answered like a copy of itself', {
        passkeyId: passkey.id,
        reason: checked.reason,
      });
    return checked;
  }
  const now = ctx.deps.clock.now();
  const spent = await ctx.deps.db
    .transaction()
    .execute(async (trx) => {
      if (!(await spendChallenge(trx, challenge))) return 'challenge' as const;
      // the counter moved on meanwhile (a raced or replayed assertion): roll the spend back too
      if (!(await recordPasskeyUse(trx, passkey.id, { ...checked.use, at: now }))) throw new CounterRace();
      return 'ok' as const;
    })
    .catch((err: unknown) => {
      if (err instanceof CounterRace) return 'counter' as const;
      throw err;
    });
  if (spent === 'challenge') throw authError('CHALLENGE_NOT_FOUND');
  if (spent === 'counter') return { ok: false, reason: 'counter_not_increased' };
  forgetChallenge(ctx);
  return { ok: true };
}

class CounterRace extends Error {}

export async function finishSignIn(ctx: Ctx, response: AssertionBody) {
  const challenge = await readChallenge(ctx, 'authentication');
  const passkey = await findPasskeyByCredentialId(ctx.deps.db, response.id);
  if (!passkey) {
    await recordRefusal(ctx, null, 'unknown_credential');
    throw authError('PASSKEY_NOT_FOUND', { status: 401 });
  }
  const verified = await verifyAndSpend(ctx, challenge, passkey, response, true);
  if (!verified.ok) {
    await recordRefusal(ctx, passkey, verified.reason);
    throw authError('AUTHENTICATION_FAILED');
  }
  const user = await findUserById(ctx.deps.db, passkey.userId);
  if (!user) throw authError('AUTHENTICATION_FAILED');
  // the one way to a session: the account limit, email verification and the ban apply
  const granted = await grantSession(ctx, { user, method: 'passkey', secondFactor: true });
  if (granted.kind !== 'session') throw authError('FAILED_TO_CREATE_SESSION');
  return { token: granted.token, session: sessionToJson(granted.session), user: userToJson(granted.user) };
}

// --- a passkey as the second factor of a two-factor challenge -----------------------------

/** Whether the account has a passkey to offer as its second factor. */
export async function hasPasskey(ctx: Ctx, userId: string): Promise<boolean> {
  if (!ctx.deps.config.plugins.passkey) return false;
  return (await findPasskeysOfUser(ctx.deps.db, userId)).length > 0;
}

/** Options for the challenged account's own passkeys; user verification is welcome, not needed (the password was the first factor). */
export async function startSecondFactor(ctx: Ctx, userId: string): Promise<AuthenticationOptionsJSON> {
  const allow = await findPasskeysOfUser(ctx.deps.db, userId);
  if (allow.length === 0) throw authError('PASSKEY_NOT_FOUND');
  const options = await authenticationOptions(passkeyOptions(ctx.deps), { allow, userVerification: 'preferred' });
  await storeChallenge(ctx, { purpose: 'second-factor', challenge: options.challenge, userId });
  return options;
}

/**
 * An assertion as the second factor of `userId`: true when it was theirs and valid (the
 * challenge and counter spent); false for any other assertion, for the two-factor step to
 * count as a failed try. A missing or foreign challenge is 400 CHALLENGE_NOT_FOUND.
 */
export async function checkSecondFactor(ctx: Ctx, userId: string, response: AssertionBody): Promise<boolean> {
  const challenge = await readChallenge(ctx, 'second-factor');
  if (challenge.value.userId !== userId) throw authError('CHALLENGE_NOT_FOUND');
  const passkey = await findPasskeyByCredentialId(ctx.deps.db, response.id);
  // another account's passkey proves nothing about this one
  if (!passkey || passkey.userId !== userId) return false;
  const verified = await verifyAndSpend(ctx, challenge, passkey, response, false);
  if (!verified.ok) ctx.deps.logger.info('passkey second factor refused', { userId, reason: verified.reason });
  return verified.ok;
}
