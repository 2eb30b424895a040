/**
 * `createAuthClient`: the typed client for /api/auth. Its shape mirrors better-auth's client
 * (`authClient.signIn.email(...)`, `authClient.organization.inviteMember(...)`), so app code is portable.
 *
 * A call takes one argument, split as better-auth splits it: `query` becomes the query string,
 * `fetchOptions` the per-call options, everything else the JSON body; per-call options may also be
 * passed as a second argument. The call resolves to `{ data, error }`, or (throw mode) to the data,
 * throwing a `LatchError`.
 */

import type { AuthClient, CallEvent, ClientOptions } from './client-types.ts';
import { LatchError } from './errors.ts';
import { buildMethods } from './methods.ts';
import { broadcastTrigger, chooseMethod, isPayloadMethod, raisesSessionSignal } from './paths.ts';
import { createSessionStore, type GetSessionQuery, type InternalSessionStore } from './session-store.ts';
import {
  type AuthResult,
  type FetchOptions,
  type HttpMethod,
  performRequest,
  type TransportConfig,
} from './transport.ts';
import type * as T from './types.ts';
import { isSafeRedirectUrl, type Query, resolveBaseURL } from './url.ts';

export * from './client-types.ts';

type CallArgument = Record<string, unknown> & { query?: Query; fetchOptions?: FetchOptions };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

function defaultNavigate(url: string): void {
  if (typeof window === 'undefined' || !window.location) return;
  try {
    window.location.href = url;
  } catch {
    // navigation refused by the environment (e.g. a sandboxed frame)
  }
}

/** `null`, or `{ session: null, user: null }`, both mean signed out. */
function normalizeSession(data: unknown): T.SessionData | null {
  if (!isRecord(data)) return null;
  if (!isRecord(data.session) || !isRecord(data.user)) return null;
  return data as unknown as T.SessionData;
}

/** get-session coerces any value, even "false", to true: drop false flags instead of sending them. */
function withoutFalseFlags(query: Query | undefined): Query | undefined {
  if (!query) return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== false && value !== 'false'));
}

function chain<A>(
  first: ((a: A) => void | Promise<void>) | undefined,
  second: ((a: A) => void | Promise<void>) | undefined,
): ((a: A) => Promise<void>) | undefined {
  if (!first && !second) return undefined;
  return async (a: A) => {
    await first?.(a);
    await second?.(a);
  };
}

export function createAuthClient<const O extends ClientOptions = ClientOptions>(
  options?: O,
): AuthClient<O extends { throw: true } ? true : false> {
  const opts: ClientOptions = options ?? {};
  const root = resolveBaseURL(opts.baseURL, opts.basePath);
  const transport: TransportConfig = {
    root,
    fetch: opts.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    headers: opts.headers ?? opts.fetchOptions?.headers,
    retry: opts.retry,
    credentials: opts.credentials ?? 'include',
  };
  const navigate = opts.navigate ?? defaultNavigate;
  const listeners = new Set<(event: CallEvent) => void>();
  const global = opts.fetchOptions ?? {};

  const fetchSession = async (query: GetSessionQuery | undefined): Promise<AuthResult<T.SessionData | null>> => {
    const sessionQuery: Record<string, unknown> = {};
    // The server coerces any value (even "false") to true, so send the flags only when set.
    if (query?.disableCookieCache) sessionQuery.disableCookieCache = true;
    if (query?.disableRefresh) sessionQuery.disableRefresh = true;
    const result = await performRequest(transport, {
      path: '/get-session',
      method: 'GET',
      query: sessionQuery,
      options: {},
    });
    if (result.error !== null) return result;
    // Deferred-refresh servers ask the client to POST to perform the refresh (CONTRACT.md §8).
    if (isRecord(result.data) && result.data.needsRefresh === true) {
      const refreshed = await performRequest(transport, {
        path: '/get-session',
        method: 'POST',
        body: {},
        options: {},
      });
      if (refreshed.error === null) return { data: normalizeSession(refreshed.data), error: null };
    }
    return { data: normalizeSession(result.data), error: null };
  };

  const store: InternalSessionStore = createSessionStore({
    fetchSession,
    options: opts.session ?? {},
    onSessionChange: opts.onSessionChange,
  });

  const afterSuccess = (path: string, method: HttpMethod, data: unknown, fetchOptions: FetchOptions): void => {
    if (isRecord(data)) {
      const { url, redirect } = data;
      if (!fetchOptions.disableRedirect && typeof url === 'string' && url && redirect && isSafeRedirectUrl(url)) {
        navigate(url);
      }
      if (data.twoFactorRedirect && opts.onTwoFactorRedirect) {
        const methods = Array.isArray(data.twoFactorMethods) ? data.twoFactorMethods.map(String) : [];
        opts.onTwoFactorRedirect({ twoFactorMethods: methods });
      }
    }
    if (!fetchOptions.disableSignal && raisesSessionSignal(path)) {
      // better-auth waits 10 ms so that the cookie set by this answer is in place before the refetch.
      setTimeout(() => store.signal(), 10);
      const trigger = broadcastTrigger(path);
      if (trigger) store.broadcast(trigger);
    }
    for (const listener of [...listeners]) listener({ path, method, data });
  };

  /**
   * The dynamic call: split the argument, choose the method (the row's, for a method), send, then
   * signals, redirects and throw mode.
   */
  const call = async (
    path: string,
    arg: CallArgument | undefined,
    second: FetchOptions | undefined,
    row: { method?: HttpMethod; map?: (data: unknown) => unknown } = {},
  ): Promise<unknown> => {
    const { query, fetchOptions: argOptions, ...rest } = arg ?? {};
    const callOptions: FetchOptions = { ...second, ...argOptions };
    const method = row.method ?? chooseMethod(path, callOptions.method, rest);
    const body = isPayloadMethod(method) ? { ...rest, ...callOptions.body } : undefined;
    const result = await performRequest(transport, {
      path,
      method,
      query: path === '/get-session' ? withoutFalseFlags(query ?? callOptions.query) : (query ?? callOptions.query),
      body,
      options: {
        ...callOptions,
        onRequest: chain(global.onRequest, callOptions.onRequest),
        onResponse: chain(global.onResponse, callOptions.onResponse),
        onSuccess: chain(global.onSuccess, callOptions.onSuccess),
        onError: chain(global.onError, callOptions.onError),
      },
    });
    const throwMode = callOptions.throw ?? opts.throw ?? false;
    if (result.error !== null) {
      if (throwMode) throw new LatchError(result.error);
      return result;
    }
    const data = row.map ? row.map(result.data) : result.data;
    afterSuccess(path, method, data, callOptions);
    return throwMode ? data : { data, error: null };
  };

  // One method per row a client calls, named and typed from the table (methods.ts). A method sends
  // its row's method whatever the argument holds, as better-auth's fixed table does (paths.ts).
  const methods = buildMethods<O extends { throw: true } ? true : false>(
    (row) =>
      (arg?: CallArgument, second?: FetchOptions): Promise<unknown> =>
        call(row.path, arg, second, {
          method: row.method,
          map: row.path === '/get-session' ? normalizeSession : undefined,
        }),
  );

  return {
    ...methods,
    $session: {
      get: store.get,
      subscribe: store.subscribe,
      refetch: store.refetch,
    },
    $fetch: ((path: string, fetchOptions?: FetchOptions) => {
      const { body, ...rest } = fetchOptions ?? {};
      return call(path, { ...body }, rest);
    }) as AuthClient<O extends { throw: true } ? true : false>['$fetch'],
    $listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    baseURL: root,
    $destroy: () => store.destroy(),
  };
}
