/**
 * TOTP (RFC 6238) with HMAC-SHA1, six digits and 30-second steps: what every
 * authenticator app understands. The algorithm and the base32 of the key are the
 * `otpauth` library's (docs/decisions); this file fixes the parameters, the accepted
 * window and the Key URI as Latch has always written it.
 */
import { Secret, TOTP } from 'otpauth';

const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step early or late are accepted too (clock drift; RFC 6238 §5.2). */
export const TOTP_WINDOW_STEPS = 1;
const ALGORITHM = 'SHA1';

function secretOf(key: Uint8Array): Secret {
  // a copy: a Node Buffer may be a view into a larger shared pool
  return new Secret({ buffer: Uint8Array.from(key).buffer });
}

/** The code an authenticator app shows at `atMs` for this key. */
export function totp(key: Uint8Array, atMs: number, digits: number = TOTP_DIGITS): string {
  return TOTP.generate({
    secret: secretOf(key),
    algorithm: ALGORITHM,
    digits,
    period: TOTP_PERIOD_SECONDS,
    timestamp: atMs,
  });
}

/**
 * The time step whose code `code` is, within ±TOTP_WINDOW_STEPS of `atMs`, or null.
 * Anything but six ASCII digits is refused before it reaches the library, whose
 * comparison throws on inputs of another byte length.
 */
export function matchTotp(key: Uint8Array, code: string, atMs: number): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: secretOf(key),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: atMs,
    window: TOTP_WINDOW_STEPS,
  });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: atMs }) + delta;
}

/**
 * The Key URI (Google Authenticator's format, as better-auth writes it):
 * `otpauth://totp/<issuer>:<account>?secret=…&issuer=…&digits=6&period=30`, the secret
 * in RFC 4648 base32 without padding. Written here rather than by the library's
 * `toString()`, which orders the query differently and adds `algorithm=SHA1`: the URI
 * stays byte for byte what clients have always been given.
 */
export function totpURI(input: { issuer: string; account: string; key: Uint8Array }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const query = new URLSearchParams({
    secret: secretOf(input.key).base32,
    issuer: input.issuer,
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
