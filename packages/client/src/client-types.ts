/** The types of `createAuthClient`: its options, the call signatures, and the client (its methods derived in methods.ts). */
import type { ClientMethods } from './methods.ts';
import type { SessionOptions, SessionStore } from './session-store.ts';
import type {
  AuthResult,
  ErrorContext,
  FetchOptions,
  HeadersOption,
  HttpMethod,
  RequestContext,
  ResponseContext,
  RetryOption,
  SuccessContext,
} from './transport.ts';
import type * as T from './types.ts';

/** Hooks that run on every call, before the per-call ones. */
export interface GlobalFetchOptions {
  headers?: HeadersOption;
  onRequest?: (context: RequestContext) => void | Promise<void>;
  onResponse?: (context: ResponseContext) => void | Promise<void>;
  onSuccess?: (context: SuccessContext) => void | Promise<void>;
  onError?: (context: ErrorContext) => void | Promise<void>;
}

export interface ClientOptions {
  /** Origin of the auth server (`https://auth.example.com`), or a full API root when it has a path. */
  baseURL?: string;
  /** Appended to a path-less `baseURL`. Default `/api/auth`. */
  basePath?: string;
  /** The fetch implementation. Default: the global `fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Default `include`, so the HttpOnly session cookie travels (cross-origin needs CORS with credentials). */
  credentials?: RequestCredentials;
  /** Extra headers on every call, e.g. `() => ({ authorization: `Bearer ${token}` })`. */
  headers?: HeadersOption;
  /** Retry policy for every call. Default: no retry. */
  retry?: RetryOption;
  /** Throw mode for every call: resolve with the data, throw `LatchError` on failure. */
  throw?: boolean;
  /** How to follow `{ url, redirect: true }` answers. Default: `window.location.href = url`. */
  navigate?: (url: string) => void;
  /** Called with the new session data whenever the session store sees it change. */
  onSessionChange?: (data: T.SessionData | null) => void;
  /** Called when sign-in answers `twoFactorRedirect` (the user must pass a second factor). */
  onTwoFactorRedirect?: (context: { twoFactorMethods: string[] }) => void;
  /** Session refetch triggers. */
  session?: SessionOptions;
  /** better-auth-style global hooks. */
  fetchOptions?: GlobalFetchOptions;
}

// ---------- call typing ----------

/** `{ data, error }`, or the bare data in throw mode (per call, else per client). */
export type Resolve<O, PerCall, ClientThrow extends boolean> = PerCall extends true
  ? O
  : PerCall extends false
    ? AuthResult<O>
    : ClientThrow extends true
      ? O
      : AuthResult<O>;

export type CallOptions<O, Th> = FetchOptions<O> & { throw?: Th };

/** An endpoint that needs an argument. */
export type Endpoint<I, O, ClientThrow extends boolean> = <Th extends boolean | undefined = undefined>(
  input: I & { fetchOptions?: CallOptions<O, Th> },
  fetchOptions?: CallOptions<O, Th>,
) => Promise<Resolve<O, Th, ClientThrow>>;

/** An endpoint whose argument may be left out. */
export type OptionalEndpoint<I, O, ClientThrow extends boolean> = <Th extends boolean | undefined = undefined>(
  input?: I & { fetchOptions?: CallOptions<O, Th> },
  fetchOptions?: CallOptions<O, Th>,
) => Promise<Resolve<O, Th, ClientThrow>>;

// ---------- the client's shape ----------

/**
 * The client: one method per row of the endpoint table a client calls, typed from the row
 * (methods.ts), and the client's own members.
 */
export type AuthClient<ClientThrow extends boolean = false> = ClientMethods<ClientThrow> & ClientMembers<ClientThrow>;

export interface ClientMembers<ClientThrow extends boolean> {
  /** The session store: `{ data, isPending, isRefetching, error }`, kept fresh by the refetch triggers. */
  $session: SessionStore;
  /** A raw call to any path, with the same method rules, signals and redirects. */
  $fetch: <O = unknown, Th extends boolean | undefined = undefined>(
    path: string,
    options?: CallOptions<O, Th>,
  ) => Promise<Resolve<O, Th, ClientThrow>>;
  /** Listens to every successful call (e.g. to refetch a query after a mutation). Returns the unsubscribe. */
  $listen: (listener: (event: CallEvent) => void) => () => void;
  /** The API root calls go to. */
  readonly baseURL: string;
  /** Removes the store's window listeners and closes the cross-tab channel. */
  $destroy: () => void;
}

export interface CallEvent {
  path: string;
  method: HttpMethod;
  data: unknown;
}
