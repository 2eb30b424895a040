/**
 * Trusted origins and redirect targets (CONTRACT.md §2.3). A caller-supplied URL is
 * accepted only when it is a safe relative path (no `//`, even after dot segments, no backslash, no control
 * characters, no encoded slash or backslash) or an absolute http(s) URL whose origin is
 * trusted. Patterns may use `*` and `?` wildcards; a pattern without a scheme matches
 * the host only; custom schemes (myapp://) match on scheme and authority.
 */

/** A stand-in origin to resolve relative targets against. */
const SAME_HOST = 'http://latch.invalid';

export function isSafeRelativePath(value: string): boolean {
  if (!value.startsWith('/')) return false;
  if (value.startsWith('//')) return false;
  if (value.includes('\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  const path = value.split(/[?#]/, 1)[0] ?? '';
  if (/%2f|%5c/i.test(path)) return false;
  // a dot-segment trick such as /./\evil or /%2e%2e/ that a browser would normalise away
  if (/%2e/i.test(path)) return false;
  // judged as a URL parser reads it (location.ts writes it so): `/.//evil.example` and
  // `/x/..//evil.example` resolve to `//evil.example`, which a Location header sends to another host
  let resolved: URL;
  try {
    resolved = new URL(value, SAME_HOST);
  } catch {
    return false;
  }
  return resolved.origin === SAME_HOST && !resolved.pathname.startsWith('//');
}

function wildcardToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]');
  return new RegExp(`^${escaped}$`, 'i');
}

/** Whether an absolute URL (or an origin) is covered by one of the trusted patterns. */
/** Where requests and redirects may come from and go to: Latch's own origin and the trusted ones. */
export function trustedOriginsOf(config: { origin: string; trustedOrigins: readonly string[] }): string[] {
  return [config.origin, ...config.trustedOrigins];
}

export function isTrustedOrigin(candidate: string, trusted: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  const isHttp = url.protocol === 'http:' || url.protocol === 'https:';
  for (const pattern of trusted) {
    if (!pattern) continue;
    const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(pattern);
    if (!hasScheme) {
      // a bare host pattern, possibly with wildcards: compare against the host
      if (isHttp && wildcardToRegExp(pattern).test(url.host)) return true;
      continue;
    }
    if (pattern.includes('*') || pattern.includes('?')) {
      if (wildcardToRegExp(pattern).test(isHttp ? url.origin : `${url.protocol}//${url.host}`)) return true;
      continue;
    }
    let p: URL;
    try {
      p = new URL(pattern);
    } catch {
      continue;
    }
    if (isHttp) {
      if (p.origin === url.origin) return true;
    } else if (p.protocol === url.protocol && p.host === url.host) {
      // custom schemes: scheme and authority, and the path when the pattern pins one
      if (p.pathname === '' || p.pathname === '/' || url.pathname.startsWith(p.pathname)) return true;
    }
  }
  return false;
}

/** A redirect target (callbackURL and friends) that may be used. */
export function isTrustedRedirectTarget(value: string, trusted: readonly string[]): boolean {
  if (value.startsWith('/')) return isSafeRelativePath(value);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return false;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
  return isTrustedOrigin(value, trusted);
}
