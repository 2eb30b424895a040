/**
 * The change feed's rules, with a channel in memory: which statements move the version,
 * when a request's writes are announced, and that silence or a lost channel turns the
 * memory off until it is back (the two-instance proof is features/session/cross-instance.test.ts).
 */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './db/schema.ts';
import { createLogger } from './logger.ts';
import {
  type ChangeChannel,
  createSessionChanges,
  type SessionChanges,
  writesSessionAnswer,
} from './session-changes.ts';

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('which statements change a session answer', () => {
  const now = new Date();
  it('updates, deletes and upserts of session and user rows do', () => {
    expect(
      writesSessionAnswer(db.updateTable('session').set({ expiresAt: now }).where('id', '=', 'x').toOperationNode()),
    ).toBe(true);
    expect(writesSessionAnswer(db.updateTable('user').set({ name: 'n' }).where('id', '=', 'x').toOperationNode())).toBe(
      true,
    );
    expect(writesSessionAnswer(db.deleteFrom('session').where('userId', '=', 'x').toOperationNode())).toBe(true);
    expect(writesSessionAnswer(db.deleteFrom('user').where('id', '=', 'x').toOperationNode())).toBe(true);
    expect(
      writesSessionAnswer(
        db
          .insertInto('user')
          .values({ id: 'x', name: 'n', email: 'e', emailVerified: false, createdAt: now, updatedAt: now })
          .onConflict((oc) => oc.column('id').doUpdateSet({ name: 'n' }))
          .toOperationNode(),
      ),
    ).toBe(true);
    expect(writesSessionAnswer(sql`UPDATE "session" SET "expiresAt" = ${now}`.toOperationNode())).toBe(true);
    expect(writesSessionAnswer(sql`delete from user where id = ${'x'}`.toOperationNode())).toBe(true);
  });

  it('reads, plain inserts and other tables do not', () => {
    expect(writesSessionAnswer(db.selectFrom('session').selectAll().toOperationNode())).toBe(false);
    expect(
      writesSessionAnswer(
        db
          .insertInto('session')
          .values({
            id: 's',
            userId: 'u',
            token: 't',
            expiresAt: now,
            createdAt: now,
            updatedAt: now,
            ipAddress: null,
            userAgent: null,
          })
          .toOperationNode(),
      ),
    ).toBe(false);
    expect(writesSessionAnswer(db.updateTable('account').set({ password: 'p' }).toOperationNode())).toBe(false);
    expect(writesSessionAnswer(db.deleteFrom('verification').toOperationNode())).toBe(false);
    expect(writesSessionAnswer(sql`update "sessionArchive" set x = 1`.toOperationNode())).toBe(false);
  });
});

/** A channel in memory that the test can break. */
function memoryChannel() {
  let deliver: ((m: string) => void) | null = null;
  let state: ((on: boolean, reason?: string) => void) | null = null;
  const sent: string[] = [];
  const channel: ChangeChannel & { up(): void; down(): void; mute: boolean; sent: string[] } = {
    name: 'memory',
    mute: false,
    sent,
    start(onMessage, onState) {
      deliver = onMessage;
      state = onState;
    },
    async publish(message) {
      sent.push(message);
      if (!channel.mute) queueMicrotask(() => deliver?.(message));
    },
    async close() {},
    up: () => state?.(true),
    down: () => state?.(false, 'test'),
  };
  return channel;
}

describe('the feed', () => {
  let feed: SessionChanges | null = null;
  afterEach(async () => {
    await feed?.close();
    feed = null;
  });

  it('gives no version before the channel listens, nor while it is down; a return forgets the past', async () => {
    const channel = memoryChannel();
    feed = createSessionChanges({ channel, logger: createLogger('error') });
    expect(feed.version()).toBeNull();
    channel.up();
    const first = feed.version();
    expect(first).not.toBeNull();
    channel.down();
    expect(feed.version()).toBeNull();
    channel.up();
    const again = feed.version();
    expect(again).not.toBeNull();
    expect(again).not.toBe(first);
  });

  it("a request's write moves the version at once, again when it ends, and is announced before it answers", async () => {
    const channel = memoryChannel();
    feed = createSessionChanges({ channel, logger: createLogger('error') });
    channel.up();
    const plugin = feed.plugin;
    const before = feed.version();
    let during: number | null = null;
    const announcedBeforeEnd: number[] = [];
    await feed.within(async () => {
      plugin.transformQuery({ node: db.deleteFrom('session').toOperationNode(), queryId: { queryId: 'q' } });
      during = feed?.version() ?? null;
      announcedBeforeEnd.push(channel.sent.filter((m) => m.startsWith('w:')).length);
    });
    expect(during).not.toBe(before);
    expect(feed.version()).not.toBe(during);
    // not announced while the transaction may still be open, announced once it ended
    expect(announcedBeforeEnd).toEqual([0]);
    expect(channel.sent.filter((m) => m.startsWith('w:'))).toHaveLength(1);
    // a request that only reads announces nothing
    await feed.within(async () => {
      plugin.transformQuery({
        node: db.selectFrom('session').selectAll().toOperationNode(),
        queryId: { queryId: 'r' },
      });
    });
    expect(channel.sent.filter((m) => m.startsWith('w:'))).toHaveLength(1);
  });

  it("another instance's announcement moves the version", async () => {
    const channel = memoryChannel();
    feed = createSessionChanges({ channel, logger: createLogger('error') });
    channel.up();
    const v = feed.version();
    await channel.publish('w:someone-else');
    await Promise.resolve();
    expect(feed.version()).not.toBe(v);
  });

  it('without its own heartbeat for a while, it stops believing its memory until the heartbeat returns', async () => {
    const channel = memoryChannel();
    feed = createSessionChanges({ channel, logger: createLogger('error'), heartbeatMs: 10, silenceMs: 60 });
    channel.up();
    await new Promise((r) => setTimeout(r, 30));
    expect(feed.version()).not.toBeNull();
    // the connection hangs without closing: nothing arrives any more
    channel.mute = true;
    await new Promise((r) => setTimeout(r, 120));
    expect(feed.version()).toBeNull();
    channel.mute = false;
    await new Promise((r) => setTimeout(r, 40));
    expect(feed.version()).not.toBeNull();
  });
});
