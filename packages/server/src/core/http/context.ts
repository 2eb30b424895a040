/**
 * What every handler gets: the request, its validated body and query, the app's
 * dependencies, and the response under construction (status, headers, cookies).
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import { signValue, unsignValue } from '../crypto/signing.ts';
import type { Database, Dialect } from '../db/schema.ts';
import type { SqliteReader } from '../db/sqlite-reader.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/transport.ts';
import type { ReadCache } from '../read-cache.ts';
import type { SessionRevocations } from '../revocations.ts';
import type { SessionChanges } from '../session-changes.ts';
import { type CookieOptions, parseCookieHeader, safeDecode, serializeCookie } from './cookies.ts';
import type { RateLimiter } from './rate-limit/limiter.ts';

/** The long-lived dependencies of one Latch instance. */
export interface AuthDeps {
  config: ResolvedConfig;
  db: Kysely<Database>;
  dialect: Dialect;
  /** SQLite files: a read-only connection for the hot path's synchronous reads; else null. */
  reader: SqliteReader | null;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  /** Per-IP and per-account limits (core/http/rate-limit); handlers use limitAccount(). */
  rateLimiter: RateLimiter;
  /** Each user's last revocation, so a session cache cookie does not outlive it (core/revocations.ts). */
  revocations: SessionRevocations;
  /**
   * PostgreSQL/MySQL with the memory cache on and a channel (Redis, or PostgreSQL's own):
   * when a remembered session answer may be used (core/session-changes.ts); else null.
   */
  sessionChanges: SessionChanges | null;
  /**
   * Repeated reads (list-sessions, the organization reads) remembered while nothing they
   * are made of was written (core/read-cache.ts); null with `session.memoryCache: false`
   * or without a change version (MySQL without Redis).
   */
  readCache: ReadCache | null;
  /** Cookie names with the configured prefix (and `__Secure-` on https). */
  cookieName(suffix: string): string;
}

export const REDIRECT = Symbol('redirect');
export const RAW = Symbol('raw');

export interface RedirectResult {
  [REDIRECT]: string;
}
export interface RawResult {
  [RAW]: { body: string; contentType: string };
}

export class RequestContext<B = unknown, Q = unknown> {
  status = 200;
  readonly headers = new Headers();
  /** Set-Cookie lines by cookie name: a later write replaces an earlier one (CONTRACT §3.2). */
  private readonly outCookies = new Map<string, string>();
  private incoming: Map<string, string> | null = null;
  /** Per-request memo, e.g. the resolved session. */
  readonly memo = new Map<string, unknown>();

  constructor(
    readonly request: Request,
    readonly url: URL,
    readonly deps: AuthDeps,
    readonly params: Readonly<Record<string, string>>,
    public body: B,
    public query: Q,
    readonly ip: string | null,
    /** A call from trusted server code through `api`, not over HTTP. */
    readonly isServerCall = false,
  ) {}

  get userAgent(): string {
    return this.request.headers.get('user-agent') ?? '';
  }

  getCookie(name: string): string | null {
    this.incoming ??= parseCookieHeader(this.request.headers.get('cookie'));
    return this.incoming.get(name) ?? null;
  }

  /** The value of a signed cookie, or null when absent, unsigned or forged. */
  getSignedCookie(name: string): string | null {
    const raw = this.getCookie(name);
    if (raw === null) return null;
    return unsignValue(safeDecode(raw), this.deps.config.secret);
  }

  setCookie(name: string, value: string, opts: CookieOptions = {}): void {
    this.outCookies.set(
      name,
      serializeCookie(name, value, { secure: this.deps.config.advanced.useSecureCookies, ...opts }),
    );
  }

  setSignedCookie(name: string, value: string, opts: CookieOptions = {}): void {
    this.setCookie(name, encodeURIComponent(signValue(value, this.deps.config.secret)), opts);
  }

  deleteCookie(name: string): void {
    this.setCookie(name, '', { maxAge: 0 });
  }

  /** Whether this response already sets (not deletes) the cookie. */
  setsCookie(name: string): boolean {
    const line = this.outCookies.get(name);
    return line !== undefined && !line.includes('Max-Age=0');
  }

  setCookieLines(): string[] {
    return [...this.outCookies.values()];
  }

  redirect(location: string): RedirectResult {
    return { [REDIRECT]: location };
  }

  raw(body: string, contentType: string): RawResult {
    return { [RAW]: { body, contentType } };
  }
}
