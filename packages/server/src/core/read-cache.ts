/**
 * Repeated reads answered from memory (issue 14; docs/decisions/read-cache.md): the
 * session list and the organization reads a product's pages ask for again and again.
 *
 * An answer is remembered only when the general pipeline gave it: a 200 with no cookie
 * set, asked with a session cookie (not a bearer token), no larger than MAX_BODY_BYTES. It
 * is kept under
 *  - the request's session cookie value, its session-data cookie value (if any) and its
 *    exact path and query: one person's answer is never another's, and a different
 *    question is a different entry;
 *  - the read version (SQLite: the file's change version; PostgreSQL/MySQL: the change
 *    feed's readVersion(), core/session-changes.ts) read BEFORE the answer's first
 *    database read: a commit in between only makes the entry look stale;
 *  - a time bound: the session's expiry (and freshness, for list-sessions), the earliest
 *    expiry among what the answer lists, the session-data cookie's expiry, and on MySQL
 *    FEED_ENTRY_MS (an operator's SQL reaches no channel there).
 * The read version moves on every write of a session, user, organization, member,
 * invitation, team or teamMember row, so a revocation, sign-out, ban, removal from an
 * organization or role change empties the memory at once on the instance that wrote and
 * within the channel's delay on the others. A hit therefore needs no session lookup: the
 * entry exists only because the general pipeline, with its full session checks, answered
 * 200 for that very cookie at a version that has not moved since, and its time bound
 * stops it when the session (or the freshness list-sessions needs) runs out.
 *
 * The rate limit is counted once, here (the adapter tells the general way not to count
 * again). While the version is null (channel down, not re-synchronised, no channel), or
 * with `session.memoryCache: false`, nothing is remembered or answered from memory.
 */
import { authError } from './errors.ts';
import type { AuthDeps, RequestContext } from './http/context.ts';
import { readCookie } from './http/cookies.ts';
import type { Endpoint } from './http/endpoint.ts';
import type { RateLimitGate } from './http/router.ts';
import { apiHeaders } from './http/security-headers.ts';
import { FEED_ENTRY_MS } from './session-changes.ts';

/** The reads that may be remembered, below the base path (GET, with any query). */
export const CACHEABLE_READS: ReadonlySet<string> = new Set([
  '/list-sessions',
  '/organization/list',
  '/organization/get-full-organization',
  '/organization/list-members',
  '/organization/get-active-member',
  '/organization/list-user-teams',
]);

/** A larger answer (in characters of its JSON) is not remembered (a 10,000-member page asked without a limit, say). */
export const MAX_BODY_BYTES = 512 * 1024;
/** What all remembered bodies may take together (characters); the oldest entries make room. */
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
const MAX_ENTRIES = 10_000;

/** A response as plain data, for the Node adapter to write directly. */
export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Entry extends PlainAnswer {
  usableUntilMs: number;
}

/** What a cacheable route leaves on its request for the router to remember the answer under. */
export interface ReadCacheMark {
  key: string;
  version: number;
  usableUntilMs: number;
}

export interface ReadCache {
  /** The version to tag and look up entries with, or null: remember and answer nothing. */
  version(): number | null;
  /**
   * The key of a request, or null when it must not be remembered: not a cacheable read,
   * no session cookie, or a bearer token.
   */
  keyOf(input: {
    path: string;
    pathAndQuery: string;
    cookie: string | null;
    authorization: string | null;
  }): string | null;
  /** The remembered answer, if nothing relevant was written since and its time bound holds. */
  get(key: string, version: number, nowMs: number): PlainAnswer | undefined;
  /** Remembers a 200 answer (larger ones and ones setting a cookie are refused by the caller). */
  set(key: string, version: number, answer: PlainAnswer, usableUntilMs: number): void;
  /** The extra bound every entry gets (MySQL: FEED_ENTRY_MS), or null. */
  readonly feedBoundMs: number | null;
  /** How many answers were given from memory (tests and metrics). */
  hits(): number;
}

export function createReadCache(deps: AuthDeps): ReadCache | null {
  const { config, reader, sessionChanges, dialect } = deps;
  if (!config.session.memoryCache) return null;
  const version: (() => number | null) | null = reader
    ? () => reader.changeVersion()
    : sessionChanges
      ? () => sessionChanges.readVersion()
      : null;
  if (!version) return null;
  const tokenName = deps.cookieName('session_token');
  const dataName = deps.cookieName('session_data');
  const entries = new Map<string, Entry>();
  let tagged = Number.NaN;
  let bytes = 0;
  let hitCount = 0;
  const sync = (current: number) => {
    if (current !== tagged) {
      entries.clear();
      bytes = 0;
      tagged = current;
    }
  };
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };
  return {
    version,
    feedBoundMs: dialect === 'mysql' ? FEED_ENTRY_MS : null,
    keyOf({ path, pathAndQuery, cookie, authorization }) {
      if (!CACHEABLE_READS.has(path) || authorization !== null) return null;
      const token = readCookie(cookie, tokenName);
      if (!token) return null;
      const data = readCookie(cookie, dataName) ?? '';
      return `${token}\n${data}\n${pathAndQuery}`;
    },
    get(key, current, nowMs) {
      sync(current);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.usableUntilMs <= nowMs) {
        drop(key);
        return undefined;
      }
      hitCount += 1;
      return entry;
    },
    set(key, current, answer, usableUntilMs) {
      // read under a version that has moved on since (versions only grow): stale already, and
      // keeping it would empty the newer entries
      if (current < tagged) return;
      sync(current);
      if (answer.body.length > MAX_BODY_BYTES) return;
      drop(key);
      // the oldest entries make room (insertion order): bounded in count and in bytes
      while (entries.size >= MAX_ENTRIES || (entries.size > 0 && bytes + answer.body.length > MAX_TOTAL_BYTES)) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      entries.set(key, { ...answer, usableUntilMs });
      bytes += answer.body.length;
    },
    hits: () => hitCount,
  };
}

export interface FastReadInput {
  /** The request target as sent (path and query). */
  url: string;
  cookie: string | undefined;
  authorization: string | undefined;
  ip: string | null;
}

export interface FastRead {
  /**
   * The remembered answer (or a 429), or null: the general pipeline must answer, and the
   * rate limit was already counted when `counted` is true. Throws only when the rate
   * limit's store fails (nothing was counted then).
   */
  (input: FastReadInput): Promise<{ answer: PlainAnswer | null; counted: boolean; path: string | null }>;
  /** Whether a request target may be answered here at all (cheap: no cookie parsing). */
  handles(url: string): boolean;
}

/** The Node adapter's way in: a GET of a cacheable read answered from memory, before any web Request is built. */
export function createFastRead(deps: AuthDeps, cache: ReadCache, rateLimit: RateLimitGate | null): FastRead {
  const basePath = deps.config.basePath;
  const tooManyHeaders = { 'content-type': 'application/json', ...apiHeaders(deps.config) };
  const tooMany = JSON.stringify(authError('TOO_MANY_REQUESTS').toJSON());
  const pathOf = (url: string): string | null => {
    if (!url.startsWith(`${basePath}/`)) return null;
    const q = url.indexOf('?');
    const path = (q === -1 ? url : url.slice(0, q)).slice(basePath.length);
    return CACHEABLE_READS.has(path) ? path : null;
  };
  const read = async (input: FastReadInput) => {
    const path = pathOf(input.url);
    if (!path) return { answer: null, counted: false, path: null };
    const key = cache.keyOf({
      path,
      pathAndQuery: input.url.slice(basePath.length),
      cookie: input.cookie ?? null,
      authorization: input.authorization ?? null,
    });
    if (!key) return { answer: null, counted: false, path };
    if (rateLimit) {
      const decision = await rateLimit.checkRequest({ ip: input.ip, path });
      if (!decision.allowed) {
        return {
          answer: {
            status: 429,
            headers: { ...tooManyHeaders, 'x-retry-after': String(decision.retryAfterSeconds) },
            body: tooMany,
          },
          counted: true,
          path,
        };
      }
    }
    const version = cache.version();
    const answer = version === null ? undefined : cache.get(key, version, deps.clock.now().getTime());
    return { answer: answer ?? null, counted: true, path };
  };
  return Object.assign(read, { handles: (url: string) => pathOf(url) !== null });
}

/** Where a cacheable read leaves its ReadCacheMark on the request (RequestContext.memo). */
export const READ_CACHE_MARK = 'read-cache:mark';

/**
 * Until when a read's answer may be given again (milliseconds since the epoch), or null:
 * do not remember it. Called after the handler answered, with its result.
 */
export type ReadBound = (ctx: RequestContext<unknown, unknown>, result: unknown) => Promise<number | null>;

/**
 * A read endpoint whose 200 answers are remembered: the version is read before the
 * handler's first read, and the router keeps the answer (core/http/router.ts) when it
 * sets no cookie. Server calls through `api` and bearer requests are never remembered.
 */
export function cacheableRead(endpoint: Endpoint, bound: ReadBound): Endpoint {
  if (!CACHEABLE_READS.has(endpoint.path) || endpoint.method !== 'GET')
    throw new Error(`${endpoint.method} ${endpoint.path} is not in CACHEABLE_READS`);
  const handler = endpoint.handler;
  return {
    ...endpoint,
    async handler(ctx) {
      const cache = ctx.deps.readCache;
      if (!cache || ctx.isServerCall || ctx.request.method !== 'GET') return handler(ctx);
      const { basePath } = ctx.deps.config;
      const cookie = ctx.request.headers.get('cookie');
      const key = cache.keyOf({
        path: endpoint.path,
        pathAndQuery: `${ctx.url.pathname.slice(basePath.length)}${ctx.url.search}`,
        cookie,
        authorization: ctx.request.headers.get('authorization'),
      });
      // first, before any read of this request: a commit after it moves the version
      const version = cache.version();
      const result = await handler(ctx);
      if (key === null || version === null) return result;
      // the key names the session cookie the handler read (a header naming it twice is not remembered)
      const tokenName = ctx.deps.cookieName('session_token');
      if (ctx.getCookie(tokenName) !== readCookie(cookie, tokenName)) return result;
      let until = await bound(ctx, result);
      if (until === null) return result;
      if (cache.feedBoundMs !== null) until = Math.min(until, ctx.deps.clock.now().getTime() + cache.feedBoundMs);
      const mark: ReadCacheMark = { key, version, usableUntilMs: until };
      ctx.memo.set(READ_CACHE_MARK, mark);
      return result;
    },
  };
}
