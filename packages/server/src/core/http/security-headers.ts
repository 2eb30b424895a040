/**
 * Headers every answer carries (security issue, item 11; docs/security.md, "The rules"):
 *  - API answers are never stored by a browser or a proxy (`Cache-Control: no-store`): sign-in
 *    answers carry tokens, two-factor enrolment carries backup codes, list-sessions carries
 *    session data. An endpoint that is public and meant to be cached (the JWKS) says so itself.
 *  - With an https BASE_URL, HSTS: a browser that has seen Latch never talks to it in clear.
 *  - The web app's pages get a strict Content-Security-Policy: no inline script at all (the
 *    configuration travels as a JSON data block, the theme script is a file), nothing from
 *    another origin, no framing.
 */
import type { ResolvedConfig } from '../config/resolve.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function isHttps(config: Pick<ResolvedConfig, 'baseURL'>): boolean {
  return config.baseURL.startsWith('https://');
}

/** Headers of every `/api/auth` answer; `cache-control` only where the endpoint set none. */
export function apiHeaders(config: Pick<ResolvedConfig, 'baseURL'>): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(isHttps(config) && { 'strict-transport-security': HSTS }),
  };
}

/** Headers of every page and file of the web app. */
export function webHeaders(config: Pick<ResolvedConfig, 'baseURL'>): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    ...(isHttps(config) && { 'strict-transport-security': HSTS }),
  };
}

/** Adds `headers` to an answer; a header the answer already has is kept. */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  let target = response;
  for (const [name, value] of Object.entries(headers)) {
    if (target.headers.has(name)) continue;
    try {
      target.headers.set(name, value);
    } catch {
      // an answer with immutable headers (one fetched from elsewhere): copy it once
      target = new Response(target.body, target);
      target.headers.set(name, value);
    }
  }
  return target;
}
