/**
 * One request, one way through (ARCHITECTURE.md): rate limit → route → body → origin
 * and redirect checks → before-hook → validation → handler → after-hooks → Response.
 */
import { randomUUID } from 'node:crypto';
import { AuthError, authError } from '../errors.ts';
import { READ_CACHE_MARK, type ReadCacheMark } from '../read-cache.ts';
import { readBody, readQuery } from './body.ts';
import { type AuthDeps, RAW, type RawResult, REDIRECT, type RedirectResult, RequestContext } from './context.ts';
import { answerBreach, type ContractChecks, errorBreach, reportBreach } from './contract-check.ts';
import type { Endpoint } from './endpoint.ts';
import { setLocation } from './location.ts';
import { createOriginRefusalLog } from './origin-log.ts';
import { checkRedirectTargets, checkRequestOrigin, REFUSED_ORIGIN } from './request-checks.ts';
import { apiHeaders, withHeaders } from './security-headers.ts';
import { statusText } from './status-text.ts';
import { formatValidationIssues } from './validation.ts';

export interface RateLimitGate {
  checkRequest(input: { ip: string | null; path: string }): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

export type AfterHook = (ctx: RequestContext, endpoint: Endpoint, result: unknown) => Promise<unknown> | unknown;

export interface RouterOptions {
  deps: AuthDeps;
  endpoints: readonly Endpoint[];
  rateLimit?: RateLimitGate | null;
  afterHooks?: readonly AfterHook[];
  /** Whether handlers are held to their rows of the endpoint table (contract-check.ts); off by default. */
  contractChecks?: ContractChecks;
}

export interface RequestInfo {
  ip?: string | null;
  /** The caller already counted this request against the rate limit (the fast session check). */
  rateLimitChecked?: boolean;
}

interface ParamRoute {
  endpoint: Endpoint;
  segments: string[];
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function errorResponse(err: AuthError, headers?: Headers): Response {
  const h = headers ?? new Headers();
  h.set('content-type', 'application/json');
  return new Response(JSON.stringify(err.toJSON()), {
    status: err.status,
    statusText: statusText(err.status),
    headers: h,
  });
}

export function createRouter(options: RouterOptions): (request: Request, info?: RequestInfo) => Promise<Response> {
  const { deps } = options;
  const basePath = deps.config.basePath;
  const exact = new Map<string, Endpoint>();
  const withParams: ParamRoute[] = [];
  for (const endpoint of options.endpoints) {
    if (endpoint.path.includes(':')) withParams.push({ endpoint, segments: endpoint.path.split('/') });
    else exact.set(`${endpoint.method} ${endpoint.path}`, endpoint);
  }

  function match(method: string, path: string): { endpoint: Endpoint; params: Record<string, string> } | null {
    const hit = exact.get(`${method} ${path}`);
    if (hit) return { endpoint: hit, params: {} };
    const parts = path.split('/');
    for (const route of withParams) {
      if (route.endpoint.method !== method || route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const seg = route.segments[i] ?? '';
        const part = parts[i] ?? '';
        if (seg.startsWith(':')) {
          if (!part) {
            ok = false;
            break;
          }
          try {
            params[seg.slice(1)] = decodeURIComponent(part);
          } catch {
            ok = false;
            break;
          }
        } else if (seg !== part) {
          ok = false;
          break;
        }
      }
      if (ok) return { endpoint: route.endpoint, params };
    }
    return null;
  }

  const answerHeaders = apiHeaders(deps.config);
  const checks = options.contractChecks ?? 'off';
  const logRefusedOrigin = createOriginRefusalLog(deps.config, deps.logger, deps.clock);
  const changes = deps.sessionChanges;
  return async function handle(request: Request, info: RequestInfo = {}): Promise<Response> {
    // with the cross-instance session cache, a request's writes are announced before it answers
    const response = changes ? await changes.within(() => route(request, info)) : await route(request, info);
    return withHeaders(response, answerHeaders);
  };

  /** A cacheable read's 200 answer, setting no cookie, kept for core/read-cache.ts's fast way. */
  function remember(ctx: RequestContext, body: string, headers: Headers): void {
    const mark = ctx.memo.get(READ_CACHE_MARK) as ReadCacheMark | undefined;
    if (!mark || !deps.readCache || ctx.status !== 200 || headers.has('set-cookie')) return;
    const plain: Record<string, string> = { ...answerHeaders };
    for (const [name, value] of headers) plain[name] = value;
    deps.readCache.set(mark.key, mark.version, { status: 200, headers: plain, body }, mark.usableUntilMs);
  }

  async function route(request: Request, info: RequestInfo): Promise<Response> {
    const url = new URL(request.url);
    const ip = info.ip ?? null;
    let ctx: RequestContext | null = null;
    let served: Endpoint | null = null;
    try {
      if (!url.pathname.startsWith(`${basePath}/`)) throw authError('NOT_FOUND');
      const path = url.pathname.slice(basePath.length);

      if (options.rateLimit && !info.rateLimitChecked) {
        const decision = await options.rateLimit.checkRequest({ ip, path });
        if (!decision.allowed) {
          const headers = new Headers({ 'x-retry-after': String(decision.retryAfterSeconds) });
          return errorResponse(authError('TOO_MANY_REQUESTS'), headers);
        }
      }

      if (path.includes('//') || (path.length > 1 && path.endsWith('/'))) throw authError('NOT_FOUND');
      const found = match(request.method === 'HEAD' ? 'GET' : request.method, path);
      if (!found || found.endpoint.serverOnly) throw authError('NOT_FOUND');
      const { endpoint, params } = found;
      served = endpoint;

      const rawBody = endpoint.method === 'GET' ? undefined : await readBody(request, endpoint.acceptsForm ?? false);
      const rawQuery = readQuery(url);
      ctx = new RequestContext(request, url, deps, params, rawBody, rawQuery, ip);

      if (endpoint.method !== 'GET') {
        try {
          checkRequestOrigin(request, url, deps.config, endpoint.formCsrf ?? false);
        } catch (error) {
          if (error instanceof AuthError && REFUSED_ORIGIN in error)
            logRefusedOrigin(error[REFUSED_ORIGIN] as string | null, error.code);
          throw error;
        }
        checkRedirectTargets(rawBody, 'body', deps.config);
        checkRedirectTargets(rawQuery, 'query', deps.config, ['callbackURL']);
      }
      if (endpoint.before) await endpoint.before(ctx);

      if (endpoint.body) {
        const parsed = endpoint.body.safeParse(rawBody);
        if (!parsed.success) {
          throw new AuthError(400, 'VALIDATION_ERROR', formatValidationIssues('body', parsed.error.issues));
        }
        ctx.body = parsed.data;
      }
      if (endpoint.query) {
        const parsed = endpoint.query.safeParse(rawQuery);
        if (!parsed.success) {
          throw new AuthError(400, 'VALIDATION_ERROR', formatValidationIssues('query', parsed.error.issues));
        }
        ctx.query = parsed.data;
      }
      if (endpoint.checksQueryCallbackURL) checkRedirectTargets(rawQuery, 'query', deps.config, ['callbackURL']);

      let result = await endpoint.handler(ctx);
      for (const hook of options.afterHooks ?? []) result = await hook(ctx, endpoint, result);
      if (endpoint.entry) reportBreach(checks, deps.logger, answerBreach(endpoint.entry, result));
      return toResponse(ctx, result, deps.readCache && request.method === 'GET' ? remember : undefined);
    } catch (err) {
      if (err instanceof AuthError && served?.entry) {
        try {
          reportBreach(checks, deps.logger, errorBreach(served.entry, err.code));
        } catch (breach) {
          return errorResponse(internalError(breach, deps, request), new Headers());
        }
      }
      const error = err instanceof AuthError ? err : internalError(err, deps, request);
      const headers = new Headers(error.headers);
      // cookies that a failing handler cleared (an expired session, say) still go out
      if (ctx)
        for (const line of ctx.setCookieLines()) if (line.includes('Max-Age=0')) headers.append('set-cookie', line);
      return errorResponse(error, headers);
    }
  }
}

function internalError(err: unknown, deps: AuthDeps, request: Request): AuthError {
  const requestId = randomUUID();
  deps.logger.error('unexpected error while handling a request', {
    requestId,
    method: request.method,
    path: new URL(request.url).pathname,
    error: err,
  });
  return authError('INTERNAL_SERVER_ERROR');
}

function isRedirect(value: unknown): value is RedirectResult {
  return typeof value === 'object' && value !== null && REDIRECT in value;
}

function isRaw(value: unknown): value is RawResult {
  return typeof value === 'object' && value !== null && RAW in value;
}

function toResponse(
  ctx: RequestContext,
  result: unknown,
  remember?: (ctx: RequestContext, body: string, headers: Headers) => void,
): Response {
  const headers = ctx.headers;
  for (const line of ctx.setCookieLines()) headers.append('set-cookie', line);
  if (result instanceof Response) return result;
  if (isRedirect(result)) {
    setLocation(headers, result[REDIRECT]);
    return new Response(null, { status: 302, headers });
  }
  if (isRaw(result)) {
    headers.set('content-type', result[RAW].contentType);
    return new Response(result[RAW].body, { status: ctx.status, headers });
  }
  for (const [k, v] of Object.entries(JSON_HEADERS)) headers.set(k, v);
  const body = JSON.stringify(result ?? null);
  remember?.(ctx, body, headers);
  return new Response(body, { status: ctx.status, headers });
}
