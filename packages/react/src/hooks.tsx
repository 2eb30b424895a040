/**
 * React bindings over `@latch/client`: a provider, `useSession` (the client's session store through
 * `useSyncExternalStore`, so every component and every tab sees the same state), and two small
 * helpers for other calls, `useAuthQuery` and `useAuthMutation`.
 */
import {
  type AuthClient,
  type AuthError,
  type AuthResult,
  type CallEvent,
  type GetSessionQuery,
  isLatchError,
  type SessionState,
} from '@latch/client';
import {
  createContext,
  type DependencyList,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/** Either flavour of client (plain or throw mode). */
export type AnyAuthClient = AuthClient<false> | AuthClient<true>;

const ClientContext = createContext<AnyAuthClient | null>(null);

export interface LatchProviderProps {
  client: AnyAuthClient;
  children?: ReactNode;
}

/** Makes a client available to `useAuthClient`, `useSession`, `useAuthQuery` and `useAuthMutation`. */
export function LatchProvider({ client, children }: LatchProviderProps): ReactNode {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

/** The client from the nearest `LatchProvider`. */
export function useAuthClient<C extends AnyAuthClient = AuthClient<false>>(): C {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useAuthClient: wrap the tree in <LatchProvider client={...}>');
  return client as C;
}

function useOptionalClient(explicit: AnyAuthClient | undefined): AnyAuthClient {
  const fromContext = useContext(ClientContext);
  const client = explicit ?? fromContext;
  if (!client) throw new Error('Latch hooks need a client: pass one or wrap the tree in <LatchProvider>');
  return client;
}

export interface UseSessionResult extends SessionState {
  /** Refetches the session now; resolves with the new state. */
  refetch: (query?: GetSessionQuery) => Promise<SessionState>;
}

/**
 * The current session, `{ data, isPending, isRefetching, error, refetch }`. Re-renders when the session
 * changes: after sign-in/sign-out/update calls (10 ms later), on focus, on reconnect and when another tab
 * signs out or updates the user.
 */
export function useSession(client?: AnyAuthClient): UseSessionResult {
  const { $session } = useOptionalClient(client);
  const state = useSyncExternalStore($session.subscribe, $session.get, $session.get);
  return useMemo(() => ({ ...state, refetch: $session.refetch }), [state, $session]);
}

export interface AuthQueryOptions {
  /** Skip fetching while false. Default true. */
  enabled?: boolean;
  /** Refetch after a successful client call that matches, e.g. `(e) => e.path.startsWith('/organization/')`. */
  refetchOn?: (event: CallEvent) => boolean;
  /** The client to listen on for `refetchOn`; default the provider's. */
  client?: AnyAuthClient;
}

export interface AuthQueryResult<T> {
  data: T | null;
  error: AuthError | null;
  /** True until the first answer (or while disabled and never fetched). */
  isPending: boolean;
  /** True while any fetch runs. */
  isFetching: boolean;
  refetch: () => Promise<AuthResult<T>>;
}

/** Maps a thrown value (throw-mode calls, bugs) to an AuthError. */
function toAuthError(cause: unknown): AuthError {
  if (isLatchError(cause)) return cause.error;
  return {
    status: 500,
    statusText: 'Fetch Error',
    message: cause instanceof Error ? cause.message : String(cause),
  };
}

/**
 * Runs an auth call when `deps` change and keeps its `{ data, error }`. Previous data stays visible
 * while a refetch runs; an answer that arrives after a newer fetch started is dropped.
 *
 *   const members = useAuthQuery(() => client.organization.listMembers({ query: { organizationId } }), [organizationId]);
 */
export function useAuthQuery<T>(
  fn: () => Promise<AuthResult<T>>,
  deps: DependencyList,
  options: AuthQueryOptions = {},
): AuthQueryResult<T> {
  const enabled = options.enabled ?? true;
  const fromContext = useContext(ClientContext);
  const listenOn = options.client ?? fromContext;
  const [state, setState] = useState<{ data: T | null; error: AuthError | null; loaded: boolean; fetching: boolean }>({
    data: null,
    error: null,
    loaded: false,
    fetching: enabled,
  });
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const refetchOnRef = useRef(options.refetchOn);
  refetchOnRef.current = options.refetchOn;
  const generation = useRef(0);
  const mounted = useRef(true);

  const run = useCallback(async (): Promise<AuthResult<T>> => {
    const current = ++generation.current;
    setState((s) => (s.fetching ? s : { ...s, fetching: true }));
    let result: AuthResult<T>;
    try {
      result = await fnRef.current();
    } catch (cause) {
      result = { data: null, error: toAuthError(cause) };
    }
    if (mounted.current && current === generation.current) {
      setState((s) =>
        result.error === null
          ? { data: result.data, error: null, loaded: true, fetching: false }
          : { data: s.data, error: result.error, loaded: true, fetching: false },
      );
    }
    return result;
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The caller's deps decide when to refetch (like useEffect's own deps).
  useEffect(() => {
    if (enabled) void run();
  }, [enabled, run, ...deps]);

  useEffect(() => {
    if (!listenOn || !enabled) return;
    return listenOn.$listen((event) => {
      if (refetchOnRef.current?.(event)) void run();
    });
  }, [listenOn, enabled, run]);

  return {
    data: state.data,
    error: state.error,
    isPending: !state.loaded,
    isFetching: state.fetching,
    refetch: run,
  };
}

export interface AuthMutationResult<TArgs extends unknown[], T> {
  /** Runs the call; resolves with its `{ data, error }` (never throws). */
  mutate: (...args: TArgs) => Promise<AuthResult<T>>;
  isPending: boolean;
  error: AuthError | null;
  data: T | null;
  /** Clears `data` and `error`. */
  reset: () => void;
}

/**
 * Wraps an auth call for a form or a button:
 *
 *   const signIn = useAuthMutation((email: string, password: string) => client.signIn.email({ email, password }));
 *   <button disabled={signIn.isPending} onClick={() => signIn.mutate(email, password)} />
 *   {signIn.error?.code === 'INVALID_EMAIL_OR_PASSWORD' && ...}
 */
export function useAuthMutation<TArgs extends unknown[], T>(
  fn: (...args: TArgs) => Promise<AuthResult<T>>,
): AuthMutationResult<TArgs, T> {
  const [state, setState] = useState<{ data: T | null; error: AuthError | null; pending: number }>({
    data: null,
    error: null,
    pending: 0,
  });
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const mounted = useRef(true);
  const latest = useRef(0);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(async (...args: TArgs): Promise<AuthResult<T>> => {
    const current = ++latest.current;
    setState((s) => ({ ...s, pending: s.pending + 1 }));
    let result: AuthResult<T>;
    try {
      result = await fnRef.current(...args);
    } catch (cause) {
      result = { data: null, error: toAuthError(cause) };
    }
    if (mounted.current) {
      setState((s) =>
        current === latest.current
          ? { data: result.data, error: result.error, pending: s.pending - 1 }
          : { ...s, pending: s.pending - 1 },
      );
    }
    return result;
  }, []);

  const reset = useCallback(() => {
    latest.current++;
    setState((s) => ({ data: null, error: null, pending: s.pending }));
  }, []);

  return { mutate, isPending: state.pending > 0, error: state.error, data: state.data, reset };
}

export interface AuthHooks {
  useSession: () => UseSessionResult;
  useAuthQuery: <T>(
    fn: () => Promise<AuthResult<T>>,
    deps: DependencyList,
    options?: Omit<AuthQueryOptions, 'client'>,
  ) => AuthQueryResult<T>;
  useAuthMutation: <TArgs extends unknown[], T>(
    fn: (...args: TArgs) => Promise<AuthResult<T>>,
  ) => AuthMutationResult<TArgs, T>;
}

/** Hooks bound to one client, for apps that prefer no provider: `export const { useSession } = createAuthHooks(client)`. */
export function createAuthHooks(client: AnyAuthClient): AuthHooks {
  return {
    useSession: () => useSession(client),
    useAuthQuery: (fn, deps, options) => useAuthQuery(fn, deps, { ...options, client }),
    useAuthMutation: (fn) => useAuthMutation(fn),
  };
}
