/**
 * The OAuth 2.0 / OpenID Connect client: turns a provider definition (providers/*.ts) and the operator's
 * options into a resolved provider that builds authorization URLs, exchanges codes, refreshes tokens,
 * reads profiles and verifies ID tokens. Token requests go through oauth4webapi (client authentication,
 * HTTPS enforcement, no redirects); ID tokens are verified with jose against the provider's JWKS.
 * Token responses are parsed leniently on purpose: real providers deviate from RFC 6749 §5.1 (GitHub answers
 * errors with 200, Twitch sends `scope` as an array, LinkedIn omits `token_type`).
 */
import { createHash } from 'node:crypto';
import { social } from '@latch/contract';
import * as jose from 'jose';
import * as oauth from 'oauth4webapi';
import { PROVIDERS } from './providers/index.ts';
import { asRecord, asString, type Json, profileFromStandardClaims } from './providers/shared.ts';
import {
  type ClientAuthMethod,
  type IdTokenRules,
  type OAuthProfile,
  type OAuthTokens,
  type ProfileContext,
  type ProviderDefinition,
  type ProviderEndpoints,
  ProviderError,
  type ProviderErrorReason,
  type ProviderId,
  type ProviderOptions,
  type ProviderUserHint,
} from './providers/types.ts';
import { createCodeChallenge, describeError, isAllowedURL, parseTokenResponse, readBody } from './providers/wire.ts';

export { createCodeChallenge, isAllowedURL, parseTokenResponse };

/** Authorization parameters the engine owns; `additionalParams` may not override them (the contract refuses them too). */
const { RESERVED_AUTHORIZATION_PARAMS } = social;

const REQUEST_TIMEOUT_MS = 10_000;
/** How long a discovered issuer is believed (a tenant's domain rarely moves to another tenant). */
const DISCOVERY_CACHE_MS = 24 * 60 * 60 * 1000;
const USER_AGENT = 'Latch';

export interface ProviderContext {
  /** Latch's public origin (RUNNING.md BASE_URL); the default redirect URI is `<baseURL>/api/auth/callback/<id>`. */
  baseURL: string;
  fetch?: typeof fetch;
  /** Injected clock, for token expiry dates and ID-token time checks. */
  now?: () => Date;
}

export interface AuthorizationURLParams {
  state: string;
  codeVerifier: string;
  redirectURI?: string;
  scopes?: string[];
  loginHint?: string;
  nonce?: string;
  additionalParams?: Record<string, string>;
}

export interface ExchangeCodeParams {
  code: string;
  codeVerifier: string;
  redirectURI?: string;
  /** VK ID returns `device_id` on the callback and wants it back at the token endpoint. */
  deviceId?: string;
  /** VK ID also wants the state echoed at the token endpoint. */
  state?: string;
  /** Checked against the ID token's `nonce` when the provider's profile comes from the ID token. */
  nonce?: string;
}

export interface OAuthProvider {
  readonly id: ProviderId;
  readonly definition: ProviderDefinition;
  readonly options: ProviderOptions;
  readonly endpoints: ProviderEndpoints;
  readonly redirectURI: string;
  createAuthorizationURL(params: AuthorizationURLParams): URL;
  exchangeCode(params: ExchangeCodeParams): Promise<OAuthTokens>;
  getUserProfile(tokens: OAuthTokens, extra?: { user?: ProviderUserHint }): Promise<OAuthProfile | null>;
  refreshAccessToken(refreshToken: string): Promise<OAuthTokens>;
  /** Null when the token is not valid for this client (or the provider issues no verifiable ID tokens). */
  verifyIdToken(idToken: string, options?: { nonce?: string; user?: ProviderUserHint }): Promise<OAuthProfile | null>;
}

function clientAuthentication(method: ClientAuthMethod, secret: string | undefined): oauth.ClientAuth {
  if (method === 'client_key') {
    return (_as, client, body) => {
      body.set('client_key', client.client_id);
      if (secret !== undefined) body.set('client_secret', secret);
    };
  }
  if (secret === undefined) return oauth.None();
  return method === 'basic' ? oauth.ClientSecretBasic(secret) : oauth.ClientSecretPost(secret);
}

export function createProvider(id: ProviderId, options: ProviderOptions, context: ProviderContext): OAuthProvider {
  const definition = PROVIDERS[id];
  const fetchImpl = context.fetch ?? globalThis.fetch;
  const now = context.now ?? (() => new Date());
  const overrides = Object.fromEntries(
    Object.entries(options.endpoints ?? {}).filter(([, value]) => value !== undefined),
  ) as Partial<ProviderEndpoints>;
  const endpoints: ProviderEndpoints = { ...definition.endpoints(options), ...overrides };
  const redirectURI = options.redirectURI ?? `${context.baseURL.replace(/\/+$/, '')}/api/auth/callback/${id}`;
  const idTokenRules: IdTokenRules | undefined =
    typeof definition.idToken === 'function' ? definition.idToken(options) : definition.idToken;
  const verifiedClaims = new WeakMap<OAuthTokens, Json>();
  let jwks: ReturnType<typeof jose.createRemoteJWKSet> | undefined;

  const fail = (reason: ProviderErrorReason, message: string, extra?: { status?: number; cause?: unknown }) =>
    new ProviderError(id, reason, message, extra);

  async function tokenRequest(grantType: string, params: Record<string, string>, reason: ProviderErrorReason) {
    const secret = definition.clientSecret ? await definition.clientSecret(options, now()) : options.clientSecret;
    const as: oauth.AuthorizationServer = {
      issuer: endpoints.issuer ?? new URL(endpoints.token).origin,
      token_endpoint: endpoints.token,
    };
    let response: Response;
    try {
      response = await oauth.genericTokenEndpointRequest(
        as,
        { client_id: options.clientId },
        clientAuthentication(definition.clientAuth, secret),
        grantType,
        params,
        {
          [oauth.customFetch]: fetchImpl,
          [oauth.allowInsecureRequests]: isAllowedURL(endpoints.token),
          headers: { 'user-agent': USER_AGENT },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        },
      );
    } catch (cause) {
      throw fail(reason, 'token request failed', { cause });
    }
    const body = asRecord(await readBody(response)) ?? {};
    // GitHub (and TikTok) answer some errors with 200 and an `error` member.
    if (!response.ok || body.error !== undefined || asString(body.access_token) === null) {
      throw fail(reason, `token endpoint refused: ${describeError(body, response.status)}`, {
        status: response.status,
      });
    }
    return parseTokenResponse(body, now());
  }

  async function verifyClaims(idToken: string, nonce: string | undefined): Promise<Json> {
    if (!idTokenRules || !endpoints.jwks) throw new TypeError(`${id} issues no verifiable ID tokens`);
    if (!isAllowedURL(endpoints.jwks)) throw new TypeError('JWKS URL must use https');
    jwks ??= jose.createRemoteJWKSet(new URL(endpoints.jwks), {
      [jose.customFetch]: fetchImpl,
      timeoutDuration: REQUEST_TIMEOUT_MS,
    });
    const issuer = overrides.issuer !== undefined ? [overrides.issuer] : idTokenRules.issuer;
    const { payload } = await jose.jwtVerify(idToken, jwks, {
      audience: options.clientId,
      issuer: Array.isArray(issuer) ? issuer : undefined,
      algorithms: idTokenRules.algorithms,
      currentDate: now(),
      requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
      clockTolerance: 5,
    });
    const claims = payload as Json;
    if (typeof issuer === 'function' && !(await issuer(claims, { discoverIssuer })))
      throw new TypeError('unexpected issuer');
    if (nonce !== undefined) {
      const expected = [nonce];
      if (idTokenRules.nonceComparison === 'exact-or-sha256') {
        expected.push(createHash('sha256').update(nonce).digest('hex'));
      }
      if (typeof claims.nonce !== 'string' || !expected.includes(claims.nonce)) throw new TypeError('nonce mismatch');
    }
    return claims;
  }

  /** Discovered issuers by document URL; only answers are kept, so a failed fetch is tried again next time. */
  const discoveredIssuers = new Map<string, { issuer: Promise<string | null>; expiresAtMs: number }>();

  async function fetchIssuer(url: string): Promise<string | null> {
    try {
      return asString(asRecord(await requestResource(url))?.issuer);
    } catch {
      return null;
    }
  }

  function discoverIssuer(url: string): Promise<string | null> {
    const cached = discoveredIssuers.get(url);
    if (cached && cached.expiresAtMs > now().getTime()) return cached.issuer;
    const issuer = fetchIssuer(url);
    discoveredIssuers.set(url, { issuer, expiresAtMs: now().getTime() + DISCOVERY_CACHE_MS });
    // a failure is not remembered: the next token asks again
    void issuer.then((value) => {
      if (value === null && discoveredIssuers.get(url)?.issuer === issuer) discoveredIssuers.delete(url);
    });
    return issuer;
  }

  async function requestResource(
    url: string | URL,
    init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; bearer?: string | null } = {},
  ): Promise<unknown> {
    if (!isAllowedURL(url)) throw fail('unable_to_get_user_info', `refusing plain-HTTP URL ${String(url)}`);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': USER_AGENT };
    if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: init.method ?? 'GET',
        headers: { ...headers, ...init.headers },
        body: init.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (cause) {
      throw fail('unable_to_get_user_info', 'user-info request failed', { cause });
    }
    const body = await readBody(response);
    if (!response.ok) {
      const reason = describeError(asRecord(body) ?? {}, response.status);
      throw fail('unable_to_get_user_info', `user-info endpoint refused: ${reason}`, { status: response.status });
    }
    return body;
  }

  async function getJSON(url: string | URL, init: Parameters<typeof requestResource>[1]): Promise<Json> {
    const body = asRecord(await requestResource(url, init));
    if (body === null) throw fail('unable_to_get_user_info', 'user-info answer is not a JSON object');
    return body;
  }

  function profileContext(tokens: OAuthTokens, user: ProviderUserHint | undefined): ProfileContext {
    const bearer = tokens.accessToken;
    return {
      tokens,
      options,
      endpoints,
      user,
      userInfoURL: () => {
        if (!endpoints.userInfo) throw fail('unable_to_get_user_info', 'no user-info endpoint');
        return new URL(endpoints.userInfo);
      },
      getJSON: (url, init = {}) => getJSON(url, { bearer, ...init }),
      tryJSON: async (url, init = {}) => {
        try {
          return await requestResource(url, { bearer, ...init });
        } catch {
          return null;
        }
      },
      idTokenClaims: async () => {
        const cached = verifiedClaims.get(tokens);
        if (cached) return cached;
        if (!tokens.idToken || !idTokenRules) return null;
        try {
          return await verifyClaims(tokens.idToken, undefined);
        } catch {
          return null;
        }
      },
    };
  }

  return {
    id,
    definition,
    options,
    endpoints,
    redirectURI,

    createAuthorizationURL(params) {
      const url = new URL(endpoints.authorization);
      const scopes = [...new Set([...definition.defaultScopes, ...(options.scope ?? []), ...(params.scopes ?? [])])];
      const query = url.searchParams;
      query.set('response_type', 'code');
      query.set(definition.clientIdParam ?? 'client_id', options.clientId);
      query.set('redirect_uri', options.redirectURI ?? params.redirectURI ?? redirectURI);
      query.set('state', params.state);
      if (scopes.length > 0) query.set('scope', scopes.join(definition.scopeSeparator));
      if (definition.pkce) {
        query.set('code_challenge', createCodeChallenge(params.codeVerifier));
        query.set('code_challenge_method', 'S256');
      }
      if (params.loginHint && definition.loginHintParam) query.set(definition.loginHintParam, params.loginHint);
      if (params.nonce && definition.isOpenID) query.set('nonce', params.nonce);
      for (const [key, value] of Object.entries(definition.authorizationParams?.({ scopes, options }) ?? {})) {
        query.set(key, value);
      }
      for (const [key, value] of Object.entries(params.additionalParams ?? {})) {
        if (!RESERVED_AUTHORIZATION_PARAMS.has(key)) query.set(key, value);
      }
      return url;
    },

    async exchangeCode(params) {
      const body: Record<string, string> = {
        code: params.code,
        redirect_uri: options.redirectURI ?? params.redirectURI ?? redirectURI,
        ...(definition.pkce ? { code_verifier: params.codeVerifier } : {}),
        ...definition.tokenParams?.({ deviceId: params.deviceId, state: params.state }),
      };
      const tokens = await tokenRequest('authorization_code', body, 'invalid_code');
      if (definition.profileFromIdToken && tokens.idToken && idTokenRules) {
        try {
          verifiedClaims.set(tokens, await verifyClaims(tokens.idToken, params.nonce));
        } catch (cause) {
          throw fail('invalid_token', 'the ID token of the code exchange is not valid', { cause });
        }
      }
      return tokens;
    },

    async getUserProfile(tokens, extra = {}) {
      try {
        return await definition.getUserProfile(profileContext(tokens, extra.user));
      } catch (cause) {
        if (cause instanceof ProviderError) throw cause;
        throw fail('unable_to_get_user_info', 'unexpected user-info answer', { cause });
      }
    },

    async refreshAccessToken(refreshToken) {
      if (!definition.supportsRefresh) throw fail('refresh_failed', 'the provider does not refresh tokens');
      const tokens = await tokenRequest('refresh_token', { refresh_token: refreshToken }, 'refresh_failed');
      // RFC 6749 §6: the provider may keep the refresh token; then the old one stays valid.
      return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
    },

    async verifyIdToken(idToken, verifyOptions = {}) {
      if (!idTokenRules) return null;
      try {
        const claims = await verifyClaims(idToken, verifyOptions.nonce);
        const toProfile = definition.profileFromClaims ?? ((c: Json) => profileFromStandardClaims(c));
        return toProfile(claims, verifyOptions.user, options);
      } catch {
        return null;
      }
    },
  };
}
