/**
 * The signed-in session, held in the query cache under @latch/react's `latchKeys.session()` like
 * every other answer of the server: one GET /get-session shared by every component, read again when
 * the tab comes back to the front (at most every 5 s), when the network comes back, when another tab
 * signs out or changes the person, and when a screen in this tab changed it (`useRefreshSession`).
 * Sign-out writes "signed out" into the cache at once. Nothing here keeps a listener list or a
 * variable of its own: the cache is the one place the session is.
 */
import { DEFAULT_BROADCAST_CHANNEL } from '@latch/client';
import { authQueryOptions, latchKeys } from '@latch/react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authClient } from './auth.ts';
import { authErrorOf } from './query.ts';
import type { AuthError, AuthResult, SessionData } from './wire-types.ts';

/** How long an answer counts as current: a tab coming back to the front within it asks nothing. */
const SESSION_FRESH_MS = 5_000;

/** GET /get-session; a 401 means signed out, as an empty answer does. */
async function readSession(): Promise<AuthResult<SessionData | null>> {
  const result = await authClient.getSession();
  if (result.error?.status === 401) return { data: null, error: null };
  return result;
}

/** The session's query: @latch/react's key, so an invalidation of `latchKeys.session()` reaches it. */
export function sessionQuery() {
  return {
    ...authQueryOptions(latchKeys.session(), readSession),
    staleTime: SESSION_FRESH_MS,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  };
}

export interface SessionState {
  /** The session and its user; `null` when signed out (or not known yet: see `isPending`). */
  data: SessionData | null;
  /** True until the first answer. */
  isPending: boolean;
  /** The last read's failure; `data` keeps the session read before it (a flaky network signs nobody out). */
  error: AuthError | null;
}

export function useSession(): SessionState {
  const query = useQuery(sessionQuery());
  return { data: query.data ?? null, isPending: query.isPending, error: authErrorOf(query.error) };
}

/** Reads the session again and resolves once the new one is in the cache. */
function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: latchKeys.session(), exact: true, refetchType: 'all' });
}

/**
 * For a screen whose call changed the session (signed in, a second factor passed, the active
 * organization switched, the password entered again): resolves once the app sees the new session,
 * so that a page guarded by it does not send the person back.
 */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshSession(queryClient), [queryClient]);
}

// ---------------------------------------------------------------------------------------------
// Other tabs

/** What a tab tells the others (@latch/client's message, so apps on the same origin understand each other). */
interface SessionMessage {
  event: 'session';
  data: { trigger: 'signout' | 'updateUser' };
  clientId: string;
  timestamp: number;
}

/** This tab's mark on what it tells the others, so that it does not read its own news again. */
const THIS_TAB = Math.random().toString(36).slice(2);

function tellOtherTabs(trigger: SessionMessage['data']['trigger']): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(DEFAULT_BROADCAST_CHANNEL);
  const message: SessionMessage = { event: 'session', data: { trigger }, clientId: THIS_TAB, timestamp: Date.now() };
  channel.postMessage(message);
  channel.close();
}

function fromAnotherTab(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<SessionMessage>;
  return message.event === 'session' && message.clientId !== THIS_TAB;
}

/** For a call that changed the person (name, picture, language): this tab reads the session again, other tabs too. */
export function useUserUpdated(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => {
    tellOtherTabs('updateUser');
    return refreshSession(queryClient);
  }, [queryClient]);
}

/**
 * What a navigation away from a session that ended carries: the signed-out page it leads to
 * (`useArrivedSignedOut`) writes "signed out" into the cache. Written there rather than before
 * leaving, so that the signed-in page being left never renders without a session (its guard would
 * send the person to sign in, and back, first).
 */
const SIGNED_OUT_STATE = { latchSignedOut: true } as const;

function isSignedOutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>).latchSignedOut === true;
}

/**
 * For a call that ended the session (signed out, the account deleted): other tabs are told, and the
 * person goes on to `to`, a signed-out page, which records the sign-out.
 */
export function useLeaveSignedOut(): (to: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string, options: { replace?: boolean } = {}) => {
      tellOtherTabs('signout');
      navigate(to, { replace: options.replace ?? false, state: SIGNED_OUT_STATE });
    },
    [navigate],
  );
}

/**
 * On a signed-out page (components/layout.tsx `RedirectIfSignedIn`): true while the sign-out that
 * led here is being recorded. The session in the cache becomes `null` without another read, and the
 * mark comes off the history entry, so that coming back to it later records nothing.
 */
export function useArrivedSignedOut(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const arrived = isSignedOutState(location.state);
  const here = location.pathname + location.search + location.hash;
  useEffect(() => {
    if (!arrived) return;
    queryClient.setQueryData(latchKeys.session(), null);
    navigate(here, { replace: true, state: null });
  }, [arrived, here, navigate, queryClient]);
  return arrived;
}

/**
 * Mounted once at the app's root: another tab's sign-out or change of the person is read here too,
 * and when the signed-in person changes (sign-out, another sign-in), every other cached answer of
 * the server is reset so one person's lists never show to the next; those on screen load again.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(DEFAULT_BROADCAST_CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (fromAnotherTab(event.data)) void refreshSession(queryClient);
    };
    return () => channel.close();
  }, [queryClient]);

  const session = useSession();
  const userId = session.isPending ? undefined : (session.data?.user.id ?? null);
  // undefined: not known yet (the first answer only records who it is)
  const known = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined) return;
    const before = known.current;
    known.current = userId;
    if (before === undefined || before === userId) return;
    void queryClient.resetQueries({
      queryKey: latchKeys.all(),
      predicate: (query) => query.queryKey[1] !== latchKeys.session()[1],
    });
  }, [userId, queryClient]);
}
