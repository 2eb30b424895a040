/** The limiter over the memory store, time driven by a ManualClock. */
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import type { RateLimitRule, ResolvedConfig } from '../../config/resolve.ts';
import { connectDatabase } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { createMemoryLogger } from '../../logger.ts';
import { createRateLimiter, type RateLimiter, UNLIMITED } from './index.ts';
import { memoize } from './limiter.ts';
import { createMemoryStore } from './memory-store.ts';

type Config = ResolvedConfig['rateLimit'];

const config = (over: Partial<Config> = {}): Config => ({
  enabled: true,
  window: 10,
  max: 100,
  customRules: {},
  storage: 'memory',
  ...over,
});

// the memory store never touches the database; a placeholder keeps the deps honest
const noDb = {} as Kysely<Database>;

const open: RateLimiter[] = [];
function limiterWith(over: Partial<Config> = {}, clock = new ManualClock(), memoryMaxKeys?: number) {
  const limiter = createRateLimiter(config(over), { db: noDb, redis: null, clock, memoryMaxKeys });
  open.push(limiter);
  return { limiter, clock };
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.close()));
});

const signIn = (limiter: RateLimiter, ip: string | null, path = '/api/auth/sign-in/email') =>
  limiter.checkRequest({ ip, path });

describe('fixed window per IP and path', () => {
  it('allows max, then refuses with the seconds left, then recovers after the window', async () => {
    const { limiter, clock } = limiterWith();
    for (let i = 0; i < 3; i++) {
      expect(await signIn(limiter, '203.0.113.1')).toMatchObject({ allowed: true, limit: 3, remaining: 2 - i });
    }
    expect(await signIn(limiter, '203.0.113.1')).toEqual({
      allowed: false,
      retryAfterSeconds: 10,
      limit: 3,
      remaining: 0,
    });
    clock.advance(9.2);
    expect(await signIn(limiter, '203.0.113.1')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    clock.advance(0.8);
    expect(await signIn(limiter, '203.0.113.1')).toMatchObject({ allowed: true, remaining: 2, retryAfterSeconds: 10 });
  });

  it('does not let refused requests extend the window or bump the count', async () => {
    const { limiter, clock } = limiterWith();
    for (let i = 0; i < 3; i++) await signIn(limiter, '203.0.113.2');
    for (let s = 1; s <= 9; s++) {
      clock.advance(1);
      expect(await signIn(limiter, '203.0.113.2')).toMatchObject({ allowed: false, retryAfterSeconds: 10 - s });
    }
    clock.advance(1);
    // a fresh window: all three again, which a bumped count would not give
    for (let i = 0; i < 3; i++) expect((await signIn(limiter, '203.0.113.2')).allowed).toBe(true);
    expect((await signIn(limiter, '203.0.113.2')).allowed).toBe(false);
  });

  it('applies the 60 s rules to password reset and verification e-mails', async () => {
    const { limiter } = limiterWith();
    for (const path of [
      '/api/auth/request-password-reset',
      '/api/auth/forget-password',
      '/api/auth/send-verification-email',
    ]) {
      for (let i = 0; i < 3; i++) expect((await signIn(limiter, '203.0.113.3', path)).allowed).toBe(true);
      expect(await signIn(limiter, '203.0.113.3', path)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    }
  });

  it('uses the configured default for other paths', async () => {
    const { limiter } = limiterWith({ window: 30, max: 5 });
    for (let i = 0; i < 5; i++)
      expect((await signIn(limiter, '203.0.113.4', '/api/auth/get-session')).allowed).toBe(true);
    expect(await signIn(limiter, '203.0.113.4', '/api/auth/get-session')).toMatchObject({
      allowed: false,
      retryAfterSeconds: 30,
      limit: 5,
    });
  });

  it('puts every spelling of a path in one bucket', async () => {
    const { limiter } = limiterWith();
    const variants = ['/api/auth/Sign-In/Email/', '/api/auth/sign-in//email', '/api/auth/sign-in%2Femail'];
    for (const path of variants) expect((await signIn(limiter, '203.0.113.5', path)).allowed).toBe(true);
    expect((await signIn(limiter, '203.0.113.5', '/api/auth/sign-in/email')).allowed).toBe(false);
    expect((await signIn(limiter, '203.0.113.5', '/api/auth/SIGN-IN/EMAIL?x=1')).allowed).toBe(false);
  });

  it('keeps different paths and different clients apart', async () => {
    const { limiter } = limiterWith();
    for (let i = 0; i < 3; i++) await signIn(limiter, '203.0.113.6');
    expect((await signIn(limiter, '203.0.113.6')).allowed).toBe(false);
    expect((await signIn(limiter, '203.0.113.6', '/api/auth/sign-up/email')).allowed).toBe(true);
    expect((await signIn(limiter, '203.0.113.7')).allowed).toBe(true);
    expect((await signIn(limiter, '::ffff:203.0.113.6')).allowed).toBe(false);
  });

  it('keeps counting in the right bucket after more paths and addresses than it remembers buckets of', async () => {
    const { limiter } = limiterWith({ max: 1_000_000 });
    for (let i = 0; i < 2; i++) await signIn(limiter, '203.0.113.8');
    // a flood of distinct junk paths and addresses (attacker-chosen) fills and resets the memo
    for (let i = 0; i < 12_000; i++)
      await limiter.checkRequest({ ip: `198.51.${i >> 8}.${i & 0xff}`, path: `/api/auth/junk-${i}` });
    expect((await signIn(limiter, '203.0.113.8', '/api/auth/Sign-In/Email/')).allowed).toBe(true);
    expect((await signIn(limiter, '203.0.113.8')).allowed).toBe(false);
    expect((await signIn(limiter, '::ffff:203.0.113.8')).allowed).toBe(false);
  });

  it('groups IPv6 clients by /64', async () => {
    const { limiter } = limiterWith();
    const sameSlash64 = ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::9', '2001:db8:1:2:ffff:ffff:ffff:ffff'];
    for (const ip of sameSlash64) expect((await signIn(limiter, ip)).allowed).toBe(true);
    expect((await signIn(limiter, '2001:db8:1:2::77')).allowed).toBe(false);
    expect((await signIn(limiter, '2001:db8:1:3::1')).allowed).toBe(true);
  });

  it('shares one bucket among requests without a client address, and warns once', async () => {
    const logger = createMemoryLogger();
    const limiter = createRateLimiter(config(), { db: noDb, redis: null, clock: new ManualClock(), logger });
    open.push(limiter);
    await signIn(limiter, null);
    await signIn(limiter, 'garbage');
    await signIn(limiter, null);
    expect((await signIn(limiter, '')).allowed).toBe(false);
    expect(logger.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
  });
});

describe('per account', () => {
  it('stops an attacker who rotates IPs after 5 sign-ins a minute, whatever the case of the e-mail', async () => {
    const { limiter, clock } = limiterWith();
    const accounts = [
      'victim@example.com',
      'Victim@Example.com',
      ' VICTIM@example.com',
      'victim@example.com',
      'victim@EXAMPLE.com',
    ];
    for (const [i, account] of accounts.entries()) {
      expect(await signIn(limiter, `198.51.100.${i}`)).toMatchObject({ allowed: true });
      expect(await limiter.checkAccount({ path: '/api/auth/sign-in/email', account })).toMatchObject({
        allowed: true,
        limit: 5,
        remaining: 4 - i,
      });
    }
    expect((await signIn(limiter, '198.51.100.99')).allowed).toBe(true);
    expect(await limiter.checkAccount({ path: '/api/auth/sign-in/email', account: 'victim@example.com' })).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
      limit: 5,
      remaining: 0,
    });
    // another account is untouched; the victim recovers after the minute
    expect((await limiter.checkAccount({ path: '/sign-in/email', account: 'other@example.com' })).allowed).toBe(true);
    clock.advance(60);
    expect((await limiter.checkAccount({ path: '/sign-in/email', account: 'victim@example.com' })).allowed).toBe(true);
  });

  it('a spray of made-up paths that fills the memory store never makes it forget a per-account budget', async () => {
    const { limiter } = limiterWith({}, new ManualClock(), 100);
    const victim = { path: '/api/auth/sign-in/email', account: 'victim@example.com' };
    for (let i = 0; i < 5; i++) expect((await limiter.checkAccount(victim)).allowed).toBe(true);
    expect((await limiter.checkAccount(victim)).allowed).toBe(false);
    // three times the store's bound of fresh per-address windows, each on a path of its own
    for (let i = 0; i < 300; i++) await limiter.checkRequest({ ip: '203.0.113.7', path: `/api/auth/x${i}` });
    expect((await limiter.checkAccount(victim)).allowed).toBe(false);
  });

  it('lets a person mistype twice and still sign in', async () => {
    const { limiter } = limiterWith();
    for (let i = 0; i < 3; i++) {
      expect((await limiter.checkAccount({ path: '/sign-in/email', account: 'me@example.com' })).allowed).toBe(true);
    }
  });

  it('counts both password-reset endpoints together', async () => {
    const { limiter } = limiterWith();
    const account = 'inbox@example.com';
    expect((await limiter.checkAccount({ path: '/request-password-reset', account })).allowed).toBe(true);
    expect((await limiter.checkAccount({ path: '/forget-password', account })).allowed).toBe(true);
    expect((await limiter.checkAccount({ path: '/request-password-reset', account })).allowed).toBe(true);
    expect(await limiter.checkAccount({ path: '/forget-password', account })).toMatchObject({
      allowed: false,
      retryAfterSeconds: 300,
    });
  });

  it('keeps the sign-in and two-factor buckets of one account apart', async () => {
    const { limiter } = limiterWith();
    for (let i = 0; i < 5; i++) await limiter.checkAccount({ path: '/sign-in/email', account: 'u1' });
    expect((await limiter.checkAccount({ path: '/sign-in/email', account: 'u1' })).allowed).toBe(false);
    expect((await limiter.checkAccount({ path: '/two-factor/verify-totp', account: 'u1' })).allowed).toBe(true);
  });
});

describe('configuration', () => {
  it('allows everything when disabled', async () => {
    const { limiter } = limiterWith({ enabled: false });
    for (let i = 0; i < 20; i++) expect(await signIn(limiter, '203.0.113.8')).toEqual(UNLIMITED);
    expect(await limiter.checkAccount({ path: '/sign-in/email', account: 'a@b.c' })).toEqual(UNLIMITED);
  });

  it('lets customRules override built-ins, with wildcards, and false disable', async () => {
    const customRules: Record<string, RateLimitRule> = {
      '/sign-in/email': { window: 5, max: 1 },
      '/two-factor/*': false,
      '/organization/*': { window: 20, max: 2 },
    };
    const { limiter } = limiterWith({ customRules });
    expect((await signIn(limiter, '203.0.113.9')).allowed).toBe(true);
    expect(await signIn(limiter, '203.0.113.9')).toMatchObject({ allowed: false, retryAfterSeconds: 5, limit: 1 });

    for (let i = 0; i < 10; i++) {
      expect(await signIn(limiter, '203.0.113.9', '/api/auth/two-factor/verify-totp')).toEqual(UNLIMITED);
      expect(await limiter.checkAccount({ path: '/two-factor/verify-totp', account: 'u' })).toEqual(UNLIMITED);
    }

    const org = '/api/auth/organization/create';
    expect((await signIn(limiter, '203.0.113.9', org)).allowed).toBe(true);
    expect((await signIn(limiter, '203.0.113.9', org)).allowed).toBe(true);
    expect(await signIn(limiter, '203.0.113.9', org)).toMatchObject({ allowed: false, retryAfterSeconds: 20 });
    // a wildcard rule still counts each path on its own
    expect((await signIn(limiter, '203.0.113.9', '/api/auth/organization/list')).allowed).toBe(true);
  });

  it('refuses to start with storage "redis" and no Redis', () => {
    expect(() =>
      createRateLimiter(config({ storage: 'redis' }), { db: noDb, redis: null, clock: new ManualClock() }),
    ).toThrow(/redis/);
  });
});

describe('memory store bounds', () => {
  it('keeps at most maxKeys keys, forgetting the oldest', async () => {
    const clock = new ManualClock();
    const store = createMemoryStore(clock, 100);
    const rule = { window: 60, max: 1 };
    for (let i = 0; i < 250; i++) await store.hit(`k${i}`, rule);
    expect(store.size).toBe(100);
    expect((await store.hit('k249', rule)).allowed).toBe(false); // recent: remembered
    expect((await store.hit('k0', rule)).allowed).toBe(true); // oldest: forgotten
  });

  it('drops expired windows before live ones', async () => {
    const clock = new ManualClock();
    const store = createMemoryStore(clock, 3);
    await store.hit('short', { window: 1, max: 1 });
    await store.hit('long-a', { window: 60, max: 1 });
    await store.hit('long-b', { window: 60, max: 1 });
    clock.advance(2);
    await store.hit('new', { window: 60, max: 1 });
    expect(store.size).toBe(3);
    expect((await store.hit('long-a', { window: 60, max: 1 })).allowed).toBe(false);
  });
});

describe('when the shared store fails', () => {
  it('falls back to counting in memory and logs the failure once a minute', async () => {
    // a database without the rateLimit table: every query fails
    const broken = connectDatabase('sqlite::memory:');
    const logger = createMemoryLogger();
    const clock = new ManualClock();
    const limiter = createRateLimiter(config({ storage: 'database' }), { db: broken.db, redis: null, clock, logger });
    try {
      for (let i = 0; i < 3; i++) expect((await signIn(limiter, '203.0.113.10')).allowed).toBe(true);
      expect(await signIn(limiter, '203.0.113.10')).toMatchObject({ allowed: false, retryAfterSeconds: 10 });
      expect(logger.lines.filter((l) => l.level === 'error')).toHaveLength(1);
      expect(logger.lines[0]?.line).toContain('database store failed');
    } finally {
      await limiter.close();
      await broken.close();
    }
  });
});

describe('memoize', () => {
  it('answers as the function does and stays within its bound', () => {
    let calls = 0;
    const square = memoize((arg: string) => {
      calls += 1;
      return Number(arg) ** 2;
    }, 3);
    expect([square('2'), square('2'), square('3')]).toEqual([4, 4, 9]);
    expect(calls).toBe(2);
    // full at three: the fourth argument starts over, and an earlier one is worked out again
    square('4');
    square('5');
    expect(square('2')).toBe(4);
    expect(calls).toBe(5);
  });

  it('remembers a null answer too', () => {
    let calls = 0;
    const none = memoize(() => {
      calls += 1;
      return null;
    }, 10);
    expect([none('a'), none('a')]).toEqual([null, null]);
    expect(calls).toBe(1);
  });
});
