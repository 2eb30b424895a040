import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';
/**
 * The one test harness (ARCHITECTURE.md): an app with an injected clock, a captured
 * mailer and a memory logger, on a database of the chosen dialect.
 */
import { type Auth, createAuth } from '../app.ts';
import { ManualClock } from '../core/clock.ts';
import type { LatchOptions } from '../core/config/schema.ts';
import { connectDatabase, type DatabaseHandle } from '../core/db/connect.ts';
import { migrateToLatest } from '../core/db/migrate.ts';
import type { Dialect } from '../core/db/schema.ts';
import { createMemoryLogger } from '../core/logger.ts';
import { createCapturingMailer, type Mailer } from '../core/mail/transport.ts';
import { TestClient } from './client.ts';
import { createTestDatabase, redisAvailable, type TestDatabase, testDialects } from './databases.ts';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-latch-0123456789';
export const BASE_URL = 'http://localhost:3000';
export const PASSWORD = 'Correct-Horse-9-Battery';

export interface SharedDatabase {
  handle: DatabaseHandle;
  test: TestDatabase;
  close(): Promise<void>;
}

/** One migrated database per test file and dialect. */
export async function openSharedDatabase(dialect: Dialect): Promise<SharedDatabase> {
  const test = await createTestDatabase(dialect);
  const handle = connectDatabase(test.url, { poolSize: 5 });
  await migrateToLatest(handle.db, handle.dialect);
  return {
    handle,
    test,
    async close() {
      await handle.close();
      await test.drop();
    },
  };
}

export interface TestApp {
  auth: Auth;
  clock: ManualClock;
  mailer: ReturnType<typeof createCapturingMailer>;
  logger: ReturnType<typeof createMemoryLogger>;
  client(): TestClient;
  close(): Promise<void>;
}

export interface TestAppOverrides {
  /** A real transport (e.g. SMTP to startSmtpReceiver()); `TestApp.mailer` then captures nothing. */
  mailer?: Mailer;
  /** Shared storage for rate limits (two instances behind one load balancer). */
  redis?: Redis | null;
}

export function createTestApp(
  database: SharedDatabase,
  options: LatchOptions = {},
  overrides: TestAppOverrides = {},
): TestApp {
  const clock = new ManualClock(new Date('2026-11-22T10:00:00.000Z'));
  const mailer = createCapturingMailer();
  const logger = createMemoryLogger();
  const auth = createAuth(
    { baseURL: BASE_URL, secret: TEST_SECRET, rateLimit: { enabled: false }, ...options },
    {
      clock,
      mailer: overrides.mailer ?? mailer,
      logger,
      database: database.handle,
      redis: overrides.redis ?? null,
      env: { production: false, test: true },
    },
  );
  return {
    auth,
    clock,
    mailer,
    logger,
    client: () => new TestClient(auth.fetch, BASE_URL),
    close: () => auth.close(),
  };
}

export async function signUpUser(
  app: TestApp,
  extra: Record<string, unknown> = {},
): Promise<{ client: TestClient; email: string; userId: string; token: string }> {
  const client = app.client();
  const email = (extra.email as string | undefined) ?? `user-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const res = await client.post('/sign-up/email', { name: 'Test User', email, password: PASSWORD, ...extra });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return { client, email: email.toLowerCase(), userId: res.json.user.id, token: res.json.token };
}

/** Follows the newest verification link mailed to `email` (the captured mailer) in `client`. */
export async function verifyEmailOf(app: TestApp, client: TestClient, email: string): Promise<void> {
  const message = [...app.mailer.messages].reverse().find((m) => m.to === email && m.kind === 'verify-email');
  const link = message && /https?:\/\/\S+\/verify-email\?[^\s"<]+/.exec(message.text)?.[0];
  if (!link) throw new Error(`no verification mail to ${email}`);
  const res = await client.get(link.replace(/&amp;/g, '&'));
  if (res.status >= 400) throw new Error(`verify-email answered ${res.status} ${res.text}`);
}

/** A signed-up user whose address was verified through the mailed link (as most real accounts are). */
export async function signUpVerifiedUser(
  app: TestApp,
  extra: Record<string, unknown> = {},
): Promise<{ client: TestClient; email: string; userId: string; token: string }> {
  const user = await signUpUser(app, extra);
  await verifyEmailOf(app, user.client, user.email);
  return user;
}

export interface DatabaseSuite {
  readonly dialect: Dialect;
  /** The app of this suite (available inside tests and hooks). */
  readonly app: TestApp;
  readonly db: SharedDatabase;
}

/**
 * Declares the same suite once per database (SQLite, and PostgreSQL and MariaDB when
 * reachable; unreachable ones are skipped with a printed line, or fail under CI),
 * each with its own migrated database and app. A suite that needs more apps on the
 * same database creates them from `suite.db` (and closes them).
 */
export async function describeOnDatabases(
  title: string,
  options: LatchOptions,
  body: (suite: DatabaseSuite) => void,
): Promise<void> {
  await forEachDatabase(title, (dialect) => {
    let app: TestApp | undefined;
    let db: SharedDatabase | undefined;
    beforeAll(async () => {
      db = await openSharedDatabase(dialect);
      app = createTestApp(db, options);
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
    });
    body({
      dialect,
      get app() {
        if (!app) throw new Error('the suite app exists only inside tests and hooks');
        return app;
      },
      get db() {
        if (!db) throw new Error('the suite database exists only inside tests and hooks');
        return db;
      },
    });
  });
}

export interface DatabaseMatrixOptions {
  /** Only these databases (e.g. the servers that can share changes between instances). */
  only?: readonly Dialect[];
  /** The suite needs Redis as well: skipped where it is unreachable (failing under CI instead). */
  redis?: boolean;
}

/**
 * The database matrix for suites that open their own database or apps (a migration on an
 * empty database, two instances on one database and one Redis): declares `body` once per
 * database, in a describe block skipped where that database (or Redis) is unreachable.
 * A string title is named as describeOnDatabases names its suites, "<title> on <dialect>".
 */
export async function forEachDatabase(
  title: string | ((dialect: Dialect) => string),
  body: (dialect: Dialect) => void,
  options: DatabaseMatrixOptions = {},
): Promise<void> {
  const redisMissing = options.redis === true && !(await redisAvailable());
  for (const { dialect, skip } of await testDialects()) {
    if (options.only && !options.only.includes(dialect)) continue;
    const name = typeof title === 'string' ? `${title} on ${dialect}` : title(dialect);
    describe.skipIf(Boolean(skip) || redisMissing)(name, () => body(dialect));
  }
}
