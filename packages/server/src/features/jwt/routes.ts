/** GET /token, GET /jwks, POST /admin/rotate-jwt-keys, and the set-auth-jwt header on get-session (CONTRACT §6.5). */
import { jwt as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import type { AuthDeps, RequestContext } from '../../core/http/context.ts';
import { defineEndpoint, type Endpoint } from '../../core/http/endpoint.ts';
import { requireAdmin } from '../admin/index.ts';
import { auditActor } from '../audit/index.ts';
import { getCurrentSession, requireSession, type SessionHeaders, type SessionWithUser } from '../session/index.ts';
import { getSigningKey, listPublicKeys, rotateSigningKey } from './keys.ts';
import { issueReusableToken, issueToken } from './tokens.ts';

const token = defineEndpoint(rows.token, {
  async handler(ctx) {
    // a token lives an hour and is checked by nobody afterwards: the store says whether the
    // session still stands, never a cache cookie that may predate its revocation
    const current = await requireSession(ctx, 'sensitive');
    const { user } = current;
    if (user.banned && (!user.banExpires || user.banExpires > ctx.deps.clock.now())) throw authError('BANNED_USER');
    return { token: await issueToken(ctx.deps, current) };
  },
});

const jwks = defineEndpoint(rows.jwks, {
  async handler(ctx) {
    const options = ctx.deps.config.plugins.jwt;
    // the first call creates the key, so that the set is never empty
    if (options) await getSigningKey(ctx.deps, options.algorithm);
    const keys = await listPublicKeys(ctx.deps);
    ctx.headers.set('cache-control', 'public, max-age=300');
    return { keys: keys.map((k) => ({ ...k.publicJwk, kid: k.kid, ...(k.alg ? { alg: k.alg } : {}), use: 'sig' })) };
  },
});

/** Admins only (any admin role; 404 without the admin plugin): a new signing key, audited. */
const rotateKeys = defineEndpoint(rows.rotateKeys, {
  async handler(ctx) {
    const current = await requireAdmin(ctx, {}, 'YOU_ARE_NOT_ALLOWED_TO_ROTATE_SIGNING_KEYS', 'change');
    const options = ctx.deps.config.plugins.jwt;
    if (!options) throw authError('NOT_FOUND');
    const key = await rotateSigningKey(ctx.deps, options.algorithm, auditActor(ctx, current));
    return { kid: key.kid, alg: key.alg };
  },
});

export const jwtEndpoints = [token, jwks, rotateKeys];

/** After a get-session that found a session, hand out a JWT in the set-auth-jwt header. */
export async function addJwtHeader(ctx: RequestContext, endpoint: Endpoint, result: unknown): Promise<unknown> {
  if (endpoint.path !== '/get-session' || result === null || result === undefined) return result;
  // read from the store, never from the cache cookie: a JWT outlives the cookie by up to an
  // hour, so one signed from a copied cache cookie of a revoked session would too (as /token)
  const current = await getCurrentSession(ctx, { disableCookieCache: true });
  if (!current) return result;
  ctx.headers.set('set-auth-jwt', await issueToken(ctx.deps, current));
  ctx.headers.append('access-control-expose-headers', 'set-auth-jwt');
  return result;
}

/** The same headers for the fast session check (features/session/fast-check.ts). */
export function jwtSessionHeaders(deps: AuthDeps): (current: SessionWithUser) => Promise<SessionHeaders> {
  return async (current) => {
    const { token, reuseUntilMs } = await issueReusableToken(deps, current);
    return {
      headers: { 'set-auth-jwt': token, 'access-control-expose-headers': 'set-auth-jwt' },
      validUntilMs: reuseUntilMs,
    };
  };
}
