/**
 * How a revocation reaches the cookie cache (security issue, item 9). The session-data
 * cookie lets a request skip the database for up to `session.cookieCache.maxAge` seconds,
 * so deleting a session row alone would leave its cookie answering until it expires. Each
 * user has a revocation moment instead: when their sessions are revoked, they are banned,
 * their role or password changes or the account is deleted, the moment is recorded, and a
 * cache cookie issued at or before it is not believed: the request reads the store, which
 * answers with the truth (no session, or the session with a fresh cache cookie).
 *
 * One process keeps the moments in memory. With Redis (REDIS_URL) every instance also
 * publishes them on one channel and listens to it, so a revocation on one instance is
 * seen by all within the channel's delay (milliseconds; docs/session-revocation.md). While
 * an instance is not subscribed (Redis down, reconnecting) it believes no cache cookie at
 * all, and after it subscribes again it believes none issued before that moment, since it
 * may have missed a revocation meanwhile. Without Redis and with more than one instance, a
 * revocation on one is not seen through another's cache cookies until they expire: the
 * documented trade-off of the cookie cache.
 *
 * Looking a user up is one Map read, so the session check keeps its speed.
 */
import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';
import type { Logger } from './logger.ts';

export const REVOCATION_CHANNEL = 'latch:session-revocations';

/**
 * Clocks of instances differ a little: a cache cookie issued up to this long after a
 * revocation's recorded moment is not believed either (it is read from the store instead,
 * which costs one read and is always right).
 */
const CLOCK_SKEW_MS = 1_000;

export interface SessionRevocations {
  /** Whether a cache cookie of this user issued at `issuedAtMs` may still be believed. */
  believes(userId: string, issuedAtMs: number): boolean;
  /** Records that every cache cookie of this user issued until now must not be believed. */
  revoke(userId: string): void;
  /** Resolves once this instance listens to the other instances (at once without Redis). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface Options {
  clock: Clock;
  logger: Logger;
  /** The longest a cache cookie lives: a moment older than that concerns no cookie. */
  cookieMaxAgeSeconds: number;
  redis: Redis | null;
}

export function createSessionRevocations(options: Options): SessionRevocations {
  const { clock, logger, cookieMaxAgeSeconds } = options;
  const keepMs = cookieMaxAgeSeconds * 1000 + CLOCK_SKEW_MS;
  const moments = new Map<string, number>();
  /**
   * Cache cookies issued before this moment are not believed: those from before this process
   * started (it does not know what was revoked then) and, with Redis, before it last subscribed.
   */
  let believeFrom = clock.now().getTime();
  /** False while an instance with Redis does not listen: it then believes no cache cookie. */
  let listening = options.redis === null;
  let lastPrune = clock.now().getTime();

  function record(userId: string, atMs: number): void {
    const known = moments.get(userId);
    if (known === undefined || known < atMs) moments.set(userId, atMs);
    // moments older than any living cookie concern nobody: drop them now and then
    if (atMs - lastPrune > keepMs) {
      lastPrune = atMs;
      for (const [id, moment] of moments) if (moment < atMs - keepMs) moments.delete(id);
    }
  }

  const redis = options.redis;
  let subscriber: Redis | null = null;
  let subscribed: Promise<void> = Promise.resolve();
  let first = true;
  let outage = false;
  if (redis) {
    subscriber = redis.duplicate({
      autoResubscribe: false,
      lazyConnect: true,
      maxRetriesPerRequest: null,
      connectionName: 'latch-revocations',
    });
    const listener = subscriber;
    listener.on('message', (channel: string, message: string) => {
      if (channel !== REVOCATION_CHANNEL) return;
      const tab = message.lastIndexOf('\t');
      const at = Number(message.slice(tab + 1));
      if (tab <= 0 || !Number.isFinite(at)) return;
      // the later of the sender's clock and ours, so neither clock's lag lets an old cookie pass
      record(message.slice(0, tab), Math.max(at, clock.now().getTime()));
    });
    // said once per outage, not on every reconnection attempt
    const stopListening = (reason: string) => {
      listening = false;
      if (outage) return;
      outage = true;
      logger.warn(
        'Session revocations: not listening to Redis; session cache cookies are checked in the store until it is back',
        {
          reason,
        },
      );
    };
    listener.on('close', () => stopListening('connection closed'));
    listener.on('end', () => stopListening('connection ended'));
    listener.on('error', (error: Error) => stopListening(error.message));
    const subscribe = async () => {
      await listener.subscribe(REVOCATION_CHANNEL);
      // anything published while we were not listening is lost: no older cookie is believed
      believeFrom = clock.now().getTime() + CLOCK_SKEW_MS;
      listening = true;
      if (outage) logger.info('Session revocations: listening to Redis again');
      outage = false;
    };
    subscribed = new Promise<void>((resolve) => {
      listener.on('ready', () => {
        subscribe()
          .catch((error: Error) => {
            listening = false;
            logger.warn('Session revocations: could not subscribe to the Redis channel', { error: error.message });
          })
          .finally(() => {
            if (first) {
              first = false;
              resolve();
            }
          });
      });
    });
    listener.connect().catch(() => {
      // the 'error' handler logged it; ioredis keeps retrying
    });
  }

  return {
    believes(userId, issuedAtMs) {
      if (!listening || issuedAtMs < believeFrom) return false;
      const moment = moments.get(userId);
      return moment === undefined || issuedAtMs > moment + CLOCK_SKEW_MS;
    },
    revoke(userId) {
      const now = clock.now().getTime();
      record(userId, now);
      if (!redis) return;
      redis.publish(REVOCATION_CHANNEL, `${userId}\t${now}`).catch((error: Error) => {
        logger.error('Session revocations: could not publish a revocation to the other instances', {
          userId,
          error: error.message,
        });
      });
    },
    ready: () => subscribed,
    async close() {
      if (subscriber) {
        subscriber.removeAllListeners('ready');
        await subscriber.quit().catch(() => subscriber?.disconnect());
      }
    },
  };
}
