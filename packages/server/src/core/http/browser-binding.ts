/**
 * Which browser asked for a mailed sign-in link. A link is a GET: a hostile page can send any
 * browser to one, and a signed-out browser sent to the attacker's own live link would be signed
 * in as the attacker (login CSRF: what the person does next goes into the attacker's account).
 *
 * The request that mails a link gives the browser a random `link_binding` cookie (the same
 * value while it lasts, so several links asked for in a row all stay bound) and the link keeps
 * its SHA-256. A browser that follows the link and holds the cookie asked for it, and is signed
 * in at once; any other browser is shown a page that names the account and asks first (the mail
 * was opened on another device, or a hostile page sent the browser there).
 *
 * The cookie cannot be planted by another site: the endpoints that set it refuse cross-site
 * posts (first-login CSRF protection, core/http/request-checks.ts), and it is HttpOnly.
 */
import { hashToken, safeEqual } from '../crypto/hash.ts';
import { randomString } from '../crypto/random.ts';
import type { RequestContext } from './context.ts';
import { isTrustedOrigin, trustedOriginsOf } from './origin.ts';

type Ctx = RequestContext<unknown, unknown>;

const BINDING_COOKIE = 'link_binding';
const VALUE = /^[A-Za-z0-9]{32}$/;
/** At least a day: the longest a magic link lives, and as long as a verification link by default. */
const MIN_MAX_AGE_SECONDS = 86_400;
/** The binding each request gave (a sign-up binds before it knows which link it stores). */
const given = new WeakMap<Ctx, string>();

/**
 * The cookie's name: the configured prefix's, and on https `__Host-` instead of `__Secure-`. A
 * sibling subdomain that can run a script could otherwise write a binding for the parent domain
 * (cookie tossing): the binding of the attacker's own link, which would then sign the browser in
 * as the attacker without the question. Browsers refuse a `__Host-` cookie that names a domain.
 */
export function bindingCookieName(ctx: Ctx): string {
  const name = ctx.deps.cookieName(BINDING_COOKIE);
  return name.startsWith('__Secure-') ? `__Host-${name.slice('__Secure-'.length)}` : name;
}

/**
 * Gives the browser its binding (keeping the one it holds) and answers what a link stores:
 * the SHA-256 of the cookie's value, never the value.
 */
export function bindBrowser(ctx: Ctx, linkLifetimeSeconds: number): string {
  // once per request: a second call answers the first one's binding, not a new one
  const earlier = given.get(ctx);
  if (earlier !== undefined) return earlier;
  const name = bindingCookieName(ctx);
  const held = ctx.getCookie(name);
  const value = held && VALUE.test(held) ? held : randomString(32);
  ctx.setCookie(name, value, {
    maxAge: Math.max(MIN_MAX_AGE_SECONDS, linkLifetimeSeconds),
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
  });
  const hash = hashToken(value);
  given.set(ctx, hash);
  return hash;
}

/**
 * The binding's Set-Cookie, for a refusal that mailed a link (a sign-in refused with
 * EMAIL_NOT_VERIFIED): the router sends a failing request's cookies only when they clear one.
 */
export function bindingHeaders(ctx: Ctx): Record<string, string> {
  const prefix = `${bindingCookieName(ctx)}=`;
  const line = ctx.setCookieLines().find((l) => l.startsWith(prefix) && !l.includes('Max-Age=0'));
  return line ? { 'set-cookie': line } : {};
}

/** Whether this browser holds the binding whose hash a link stored (false when the link has none). */
export function browserHolds(ctx: Ctx, storedHash: string | null | undefined): boolean {
  if (!storedHash) return false;
  const held = ctx.getCookie(bindingCookieName(ctx));
  if (!held || !VALUE.test(held)) return false;
  return safeEqual(hashToken(held), storedHash);
}

/** What a browser without fetch metadata asks for when it opens a page or loads a resource for one. */
const BROWSER_LOAD_ACCEPT = /text\/html|text\/css|(^|[,\s])(image|video|audio)\//i;

/**
 * Whether a request is a browser loading the link for a page rather than a script's fetch that
 * reads the answer (better-auth's client) or an API client: a page opened (a person clicking,
 * or a page sending the browser there), or anything a page embeds or prefetches (an image, a
 * style sheet, a script, `<link rel=prefetch>`: mode `no-cors`). A page that only shows the
 * link as an image makes the browser load it without a script, and an answer to a same-site
 * page (a sibling subdomain's forum, webmail, a product showing user avatars) keeps its
 * SameSite=Lax cookie: that load must not sign the browser in. Fetch metadata says which in
 * every current browser; without it, a browser asks for HTML.
 */
function isPageNavigation(headers: Headers): boolean {
  const mode = headers.get('sec-fetch-mode');
  if (mode) return mode !== 'cors' && mode !== 'same-origin';
  // older browsers (no fetch metadata): a page asks for HTML, an embedded resource for its kind
  return BROWSER_LOAD_ACCEPT.test(headers.get('accept') ?? '');
}

/**
 * Whether a browser that does not hold a link's binding may follow it at once: an API client,
 * or a script's fetch from Latch's origin or a trusted one (better-auth's client). A
 * credentialed fetch from any other origin is treated as a page's: a same-site page can make
 * one without a script (`<link rel=preload as=fetch crossorigin=use-credentials>`), and the
 * session cookie of its answer would be kept.
 */
export function followsWithoutBinding(ctx: Ctx): boolean {
  const { headers } = ctx.request;
  // nobody reads a HEAD's answer: a link scanner's, never a person's (the question page spends nothing)
  if (ctx.request.method === 'HEAD' || isPageNavigation(headers)) return false;
  const site = headers.get('sec-fetch-site');
  // no fetch metadata (an API client, a server's fetch), or the web app's own fetch
  if (!site || site === 'same-origin') return true;
  const origin = headers.get('origin');
  const { config } = ctx.deps;
  return origin !== null && isTrustedOrigin(origin, trustedOriginsOf(config));
}
