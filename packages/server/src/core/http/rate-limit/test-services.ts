/**
 * Real services for the rate-limit tests: a throwaway database per test file on Postgres
 * and MariaDB (so parallel files never collide), SQLite in memory, and Redis. A service
 * that cannot be reached skips its tests with a message, except under CI=true, where it
 * fails them.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Dialect } from '../../db/schema.ts';

export const POSTGRES_URL = process.env.LATCH_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MYSQL_URL = process.env.LATCH_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
export const REDIS_URL = process.env.LATCH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const PROBE_TIMEOUT_MS = 3000;

async function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** True when the service answers; otherwise false with a message, or a throw under CI=true. */
async function probe(name: string, url: string, check: () => Promise<void>): Promise<boolean> {
  try {
    await withTimeout(check(), name);
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (process.env.CI === 'true') throw new Error(`${name} at ${url} is unreachable (${reason}); CI=true, so failing`);
    console.warn(`[rate-limit tests] ${name} at ${url} is unreachable (${reason}): skipping its tests`);
    return false;
  }
}

export function probePostgres(): Promise<boolean> {
  return probe('PostgreSQL', POSTGRES_URL, async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.end();
  });
}

export function probeMysql(): Promise<boolean> {
  return probe('MariaDB/MySQL', MYSQL_URL, async () => {
    const connection = await createConnection({ uri: MYSQL_URL });
    await connection.end();
  });
}

export function probeRedis(): Promise<boolean> {
  return probe('Redis', REDIS_URL, async () => {
    const redis = connectRedis();
    try {
      await redis.ping();
    } finally {
      redis.disconnect();
    }
  });
}

/** A connection that is ready (the Redis store refuses to queue commands while connecting). */
export async function openRedis(): Promise<Redis> {
  const redis = connectRedis();
  await redis.ping();
  return redis;
}

function connectRedis(): Redis {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: PROBE_TIMEOUT_MS });
  // failures reach the caller through the rejected command; without a listener ioredis prints each retry
  redis.on('error', () => undefined);
  return redis;
}

export interface ThrowawayDatabase {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

/** A fresh, migrated database of the given dialect, dropped by `dispose`. */
export async function createThrowawayDatabase(dialect: Dialect): Promise<ThrowawayDatabase> {
  if (dialect === 'sqlite') {
    const handle = connectDatabase('sqlite::memory:');
    await migrateToLatest(handle.db, handle.dialect);
    return { handle, dispose: () => handle.close() };
  }
  const name = `latch_rl_${randomBytes(6).toString('hex')}`;
  if (dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const handle = connectDatabase(withDatabase(POSTGRES_URL, name), { poolSize: 10 });
    await migrateToLatest(handle.db, handle.dialect);
    return {
      handle,
      async dispose() {
        await handle.close();
        await dropPostgresDatabase(admin, name);
        await admin.end();
      },
    };
  }
  const admin = await createConnection({ uri: MYSQL_URL });
  await admin.query(`CREATE DATABASE ${name}`);
  const handle = connectDatabase(withDatabase(MYSQL_URL, name), { poolSize: 10 });
  await migrateToLatest(handle.db, handle.dialect);
  return {
    handle,
    async dispose() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

/**
 * Without FORCE: terminating the pool's sessions would surface as uncaught errors on
 * clients that are still closing, so wait until they are gone.
 */
async function dropPostgresDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      // 55006: the database is being accessed by other users
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A random IPv4 address in 10/8, so tests sharing one Redis never share a bucket. */
export function randomIPv4(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}
