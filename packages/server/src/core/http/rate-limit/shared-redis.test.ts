/**
 * Two Latch instances behind one load balancer share their rate limits through Redis:
 * a client alternating between them hits the limit after `max` requests in total.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REDIS_URL, redisAvailable } from '../../../test/databases.ts';
import { createTestApp, openSharedDatabase, type SharedDatabase, type TestApp } from '../../../test/harness.ts';

const reachable = await redisAvailable();

let db: SharedDatabase;
let redisA: Redis;
let redisB: Redis;
let a: TestApp;
let b: TestApp;
const path = `/is-username-available`;

beforeAll(async () => {
  if (!reachable) return;
  db = await openSharedDatabase('sqlite');
  redisA = new Redis(REDIS_URL);
  redisB = new Redis(REDIS_URL);
  // a limiter that starts before its connection is ready counts in memory meanwhile
  await Promise.all([redisA.ping(), redisB.ping()]);
  const options = {
    rateLimit: { enabled: true, storage: 'redis' as const, customRules: { [path]: { window: 60, max: 4 } } },
  };
  a = createTestApp(db, options, { redis: redisA });
  b = createTestApp(db, options, { redis: redisB });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await redisA?.quit();
  await redisB?.quit();
  await db?.close();
});

it.skipIf(!reachable)('two app instances sharing Redis agree on one budget', async () => {
  const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const app = i % 2 === 0 ? a : b;
    const res = await app.client().post(path, { username: 'someone_free' }, { ip });
    statuses.push(res.status);
    if (res.status === 429) {
      expect(Number(res.headers.get('x-retry-after'))).toBeGreaterThan(0);
      expect(res.json.code).toBe('TOO_MANY_REQUESTS');
    }
  }
  expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  // another address still has its own budget on either instance
  expect((await b.client().post(path, { username: 'someone_free' }, { ip: '203.0.113.9' })).status).toBe(200);
});
