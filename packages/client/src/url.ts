/** URL helpers: base URL resolution, better-auth's query encoding, and the redirect scheme check. */

export const DEFAULT_BASE_PATH = '/api/auth';

/**
 * The API root (CONTRACT.md §8 "Base URL"): `baseURL` is used as given when it carries a path,
 * otherwise `basePath` (default `/api/auth`) is appended; with no `baseURL` the page's origin is used,
 * and outside a browser the bare path (same-origin relative URLs).
 */
export function resolveBaseURL(baseURL: string | undefined, basePath: string | undefined): string {
  const path = normalizePath(basePath ?? DEFAULT_BASE_PATH);
  if (!baseURL) {
    const origin = typeof window !== 'undefined' && window.location ? window.location.origin : '';
    return origin && origin !== 'null' ? `${origin}${path}` : path;
  }
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new TypeError(`Invalid baseURL: ${baseURL}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`baseURL must use http or https: ${baseURL}`);
  }
  const trimmed = baseURL.replace(/\/+$/, '');
  const hasPath = url.pathname !== '' && url.pathname !== '/';
  return hasPath ? trimmed : `${trimmed}${path}`;
}

function normalizePath(path: string): string {
  if (path === '' || path === '/') return '';
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.replace(/\/+$/, '');
}

export type Query = Readonly<Record<string, unknown>>;

/**
 * Encodes a query the way better-auth's client does: strings as they are, arrays as repeated keys,
 * other values JSON-stringified, `null`/`undefined` dropped, and spaces as `%20` (never `+`).
 */
export function encodeQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  const add = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      for (const item of value) add(key, item);
    } else {
      add(key, value);
    }
  }
  const encoded = params.toString().replace(/\+/g, '%20');
  return encoded ? `?${encoded}` : '';
}

/** Joins the API root, an endpoint path and a query. */
export function buildURL(root: string, path: string, query?: Query): string {
  return `${root}${path.startsWith('/') ? path : `/${path}`}${encodeQuery(query)}`;
}

const DANGEROUS_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:']);

/**
 * Whether a URL returned by the server may be navigated to. Relative URLs are safe; absolute ones
 * are, unless their scheme is javascript:, data: or vbscript: (browsers ignore tabs, newlines and
 * leading spaces inside a scheme, which the URL parser reproduces).
 */
export function isSafeRedirectUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not absolute: still refuse anything a browser would read as a dangerous scheme.
    const compact = [...url].filter((c) => c.charCodeAt(0) > 0x20).join('');
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
    return !(scheme?.[1] && DANGEROUS_SCHEMES.has(`${scheme[1].toLowerCase()}:`));
  }
  return !DANGEROUS_SCHEMES.has(parsed.protocol);
}
