/**
 * The databases the HTTP suite runs on: SQLite always, PostgreSQL and MariaDB when
 * reachable. Without them a run says so and skips them; under CI (CI=true) an
 * unreachable server fails the run instead.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { Dialect } from '../core/db/schema.ts';

export const POSTGRES_URL = process.env.LATCH_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MYSQL_URL = process.env.LATCH_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
export const REDIS_URL = process.env.LATCH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const inCI = process.env.CI === 'true';

export interface TestDatabase {
  dialect: Dialect;
  url: string;
  drop(): Promise<void>;
}

async function probe(dialect: Dialect): Promise<string | null> {
  try {
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
      await client.connect();
      await client.end();
    } else if (dialect === 'mysql') {
      const conn = await mysql.createConnection({ uri: MYSQL_URL, connectTimeout: 3000 });
      await conn.end();
    }
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

const probes = new Map<Dialect, Promise<string | null>>();

/** Each dialect with whether it runs here; logs a line for each one skipped. */
export async function testDialects(): Promise<{ dialect: Dialect; skip: string | false }[]> {
  const out: { dialect: Dialect; skip: string | false }[] = [{ dialect: 'sqlite', skip: false }];
  for (const dialect of ['postgres', 'mysql'] as const) {
    if (!probes.has(dialect)) probes.set(dialect, probe(dialect));
    const problem = await probes.get(dialect);
    if (problem && inCI) throw new Error(`${dialect} is not reachable under CI: ${problem}`);
    if (problem) {
      const label = dialect === 'postgres' ? 'PostgreSQL' : 'MariaDB/MySQL';
      process.stdout.write(`SKIP ${label} tests: not reachable (${problem}); set CI=true to fail instead\n`);
    }
    out.push({ dialect, skip: problem ? `${dialect} unreachable` : false });
  }
  return out;
}

/** A fresh, empty database of that dialect, for one test file. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const name = `latch_t_${randomBytes(6).toString('hex')}`;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'latch-test-'));
    return {
      dialect,
      url: `sqlite:${join(dir, 'test.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return {
      dialect,
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: POSTGRES_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const conn = await mysql.createConnection({ uri: MYSQL_URL });
  await conn.query(`CREATE DATABASE ${name}`);
  await conn.end();
  const url = new URL(MYSQL_URL);
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.toString(),
    drop: async () => {
      const c = await mysql.createConnection({ uri: MYSQL_URL });
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
    },
  };
}

// --- Redis, for the tests of what instances share -------------------------------------

function connectRedis(): Redis {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 3000, lazyConnect: true });
  // failures reach the caller through the rejected command; without a listener ioredis prints each retry
  redis.on('error', () => undefined);
  return redis;
}

let redisProbe: Promise<string | null> | null = null;

/** Whether Redis answers here; logs a line when it does not, and throws under CI=true. */
export async function redisAvailable(): Promise<boolean> {
  redisProbe ??= (async () => {
    const redis = connectRedis();
    try {
      await redis.connect();
      await redis.ping();
      return null;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    } finally {
      redis.disconnect();
    }
  })();
  const problem = await redisProbe;
  if (problem && inCI) throw new Error(`Redis is not reachable under CI: ${problem}`);
  if (problem)
    process.stdout.write(`SKIP Redis tests: not reachable at ${REDIS_URL} (${problem}); set CI=true to fail instead\n`);
  return problem === null;
}

/** A connection that is ready (the Redis store refuses to queue commands while connecting). */
export async function openRedis(): Promise<Redis> {
  const redis = connectRedis();
  await redis.connect();
  await redis.ping();
  return redis;
}

/** A random IPv4 address in 10/8, so tests sharing one Redis never share a bucket. */
export function randomIPv4(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}
