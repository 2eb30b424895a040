/**
 * The one way a redirect target becomes a `Location` header (security issue, item 10).
 * Targets were checked before any work was done (request-checks.ts: trusted origin or safe
 * relative path, no control characters); what is left here cannot fail: characters outside
 * ASCII, spaces and the like are percent-encoded the way a browser's URL parser would
 * serialise them (WHATWG URL), and an IDN host becomes punycode. Before this, a
 * `callbackURL` such as `/welcome/ü` passed the checks and then made `Headers.set` throw
 * after the session row, the verified address or the spent OAuth state were written.
 */

/** Scheme-relative and path targets are resolved against this, then written back relative. */
const PLACEHOLDER = 'http://latch.invalid';

/** `target` as a header-safe (ASCII, no CR/LF) `Location` value with the same meaning. */
export function locationValue(target: string): string {
  try {
    if (target.startsWith('/') && !target.startsWith('//')) {
      const url = new URL(target, PLACEHOLDER);
      return `${url.pathname}${url.search}${url.hash}`;
    }
    return new URL(target).href;
  } catch {
    // not a URL at all (the checks refuse these): keep its meaning, encode what a header cannot hold
    return encodeURI(target.replace(/[\r\n]/g, ''));
  }
}

/** Sets the `Location` header of an answer. */
export function setLocation(headers: Headers, target: string): void {
  headers.set('location', locationValue(target));
}
