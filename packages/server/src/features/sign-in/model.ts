/**
 * The one way to a session (ARCHITECTURE.md "One way in"): what a sign-in attempt is,
 * the checks it passes, and what granting it answers. Every path that gives a browser a
 * new session (password, username, sign-up, social, ID token, verification, two-factor
 * completion, impersonation, re-authentication and the rotations that replace a session)
 * describes itself as an attempt and calls `grantSession`; nothing else creates one. A magic
 * link and an emailed sign-in code prove the mailbox: they mark the address verified before
 * they ask for a session, so the email-verification check has nothing to refuse.
 */
import type { ErrorCode } from '@latch/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import type { RequestContext } from '../../core/http/context.ts';
import type { Session } from '../session/index.ts';
import type { User } from '../user/index.ts';

export type Ctx = RequestContext<unknown, unknown>;

/** How the person proved who they are in this attempt. */
export type SignInMethod =
  /** email and password */
  | 'password'
  /** username and password */
  | 'username'
  /** a new account signed in by sign-up (autoSignIn) */
  | 'sign-up'
  /** the OAuth redirect flow's callback */
  | 'social'
  /** a provider's ID token posted to sign-in/social */
  | 'id-token'
  /** the auto sign-in after following a verification link */
  | 'email-verification'
  /** the second step of a two-factor challenge */
  | 'two-factor'
  /** a passkey with user verification (features/passkey): two factors in one */
  | 'passkey'
  /** an admin acting as a user */
  | 'impersonation'
  /** the password entered again in a signed-in session (POST /verify-password) */
  | 'reauthentication'
  /** a new session replacing the current one after a proof (a password or a code) in that session */
  | 'rotation'
  /** a mailed sign-in link followed (features/magic-link) */
  | 'magic-link'
  /** a mailed sign-in code entered (features/email-otp) */
  | 'email-otp';

export const SIGN_IN_METHODS: readonly SignInMethod[] = [
  'password',
  'username',
  'sign-up',
  'social',
  'id-token',
  'email-verification',
  'two-factor',
  'passkey',
  'impersonation',
  'reauthentication',
  'rotation',
  'magic-link',
  'email-otp',
];

export interface SignInAttempt {
  user: User;
  method: SignInMethod;
  /** A second factor was passed in this attempt (the two-factor step, a passkey, a code inside a session). */
  secondFactor?: boolean;
  /**
   * A replacement of a session (re-authentication, rotation) keeps the time the session it
   * replaces last proved a second factor; a new proof in the attempt (`secondFactor`) wins.
   */
  secondFactorVerifiedAt?: Date | null;
  /** A browser session that ends with the browser (rememberMe: false). */
  dontRemember?: boolean;
  /**
   * What a second-factor challenge does for this attempt: `allow` answers the challenge
   * (the caller shows or redirects to it); `skip` grants nothing and answers null (an
   * automatic sign-in that simply does not happen).
   */
  challenge?: 'allow' | 'skip';
  /** The attempt's callbackURL (a re-sent verification mail links back to it). */
  callbackURL?: string | undefined;
  impersonatedBy?: string | null;
  expiresInSeconds?: number;
  activeOrganizationId?: string | null;
  /**
   * Asked in the transaction that writes the session, before it: whether what the attempt was
   * proven with still holds (a password sign-in: its credential, unchanged). False refuses with
   * `refusal`, and nothing is written.
   */
  stillHolds?: { check: (db: Kysely<Database>) => Promise<boolean>; refusal: ErrorCode };
}

/** The second factor took the attempt over: no session, the `two_factor` cookie is set. */
export interface ChallengeAnswer {
  twoFactorRedirect: true;
  twoFactorMethods: string[];
}

/** A challenge that takes the attempt over, the user as the check left it (a lifted ban), or null: go on. */
export type CheckOutcome = { challenge: ChallengeAnswer } | { user: User } | null;

/**
 * One step of the pipeline. It refuses by throwing an AuthError, takes the attempt over
 * by answering a challenge, or lets it go on with null. `appliesTo` is part of the
 * declaration, so which methods a check covers is read in one place.
 */
export interface SignInCheck {
  name: 'account-limit' | 'email-verification' | 'ban' | 'second-factor';
  appliesTo: readonly SignInMethod[];
  run(ctx: Ctx, attempt: SignInAttempt): Promise<CheckOutcome>;
}

export type GrantResult =
  | { kind: 'session'; token: string; session: Session; user: User }
  | { kind: 'challenge'; answer: ChallengeAnswer }
  /** The attempt asked to skip a challenge, and one was due. */
  | { kind: 'skipped' };
