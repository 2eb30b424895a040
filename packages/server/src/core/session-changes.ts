/**
 * When a remembered session answer may be used on PostgreSQL and MySQL (issue 14, item 1).
 *
 * The session check keeps recent answers in memory (features/session/memory-cache.ts),
 * tagged with a change version: an entry is used only while the version has not moved.
 * On SQLite the version is the file's own (core/db/sqlite-reader.ts). Here it is this
 * feed's, and it moves:
 *  - the moment this instance writes a `session` or `user` row (a Kysely plugin sees the
 *    UPDATE, DELETE or upserting INSERT; a plain INSERT changes no answer already given),
 *    and again when the request that wrote ends, after its transactions committed and
 *    before its answer leaves, so an answer read between the write and the commit is
 *    dropped too: the instance that wrote never answers stale;
 *  - when a write is announced on the shared channel. On PostgreSQL the database announces
 *    every committed change itself (a trigger's NOTIFY, migration 0007), so an operator's
 *    SQL is seen too. On MySQL, over Redis, the writing instance announces after the commit
 *    and before its answer, so that when a client sees the write's answer the message is
 *    already on its way. Either way the other instances drop their entries within the
 *    channel's delay (milliseconds, measured in features/session/cross-instance.test.ts);
 *  - when the channel comes back after any interruption (re-synchronised: nothing read
 *    before counts).
 * While the channel is down, or this instance has not heard its own heartbeat for a
 * while (a connection that hangs without closing), `version()` is null and every check
 * reads the store, as with `session.memoryCache: false`.
 *
 * Invalidation is coarse on purpose: any write of a session or user row empties every
 * instance's memory. Reads between writes are what the cache is for (a product asking for
 * the same session on every page); a write costs each instance one store read per session.
 *
 * A second counter, `readVersion()`, tags the remembered reads (core/read-cache.ts:
 * list-sessions and the organization reads). It moves whenever the session version does,
 * and also on writes that change only those reads: any write of an organization, member,
 * invitation, team or teamMember row, and a new session row. Such writes are announced as
 * `r:` (Latch over Redis; migration 0013's triggers on PostgreSQL) and move only the read
 * version elsewhere; `w:` moves both. The own-write and channel-loss rules are the same:
 * `readVersion()` is null exactly when `version()` is.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { writeKind } from './answer-writes.ts';
import type { Logger } from './logger.ts';

/**
 * On MySQL a remembered answer is read again after this long even when no write was
 * announced: Latch announces its own writes, but an operator's SQL reaches no channel.
 */
export const FEED_ENTRY_MS = 5_000;

/** How a message reaches the other instances: Redis pub/sub or PostgreSQL LISTEN/NOTIFY. */
export interface ChangeChannel {
  readonly name: string;
  /** The database announces every committed change itself (PostgreSQL's trigger): Latch need not. */
  readonly databaseAnnounces?: boolean;
  /** Starts listening; `onMessage` for every message, `onState` whenever listening starts or stops. */
  start(onMessage: (message: string) => void, onState: (listening: boolean, reason?: string) => void): void;
  publish(message: string): Promise<void>;
  close(): Promise<void>;
}

export interface SessionChanges {
  /** The version to tag and look up memory entries with, or null: read the store. */
  version(): number | null;
  /**
   * The same for the remembered reads (core/read-cache.ts): it moves whenever version()
   * does, and also on writes of the organization tables and new sessions. Null exactly
   * when version() is.
   */
  readVersion(): number | null;
  /** Runs one request (or server call): its writes are announced when it ends. */
  within<T>(fn: () => Promise<T>): Promise<T>;
  /** The plugin that sees this instance's writes; install it on the instance's Kysely. */
  readonly plugin: KyselyPlugin;
  /** Resolves once the channel listens (or failed to, then the cache stays off until it does). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface SessionChangesOptions {
  channel: ChangeChannel;
  logger: Logger;
  /** How often an instance sends itself a heartbeat over the channel. */
  heartbeatMs?: number;
  /** Without its own heartbeat for this long, an instance stops believing its memory. */
  silenceMs?: number;
}

interface Scope {
  /** A write that changes a session answer (and so a read). */
  wrote: boolean;
  /** A write that changes only a remembered read (an organization row, a new session). */
  wroteRead: boolean;
}

export function createSessionChanges(options: SessionChangesOptions): SessionChanges {
  const { channel, logger } = options;
  const heartbeatMs = options.heartbeatMs ?? 500;
  const silenceMs = options.silenceMs ?? 2_000;
  const me = randomUUID();
  const beat = `hb:${me}`;
  const scopes = new AsyncLocalStorage<Scope>();

  let counter = 0;
  // the remembered reads' version: moves with `counter` and on read-only writes
  let readCounter = 0;
  let listening = false;
  let lastBeatMs = 0;
  let closed = false;
  let outage = false;

  const bump = () => {
    counter += 1;
    readCounter += 1;
  };
  const bumpRead = () => {
    readCounter += 1;
  };
  const bumpFor = (kind: 'session' | 'read') => (kind === 'session' ? bump() : bumpRead());

  // 'w:' moves both versions on the other instances, 'r:' only the remembered reads'
  const messageFor = (kind: 'session' | 'read') => `${kind === 'session' ? 'w' : 'r'}:${me}`;

  const announce = (kind: 'session' | 'read') => {
    if (channel.databaseAnnounces) return;
    channel.publish(messageFor(kind)).catch((error: Error) => {
      logger.error('Session changes: could not announce a write to the other instances', { error: error.message });
    });
  };

  const publishNow = async (kind: 'session' | 'read') => {
    if (channel.databaseAnnounces) return;
    try {
      await channel.publish(messageFor(kind));
    } catch (error) {
      logger.error('Session changes: could not announce a write to the other instances', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };

  let resolveReady: () => void = () => {};
  const readyPromise = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  channel.start(
    (message) => {
      if (message === beat) {
        lastBeatMs = Date.now();
        return;
      }
      if (message.startsWith('hb:')) return;
      // a read-only change ('r:'); anything else (w:, or a message this version does not know) moves both
      if (message.startsWith('r:')) bumpRead();
      else bump();
    },
    (now, reason) => {
      if (now) {
        // anything announced while we did not listen is lost: nothing read before counts
        bump();
        listening = true;
        lastBeatMs = Date.now();
        if (outage) logger.info(`Session changes: listening on ${channel.name} again`);
        outage = false;
        resolveReady();
        return;
      }
      listening = false;
      bump();
      // a first attempt that failed also ends the wait: the cache stays off until the channel listens
      resolveReady();
      if (!outage && !closed) {
        outage = true;
        logger.warn(
          `Session changes: not listening on ${channel.name}; session checks read the store until it is back`,
          reason ? { reason } : {},
        );
      }
    },
  );

  const heartbeat = setInterval(() => {
    if (listening) channel.publish(beat).catch(() => {});
  }, heartbeatMs);
  heartbeat.unref();

  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const kind = writeKind(args.node);
      if (kind) {
        bumpFor(kind);
        const scope = scopes.getStore();
        if (scope) {
          if (kind === 'session') scope.wrote = true;
          else scope.wroteRead = true;
        } else {
          // outside a request (the sweeper, a script): announce now and once more shortly,
          // when the statement's transaction has committed
          announce(kind);
          setTimeout(() => {
            bumpFor(kind);
            announce(kind);
          }, 250).unref();
        }
      }
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };

  /** Whether the channel vouches for this instance's memory now (listening, own heartbeat heard lately). */
  const believable = (): boolean => {
    if (!listening) return false;
    if (Date.now() - lastBeatMs > silenceMs) {
      if (!outage) {
        outage = true;
        logger.warn(`Session changes: no heartbeat on ${channel.name}; session checks read the store`);
      }
      bump();
      return false;
    }
    if (outage) {
      outage = false;
      logger.info(`Session changes: heartbeat on ${channel.name} again`);
    }
    return true;
  };

  return {
    version: () => (believable() ? counter : null),
    readVersion: () => (believable() ? readCounter : null),
    async within<T>(fn: () => Promise<T>): Promise<T> {
      const scope: Scope = { wrote: false, wroteRead: false };
      try {
        return await scopes.run(scope, fn);
      } finally {
        if (scope.wrote || scope.wroteRead) {
          // committed by now: drop what was read meanwhile here, and tell the others before answering
          const kind = scope.wrote ? 'session' : 'read';
          bumpFor(kind);
          await publishNow(kind);
        }
      }
    },
    plugin,
    ready: () => readyPromise,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      listening = false;
      resolveReady();
      await channel.close();
    },
  };
}
