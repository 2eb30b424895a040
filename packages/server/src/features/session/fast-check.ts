/**
 * The session check (GET /get-session without a query) answered outside the general
 * request pipeline: no web Request or Response, no routing, no schema. It answers only
 * the cases that change nothing: a live session whose refresh is not due (from the
 * cookie cache or one synchronous read on SQLite), no session cookie at all, or a rate
 * limit. Everything else (a stale cache cookie, an expired or revoked session, a due
 * refresh, a database error) returns null and the general endpoint in routes.ts answers,
 * so cookie clearing and refreshes live in one place. A test compares both answers.
 */
import { hashToken } from '../../core/crypto/hash.ts';
import { unsignValue } from '../../core/crypto/signing.ts';
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { readCookie, safeDecode } from '../../core/http/cookies.ts';
import type { RateLimitGate } from '../../core/http/router.ts';
import { apiHeaders } from '../../core/http/security-headers.ts';
import type { PlainAnswer } from '../../core/read-cache.ts';
import { FEED_ENTRY_MS } from '../../core/session-changes.ts';
import { userFromJson, userToJson } from '../user/index.ts';
import { cacheIssuedAt, decodeCookieCache } from './cookie-cache.ts';
import { createSessionMemo, type MemoEntry } from './memory-cache.ts';
import { type SessionWithUser, sessionFromJson, sessionToJson } from './model.ts';
import { findSessionWithUserByTokenHash, findSessionWithUserSync } from './repo.ts';
import { isRefreshDue, sessionCookieNames } from './service.ts';

/** A response as plain data, for the Node adapter to write directly (core/read-cache.ts). */
export type { PlainAnswer };

export interface FastSessionCheckInput {
  cookie: string | undefined;
  ip: string | null;
}

export interface FastSessionCheckOptions {
  rateLimit: RateLimitGate | null;
  /** Headers a plugin adds to a get-session that found a session (the JWT plugin's set-auth-jwt). */
  sessionHeaders?: (current: SessionWithUser) => Promise<SessionHeaders>;
}

/** A plugin's headers for a session's answer, and until when the same ones may be sent again. */
export interface SessionHeaders {
  headers: Record<string, string>;
  validUntilMs: number;
}

export interface FastSessionCheck {
  /**
   * The answer, or null: the general endpoint must answer, and the rate limit was already
   * counted. Throws only when the rate limit's store fails (nothing was counted then).
   */
  (input: FastSessionCheckInput): Promise<PlainAnswer | null>;
  /** The request path it answers, below the base path. */
  readonly path: '/get-session';
}

export function createFastSessionCheck(deps: AuthDeps, options: FastSessionCheckOptions): FastSessionCheck {
  const names = sessionCookieNames(deps);
  const { config, clock, revocations } = deps;
  // the same headers the router gives every API answer (core/http/security-headers.ts)
  const NO_STORE: Record<string, string> = {
    'content-type': 'application/json',
    ...apiHeaders(config),
    pragma: 'no-cache',
  };
  const tooMany = JSON.stringify(authError('TOO_MANY_REQUESTS').toJSON());

  // remembered answers: on SQLite under the file's change version, on PostgreSQL/MySQL under the
  // cross-instance change feed's (core/session-changes.ts), which is null while it cannot vouch
  const { reader, sessionChanges } = deps;
  const changeVersion: () => number | null = reader
    ? () => reader.changeVersion()
    : sessionChanges
      ? () => sessionChanges.version()
      : () => null;
  const memo = config.session.memoryCache && (reader || sessionChanges) ? createSessionMemo() : null;
  // decoding the session-data cookie is a pure function of the two cookies and the clock:
  // the same pair, byte for byte, decodes the same until the earlier of its two expiries
  const decoded = createSessionMemo();
  const nullAnswer: PlainAnswer = { status: 200, headers: NO_STORE, body: 'null' };
  const bodyOf = (current: SessionWithUser) =>
    JSON.stringify({ session: sessionToJson(current.session), user: userToJson(current.user) });

  /** From the signed session-data cookie (as the general endpoint reads it first), or null: let it look. */
  function fromCookieCache(rawToken: string, raw: string, now: Date): MemoEntry | null {
    const key = `${rawToken};${raw}`;
    const hit = decoded.get(key, 0);
    if (hit && (hit.usableUntilMs ?? 0) > now.getTime())
      return revocations.believes(hit.current.user.id, hit.issuedAtMs ?? 0) ? hit : null;
    const token = unsignValue(safeDecode(rawToken), config.secret);
    if (!token) return null;
    const cached = decodeCookieCache(safeDecode(raw), config.secret, now.getTime());
    // a stale, forged or foreign cache cookie is deleted by the general endpoint
    if (!cached || cached.session.token !== hashToken(token)) return null;
    const session = sessionFromJson(cached.session);
    if (session.expiresAt <= now) return null;
    const issuedAtMs = cacheIssuedAt(cached, config.session.cookieCache.maxAge);
    // written before the user's last revocation: the general endpoint reads the store
    if (!revocations.believes(cached.user.id, issuedAtMs)) return null;
    const current = { session, user: userFromJson(cached.user), token };
    const entry = {
      current,
      body: bodyOf(current),
      usableUntilMs: Math.min(cached.expiresAt, session.expiresAt.getTime()),
      issuedAtMs,
    };
    decoded.set(key, 0, entry);
    return entry;
  }

  /**
   * One read; null: no live session here, the general endpoint clears or deletes. With the
   * memory cache, `version` is the change version read before the row (a commit in between
   * only makes the entry look stale), and the entry is kept under it.
   */
  async function fromDatabase(
    rawToken: string,
    token: string,
    now: Date,
    version: number | null,
  ): Promise<MemoEntry | null> {
    const tokenHash = hashToken(token);
    if (memo && version !== null) {
      const found = reader
        ? findSessionWithUserSync(deps, tokenHash)
        : await findSessionWithUserByTokenHash(deps, tokenHash);
      if (!found || found.session.expiresAt <= now) return null;
      const current = { ...found, token };
      const entry: MemoEntry = { current, body: bodyOf(current) };
      // a write made outside Latch on MySQL (an operator's SQL) reaches no channel: bound how long it goes
      // unseen; PostgreSQL's own triggers announce every committed change, whoever made it (migration 0007)
      if (deps.dialect === 'mysql') entry.usableUntilMs = now.getTime() + FEED_ENTRY_MS;
      memo.set(rawToken, version, entry);
      return entry;
    }
    const found = await findSessionWithUserByTokenHash(deps, tokenHash);
    if (!found || found.session.expiresAt <= now) return null;
    const current = { ...found, token };
    return { current, body: bodyOf(current) };
  }

  /** The answer's headers, kept on the entry while the plugin's part may be sent again. */
  async function headersFor(entry: MemoEntry, nowMs: number): Promise<Record<string, string>> {
    if (!options.sessionHeaders) return NO_STORE;
    if (entry.headers && (entry.headersUntilMs ?? 0) > nowMs) return entry.headers;
    const extra = await options.sessionHeaders(entry.current);
    entry.headers = { ...NO_STORE, ...extra.headers };
    entry.headersUntilMs = extra.validUntilMs;
    return entry.headers;
  }

  const check = async (input: FastSessionCheckInput): Promise<PlainAnswer | null> => {
    if (options.rateLimit) {
      const decision = await options.rateLimit.checkRequest({ ip: input.ip, path: '/get-session' });
      if (!decision.allowed) {
        return {
          status: 429,
          headers: { ...NO_STORE, 'x-retry-after': String(decision.retryAfterSeconds) },
          body: tooMany,
        };
      }
    }
    try {
      return await answer(input.cookie);
    } catch {
      // a failing read: the general endpoint answers (and logs), as for any other request
      return null;
    }
  };

  async function answer(cookieHeader: string | undefined): Promise<PlainAnswer | null> {
    const rawToken = readCookie(cookieHeader, names.token);
    if (rawToken === undefined) return nullAnswer;
    const now = clock.now();
    const rawCache = config.session.cookieCache.enabled ? readCookie(cookieHeader, names.data) : undefined;
    let entry: MemoEntry | null | undefined;
    if (rawCache !== undefined) {
      entry = fromCookieCache(rawToken, rawCache, now);
      if (!entry) return null;
    } else {
      const version = memo ? changeVersion() : null;
      entry = memo && version !== null ? memo.get(rawToken, version) : undefined;
      if (!entry) {
        const token = unsignValue(safeDecode(rawToken), config.secret);
        // a forged session cookie: no session, and nothing to clear
        if (!token) return nullAnswer;
        entry = await fromDatabase(rawToken, token, now, version);
        if (!entry) return null;
      } else if (entry.current.session.expiresAt <= now) {
        return null;
      } else if (entry.usableUntilMs !== undefined && entry.usableUntilMs <= now.getTime()) {
        const token = unsignValue(safeDecode(rawToken), config.secret);
        if (!token) return nullAnswer;
        entry = await fromDatabase(rawToken, token, now, version);
        if (!entry) return null;
      }
    }
    const { current } = entry;
    // a due refresh is the general endpoint's; whether one is ever due comes from the session row
    // (an impersonation or a don't-remember session never slides), not from the dont_remember cookie
    if (!config.session.disableSessionRefresh && isRefreshDue(current.session, deps, now)) return null;
    return { status: 200, headers: await headersFor(entry, now.getTime()), body: entry.body };
  }
  return Object.assign(check, { path: '/get-session' as const });
}
