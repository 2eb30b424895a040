/**
 * HOTP (RFC 4226) and TOTP (RFC 6238) with HMAC-SHA1, six digits and 30-second steps:
 * what every authenticator app understands. Pure functions over node:crypto; no OTP
 * library is installed, and these fifty lines are checked against the RFCs' test vectors.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step early or late are accepted too (clock drift; RFC 6238 §5.2). */
export const TOTP_WINDOW_STEPS = 1;

/** RFC 4226 §5.3: HMAC the 8-byte big-endian counter, dynamic truncation, modulo 10^digits. */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 §4.2: the time step T = floor(unixSeconds / period). */
export function totpStep(atMs: number, periodSeconds: number = TOTP_PERIOD_SECONDS): number {
  return Math.floor(atMs / 1000 / periodSeconds);
}

export function totp(key: Uint8Array, atMs: number, digits: number = TOTP_DIGITS): string {
  return hotp(key, totpStep(atMs), digits);
}

/**
 * The time step whose code `code` is, within ±window steps of `atMs`, or null. Every
 * candidate is computed and compared in constant time, so the answer's timing does not
 * tell which step matched.
 */
export function matchTotp(
  key: Uint8Array,
  code: string,
  atMs: number,
  opts: { digits?: number; windowSteps?: number } = {},
): number | null {
  const digits = opts.digits ?? TOTP_DIGITS;
  const window = opts.windowSteps ?? TOTP_WINDOW_STEPS;
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return null;
  const given = Buffer.from(code);
  const now = totpStep(atMs);
  let matched: number | null = null;
  for (let step = now - window; step <= now + window; step++) {
    if (step < 0) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step, digits)), given) && matched === null) matched = step;
  }
  return matched;
}

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 §6 base32 without padding: how otpauth:// URIs carry the key. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let value = 0;
  let bits = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/**
 * The Key URI (Google Authenticator's format, as better-auth writes it):
 * `otpauth://totp/<issuer>:<account>?secret=…&issuer=…&digits=6&period=30`.
 */
export function totpURI(input: { issuer: string; account: string; key: Uint8Array }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const query = new URLSearchParams({
    secret: base32Encode(input.key),
    issuer: input.issuer,
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
