/**
 * JWTs for the session user: the user object as claims, with sub, iat, exp, iss, aud.
 * get-session hands one out on every call, so a token is reused for the same session and
 * user state until half its lifetime has passed (a bounded in-memory cache), instead of
 * signing on every request.
 */
import { SignJWT } from 'jose';
import type { AuthDeps } from '../../core/http/context.ts';
import type { SessionWithUser } from '../session/index.ts';
import { userToJson } from '../user/index.ts';
import { getSigningKey } from './keys.ts';

const CACHE_LIMIT = 10_000;
const caches = new WeakMap<AuthDeps, Map<string, { token: string; reuseUntilMs: number }>>();

export async function issueToken(deps: AuthDeps, current: SessionWithUser): Promise<string> {
  return (await issueReusableToken(deps, current)).token;
}

/** The session's JWT and until when it is handed out again (half its lifetime after signing). */
export async function issueReusableToken(
  deps: AuthDeps,
  current: SessionWithUser,
): Promise<{ token: string; reuseUntilMs: number }> {
  const options = deps.config.plugins.jwt;
  if (!options) throw new Error('the jwt plugin is disabled');
  const nowMs = deps.clock.now().getTime();
  let cache = caches.get(deps);
  if (!cache) {
    cache = new Map();
    caches.set(deps, cache);
  }
  const cacheKey = `${current.session.id}:${current.user.updatedAt.getTime()}`;
  const hit = cache.get(cacheKey);
  if (hit && hit.reuseUntilMs > nowMs) return hit;

  const key = await getSigningKey(deps, options.algorithm);
  const iat = Math.floor(nowMs / 1000);
  // a token minted in an admin's impersonation says so: RFC 8693's `act` (the actor) names the admin
  const impersonatedBy = current.session.impersonatedBy;
  const claims = impersonatedBy
    ? { ...userToJson(current.user), impersonatedBy, act: { sub: impersonatedBy } }
    : { ...userToJson(current.user) };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setSubject(current.user.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + options.expirationTime)
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .sign(key.privateKey);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  const issued = { token, reuseUntilMs: nowMs + (options.expirationTime * 1000) / 2 };
  cache.set(cacheKey, issued);
  return issued;
}
