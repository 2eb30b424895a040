/**
 * createAuth(options) assembles one Latch instance: configuration, database, mail,
 * rate limits and every feature's endpoints, and returns
 *   - fetch(Request): Promise<Response>, to mount in any framework or serve with main.ts;
 *   - api.*: functions for trusted server code (no HTTP, no rate limit, no origin check);
 *   - migrate() and close().
 */
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { type Clock, systemClock } from './core/clock.ts';
import { type ResolvedConfig, resolveConfig } from './core/config/resolve.ts';
import type { LatchOptions } from './core/config/schema.ts';
import { hashPassword } from './core/crypto/password.ts';
import { trackCommits } from './core/db/after-commit.ts';
import { connectDatabase, type DatabaseHandle } from './core/db/connect.ts';
import { migrateToLatest } from './core/db/migrate.ts';
import { authError } from './core/errors.ts';
import type { AuthDeps } from './core/http/context.ts';
import type { Endpoint } from './core/http/endpoint.ts';
import { createRateLimiter } from './core/http/rate-limit/index.ts';
import { createRouter, type RequestInfo } from './core/http/router.ts';
import { createLogger, type Logger } from './core/logger.ts';
import { createMailer, type Mailer } from './core/mail/transport.ts';
import { createFastRead, createReadCache, type FastRead } from './core/read-cache.ts';
import { createSessionRevocations } from './core/revocations.ts';
import { postgresChangeChannel, redisChangeChannel } from './core/session-change-channels.ts';
import { type ChangeChannel, createSessionChanges, type SessionChanges } from './core/session-changes.ts';
import { accountDeletionEndpoints } from './features/account-deletion/index.ts';
import { accountEndpoints, findCredentialAccount } from './features/accounts/index.ts';
import { adminEndpoints, makeAdmin, registerAdmin } from './features/admin/index.ts';
import { auditEndpoints } from './features/audit/index.ts';
import {
  assertNotCompromised,
  assertPasswordLength,
  credentialEndpoints,
  registerSignUpExtension,
  storePassword,
} from './features/credentials/index.ts';
import { dataExportEndpoints } from './features/data-export/index.ts';
import { emailChangeEndpoints } from './features/email-change/index.ts';
import { emailOtpEndpoints } from './features/email-otp/index.ts';
import { emailVerificationEndpoints, registerEmailVerification } from './features/email-verification/index.ts';
import { invitationEndpoints } from './features/invitations/index.ts';
import { addJwtHeader, jwtEndpoints, jwtSessionHeaders } from './features/jwt/index.ts';
import { magicLinkEndpoints } from './features/magic-link/index.ts';
import { startSweeper } from './features/maintenance/index.ts';
import { metaEndpoints } from './features/meta/routes.ts';
import {
  createOrganizationApi,
  memberEndpoints,
  type OrganizationServerApi,
  organizationEndpoints,
} from './features/organization/index.ts';
import { passkeyEndpoints } from './features/passkey/index.ts';
import { passwordResetEndpoints } from './features/password-reset/index.ts';
import { referenceEndpoints } from './features/reference/index.ts';
import { createFastSessionCheck, type FastSessionCheck, sessionEndpoints } from './features/session/index.ts';
import { bindSignInChecks } from './features/sign-in/index.ts';
import { socialEndpoints } from './features/social/index.ts';
import { teamEndpoints } from './features/teams/index.ts';
import { twoFactorEndpoints } from './features/two-factor/index.ts';
import { undoChangeEndpoints } from './features/undo-change/index.ts';
import { findUserById, userEndpoints } from './features/user/index.ts';
import { usernameEndpoints, usernameSignUpExtension } from './features/username/index.ts';
import { createWebhookWorker, type WebhookWorker } from './features/webhooks/index.ts';
// routes.ts directly: index.ts is what the audit feature imports, and the routes import the audit feature
import { webhookEndpoints } from './features/webhooks/routes.ts';
import { signInChecks } from './sign-in-checks.ts';

export interface CreateAuthOverrides {
  clock?: Clock;
  logger?: Logger;
  mailer?: Mailer;
  /** An open database (tests share one per file); otherwise options.database.url is opened. */
  database?: DatabaseHandle;
  redis?: Redis | null;
  /** Where mail goes without SMTP (RUNNING.md): ./data/outbox by default. */
  outboxDir?: string;
  env?: { production?: boolean; test?: boolean };
}

export interface Auth {
  config: ResolvedConfig;
  deps: AuthDeps;
  fetch(request: Request, info?: RequestInfo): Promise<Response>;
  /**
   * GET <basePath>/get-session without a query, answered without the general pipeline
   * where nothing has to change (features/session/fast-check.ts); null: use fetch.
   */
  fastSessionCheck: FastSessionCheck;
  /**
   * GET of a remembered read (list-sessions, the organization reads) answered from memory
   * while nothing it is made of was written (core/read-cache.ts); null when the memory is off.
   */
  fastRead: FastRead | null;
  api: ServerApi;
  migrate(): Promise<void>;
  /** Resolves once this instance hears other instances' session revocations (at once without Redis). */
  ready(): Promise<void>;
  /** The webhook delivery worker (docs/webhooks.md); null while `webhooks.enabled` is off. Not started in tests. */
  webhooks: WebhookWorker | null;
  close(): Promise<void>;
}

export interface ServerApi extends OrganizationServerApi {
  /** Sets a password for a user who has none (e.g. signed up with a provider). */
  setPassword(input: { userId: string; newPassword: string }): Promise<{ status: true }>;
  /** Gives the account of this address the first admin role (the operator's first admin; `npm run make-admin`). */
  makeAdmin(input: { email: string }): Promise<{ userId: string; role: string; changed: boolean }>;
}

export function createAuth(options: LatchOptions, overrides: CreateAuthOverrides = {}): Auth {
  const production = overrides.env?.production ?? process.env.NODE_ENV === 'production';
  const test = overrides.env?.test ?? process.env.NODE_ENV === 'test';
  const config = resolveConfig(options, { production, test });
  const logger = overrides.logger ?? createLogger('info');
  const clock = overrides.clock ?? systemClock;
  const database =
    overrides.database ??
    connectDatabase(config.databaseURL, { preparedStatements: config.databasePreparedStatements });
  const ownsDatabase = !overrides.database;
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpURL: config.mail.smtpURL,
      from: config.mail.from,
      outboxDir: overrides.outboxDir ?? 'data/outbox',
      logger,
    });
  const securePrefix = config.advanced.useSecureCookies ? '__Secure-' : '';

  const rateLimiter = createRateLimiter(config.rateLimit, {
    db: database.db,
    redis: overrides.redis ?? null,
    clock,
    logger,
  });
  const revocations = createSessionRevocations({
    clock,
    logger,
    cookieMaxAgeSeconds: config.session.cookieCache.maxAge,
    redis: config.session.cookieCache.enabled ? (overrides.redis ?? null) : null,
  });
  const sessionChanges = createSessionChangesFor(config, database, overrides.redis ?? null, logger);
  const deps: AuthDeps = {
    config,
    // the cross-instance session cache sees this instance's writes through a plugin
    // and runs what must follow a commit (the audit log's mirror) after its transaction commits
    db: trackCommits(sessionChanges ? database.db.withPlugin(sessionChanges.plugin) : database.db),
    dialect: database.dialect,
    reader: database.reader,
    clock,
    logger,
    mailer,
    rateLimiter,
    revocations,
    sessionChanges,
    readCache: null,
    cookieName: (suffix) => `${securePrefix}${config.advanced.cookiePrefix}.${suffix}`,
  };
  // repeated reads answered from memory under the read version (core/read-cache.ts)
  deps.readCache = createReadCache(deps);

  // the one ordered list of checks every session-granting path runs (src/sign-in-checks.ts)
  bindSignInChecks(deps, signInChecks());
  if (config.plugins.username) registerSignUpExtension(deps, usernameSignUpExtension);
  registerEmailVerification(deps);
  registerAdmin(deps);

  const endpoints: Endpoint[] = [
    ...metaEndpoints,
    ...referenceEndpoints,
    ...sessionEndpoints,
    ...credentialEndpoints,
    ...userEndpoints,
    ...dataExportEndpoints,
    ...auditEndpoints,
    ...accountEndpoints,
    ...(config.plugins.username ? usernameEndpoints : []),
    ...emailVerificationEndpoints,
    ...passwordResetEndpoints,
    ...emailChangeEndpoints,
    ...undoChangeEndpoints,
    ...accountDeletionEndpoints,
    ...socialEndpoints,
    ...(config.plugins.organization ? [...organizationEndpoints, ...memberEndpoints, ...invitationEndpoints] : []),
    ...(config.plugins.organization && config.plugins.organization.teams.enabled ? teamEndpoints : []),
    ...(config.plugins.jwt ? jwtEndpoints : []),
    ...(config.plugins.admin ? adminEndpoints : []),
    // answered 404 by their handlers while webhooks.enabled is off (the reference lists them with the admin plugin)
    ...(config.plugins.admin ? webhookEndpoints : []),
    ...(config.plugins.twoFactor ? twoFactorEndpoints : []),
    ...(config.plugins.passkey ? passkeyEndpoints : []),
    ...(config.plugins.magicLink ? magicLinkEndpoints : []),
    ...(config.plugins.emailOTP ? emailOtpEndpoints : []),
  ];
  const router = createRouter({
    deps,
    endpoints,
    rateLimit: rateLimiter,
    afterHooks: config.plugins.jwt ? [addJwtHeader] : [],
    // handlers are held to their rows of the endpoint table: a breach fails tests, is logged in development
    contractChecks: test ? 'throw' : production ? 'off' : 'log',
  });

  const api: ServerApi = announcingWrites(sessionChanges, {
    ...createOrganizationApi(deps),
    async setPassword({ userId, newPassword }) {
      assertPasswordLength(newPassword, config);
      const user = await findUserById(deps.db, userId);
      if (!user) throw authError('USER_NOT_FOUND');
      const existing = await findCredentialAccount(deps.db, userId);
      if (existing?.password) throw authError('PASSWORD_ALREADY_SET');
      await assertNotCompromised(deps, newPassword, user);
      await storePassword(deps.db, userId, await hashPassword(newPassword), clock.now());
      return { status: true };
    },
    makeAdmin: ({ email }) => makeAdmin(deps, email),
  });

  // expired sessions and old verification rows, hourly, by one instance of those sharing the
  // database (the holder of its lease); not in tests: their clocks are moved by hand
  const sweeper = test ? null : startSweeper(deps);
  // webhook deliveries, claimed from the database by every instance (tests drive deliverDue by hand)
  const webhooks = config.webhooks.enabled ? createWebhookWorker(deps) : null;
  if (webhooks && !test) webhooks.start();

  const fastSessionCheck = createFastSessionCheck(deps, {
    rateLimit: rateLimiter,
    ...(config.plugins.jwt ? { sessionHeaders: jwtSessionHeaders(deps) } : {}),
  });

  return {
    config,
    deps,
    fetch: router,
    fastSessionCheck,
    fastRead: deps.readCache ? createFastRead(deps, deps.readCache, rateLimiter) : null,
    api,
    webhooks,
    ready: async () => {
      await revocations.ready();
      await sessionChanges?.ready();
    },
    migrate: async () => {
      await migrateToLatest(database.db, database.dialect);
    },
    close: async () => {
      await sweeper?.stop();
      // first: attempts in flight finish (bounded) while the database is still open
      await webhooks?.stop();
      await rateLimiter.close();
      await revocations.close();
      await sessionChanges?.close();
      await mailer.close();
      if (ownsDatabase) await database.close();
    },
  };
}

/**
 * PostgreSQL and MySQL with `session.memoryCache` on: the feed that says when a remembered
 * session answer may be used. PostgreSQL announces its own commits (LISTEN/NOTIFY, with or
 * without Redis); MySQL needs Redis, and without it has no channel: every check reads the
 * store. SQLite has its own version (the file's), so none is needed.
 */
function createSessionChangesFor(
  config: ResolvedConfig,
  database: DatabaseHandle,
  redis: Redis | null,
  logger: Logger,
): SessionChanges | null {
  if (database.dialect === 'sqlite' || !config.session.memoryCache) return null;
  let channel: ChangeChannel | null = null;
  if (database.postgresURL) {
    const db = database.db;
    channel = postgresChangeChannel(database.postgresURL, async (name, message) => {
      await sql`select pg_notify(${name}, ${message})`.execute(db);
    });
  } else if (redis) channel = redisChangeChannel(redis);
  return channel ? createSessionChanges({ channel, logger }) : null;
}

/** Server calls run as one unit each, like requests: their writes are announced when they end. */
function announcingWrites<T extends object>(changes: SessionChanges | null, api: T): T {
  if (!changes) return api;
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(api))
    wrapped[name] =
      typeof value === 'function'
        ? (...args: unknown[]) => changes.within(async () => (value as (...a: unknown[]) => unknown)(...args))
        : value;
  return wrapped as T;
}
