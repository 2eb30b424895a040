/**
 * The sign-in challenge and the verification context (CONTRACT §6.4).
 *
 * A password sign-in of a two-factor user creates no session: it stores a challenge
 * (`2fa:<hash of id>` → `<userId>:<dontRemember>:0`, 600 s; its tries are counted in the
 * row's `attempts` column) and sets the signed
 * `two_factor` cookie to its id. verify-totp, verify-otp, verify-backup-code and send-otp
 * then act either on the current session (account settings) or on that challenge.
 *
 * Limits at sign-in: 5 failed attempts per challenge (then it is void), 10 consecutive
 * failures per account (then the account's second factor is locked for 15 minutes).
 */
import type { UserJson } from '@latch/contract';
import { hashToken } from '../../core/crypto/hash.ts';
import { generateId, randomString, URL_SAFE } from '../../core/crypto/random.ts';
import { takeAttempt } from '../../core/db/verification-store.ts';
import { type AuthError, authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { limitAccount } from '../../core/http/rate-limit/index.ts';
import { recordEvent } from '../audit/index.ts';
import { hasPasskey } from '../passkey/index.ts';
import { deleteSessionById, getCurrentSession, type SessionWithUser, sessionCookieNames } from '../session/index.ts';
import { grantSession, replaceCurrentSession } from '../sign-in/index.ts';
import { findUserById, type User, userToJson } from '../user/index.ts';
import { emailCodeCounts, hasAuthenticator } from './factors.ts';
import {
  consumeVerification,
  findTwoFactorOfUser,
  findVerification,
  insertVerification,
  isLocked,
  resetFailedVerifications,
  type TwoFactorRecord,
  takeAccountTry,
} from './repo.ts';
import { trustDevice } from './trust-device.ts';

type Ctx = RequestContext<unknown, unknown>;

const CHALLENGE_SECONDS = 600;
export const MAX_CHALLENGE_ATTEMPTS = 5;
export const LOCKOUT_AFTER_FAILURES = 10;
/** How long the 1st, 2nd, … lock of the account's second factor lasts (the last for every later one). */
export const LOCKOUT_SECONDS = [900, 1_800, 3_600, 7_200, 14_400, 28_800, 57_600, 86_400] as const;

export interface Challenge {
  /** The id the cookie carries: also the key of the challenge's emailed code. */
  id: string;
  rowId: string;
  value: string;
  userId: string;
  dontRemember: boolean;
  /**
   * The first factor was the mailbox (a magic link, an emailed code): an emailed code would
   * prove the same mailbox again, so it is not on offer (factors stand alone).
   */
  firstFactorByMail: boolean;
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

/**
 * The third field held the tries before 0002-attempt-counters; it stays for rows of older
 * versions. A fourth, `mailbox`, marks a challenge whose first factor came by mail.
 */
function encode(userId: string, dontRemember: boolean, firstFactorByMail: boolean): string {
  return `${userId}:${dontRemember ? 1 : 0}:0${firstFactorByMail ? ':mailbox' : ''}`;
}

/** Takes the sign-in over: no session, the `two_factor` cookie, and the methods on offer. */
export async function startChallenge(
  ctx: Ctx,
  user: User,
  dontRemember: boolean,
  opts: { firstFactorByMail?: boolean } = {},
): Promise<{ twoFactorRedirect: true; twoFactorMethods: string[] }> {
  const firstFactorByMail = opts.firstFactorByMail ?? false;
  // 24 characters of 64 (144 bits); the cookie is also signed
  const id = `2fa-${randomString(24, URL_SAFE)}`;
  await insertVerification(ctx.deps.db, {
    id: generateId(),
    identifier: identifierOf(id),
    value: encode(user.id, dontRemember, firstFactorByMail),
    now: ctx.deps.clock.now(),
    expiresInSeconds: CHALLENGE_SECONDS,
  });
  const names = sessionCookieNames(ctx.deps);
  // as better-auth answers: whatever session this browser had is signed out, its row too
  const previous = await getCurrentSession(ctx, { disableCookieCache: true }).catch(() => null);
  if (previous) {
    await deleteSessionById(ctx.deps.db, previous.session.id);
    ctx.deps.revocations.revoke(previous.user.id);
  }
  ctx.deleteCookie(names.token);
  ctx.deleteCookie(names.data);
  ctx.setSignedCookie(cookieName(ctx), id, { maxAge: CHALLENGE_SECONDS });
  const record = await findTwoFactorOfUser(ctx.deps.db, user.id);
  // an emailed code where it counts as a second factor (factors.ts); mail falls back to the outbox without SMTP
  const methods = [
    ...(hasAuthenticator(record) ? ['totp'] : []),
    ...(!firstFactorByMail && emailCodeCounts(ctx.deps, record) ? ['otp'] : []),
    // a passkey of the account (routes-passkey.ts), where plugins.passkey is on
    ...((await hasPasskey(ctx, user.id)) ? ['passkey'] : []),
  ];
  return { twoFactorRedirect: true, twoFactorMethods: methods };
}

/** The current session's user, or else the challenge of the `two_factor` cookie. */
export async function resolveVerifier(ctx: Ctx): Promise<Verifier> {
  const current = await getCurrentSession(ctx, { disableCookieCache: true });
  // in a session the codes manage the person's second factor: not for an admin acting as them
  if (current?.session.impersonatedBy) throw authError('NOT_ALLOWED_WHILE_IMPERSONATING');
  if (current) return { kind: 'session', user: current.user, current };
  const id = ctx.getSignedCookie(cookieName(ctx));
  if (!id) throw authError('INVALID_TWO_FACTOR_COOKIE');
  const row = await findVerification(ctx.deps.db, identifierOf(id));
  if (!row || row.expiresAt <= ctx.deps.clock.now()) throw authError('INVALID_TWO_FACTOR_COOKIE');
  const [userId = '', remember = '0', , marker] = row.value.split(':');
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
      firstFactorByMail: marker === 'mailbox',
    },
  };
}

/**
 * Before any code is compared, at sign-in: the per-account rate limit, then one try of
 * the challenge (5) and one of the account's consecutive tries (10, then 15 minutes
 * locked), each taken by one conditional UPDATE. A burst of concurrent guesses therefore
 * compares at most as many codes as those budgets allow, on every database. In a session of
 * an enrolled account (a step-up) the account's run counts too, up to the try before a lock;
 * otherwise (confirming an enrolment) only the rate limit applies.
 */
export async function guardVerification(ctx: Ctx, v: Verifier): Promise<TwoFactorRecord | null> {
  await limitAccount(ctx, v.user.id);
  const record = await findTwoFactorOfUser(ctx.deps.db, v.user.id);
  const now = ctx.deps.clock.now();
  if (v.kind === 'session') {
    // a code in a session of an enrolled account is a step-up (docs/admin.md): a stolen session
    // must not guess its way to one, so the account's consecutive tries count here too; but
    // never the one that would lock the account, or a copied cookie could keep the owner from
    // signing in (and signing it out) for as long as it likes: it gets none past that instead
    if (record && isStepUp(v)) {
      const lockout = { now, lockAfter: LOCKOUT_AFTER_FAILURES, lockSeconds: LOCKOUT_SECONDS, neverLock: true };
      if (!(await takeAccountTry(ctx.deps.db, record.id, lockout)))
        throw authError(
          (await isLocked(ctx.deps.db, record.id, now))
            ? 'ACCOUNT_TEMPORARILY_LOCKED'
            : 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
        );
    }
    return record;
  }
  if (!(await takeAttempt(ctx.deps.db, v.challenge.rowId, MAX_CHALLENGE_ATTEMPTS, now))) {
    await consumeVerification(ctx.deps.db, v.challenge.rowId);
    ctx.deleteCookie(cookieName(ctx));
    throw authError('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
  }
  if (record) {
    const lockout = { now, lockAfter: LOCKOUT_AFTER_FAILURES, lockSeconds: LOCKOUT_SECONDS };
    if (!(await takeAccountTry(ctx.deps.db, record.id, lockout))) throw authError('ACCOUNT_TEMPORARILY_LOCKED');
  }
  return record;
}

/**
 * A wrong code (its tries were taken by guardVerification): throws `error`, or
 * ACCOUNT_TEMPORARILY_LOCKED when the account is locked now (this try was the tenth in a row).
 */
export async function failVerification(ctx: Ctx, v: Verifier, error: AuthError): Promise<never> {
  if (v.kind === 'session' && !isStepUp(v)) throw error;
  const record = await findTwoFactorOfUser(ctx.deps.db, v.user.id);
  if (record && (await isLocked(ctx.deps.db, record.id, ctx.deps.clock.now()))) {
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
  opts: {
    trustDevice?: boolean | undefined;
    createSession?: boolean;
    user?: User;
    /** In a session of an enrolled account: the code was this factor, and the session steps up. */
    stepUp?: StepUpMethod | undefined;
  } = {},
): Promise<{ token: string | null; user: UserJson }> {
  const user = opts.user ?? v.user;
  if (v.kind === 'session') {
    // a passkey's assertion proves its possession whether or not the account has codes; a code only where it is the account's factor
    const steps = opts.stepUp === 'passkey' || (opts.stepUp !== undefined && isStepUp(v));
    if (!opts.stepUp || !steps) return { token: v.current.token, user: userToJson(user) };
    return stepUp(ctx, v, opts.stepUp);
  }
  if (!(await consumeVerification(ctx.deps.db, v.challenge.rowId))) throw authError('INVALID_TWO_FACTOR_COOKIE');
  ctx.deleteCookie(cookieName(ctx));
  // a success ends the run of consecutive tries (the one taken for this code included)
  const record = await findTwoFactorOfUser(ctx.deps.db, user.id);
  if (record) await resetFailedVerifications(ctx.deps.db, record.id);
  if (opts.createSession === false) return { token: null, user: userToJson(user) };
  // the sign-in pipeline again: a ban that arrived since the first step still applies
  const granted = await grantSession(ctx, {
    user,
    method: 'two-factor',
    secondFactor: true,
    dontRemember: v.challenge.dontRemember && !opts.trustDevice,
  });
  if (granted.kind !== 'session') throw authError('FAILED_TO_CREATE_SESSION');
  if (opts.trustDevice) await trustDevice(ctx, user.id);
  return { token: granted.token, user: userToJson(granted.user) };
}

export type StepUpMethod = 'totp' | 'backup-code' | 'otp' | 'passkey';

/** A code entered inside a session whose account has two-factor on: a proof of the second factor. */
export function isStepUp(v: Verifier): v is Extract<Verifier, { kind: 'session' }> {
  return v.kind === 'session' && v.user.twoFactorEnabled;
}

/**
 * The step-up (docs/admin.md, "A second factor for admin actions"): the session is replaced
 * by a new one that records the proof (its `secondFactorVerifiedAt`), as every proof given
 * inside a session gets a new token (OWASP ASVS 5.0 V7.2.4); a copy of the old token taken
 * before gains nothing. The account's run of failed tries ends, and the audit log says so.
 */
async function stepUp(
  ctx: Ctx,
  v: Extract<Verifier, { kind: 'session' }>,
  method: StepUpMethod,
): Promise<{ token: string; user: UserJson }> {
  const record = await findTwoFactorOfUser(ctx.deps.db, v.user.id);
  if (record) await resetFailedVerifications(ctx.deps.db, record.id);
  const granted = await replaceCurrentSession(ctx, v.current, v.user, 'rotation', { secondFactor: true });
  await recordEvent(ctx.deps.db, ctx, {
    type: 'two_factor.verified',
    actorUserId: v.user.id,
    targetType: 'user',
    targetId: v.user.id,
    details: { method, sessionId: granted.session.id },
  });
  return { token: granted.token, user: userToJson(granted.user) };
}
