/**
 * The OAuth `state` (CONTRACT §5.5, RFC 6749 §10.12, RFC 9700 §4.7): a one-time value that ties a
 * provider's callback to the sign-in that this browser started.
 *
 * - The state is 32 URL-safe characters (≈190 bits). The server keeps only its SHA-256 in `verification`
 *   (`auth-state:<hash>`), next to what the callback needs: the PKCE verifier, the nonce, the redirect
 *   targets and, for link-social, whom to link to. A copy of the database therefore cannot complete anyone's
 *   sign-in.
 * - The browser gets the state in a signed, HttpOnly, SameSite=Lax cookie. The callback must present the same
 *   value as the query's `state`: a callback URL replayed in another browser (login CSRF, a leaked URL) fails.
 * - The row is deleted by the callback that uses it; two callbacks racing for one state both try the DELETE and
 *   the database lets exactly one of them win. Expired rows are refused and swept.
 *
 * The cookie lives as long as the row (600 s, not better-auth's 300 s): a person who takes seven minutes at the
 * provider (a new provider account, a second factor) would otherwise be told they used another browser, while
 * the server would still have accepted the state. Nothing on the wire depends on the cookie's Max-Age.
 */
import { z } from 'zod';
import { safeEqual } from '../../core/crypto/hash.ts';
import { randomString, URL_SAFE } from '../../core/crypto/random.ts';
import { consumeTokenById, deleteExpiredTokens, findToken, storeToken } from '../../core/db/verification-store.ts';
import type { RequestContext } from '../../core/http/context.ts';

type Ctx = RequestContext<unknown, unknown>;

const STATE_LENGTH = 32;
/** RFC 7636 §4.1 allows 43–128 characters; the longest gives the most entropy. */
const CODE_VERIFIER_LENGTH = 128;
const STATE_LIFETIME_SECONDS = 600;
/** The row's identifier is `auth-state:<SHA-256 of the state>` (core/db/verification-store.ts). */
const STATE_PURPOSE = 'auth-state';

const stateDataSchema = z.object({
  providerId: z.string(),
  codeVerifier: z.string(),
  nonce: z.string().nullable(),
  callbackURL: z.string(),
  errorURL: z.string().nullable(),
  newUserURL: z.string().nullable(),
  requestSignUp: z.boolean(),
  /**
   * Present when link-social started the flow: the callback links to this user instead of
   * signing in, and only in the browser still signed in with the session that started it
   * (`sessionId`; a state written before it was recorded has none and links nothing).
   */
  link: z.object({ userId: z.string(), email: z.string(), sessionId: z.string().optional() }).nullable(),
});

export type OAuthStateData = z.infer<typeof stateDataSchema>;

function stateCookieName(ctx: Ctx): string {
  return ctx.deps.cookieName('state');
}

/** Stores a new state and binds it to this browser; returns the state and the PKCE verifier's owner data. */
export async function createOAuthState(
  ctx: Ctx,
  data: Omit<OAuthStateData, 'codeVerifier'>,
): Promise<{ state: string; codeVerifier: string }> {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const state = randomString(STATE_LENGTH, URL_SAFE);
  const codeVerifier = randomString(CODE_VERIFIER_LENGTH, URL_SAFE);
  const value: OAuthStateData = { ...data, codeVerifier };
  await storeToken(db, {
    purpose: STATE_PURPOSE,
    token: state,
    value: JSON.stringify(value),
    now,
    expiresInSeconds: STATE_LIFETIME_SECONDS,
  });
  // Opportunistic sweep of abandoned flows (a person who never came back from the provider).
  await deleteExpiredTokens(db, STATE_PURPOSE, now, STATE_LIFETIME_SECONDS);
  ctx.setSignedCookie(stateCookieName(ctx), state, { maxAge: STATE_LIFETIME_SECONDS });
  return { state, codeVerifier };
}

export type StateFailure = 'state_not_found' | 'invalid_callback_request';

/**
 * Uses up the state of a callback. Succeeds once per state, in the browser that holds its cookie, within its
 * lifetime. A state presented without the matching cookie is left in place: otherwise anyone holding a leaked
 * callback URL could cancel the real user's sign-in.
 */
export async function consumeOAuthState(
  ctx: Ctx,
  state: string,
): Promise<{ ok: true; data: OAuthStateData } | { ok: false; reason: StateFailure }> {
  const { db, clock } = ctx.deps;
  const cookie = ctx.getSignedCookie(stateCookieName(ctx));
  if (state.length !== STATE_LENGTH) return { ok: false, reason: 'state_not_found' };
  const row = await findToken(db, STATE_PURPOSE, state);
  if (!row) return { ok: false, reason: 'state_not_found' };
  if (cookie === null || !safeEqual(cookie, state)) return { ok: false, reason: 'state_not_found' };
  if (!(await consumeTokenById(db, row.id))) return { ok: false, reason: 'state_not_found' };
  expireStateCookie(ctx);
  if (row.expiresAt.getTime() <= clock.now().getTime()) return { ok: false, reason: 'state_not_found' };
  let parsed: ReturnType<typeof stateDataSchema.safeParse>;
  try {
    parsed = stateDataSchema.safeParse(JSON.parse(row.value));
  } catch {
    return { ok: false, reason: 'invalid_callback_request' };
  }
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, reason: 'invalid_callback_request' };
}

export function expireStateCookie(ctx: Ctx): void {
  if (ctx.getCookie(stateCookieName(ctx)) !== null || ctx.setsCookie(stateCookieName(ctx))) {
    ctx.deleteCookie(stateCookieName(ctx));
  }
}
