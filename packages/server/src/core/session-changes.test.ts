/**
 * The change feed's rules, with a channel in memory: which statements move the version,
 * when a request's writes are announced, and that silence or a lost channel turns the
 * memory off until it is back (the two-instance proof is features/session/cross-instance.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { queryBuilder } from '../test/query-builder.ts';
import { createLogger } from './logger.ts';
import { type ChangeChannel, createSessionChanges, type SessionChanges } from './session-changes.ts';

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
      plugin.transformQuery({ node: queryBuilder.deleteFrom('session').toOperationNode(), queryId: { queryId: 'q' } });
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
        node: queryBuilder.selectFrom('session').selectAll().toOperationNode(),
        queryId: { queryId: 'r' },
      });
    });
    expect(channel.sent.filter((m) => m.startsWith('w:'))).toHaveLength(1);
  });

  it('a read-only write moves the read version, not the session version, and is announced as r:', async () => {
    const channel = memoryChannel();
    feed = createSessionChanges({ channel, logger: createLogger('error') });
    expect(feed.readVersion()).toBeNull();
    channel.up();
    const session = feed.version();
    const read = feed.readVersion();
    let during: number | null = null;
    await feed.within(async () => {
      feed?.plugin.transformQuery({
        node: queryBuilder.updateTable('member').set({ role: 'admin' }).toOperationNode(),
        queryId: { queryId: 'q' },
      });
      during = feed?.readVersion() ?? null;
    });
    expect(during).not.toBe(read);
    expect(feed.readVersion()).not.toBe(during);
    expect(feed.version()).toBe(session);
    expect(channel.sent.filter((m) => !m.startsWith('hb:'))).toEqual([expect.stringMatching(/^r:/)]);
    // another instance's read-only change: the reads forget, the session check keeps its memory
    const before = feed.readVersion();
    await channel.publish('r:someone-else');
    await Promise.resolve();
    expect(feed.readVersion()).not.toBe(before);
    expect(feed.version()).toBe(session);
    // a session change moves both
    const readBefore = feed.readVersion();
    await channel.publish('w:someone-else');
    await Promise.resolve();
    expect(feed.version()).not.toBe(session);
    expect(feed.readVersion()).not.toBe(readBefore);
    // and a lost channel makes both null
    channel.down();
    expect(feed.readVersion()).toBeNull();
    expect(feed.version()).toBeNull();
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
