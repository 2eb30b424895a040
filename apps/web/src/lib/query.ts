/**
 * Server state goes through TanStack Query: one `QueryClient` per app (and per rendered test), the
 * keys and option factories from @latch/react, the calls through `authClient` (lib/auth.ts), so a
 * mutation invalidates the keys it changed instead of each screen refetching by hand.
 */
import { LatchError } from '@latch/client';
import { authQueryOptions, latchKeys } from '@latch/react';
import { QueryClient } from '@tanstack/react-query';
import { authClient } from './auth.ts';
import type { AuthError } from './wire-types.ts';

/**
 * Failures are shown, never retried behind the person's back (a refused call stays refused; a
 * network failure offers "Try again"); a tab coming back to the front does not re-read every list.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The wire error behind a failed query or mutation (the factories throw `LatchError`). */
export function authErrorOf(error: Error | null): AuthError | null {
  if (error === null) return null;
  if (error instanceof LatchError) return error.error;
  return { status: 500, statusText: 'Fetch Error', message: error.message };
}

// The reads several screens share, each under @latch/react's key so a mutation's invalidation reaches it.

/** The linked accounts (settings: accounts, password, delete). */
export function accountsQuery() {
  return authQueryOptions(latchKeys.accounts(), () => authClient.listAccounts());
}

/**
 * Waits for a mutation (`mutation.mutateAsync(…)`) and says whether it succeeded; a failure stays in
 * the mutation's `error` for the screen to show. Unlike `mutate`'s own callbacks, what follows runs
 * even when the change took the asking component off the screen (a deleted team's card, a left
 * organization's settings), so a note or a navigation after it is never lost.
 */
export async function succeeded(run: Promise<unknown>): Promise<boolean> {
  try {
    await run;
    return true;
  } catch {
    return false;
  }
}
