/** POST /sign-in/social, GET and POST /callback/:id, POST /link-social (CONTRACT §4.5, §4.6, §4.18). */
import { social as rows } from '@latch/contract';
import type { z } from 'zod';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { setLocation } from '../../core/http/location.ts';
import { requireSession } from '../session/index.ts';
import { linkWithIdToken, signInWithIdToken } from './id-token.ts';
import {
  type AuthorizationRequest,
  type CallbackParams,
  completeCallback,
  defaultErrorURL,
  requireProvider,
  startAuthorization,
} from './service.ts';

type Ctx = RequestContext<unknown, unknown>;

/** `{url, redirect}`, and a Location header unless the caller navigates itself (CONTRACT §4.5 step 4). */
function redirectAnswer(ctx: Ctx, target: string, disableRedirect: boolean | undefined) {
  if (!disableRedirect) setLocation(ctx.headers, target);
  return { url: target, redirect: !disableRedirect };
}

function authorizationRequest(body: z.output<typeof rows.signInSocial.body>): AuthorizationRequest {
  return {
    callbackURL: body.callbackURL,
    errorCallbackURL: body.errorCallbackURL,
    newUserCallbackURL: body.newUserCallbackURL,
    scopes: body.scopes,
    loginHint: body.loginHint,
    requestSignUp: body.requestSignUp,
    additionalParams: body.additionalParams,
  };
}

const signInSocial = defineEndpoint(rows.signInSocial, {
  async handler(ctx) {
    const provider = requireProvider(ctx.deps, ctx.body.provider);
    if (ctx.body.idToken) {
      return signInWithIdToken(ctx, provider, ctx.body.idToken, ctx.body.requestSignUp ?? false);
    }
    const target = await startAuthorization(ctx, provider, authorizationRequest(ctx.body));
    return redirectAnswer(ctx, target, ctx.body.disableRedirect);
  },
});

const linkSocial = defineEndpoint(rows.linkSocial, {
  async handler(ctx) {
    // a new way into the account: a recent sign-in, never an admin acting as the person,
    // and an address the person has proven (else whoever pre-registered it keeps a way in)
    const { user, session } = await requireSession(ctx, 'recent', { ownerOnly: true });
    if (!user.emailVerified) throw authError('EMAIL_NOT_VERIFIED');
    const provider = requireProvider(ctx.deps, ctx.body.provider);
    const target = { userId: user.id, email: user.email, sessionId: session.id };
    if (ctx.body.idToken) return linkWithIdToken(ctx, provider, target, ctx.body.idToken);
    const url = await startAuthorization(ctx, provider, authorizationRequest(ctx.body), target);
    return redirectAnswer(ctx, url, ctx.body.disableRedirect);
  },
});

const CALLBACK_FIELDS = ['code', 'state', 'error', 'error_description', 'device_id', 'user', 'iss'] as const;
/** Longer values are not something a provider sends; they only serve to bloat the redirect. */
const MAX_PARAM_LENGTH = 8192;

/** The callback's parameters, or null when one is repeated, not a string, or oversized. */
function callbackParams(...sources: unknown[]): CallbackParams | null {
  const out: Record<string, string> = {};
  for (const source of sources) {
    if (typeof source !== 'object' || source === null || Array.isArray(source)) continue;
    const record = source as Record<string, unknown>;
    for (const field of CALLBACK_FIELDS) {
      const raw = record[field];
      // Apple's `user` is a JSON string in its form post; a JSON body may carry the object itself.
      const value = field === 'user' && typeof raw === 'object' && raw !== null ? JSON.stringify(raw) : raw;
      if (value === undefined || field in out) continue;
      if (typeof value !== 'string' || value.length > MAX_PARAM_LENGTH) return null;
      out[field] = value;
    }
  }
  return out;
}

const callbackGet = defineEndpoint(rows.callbackGet, {
  async handler(ctx) {
    ctx.headers.set('cache-control', 'no-store');
    const params = callbackParams(ctx.query);
    if (!params) return ctx.redirect(`${defaultErrorURL(ctx.deps)}?error=invalid_callback_request`);
    return ctx.redirect(await completeCallback(ctx, ctx.params.id ?? '', params));
  },
});

/**
 * Providers answering with `response_mode=form_post` (Apple) POST the callback cross-site. A SameSite=Lax cookie
 * is not sent with a cross-site POST, so the state cookie would be missing here: the POST is answered with a 302
 * to the GET callback carrying the same parameters, a top-level navigation that does carry it.
 */
const callbackPost = defineEndpoint(rows.callbackPost, {
  handler(ctx) {
    const params = callbackParams(ctx.body, ctx.query);
    if (!params) return ctx.redirect(`${defaultErrorURL(ctx.deps)}?error=invalid_callback_request`);
    const query = new URLSearchParams(params as Record<string, string>).toString();
    const { baseURL, basePath } = ctx.deps.config;
    const id = encodeURIComponent(ctx.params.id ?? '');
    return ctx.redirect(`${baseURL}${basePath}/callback/${id}${query ? `?${query}` : ''}`);
  },
});

export const socialEndpoints = [signInSocial, linkSocial, callbackGet, callbackPost];
