/**
 * The shapes shared by the provider table and the OAuth client. A provider is data (endpoints, scopes,
 * client authentication, PKCE) plus the few functions that differ (its user-info shape).
 */
import type { SocialProviderId } from '@latch/contract';
import type { z } from 'zod';
import type { socialProviderSchema } from '../../../core/config/schema.ts';

/** The 18 providers of the spec: their ids are the contract's (packages/contract/src/providers.ts). */
export type ProviderId = SocialProviderId;

/** What the operator configures under `socialProviders.<id>` (RUNNING.md). */
export type ProviderOptions = z.infer<typeof socialProviderSchema>;

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  scopes: string[];
  tokenType: string | null;
  raw: Record<string, unknown>;
}

export interface OAuthProfile {
  /** The provider's stable user id: the account row's `accountId`. */
  id: string;
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  image: string | null;
  raw: Record<string, unknown>;
}

export type ProviderErrorReason = 'invalid_code' | 'unable_to_get_user_info' | 'invalid_token' | 'refresh_failed';

/** A provider answered with an error, or with something we cannot use. `reason` is the callback's `?error=` code. */
export class ProviderError extends Error {
  readonly reason: ProviderErrorReason;
  readonly providerId: ProviderId;
  /** HTTP status the provider answered with, when there was an answer. */
  readonly status: number | null;

  constructor(
    providerId: ProviderId,
    reason: ProviderErrorReason,
    message: string,
    options: { status?: number | null; cause?: unknown } = {},
  ) {
    super(`${providerId}: ${message}`, { cause: options.cause });
    this.name = 'ProviderError';
    this.providerId = providerId;
    this.reason = reason;
    this.status = options.status ?? null;
  }
}

export interface ProviderEndpoints {
  authorization: string;
  token: string;
  userInfo?: string;
  emails?: string;
  jwks?: string;
  issuer?: string;
}

/**
 * How the client proves itself at the token endpoint.
 * - `post`: client_id + client_secret in the form body (RFC 6749 §2.3.1, second option)
 * - `basic`: HTTP Basic with the form-urlencoded id and secret (RFC 6749 §2.3.1)
 * - `client_key`: TikTok's dialect, `client_key` + `client_secret` in the body
 * Without a client secret every method degrades to a public client sending only its id.
 */
export type ClientAuthMethod = 'post' | 'basic' | 'client_key';

/** The name the Apple `user` form field (first authorization only) and the idToken body's `user` carry. */
export interface ProviderUserHint {
  name?: { firstName?: string; lastName?: string };
  email?: string;
}

/** What an issuer check may ask of the OAuth client. */
export interface IssuerContext {
  /**
   * The `issuer` of an OpenID Provider configuration document (OpenID Connect Discovery §4), fetched once and
   * cached; null when it cannot be read, so that a check that needs it fails closed.
   */
  discoverIssuer(url: string): Promise<string | null>;
}

export interface IdTokenRules {
  /**
   * Accepted `iss` values, or a check of the claims when the issuer varies (Microsoft's multi-tenant endpoints, or a
   * tenant named by its domain, whose issuer only Microsoft's discovery document knows).
   */
  issuer: string[] | ((claims: Record<string, unknown>, context: IssuerContext) => boolean | Promise<boolean>);
  algorithms: string[];
  /** Apple's native SDKs put SHA-256(nonce) in the token; the web flow puts the nonce itself. */
  nonceComparison?: 'exact' | 'exact-or-sha256';
}

/** What a provider's profile function receives. */
export interface ProfileContext {
  tokens: OAuthTokens;
  options: ProviderOptions;
  endpoints: ProviderEndpoints;
  user?: ProviderUserHint;
  /** The user-info URL (after overrides); throws `ProviderError('unable_to_get_user_info')` when there is none. */
  userInfoURL(): URL;
  /** JSON from a provider API; a non-2xx answer throws `ProviderError('unable_to_get_user_info')`. */
  getJSON(
    url: string | URL,
    init?: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  ): Promise<Record<string, unknown>>;
  /** Like getJSON, but null instead of an error (for optional calls such as GitHub's e-mail list). */
  tryJSON(url: string | URL, init?: { method?: 'GET' | 'POST'; headers?: Record<string, string> }): Promise<unknown>;
  /** The claims of the ID token of these tokens, verified when the provider has ID-token rules, else null. */
  idTokenClaims(): Promise<Record<string, unknown> | null>;
}

export interface AuthorizationContext {
  scopes: string[];
  options: ProviderOptions;
}

export interface ProviderDefinition {
  id: ProviderId;
  displayName: string;
  /** The provider speaks OpenID Connect (issues ID tokens with the `openid` scope or always). */
  isOpenID: boolean;
  /** `POST /sign-in/social` with `idToken` is accepted for this provider (better-auth's set). */
  supportsIdTokenSignIn: boolean;
  supportsRefresh: boolean;
  defaultScopes: string[];
  scopeSeparator: ' ' | ',';
  /** Sends an S256 code_challenge and the code_verifier (RFC 7636). */
  pkce: boolean;
  clientAuth: ClientAuthMethod;
  /** Query parameter carrying the client id in the authorization URL (TikTok: `client_key`). */
  clientIdParam?: string;
  /** Query parameter for the login hint, when the provider has one (GitHub calls it `login`). */
  loginHintParam?: string;
  /** The provider's public URLs; `options.endpoints` overrides each afterwards. */
  endpoints(options: ProviderOptions): ProviderEndpoints;
  /** Extra authorization-URL parameters (refresh-token switches, response_mode…). */
  authorizationParams?(ctx: AuthorizationContext): Record<string, string>;
  /** Extra token-request parameters. */
  tokenParams?(ctx: { deviceId?: string; state?: string }): Record<string, string>;
  /** The client secret to send; Apple's is a JWT signed with the team's key. */
  clientSecret?(options: ProviderOptions, now: Date): Promise<string | undefined>;
  /** Present for providers whose ID tokens Latch can verify against their JWKS. */
  idToken?: IdTokenRules | ((options: ProviderOptions) => IdTokenRules);
  /** The profile is taken from the (verified) ID token of the code exchange. */
  profileFromIdToken?: boolean;
  getUserProfile(ctx: ProfileContext): Promise<OAuthProfile | null>;
  /** Maps verified ID-token claims to a profile (the idToken sign-in flow). */
  profileFromClaims?(
    claims: Record<string, unknown>,
    user: ProviderUserHint | undefined,
    options: ProviderOptions,
  ): OAuthProfile | null;
}
