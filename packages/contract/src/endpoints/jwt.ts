/** The jwt plugin: GET /token and GET /jwks (CONTRACT §6.5). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const tag = 'JWT';

/** A public key of the set (RFC 7517): OKP (Ed25519), EC (P-256) or RSA members, as the algorithm has them. */
export const jsonWebKey = z
  .object({
    kty: z.string(),
    kid: z.string(),
    use: z.literal('sig'),
    alg: z.string().optional(),
    crv: z.string().optional(),
    x: z.string().optional(),
    y: z.string().optional(),
    n: z.string().optional(),
    e: z.string().optional(),
  })
  .meta({ id: 'JsonWebKey' });

export const token = endpoint({
  method: 'GET',
  path: '/token',
  tag,
  summary: "A JWT of the session's user, signed with the current key (checked against the database, not the cache)",
  response: z.object({ token: z.string() }),
  errors: ['UNAUTHORIZED', 'BANNED_USER'],
  session: 'sensitive',
  plugin: 'jwt',
});

export const jwks = endpoint({
  method: 'GET',
  path: '/jwks',
  tag,
  summary: 'The public keys that verify the JWTs (the first call creates a key); cacheable for five minutes',
  response: z.object({ keys: z.array(jsonWebKey) }),
  errors: [],
  session: 'none',
  plugin: 'jwt',
});

export const rotateKeys = endpoint({
  method: 'POST',
  path: '/admin/rotate-jwt-keys',
  tag,
  summary:
    'Admins: a new signing key for the configured algorithm; new tokens are signed with it, the old keys stay in the set so tokens already out still verify',
  response: z.object({ kid: z.string(), alg: z.string() }),
  errors: ['SECOND_FACTOR_REQUIRED', 'UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_ROTATE_SIGNING_KEYS'],
  session: 'sensitive',
  plugin: 'jwt',
});

export const jwtEndpoints = [token, jwks, rotateKeys] as const;
