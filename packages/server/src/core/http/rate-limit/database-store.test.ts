/** The limiter over the `rateLimit` table on SQLite, Postgres and MariaDB, time driven by a ManualClock. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, openSharedDatabase, type SharedDatabase } from '../../../test/harness.ts';
import { ManualClock } from '../../clock.ts';
import type { ResolvedConfig } from '../../config/resolve.ts';
import { createDatabaseStore, detectDialect } from './database-store.ts';
import { createRateLimiter, type RateLimiter } from './index.ts';

const config = (over: Partial<ResolvedConfig['rateLimit']> = {}): ResolvedConfig['rateLimit'] => ({
  enabled: true,
  window: 10,
  max: 100,
  customRules: { '/burst': { window: 60, max: 7 } },
  storage: 'database',
  ...over,
});

await forEachDatabase('database store', (dialect) => {
  let database: SharedDatabase;
  let clock: ManualClock;
  let limiter: RateLimiter;

  beforeAll(async () => {
    database = await openSharedDatabase(dialect);
    clock = new ManualClock(Date.UTC(2030, 0, 1));
    limiter = createRateLimiter(config(), { db: database.handle.db, redis: null, clock });
  });

  afterAll(async () => {
    await limiter?.close();
    await database?.close();
  });

  const rows = () => database.handle.db.selectFrom('rateLimit').selectAll().execute();

  it('recognises its dialect', () => {
    expect(detectDialect(database.handle.db)).toBe(dialect);
  });

  it('allows max, then refuses with the seconds left, then recovers after the window', async () => {
    const ip = '203.0.113.1';
    for (let i = 0; i < 3; i++) {
      expect(await limiter.checkRequest({ ip, path: '/api/auth/sign-in/email' })).toMatchObject({
        allowed: true,
        remaining: 2 - i,
      });
    }
    expect(await limiter.checkRequest({ ip, path: '/api/auth/sign-in/email' })).toEqual({
      allowed: false,
      retryAfterSeconds: 10,
      limit: 3,
      remaining: 0,
    });
    clock.advance(9.5);
    expect(await limiter.checkRequest({ ip, path: '/api/auth/sign-in/email' })).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    });
    clock.advance(0.5);
    expect(await limiter.checkRequest({ ip, path: '/api/auth/sign-in/email' })).toMatchObject({
      allowed: true,
      remaining: 2,
    });
  });

  it('does not let refused requests extend the window or bump the stored count', async () => {
    const ip = '203.0.113.2';
    const path = '/api/auth/sign-up/email';
    for (let i = 0; i < 3; i++) await limiter.checkRequest({ ip, path });
    for (let s = 1; s <= 9; s++) {
      clock.advance(1);
      expect(await limiter.checkRequest({ ip, path })).toMatchObject({ allowed: false, retryAfterSeconds: 10 - s });
    }
    const row = (await rows()).find((r) => r.key === `ip|${ip}|/sign-up/email`);
    expect(row?.count).toBe(3);
    clock.advance(1);
    for (let i = 0; i < 3; i++) expect((await limiter.checkRequest({ ip, path })).allowed).toBe(true);
    expect((await limiter.checkRequest({ ip, path })).allowed).toBe(false);
  });

  it('shares buckets across path spellings and within an IPv6 /64', async () => {
    const paths = ['/api/auth/Sign-In/Username/', '/api/auth/sign-in//username', '/api/auth/sign-in%2Fusername'];
    const ips = ['2001:db8:a:b::1', '2001:db8:a:b::2', '2001:db8:a:b:c:d:e:f'];
    for (const [i, path] of paths.entries()) {
      expect((await limiter.checkRequest({ ip: ips[i] ?? null, path })).allowed).toBe(true);
    }
    expect((await limiter.checkRequest({ ip: '2001:db8:a:b::99', path: '/sign-in/username' })).allowed).toBe(false);
    expect((await limiter.checkRequest({ ip: '2001:db8:a:c::1', path: '/sign-in/username' })).allowed).toBe(true);
  });

  it('limits an account across IPs', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await limiter.checkAccount({ path: '/sign-in/email', account: 'Victim@Example.com' })).allowed).toBe(
        true,
      );
    }
    expect(await limiter.checkAccount({ path: '/sign-in/email', account: 'victim@example.com' })).toMatchObject({
      allowed: false,
      retryAfterSeconds: 60,
    });
    // the table holds a digest, never the address
    expect((await rows()).some((r) => r.key.includes('victim'))).toBe(false);
  });

  it('lets exactly max of 50 parallel requests through', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => limiter.checkRequest({ ip: '203.0.113.50', path: '/burst' })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds === 60)).toBe(true);
  });

  it('lets exactly max through when 50 parallel requests open a window that has just ended', async () => {
    const key = { ip: '203.0.113.51', path: '/burst' };
    for (let i = 0; i < 7; i++) await limiter.checkRequest(key);
    clock.advance(60);
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.checkRequest(key)));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
  });

  it('deletes rows whose window is long over', async () => {
    const store = createDatabaseStore({ db: database.handle.db, clock, longestWindowSeconds: 300 });
    await store.hit('prune-me', { window: 10, max: 1 });
    clock.advance(301 + 60);
    await store.hit('keep-me', { window: 10, max: 1 });
    await store.close(); // waits for the background prune
    const keys = (await rows()).map((r) => r.key);
    expect(keys).toContain('keep-me');
    expect(keys).not.toContain('prune-me');
  });
});
