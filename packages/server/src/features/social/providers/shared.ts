/** Small readers for the loosely typed JSON providers answer with. */
import type { OAuthProfile, ProviderUserHint } from './types.ts';

export type Json = Record<string, unknown>;

export function asRecord(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

/** A non-empty string, or null. */
export function asString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Ids arrive as strings or numbers (GitHub, GitLab, Zoom's are numbers); account ids are strings. */
export function asId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return asString(value);
}

/** `email_verified` is a boolean, or the string "true" (Apple), or 1 (Zoom's `verified`). */
export function asBoolean(value: unknown): boolean {
  return value === true || value === 'true' || value === 1;
}

export function firstOf(...values: unknown[]): string | null {
  for (const value of values) {
    const text = asString(value);
    if (text !== null) return text;
  }
  return null;
}

/** The OpenID Connect standard claims (OIDC Core §5.1) as a profile. */
export function profileFromStandardClaims(claims: Json): OAuthProfile | null {
  const id = asId(claims.sub);
  if (id === null) return null;
  const email = asString(claims.email);
  return {
    id,
    name: firstOf(claims.name, claims.preferred_username, claims.nickname),
    email,
    emailVerified: email !== null && asBoolean(claims.email_verified),
    image: asString(claims.picture),
    raw: claims,
  };
}

/** "First Last" from a user hint (Apple's `user` field), or null. */
export function nameFromHint(user: ProviderUserHint | undefined): string | null {
  const full = [user?.name?.firstName, user?.name?.lastName].filter((part) => part && part.length > 0).join(' ');
  return full.length > 0 ? full : null;
}
