export {
  type AuthClient,
  type CallEvent,
  type CallOptions,
  type ClientMembers,
  type ClientOptions,
  createAuthClient,
  type Endpoint,
  type GlobalFetchOptions,
  type OptionalEndpoint,
  type Resolve,
} from './client.ts';
export { type AuthError, isLatchError, type KnownErrorCode, LatchError } from './errors.ts';
export { parseIsoDate, parseResponseText } from './json.ts';
export type { Answer, ClientMethods, DateKey, Method, Revived } from './methods.ts';
export { raisesSessionSignal, tableMethod } from './paths.ts';
export {
  DEFAULT_BROADCAST_CHANNEL,
  FOCUS_REFETCH_MIN_INTERVAL_MS,
  type GetSessionQuery,
  type SessionListener,
  type SessionOptions,
  type SessionState,
  type SessionStore,
} from './session-store.ts';
export {
  type AuthResult,
  DEFAULT_RETRY_DELAY_MS,
  type ErrorContext,
  type FetchOptions,
  type HeadersOption,
  type HttpMethod,
  isRetryableStatus,
  type RequestContext,
  type ResponseContext,
  type RetryOption,
  type SuccessContext,
} from './transport.ts';
export * from './types.ts';
export { encodeQuery, isSafeRedirectUrl } from './url.ts';
