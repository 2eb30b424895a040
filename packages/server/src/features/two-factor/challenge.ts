/**
 * The sign-in challenge and the verification context (CONTRACT §6.4).
 *
 * A password sign-in of a two-factor user creates no session: it stores a challenge
 * (`2fa:<hash of id>` → `<userId>:<dontRemember>:<attempts>`, 600 s) and sets the signed
 * `two_factor` cookie to its id. verify-totp, verify-otp, verify-backup-code and send-otp
 * then act either on the current session (account settings) or on that challenge.
 *
 * Limits at sign-in: 5 failed attempts per challenge (then it is void), 10 consecutive
 * failures per account (then the account's second factor is locked for 15 minutes).
 */
import type { UserJson } from '@latch/contract';
import { hashToken } from '../../core/crypto/hash.ts';
import { generateId, randomString, URL_SAFE } from '../../core/crypto/random.ts';
import { type AuthError, authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { signInChecks } from '../credentials/index.ts';
import {
  createSession,
  getCurrentSession,
  type SessionWithUser,
  sessionCookieNames,
  setSessionCookies,
} from '../session/index.ts';
import { findUserById, type User, userToJson } from '../user/index.ts';
import {
  addFailedVerification,
  consumeVerification,
  findTwoFactorOfUser,
  findVerification,
  insertVerification,
  resetFailedVerifications,
  setLockout,
  swapVerificationValue,
  type TwoFactorRecord,
} from './repo.ts';
import { trustDevice } from './trust-device.ts';

type Ctx = RequestContext<unknown, unknown>;

export const CHALLENGE_SECONDS = 600;
export const MAX_CHALLENGE_ATTEMPTS = 5;
export const LOCKOUT_AFTER_FAILURES = 10;
export const LOCKOUT_SECONDS = 900;

export interface Challenge {
  /** The id the cookie carries: also the key of the challenge's emailed code. */
  id: string;
  rowId: string;
  value: string;
  userId: string;
  dontRemember: boolean;
  attempts: number;
}

export type Verifier =
  | { kind: 'session'; user: User; current: SessionWithUser }
  | { kind: 'challenge'; user: User; challenge: Challenge };

function cookieName(ctx: Ctx): string {
  return ctx.deps.cookieName('two_factor');
}

function identifierOf(challengeId: string): string {
  return `2fa:${hashToken(challengeId)}`;
}

function encode(userId: string, dontRemember: boolean, attempts: number): string {
  return `${userId}:${dontRemember ? 1 : 0}:${attempts}`;
}

/** Takes the sign-in over: no session, the `two_factor` cookie, and the methods on offer. */
export async function startChallenge(
  ctx: Ctx,
  user: User,
  dontRemember: boolean,
): Promise<{ twoFactorRedirect: true; twoFactorMethods: string[] }> {
  // 24 characters of 64 (144 bits); the cookie is also signed
  const id = `2fa-${randomString(24, URL_SAFE)}`;
  await insertVerification(ctx.deps.db, {
    id: generateId(),
    identifier: identifierOf(id),
    value: encode(user.id, dontRemember, 0),
    now: ctx.deps.clock.now(),
    expiresInSeconds: CHALLENGE_SECONDS,
  });
  const names = sessionCookieNames(ctx.deps);
  // as better-auth answers: whatever session this browser had is signed out
  ctx.deleteCookie(names.token);
  ctx.deleteCookie(names.data);
  ctx.setSignedCookie(cookieName(ctx), id, { maxAge: CHALLENGE_SECONDS });
  const record = await findTwoFactorOfUser(ctx.deps.db, user.id);
  // an emailed code is always possible: mail falls back to the outbox when SMTP is not set
  const methods = record?.verified ? ['totp', 'otp'] : ['otp'];
  return { twoFactorRedirect: true, twoFactorMethods: methods };
}

/** The current session's user, or else the challenge of the `two_factor` cookie. */
export async function resolveVerifier(ctx: Ctx): Promise<Verifier> {
  const current = await getCurrentSession(ctx, { disableCookieCache: true });
  if (current) return { kind: 'session', user: current.user, current };
  const id = ctx.getSignedCookie(cookieName(ctx));
  if (!id) throw authError('INVALID_TWO_FACTOR_COOKIE');
  const row = await findVerification(ctx.deps.db, identifierOf(id));
  if (!row || row.expiresAt <= ctx.deps.clock.now()) throw authError('INVALID_TWO_FACTOR_COOKIE');
  const [userId = '', remember = '0', attempts = '0'] = row.value.split(':');
  const user = await findUserById(ctx.deps.db, userId);
  if (!user) throw authError('INVALID_TWO_FACTOR_COOKIE');
  return {
    kind: 'challenge',
    user,
    challenge: {
      id,
      rowId: row.id,
      value: row.value,
      userId,
      dontRemember: remember === '1',
      attempts: Number(attempts),
    },
  };
}

/** Refuses a locked account or a spent challenge before any code is looked at. */
export async function guardVerification(ctx: Ctx, v: Verifier): Promise<TwoFactorRecord | null> {
  await signInChecks.limitAccount(ctx, v.user.id);
  const record = await findTwoFactorOfUser(ctx.deps.db, v.user.id);
  if (v.kind === 'session') return record;
  if (record?.lockedUntil && record.lockedUntil > ctx.deps.clock.now()) throw authError('ACCOUNT_TEMPORARILY_LOCKED');
  if (v.challenge.attempts >= MAX_CHALLENGE_ATTEMPTS) {
    await consumeVerification(ctx.deps.db, v.challenge.rowId);
    ctx.deleteCookie(cookieName(ctx));
    throw authError('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
  }
  return record;
}

/**
 * Counts a wrong code against the challenge and the account, then throws `error`, or
 * ACCOUNT_TEMPORARILY_LOCKED when this failure was the tenth in a row.
 */
export async function failVerification(ctx: Ctx, v: Verifier, error: AuthError): Promise<never> {
  if (v.kind === 'session') throw error;
  const { db, clock } = ctx.deps;
  // compare-and-set, retried: concurrent wrong codes each count
  let { value, attempts } = v.challenge;
  for (let tries = 0; tries < 5; tries++) {
    const next = encode(v.user.id, v.challenge.dontRemember, attempts + 1);
    if (await swapVerificationValue(db, { id: v.challenge.rowId, from: value, to: next, now: clock.now() })) break;
    const row = await findVerification(db, identifierOf(v.challenge.id));
    if (!row) break;
    value = row.value;
    attempts = Number(row.value.split(':')[2] ?? 0);
  }
  const record = await findTwoFactorOfUser(db, v.user.id);
  if (record && (await addFailedVerification(db, record.id)) >= LOCKOUT_AFTER_FAILURES) {
    await setLockout(db, record.id, new Date(clock.now().getTime() + LOCKOUT_SECONDS * 1000));
    ctx.deps.logger.warn('two-factor verification locked after consecutive failures', { userId: v.user.id });
    throw authError('ACCOUNT_TEMPORARILY_LOCKED');
  }
  throw error;
}

/**
 * A second factor passed. In a session it only answers; at sign-in it spends the
 * challenge and creates the session (don't-remember carried over, unless the device
 * becomes trusted, which implies remembering it).
 */
export async function completeVerification(
  ctx: Ctx,
  v: Verifier,
  opts: { trustDevice?: boolean | undefined; createSession?: boolean; user?: User } = {},
): Promise<{ token: string | null; user: UserJson }> {
  const user = opts.user ?? v.user;
  if (v.kind === 'session') return { token: v.current.token, user: userToJson(user) };
  if (!(await consumeVerification(ctx.deps.db, v.challenge.rowId))) throw authError('INVALID_TWO_FACTOR_COOKIE');
  ctx.deleteCookie(cookieName(ctx));
  const record = await findTwoFactorOfUser(ctx.deps.db, user.id);
  if (record && (record.failedVerificationCount > 0 || record.lockedUntil))
    await resetFailedVerifications(ctx.deps.db, record.id);
  // a ban or another refusal that arrived since the password step still applies
  await signInChecks.run(ctx, user);
  if (opts.createSession === false) return { token: null, user: userToJson(user) };
  const dontRemember = v.challenge.dontRemember && !opts.trustDevice;
  const { token, session } = await createSession(ctx, user.id, { dontRemember });
  setSessionCookies(ctx, token, { session, user }, { dontRemember });
  if (opts.trustDevice) await trustDevice(ctx, user.id);
  return { token, user: userToJson(user) };
}
