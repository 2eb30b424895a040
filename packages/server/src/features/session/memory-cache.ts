/**
 * Recent session checks kept in memory (SQLite only), so that a product asking for the
 * same session on every page costs a map lookup instead of a database read.
 *
 * An entry is only as good as the database it came from: each is tagged with the reader's
 * change version (core/db/sqlite-reader.ts), which moves the moment this process writes
 * anything and within 50 ms of another process committing (an operator's sqlite3 shell).
 * Any change empties the map, so a revoked session, a ban or a renamed user is not
 * answered from memory: the cache helps while nothing is written, and steps aside when
 * anything is.
 */
import type { SessionWithUser } from './model.ts';

export interface MemoEntry {
  current: SessionWithUser;
  /** The get-session body for this session, serialized once. */
  body: string;
  /** Milliseconds since the epoch after which the entry must not be used (decoded cache cookies). */
  usableUntilMs?: number;
  /** Decoded cache cookies: when the cookie was written, checked against the user's last revocation. */
  issuedAtMs?: number;
  /** The complete response headers, while a plugin's part of them may be reused (until headersUntilMs). */
  headers?: Record<string, string>;
  headersUntilMs?: number;
}

export interface SessionMemo {
  /** The entry for this exact session cookie value, if nothing was committed since it was read. */
  get(cookieValue: string, changeVersion: number): MemoEntry | undefined;
  /** Keeps an entry read after `changeVersion` was observed (read the version first, then the row). */
  set(cookieValue: string, changeVersion: number, entry: MemoEntry): void;
}

export function createSessionMemo(maxEntries = 5_000): SessionMemo {
  const entries = new Map<string, MemoEntry>();
  let version = Number.NaN;
  const sync = (dataVersion: number) => {
    if (dataVersion !== version) {
      entries.clear();
      version = dataVersion;
    }
  };
  return {
    get(cookieValue, dataVersion) {
      sync(dataVersion);
      return entries.get(cookieValue);
    },
    set(cookieValue, dataVersion, entry) {
      sync(dataVersion);
      // the oldest entry makes room (insertion order): a bounded map, not an unbounded cache
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(cookieValue, entry);
    },
  };
}
