export {
  type AuthClient,
  type CallEvent,
  type CallOptions,
  type ChangePasswordInput,
  type ClientOptions,
  createAuthClient,
  type DeleteUserInput,
  type Endpoint,
  type GlobalFetchOptions,
  type IdTokenInput,
  type LinkSocialInput,
  type ListMembersQuery,
  type OptionalEndpoint,
  type OrganizationDataInput,
  type RequestPasswordResetInput,
  type ResetPasswordInput,
  type Resolve,
  type SignInEmailInput,
  type SignInSocialInput,
  type SignInUsernameInput,
  type SignOutInput,
  type SignUpEmailInput,
  type SocialProvider,
  type UpdateUserInput,
} from './client.ts';
export { type AuthError, isLatchError, type KnownErrorCode, LatchError } from './errors.ts';
export { parseIsoDate, parseResponseText } from './json.ts';
export { FIXED_METHODS, raisesSessionSignal } from './paths.ts';
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
