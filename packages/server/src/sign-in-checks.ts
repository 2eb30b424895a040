/**
 * The one declared, ordered list of checks that every session-granting path runs
 * (ARCHITECTURE.md "One way in"; features/sign-in/pipeline.ts runs it). Order matters:
 *   1. account-limit      a bounded number of sessions per account and window, wherever from;
 *   2. email-verification with requireEmailVerification, no session before the address is proven;
 *   3. ban                no session for a banned account (an expired ban is lifted here);
 *   4. second-factor      an account with two-factor on answers a challenge, not a session.
 * A refusal of an earlier check is never hidden by a later one: a banned person is told
 * they are banned, not asked for a code. Each check declares the methods it covers.
 */
import { limitAccount, SESSION_GRANT_PATH } from './core/http/rate-limit/index.ts';
import { emailVerificationCheck } from './features/email-verification/index.ts';
import { accountLimitCheck, banCheck, type SignInCheck } from './features/sign-in/index.ts';
import { secondFactorCheck } from './features/two-factor/index.ts';

export function signInChecks(): readonly SignInCheck[] {
  return [
    accountLimitCheck((ctx, userId) => limitAccount(ctx, userId, SESSION_GRANT_PATH)),
    emailVerificationCheck,
    banCheck,
    secondFactorCheck,
  ];
}
