/**
 * What a rate-limit bucket is keyed on: the canonical path, the client's network
 * (IPv6 by /64) and, on credential endpoints, the account. Pure functions.
 */
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

/** The base path every Latch endpoint lives under; stripped so a rule names `/sign-in/email`. */
const BASE_PATH = '/api/auth';

/** The shared bucket for requests whose client address is missing or unparseable. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The path a rule is matched against and a bucket is keyed on. Every spelling a router
 * could route to the same endpoint must land in one bucket, or an attacker gets a fresh
 * allowance per spelling: `/api/auth/Sign-In//email/`, `/sign-in%2Femail` and
 * `/sign-in/./email` all become `/sign-in/email`.
 */
export function canonicalPath(path: string): string {
  let p = path.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(p)) {
    try {
      p = new URL(p).pathname;
    } catch {
      // not a URL after all: treat it as a path
    }
  }
  // the query and fragment are not part of the route; cut them before decoding so that
  // an encoded %3F stays inside the path, as the router sees it
  p = p.split(/[?#]/, 1)[0] ?? '';
  p = decodeFully(p).replace(/\\/g, '/').toLowerCase();

  const segments: string[] = [];
  for (const segment of p.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  const joined = `/${segments.join('/')}`;
  if (joined === BASE_PATH) return '/';
  if (joined.startsWith(`${BASE_PATH}/`)) return joined.slice(BASE_PATH.length);
  return joined;
}

/** Percent-decodes until stable (at most 3 rounds, so `%252F` is a slash too). */
function decodeFully(input: string): string {
  let current = input;
  for (let round = 0; round < 3 && current.includes('%'); round++) {
    const next = decodeLenient(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

function decodeLenient(input: string): string {
  try {
    return decodeURIComponent(input);
  } catch {
    // a malformed sequence somewhere: decode the ASCII escapes we can and keep the rest
    return input.replace(/%([0-9a-f]{2})/gi, (match, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code < 0x80 ? String.fromCharCode(code) : match;
    });
  }
}

/**
 * The client part of a bucket key. IPv4 as dotted decimal; IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`) as that IPv4; other IPv6 masked to its /64, because one
 * subscriber usually holds a whole /64 and could otherwise rotate through 2^64
 * addresses. Missing or unparseable addresses share the `unknown` bucket: a garbage
 * value must never buy a fresh allowance.
 */
export function clientKeyForIp(ip: string | null): string {
  if (!ip) return UNKNOWN_CLIENT;
  let s = ip.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed?.[1]) s = bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(s);
  if (v4WithPort?.[1]) s = v4WithPort[1];
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);

  const family = isIP(s);
  if (family === 4) return normaliseIPv4(s);
  if (family !== 6) return UNKNOWN_CLIENT;

  const groups = parseIPv6(s);
  if (!groups) return UNKNOWN_CLIENT;
  // ::ffff:a.b.c.d (RFC 4291 §2.5.5.2): the same client as a.b.c.d
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const hi = groups[6] ?? 0;
    const lo = groups[7] ?? 0;
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

function normaliseIPv4(s: string): string {
  return s
    .split('.')
    .map((octet) => String(Number.parseInt(octet, 10)))
    .join('.');
}

/** Eight 16-bit groups of an address that `isIP` already accepted as IPv6. */
function parseIPv6(s: string): number[] | null {
  let text = s.toLowerCase();
  // a dotted IPv4 tail (::ffff:1.2.3.4) is the last two groups
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map((n) => Number.parseInt(n, 10)) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...Array<string>(Math.max(0, missing)).fill('0'), ...rest].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The identifier of an account as typed: trimmed, Unicode-normalised and lower-cased,
 * so `Alice@Example.com ` and `alice@example.com` share a bucket.
 */
function normaliseAccount(account: string): string {
  return account.trim().normalize('NFC').toLowerCase();
}

/** Digest of an account identifier, so stores never hold e-mail addresses in clear. */
export function accountDigest(account: string): string {
  return sha256Hex(normaliseAccount(account)).slice(0, 32);
}

/** Longest key a store receives; longer ones are hashed. */
export const MAX_STORE_KEY_LENGTH = 200;

/**
 * What the store sees. Paths come from the request line before routing, so they are
 * attacker-chosen: keys that are long or hold anything beyond printable ASCII are
 * replaced by a digest. That bounds memory, fits `rateLimit.key` (varchar(255) on
 * MariaDB) and keeps case-insensitive collations and charset conversion from merging
 * two different keys.
 */
export function storeKey(key: string): string {
  if (key.length <= MAX_STORE_KEY_LENGTH && /^[\x21-\x7e]*$/.test(key)) return key;
  return `h:${sha256Hex(key)}`;
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
