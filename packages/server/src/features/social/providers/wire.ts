/**
 * Wire-level helpers of the OAuth client: PKCE, the transport rule, token-response parsing and response bodies.
 * Pure functions, no provider knowledge.
 */
import { createHash } from 'node:crypto';
import { asRecord, asString, type Json } from './shared.ts';
import type { OAuthTokens } from './types.ts';

/** RFC 7636 §4.2, S256. */
export function createCodeChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}

/** Plain HTTP is refused except to the loopback interface (local development and tests). */
export function isAllowedURL(url: string | URL): boolean {
  const parsed = new URL(url);
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
}

function expiryFrom(now: Date, seconds: unknown): Date | null {
  const value = typeof seconds === 'string' ? Number(seconds) : seconds;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  return new Date(now.getTime() + value * 1000);
}

/** RFC 6749 §5.1 plus the providers' variants (array scopes, comma-separated scopes, refresh expiry names). */
export function parseTokenResponse(body: Json, now: Date): OAuthTokens {
  const accessToken = asString(body.access_token);
  if (accessToken === null) throw new TypeError('token response has no access_token');
  const scope = body.scope;
  const scopes = Array.isArray(scope)
    ? scope.filter((s): s is string => typeof s === 'string')
    : typeof scope === 'string'
      ? scope.split(/[\s,]+/).filter((s) => s.length > 0)
      : [];
  return {
    accessToken,
    refreshToken: asString(body.refresh_token),
    idToken: asString(body.id_token),
    accessTokenExpiresAt: expiryFrom(now, body.expires_in),
    // LinkedIn and Microsoft say refresh_token_expires_in, TikTok refresh_expires_in.
    refreshTokenExpiresAt: expiryFrom(now, body.refresh_token_expires_in ?? body.refresh_expires_in),
    scopes,
    tokenType: asString(body.token_type),
    raw: body,
  };
}

/** JSON, or a form-encoded body (GitHub's token endpoint without `Accept: application/json`); null when neither. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function describeError(body: Json, status: number): string {
  const error = asString(body.error) ?? asString(asRecord(body.error)?.message) ?? `HTTP ${status}`;
  const description = asString(body.error_description);
  return description ? `${error}: ${description}` : error;
}
