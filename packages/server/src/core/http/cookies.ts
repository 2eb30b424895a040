/**
 * Reading the Cookie header and writing Set-Cookie lines (RFC 6265), with the
 * attributes of CONTRACT.md §3.2: Path=/, HttpOnly, SameSite=Lax, Secure on https,
 * Max-Age capped at 400 days.
 */
const MAX_COOKIE_AGE_SECONDS = 34_560_000;

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

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

/**
 * One cookie's value, exactly as `parseCookieHeader(header).get(name)` would answer, without
 * splitting the whole header: the session check reads one or two cookies per request.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header || !name) return undefined;
  for (let at = header.indexOf(name); at !== -1; at = header.indexOf(name, at + 1)) {
    let before = at - 1;
    while (isBlank(header[before])) before--;
    if (before >= 0 && header[before] !== ';') continue;
    let eq = at + name.length;
    while (isBlank(header[eq])) eq++;
    if (header[eq] !== '=') continue;
    const end = header.indexOf(';', eq + 1);
    let value = header.slice(eq + 1, end === -1 ? header.length : end).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return value;
  }
  return undefined;
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
