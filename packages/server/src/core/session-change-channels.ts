/**
 * The two channels core/session-changes.ts hears writes on: PostgreSQL LISTEN/NOTIFY (on
 * PostgreSQL, with or without Redis: the database itself announces each commit) and Redis
 * pub/sub (MySQL with REDIS_URL). Each
 * listens on its own connection and says when it starts or stops listening; a connection
 * that drops is reopened, and the feed re-synchronises when it listens again.
 */
import type { Redis } from 'ioredis';
import type { Client } from 'pg';
import { loadPg } from './optional-modules.ts';
import type { ChangeChannel } from './session-changes.ts';

export const SESSION_CHANGES_CHANNEL = 'latch:session-changes';
/** PostgreSQL channel names are identifiers; migration 0007's trigger notifies this one. */
export const PG_CHANNEL = 'latch_session_changes';
/** How long a PostgreSQL listener waits before connecting again after losing its connection. */
const PG_RETRY_MS = 500;

export function redisChangeChannel(redis: Redis): ChangeChannel {
  const subscriber = redis.duplicate({
    autoResubscribe: false,
    lazyConnect: true,
    maxRetriesPerRequest: null,
    connectionName: 'latch-session-changes',
  });
  let closing = false;
  return {
    name: 'Redis',
    start(onMessage, onState) {
      subscriber.on('message', (channel: string, message: string) => {
        if (channel === SESSION_CHANGES_CHANNEL) onMessage(message);
      });
      const stop = (reason: string) => {
        if (!closing) onState(false, reason);
      };
      subscriber.on('close', () => stop('connection closed'));
      subscriber.on('end', () => stop('connection ended'));
      subscriber.on('error', (error: Error) => stop(error.message));
      subscriber.on('ready', () => {
        subscriber.subscribe(SESSION_CHANGES_CHANNEL).then(
          () => onState(true),
          (error: Error) => stop(error.message),
        );
      });
      subscriber.connect().catch(() => {
        // reported through 'error'; ioredis keeps retrying
      });
    },
    async publish(message) {
      await redis.publish(SESSION_CHANGES_CHANNEL, message);
    },
    async close() {
      closing = true;
      subscriber.removeAllListeners('ready');
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

/**
 * LISTEN on a connection of its own. Changes are announced by the database (migration
 * 0007's trigger, at commit); `notify` (through the instance's pool) carries the heartbeats.
 */
export function postgresChangeChannel(
  url: string,
  notify: (channel: string, message: string) => Promise<void>,
): ChangeChannel {
  let client: Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | null = null;
  return {
    name: 'PostgreSQL',
    databaseAnnounces: true,
    start(onMessage, onState) {
      const open = () => {
        retry = null;
        if (closing) return;
        const next = new (loadPg().Client)({ connectionString: url, application_name: 'latch-session-changes' });
        client = next;
        let lost = false;
        const lose = (reason: string) => {
          if (lost || closing) return;
          lost = true;
          onState(false, reason);
          next.end().catch(() => {});
          retry = setTimeout(open, PG_RETRY_MS);
          retry.unref();
        };
        next.on('notification', (n) => {
          if (n.channel === PG_CHANNEL && n.payload !== undefined) onMessage(n.payload);
        });
        next.on('error', (error: Error) => lose(error.message));
        next.on('end', () => lose('connection ended'));
        next
          .connect()
          .then(() => next.query(`LISTEN ${PG_CHANNEL}`))
          .then(
            () => {
              if (!lost && !closing) onState(true);
            },
            (error: Error) => lose(error.message),
          );
      };
      open();
    },
    publish: (message) => notify(PG_CHANNEL, message),
    async close() {
      closing = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
