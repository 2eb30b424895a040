/**
 * Signing out from a screen (the signed-in header, the settings, the re-authentication dialog, an
 * invitation for another address). Apart from lib/session.ts, which the sign-in page loads: it
 * signs nobody out, and so does not download the query library's mutations.
 */
import { authMutationOptions } from '@latch/react';
import { useMutation } from '@tanstack/react-query';
import { authClient } from './auth.ts';
import { authErrorOf, succeeded } from './query.ts';
import { useLeaveSignedOut } from './session.ts';

/** POST /sign-out, then on to `to` (the sign-in page, with a note or the way back). A failure stays in `error`: still signed in. */
export function useSignOut() {
  const leave = useLeaveSignedOut();
  const mutation = useMutation(authMutationOptions((_: void) => authClient.signOut()));
  const signOut = async (to: string) => {
    if (await succeeded(mutation.mutateAsync())) leave(to);
  };
  return { signOut, isPending: mutation.isPending, error: authErrorOf(mutation.error), reset: mutation.reset };
}
