/**
 * The social redirect flows (CONTRACT §4.5, §4.6, §4.18): the provider registry, starting an authorization and
 * completing a callback (the idToken flows are in id-token.ts). The rules live here and in linking.ts.
 */
import { randomString, URL_SAFE } from '../../core/crypto/random.ts';
import { AuthError, authError } from '../../core/errors.ts';
import type { AuthDeps, RequestContext } from '../../core/http/context.ts';
import { appendQuery } from '../email-verification/index.ts';
import { getCurrentSession } from '../session/index.ts';
import { grantSession } from '../sign-in/index.ts';
import { linkOAuthAccount, resolveOAuthUser } from './linking.ts';
import { createProvider, type OAuthProvider } from './oauth-client.ts';
import {
  isProviderId,
  type OAuthProfile,
  type OAuthTokens,
  ProviderError,
  type ProviderUserHint,
} from './providers/index.ts';
import { consumeOAuthState, createOAuthState, expireStateCookie, type OAuthStateData } from './state.ts';

type Ctx = RequestContext<unknown, unknown>;

const providerCache = new WeakMap<AuthDeps, Map<string, OAuthProvider>>();

/** The configured provider with this id, or null (unknown ids and unconfigured providers alike). */
export function findProvider(deps: AuthDeps, id: string): OAuthProvider | null {
  if (!isProviderId(id) || !Object.hasOwn(deps.config.socialProviders, id)) return null;
  const options = deps.config.socialProviders[id];
  if (!options) return null;
  let cache = providerCache.get(deps);
  if (!cache) {
    cache = new Map();
    providerCache.set(deps, cache);
  }
  let provider = cache.get(id);
  if (!provider) {
    provider = createProvider(id, options, { baseURL: deps.config.baseURL, now: () => deps.clock.now() });
    cache.set(id, provider);
  }
  return provider;
}

export function requireProvider(deps: AuthDeps, id: string): OAuthProvider {
  const provider = findProvider(deps, id);
  if (!provider) throw authError('PROVIDER_NOT_FOUND');
  return provider;
}

export interface AuthorizationRequest {
  callbackURL?: string | undefined;
  errorCallbackURL?: string | undefined;
  newUserCallbackURL?: string | undefined;
  scopes?: string[] | undefined;
  loginHint?: string | undefined;
  requestSignUp?: boolean | undefined;
  additionalParams?: Record<string, string> | undefined;
}

/** Creates the state and answers the provider's authorization URL. */
export async function startAuthorization(
  ctx: Ctx,
  provider: OAuthProvider,
  request: AuthorizationRequest,
  link: OAuthStateData['link'] = null,
): Promise<string> {
  // A nonce only where Latch verifies the ID token of the code exchange (OpenID Core §3.1.2.1).
  const nonce = provider.definition.profileFromIdToken ? randomString(32, URL_SAFE) : null;
  const { state, codeVerifier } = await createOAuthState(ctx, {
    providerId: provider.id,
    nonce,
    callbackURL: request.callbackURL ?? `${ctx.deps.config.origin}/`,
    errorURL: request.errorCallbackURL ?? null,
    newUserURL: request.newUserCallbackURL ?? null,
    requestSignUp: request.requestSignUp ?? false,
    link,
  });
  return provider.createAuthorizationURL({
    state,
    codeVerifier,
    scopes: request.scopes,
    loginHint: request.loginHint,
    nonce: nonce ?? undefined,
    additionalParams: request.additionalParams,
  }).href;
}

export interface CallbackParams {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
  device_id?: string | undefined;
  user?: string | undefined;
  iss?: string | undefined;
}

export function defaultErrorURL(deps: AuthDeps): string {
  return `${deps.config.baseURL}${deps.config.basePath}/error`;
}

function withError(target: string, error: string, description?: string): string {
  const params: Record<string, string> = { error: error.replace(/ /g, '_') };
  if (description) params.error_description = description.slice(0, 500);
  return appendQuery(target, params);
}

/** Apple posts `user` (a JSON string) on the first authorization only; anything else is ignored. */
function parseUserHint(raw: string | undefined): ProviderUserHint | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const record = value as { name?: { firstName?: unknown; lastName?: unknown }; email?: unknown };
    const text = (v: unknown) => (typeof v === 'string' && v.length <= 256 ? v : undefined);
    return {
      name: { firstName: text(record.name?.firstName), lastName: text(record.name?.lastName) },
      email: text(record.email),
    };
  } catch {
    return undefined;
  }
}

/** Runs a callback to its end and answers where the browser goes next (CONTRACT §4.6). */
export async function completeCallback(ctx: Ctx, providerId: string, params: CallbackParams): Promise<string> {
  const { deps } = ctx;
  const fallback = defaultErrorURL(deps);
  if (!params.state) {
    expireStateCookie(ctx);
    // A provider that failed before it could echo the state still deserves its own error on the page.
    if (params.error) return withError(fallback, params.error, params.error_description);
    return withError(fallback, 'state_not_found');
  }
  const consumed = await consumeOAuthState(ctx, params.state);
  if (!consumed.ok) return withError(fallback, consumed.reason);
  const state = consumed.data;
  const errorURL = state.errorURL ?? fallback;
  const fail = (error: string, description?: string) => withError(errorURL, error, description);

  if (params.error) return fail(params.error, params.error_description);
  if (!params.code) return fail('no_code');
  const provider = findProvider(deps, providerId);
  if (!provider) return fail('oauth_provider_not_found');
  if (provider.id !== state.providerId) return fail('invalid_callback_request');
  // RFC 9207: an authorization response that names another issuer is a mix-up attack.
  if (params.iss && provider.endpoints.issuer && params.iss !== provider.endpoints.issuer)
    return fail('issuer_mismatch');

  let tokens: OAuthTokens;
  try {
    tokens = await provider.exchangeCode({
      code: params.code,
      codeVerifier: state.codeVerifier,
      deviceId: params.device_id,
      state: params.state,
      nonce: state.nonce ?? undefined,
    });
  } catch (err) {
    deps.logger.warn('the provider refused the code exchange', { providerId, error: describe(err) });
    return fail('invalid_code');
  }
  let profile: OAuthProfile | null;
  try {
    profile = await provider.getUserProfile(tokens, { user: parseUserHint(params.user) });
  } catch (err) {
    deps.logger.warn('could not read the provider profile', { providerId, error: describe(err) });
    profile = null;
  }
  if (!profile) return fail('unable_to_get_user_info');
  const input = { providerId: provider.id, options: provider.options, profile, tokens };

  if (state.link) {
    // only for the browser still signed in, in the store, with the session that started the
    // link: a copied cookie whose session the owner has since revoked links nothing
    const current = await getCurrentSession(ctx, { disableCookieCache: true });
    if (!current || current.session.id !== state.link.sessionId || current.user.id !== state.link.userId)
      return fail('unable_to_link_account');
    const linked = await linkOAuthAccount(ctx, state.link, input);
    if (!linked.ok) return fail(linked.reason === 'linking_failed' ? 'unable_to_link_account' : linked.reason);
    return state.callbackURL;
  }

  const resolved = await resolveOAuthUser(ctx, { ...input, requestSignUp: state.requestSignUp });
  if (!resolved.ok) return fail(resolved.reason);
  const next = resolved.isNew && state.newUserURL ? state.newUserURL : state.callbackURL;
  let granted: Awaited<ReturnType<typeof grantSession>>;
  try {
    granted = await grantSession(ctx, { user: resolved.user, method: 'social', callbackURL: next });
  } catch (err) {
    if (err instanceof AuthError) return fail(err.code, err.message);
    deps.logger.error('could not create a session after a social sign-in', { providerId, error: err });
    return fail('unable_to_create_session');
  }
  // two-factor on: the browser finishes at the challenge page, which goes on to `next`
  if (granted.kind === 'challenge') return challengePageURL(deps, next);
  return next;
}

/**
 * The web app's two-factor page, told where to go afterwards: `next` is passed as a path
 * when it is on this origin (the page only follows same-origin paths), else the page goes home.
 */
function challengePageURL(deps: AuthDeps, next: string): string {
  const target = new URL(next, `${deps.config.origin}/`);
  const page = new URL('/two-factor', `${deps.config.origin}/`);
  if (target.origin === deps.config.origin)
    page.searchParams.set('next', `${target.pathname}${target.search}${target.hash}`);
  return page.href;
}

function describe(err: unknown): string {
  return err instanceof ProviderError
    ? `${err.reason}: ${err.message}`
    : err instanceof Error
      ? err.message
      : String(err);
}
