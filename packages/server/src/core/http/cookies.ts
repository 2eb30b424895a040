/**
 * Reading the Cookie header and writing Set-Cookie lines (RFC 6265), with the
 * attributes of CONTRACT.md §3.2: Path=/, HttpOnly, SameSite=Lax, Secure on https,
 * Max-Age capped at 400 days.
 */
export const MAX_COOKIE_AGE_SECONDS = 34_560_000;

export interface CookieOptions {
  /** Seconds; undefined = a browser-session cookie; 0 = delete. */
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
  path?: string;
  domain?: string;
}

/** Parses a Cookie header; when a name repeats, the first occurrence wins. */
export function parseCookieHeader(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    out.set(name, value);
  }
  return out;
}

export function serializeCookie(name: string, value: string, opts: CookieOptions = {}): string {
  const parts = [`${name}=${value}`];
  if (opts.maxAge !== undefined) {
    const maxAge = Math.min(Math.max(0, Math.floor(opts.maxAge)), MAX_COOKIE_AGE_SECONDS);
    parts.push(`Max-Age=${maxAge}`);
  }
  if (opts.domain) parts.push(`Domain=${opts.domain}`);
  parts.push(`Path=${opts.path ?? '/'}`);
  if (opts.httpOnly ?? true) parts.push('HttpOnly');
  if (opts.secure || opts.sameSite === 'None') parts.push('Secure');
  parts.push(`SameSite=${opts.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}

export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
