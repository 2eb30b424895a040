/**
 * One HTTP exchange with /api/auth: headers, JSON body, credentials, retries, and the mapping of
 * every outcome to `{ data, error }` (CONTRACT.md §8). Never throws; throw mode is applied by the caller.
 */
import { deriveErrorCode } from '@latch/contract';
import { type AuthError, statusName } from './errors.ts';
import { isJsonObjectText, parseResponseText } from './json.ts';
import { buildURL, type Query } from './url.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthError };

/** What a retry decision sees: the answer, or `null` when the request failed before one arrived. */
export type ShouldRetry = (response: Response | null) => boolean;

/**
 * Retry policy. A number `n` means `{ type: 'linear', attempts: n, delay: 1000 }`. `attempts` counts
 * retries after the first try. Only network failures, 429 and 5xx other than 501 are retried, never
 * other 4xx; `shouldRetry` can narrow that further.
 */
export type RetryOption =
  | number
  | { type: 'linear'; attempts: number; delay?: number; shouldRetry?: ShouldRetry }
  | { type: 'exponential'; attempts: number; baseDelay?: number; maxDelay?: number; shouldRetry?: ShouldRetry };

export const DEFAULT_RETRY_DELAY_MS = 1000;
const DEFAULT_MAX_DELAY_MS = 30_000;
/** Ceiling on a server-requested wait (X-Retry-After) so a client never sleeps for minutes. */
const MAX_RETRY_AFTER_MS = 60_000;

export interface RequestContext {
  url: string;
  path: string;
  method: HttpMethod;
  headers: Headers;
  body: Record<string, unknown> | undefined;
}

export interface SuccessContext<T = unknown> {
  data: T;
  response: Response;
  request: RequestContext;
}

export interface ErrorContext {
  error: AuthError;
  /** `null` for a fetch-level failure. */
  response: Response | null;
  request: RequestContext;
}

export interface ResponseContext {
  response: Response;
  request: RequestContext;
}

/** Per-call options, passed as `fetchOptions` inside the first argument or as the second argument. */
export interface FetchOptions<T = unknown> {
  /** Overrides the method choice unless the path is in the fixed table. */
  method?: HttpMethod;
  headers?: HeadersInit;
  query?: Query;
  /** Merged over the body built from the first argument. */
  body?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Resolve with the data and throw a `LatchError` on failure instead of returning `{ data, error }`. */
  throw?: boolean;
  retry?: RetryOption;
  /** Do not raise the session signal for this call. */
  disableSignal?: boolean;
  /** Do not follow `{ url, redirect: true }` answers for this call. */
  disableRedirect?: boolean;
  onRequest?: (context: RequestContext) => void | Promise<void>;
  onResponse?: (context: ResponseContext) => void | Promise<void>;
  onSuccess?: (context: SuccessContext<T>) => void | Promise<void>;
  onError?: (context: ErrorContext) => void | Promise<void>;
}

export type HeadersOption = HeadersInit | (() => HeadersInit | Promise<HeadersInit>);

export interface TransportConfig {
  /** The API root, e.g. `https://app.example.com/api/auth`. */
  root: string;
  fetch: typeof globalThis.fetch;
  headers?: HeadersOption;
  retry?: RetryOption;
  credentials: RequestCredentials;
}

export interface RequestInput {
  path: string;
  method: HttpMethod;
  query?: Query;
  body?: Record<string, unknown>;
  options: FetchOptions;
}

function retryDelay(retry: RetryOption, attempt: number): number {
  if (typeof retry === 'number') return DEFAULT_RETRY_DELAY_MS;
  if (retry.type === 'linear') return retry.delay ?? DEFAULT_RETRY_DELAY_MS;
  const base = retry.baseDelay ?? DEFAULT_RETRY_DELAY_MS;
  return Math.min(retry.maxDelay ?? DEFAULT_MAX_DELAY_MS, base * 2 ** attempt);
}

function retryAttempts(retry: RetryOption | undefined): number {
  if (retry === undefined) return 0;
  return Math.max(0, Math.floor(typeof retry === 'number' ? retry : retry.attempts));
}

/** Transient failures only: a network error, 429, or a 5xx that is not 501 Not Implemented. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status !== 501);
}

function retryAfterMs(response: Response): number {
  const header = response.headers.get('x-retry-after') ?? response.headers.get('retry-after');
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : 0;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

function fetchError(error: unknown): AuthError {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  return {
    status: 500,
    statusText: 'Fetch Error',
    message: message || 'Fetch Error',
    ...(cause ? { cause } : {}),
  };
}

/** `{...body, status, statusText}`, with `message` and `code` always filled when the body had a message. */
export function errorFromResponse(response: Response, text: string): AuthError {
  const statusText = response.statusText || statusName(response.status);
  const parsed = isJsonObjectText(text) ? parseResponseText(text) : null;
  const body: Record<string, unknown> =
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const bodyMessage = typeof body.message === 'string' ? body.message : undefined;
  const bodyCode = typeof body.code === 'string' && body.code !== '' ? body.code : undefined;
  const error: AuthError = {
    ...body,
    status: response.status,
    statusText,
    message: bodyMessage ?? (statusText || `HTTP ${response.status}`),
  };
  const code = bodyCode ?? (bodyMessage ? deriveErrorCode(bodyMessage) : undefined);
  if (code !== undefined) error.code = code;
  else delete error.code;
  return error;
}

async function resolveHeaders(option: HeadersOption | undefined): Promise<HeadersInit | undefined> {
  return typeof option === 'function' ? await option() : option;
}

/** Sends one request (plus retries) and maps the outcome. Hooks in `options` run once, on the final outcome. */
export async function performRequest(config: TransportConfig, input: RequestInput): Promise<AuthResult<unknown>> {
  const { options } = input;
  const url = buildURL(config.root, input.path, input.query);
  const headers = new Headers(await resolveHeaders(config.headers));
  for (const [key, value] of new Headers(options.headers)) headers.set(key, value);
  if (input.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const request: RequestContext = { url, path: input.path, method: input.method, headers, body: input.body };
  await options.onRequest?.(request);

  const retry = options.retry ?? config.retry;
  const attempts = retryAttempts(retry);
  const shouldRetry = retry !== undefined && typeof retry === 'object' ? retry.shouldRetry : undefined;
  const mayRetry = (attempt: number, response: Response | null): boolean =>
    attempt < attempts && (shouldRetry ? shouldRetry(response) : true);

  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await config.fetch(url, {
        method: input.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        credentials: config.credentials,
        signal: options.signal,
      });
    } catch (cause) {
      if (!isAbort(cause, options.signal) && retry !== undefined && mayRetry(attempt, null)) {
        await sleep(retryDelay(retry, attempt), options.signal);
        continue;
      }
      const error = fetchError(cause);
      await options.onError?.({ error, response: null, request });
      return { data: null, error };
    }

    await options.onResponse?.({ response, request });
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      const error = fetchError(cause);
      await options.onError?.({ error, response, request });
      return { data: null, error };
    }

    if (response.ok) {
      const data = parseResponseText(text);
      await options.onSuccess?.({ data, response, request });
      return { data, error: null };
    }

    if (retry !== undefined && isRetryableStatus(response.status) && mayRetry(attempt, response)) {
      const wait = Math.max(retryDelay(retry, attempt), response.status === 429 ? retryAfterMs(response) : 0);
      await sleep(wait, options.signal);
      continue;
    }
    const error = errorFromResponse(response, text);
    await options.onError?.({ error, response, request });
    return { data: null, error };
  }
}
