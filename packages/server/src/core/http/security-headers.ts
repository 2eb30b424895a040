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

/**
 * The web app's policy; `imageOrigins` are the https origins of the operator's logo and
 * favicon (docs/branding.md), the only other place a page may load anything from.
 */
export function contentSecurityPolicy(imageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    ["img-src 'self' data:", ...new Set(imageOrigins)].join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of a page without an operator's images from elsewhere. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

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

/** The https origins the brand's images come from (a path under the app is 'self'). */
export function brandImageOrigins(branding: ResolvedConfig['branding'] | undefined): string[] {
  if (!branding) return [];
  const images = [branding.logo?.light, branding.logo?.dark, branding.favicon];
  return images.flatMap((image) => (image?.startsWith('https://') ? [new URL(image).origin] : []));
}

/** Headers of every page and file of the web app. */
export function webHeaders(
  config: Pick<ResolvedConfig, 'baseURL'> & Partial<Pick<ResolvedConfig, 'branding'>>,
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(brandImageOrigins(config.branding)),
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
