/**
 * The router-level checks of CONTRACT §2.3: the Origin check on cookie-bearing
 * requests, first-login CSRF protection, and the redirect targets in a body or query.
 */
import type { ErrorCode } from '@latch/contract';
import type { ResolvedConfig } from '../config/resolve.ts';
import { AuthError, authError } from '../errors.ts';
import type { RedirectField } from './endpoint.ts';
import { isTrustedOrigin, isTrustedRedirectTarget, trustedOriginsOf } from './origin.ts';

function requestOrigin(request: Request, url: URL): string | null {
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null') return origin;
  if (origin === 'null' && request.headers.get('sec-fetch-site') === 'same-origin') return url.origin;
  if (origin === 'null') return null;
  const referer = request.headers.get('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/** The refused origin (null when none was sent) rides on the error, for the router's log line. */
export const REFUSED_ORIGIN = Symbol('refusedOrigin');

function refused(code: 'MISSING_OR_NULL_ORIGIN' | 'INVALID_ORIGIN', origin: string | null): AuthError {
  return Object.assign(authError(code), { [REFUSED_ORIGIN]: origin });
}

function checkOrigin(request: Request, url: URL, trusted: string[]): void {
  const origin = requestOrigin(request, url);
  if (!origin) throw refused('MISSING_OR_NULL_ORIGIN', null);
  if (!isTrustedOrigin(origin, trusted)) throw refused('INVALID_ORIGIN', origin);
}

export function checkRequestOrigin(request: Request, url: URL, config: ResolvedConfig, formCsrf: boolean): void {
  const trusted = trustedOriginsOf(config);
  if (request.headers.has('cookie')) {
    checkOrigin(request, url, trusted);
    return;
  }
  if (!formCsrf) return;
  const site = request.headers.get('sec-fetch-site');
  const mode = request.headers.get('sec-fetch-mode');
  if (site || mode || request.headers.has('sec-fetch-dest')) {
    if (site === 'cross-site' && mode === 'navigate') throw authError('CROSS_SITE_NAVIGATION_LOGIN_BLOCKED');
    checkOrigin(request, url, trusted);
    return;
  }
  if (request.headers.has('origin') || request.headers.has('referer')) checkOrigin(request, url, trusted);
}

const REDIRECT_ERRORS: Record<RedirectField, ErrorCode> = {
  callbackURL: 'INVALID_CALLBACK_URL',
  redirectTo: 'INVALID_REDIRECT_URL',
  errorCallbackURL: 'INVALID_ERROR_CALLBACK_URL',
  newUserCallbackURL: 'INVALID_NEW_USER_CALLBACK_URL',
};

/** Checks every redirect target in a body or query object; absent ones pass. */
export function checkRedirectTargets(
  source: unknown,
  where: 'body' | 'query',
  config: ResolvedConfig,
  fields: readonly RedirectField[] = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'],
): void {
  if (!source || typeof source !== 'object' || Array.isArray(source)) return;
  const record = source as Record<string, unknown>;
  const trusted = trustedOriginsOf(config);
  for (const field of fields) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') {
      const message = `[${where}.${field}] Invalid ${field}: expected a string`;
      throw new AuthError(400, 'VALIDATION_ERROR', message);
    }
    if (value === '') continue;
    if (!isTrustedRedirectTarget(value, trusted)) throw authError(REDIRECT_ERRORS[field]);
  }
}
