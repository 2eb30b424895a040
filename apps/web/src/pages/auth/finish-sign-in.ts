/**
 * What every way into an account does once the server accepted it, whatever the way (password,
 * username, a second factor, and the passwordless ways to come): when a second factor is due, on to
 * the challenge with the methods on offer; otherwise the new session is read, then on to `next`.
 * A new sign-in screen calls its own endpoint and hands the answer here.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useRefreshSession } from '../../lib/session.ts';
import { HOME_PATH } from '../../lib/validation.ts';

/** The part of a sign-in answer that decides where to go (the contract's two-factor challenge, or a session). */
export interface SignInOutcome {
  twoFactorRedirect?: boolean;
  twoFactorMethods?: readonly string[];
}

/** The challenge screen, passing on where sign-in would have gone. */
export function twoFactorPath(next: string): string {
  return next === HOME_PATH ? '/two-factor' : `/two-factor?next=${encodeURIComponent(next)}`;
}

export function useFinishSignIn(next: string): (outcome: SignInOutcome) => Promise<void> {
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  return useCallback(
    async (outcome: SignInOutcome) => {
      if (outcome.twoFactorRedirect) {
        // the first factor was right; no session until the second one is passed
        navigate(twoFactorPath(next), { state: { methods: [...(outcome.twoFactorMethods ?? [])] } });
        return;
      }
      await refreshSession();
      navigate(next, { replace: true });
    },
    [navigate, next, refreshSession],
  );
}
