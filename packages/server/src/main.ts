/**
 * The service as an operator runs it (RUNNING.md): reads the configuration, applies
 * migrations, serves the API at /api/auth and the web app at /, and says where.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createAuth } from './app.ts';
import { loadSettings } from './core/config/load.ts';
import { ConfigError } from './core/config/resolve.ts';
import { hashPoolStats } from './core/crypto/password.ts';
import { connectDatabase } from './core/db/connect.ts';
import { clientIp, proxyMatcher } from './core/http/client-ip.ts';
import { createLogger } from './core/logger.ts';
import { bearerMatches, createMetrics, type ServiceMetrics } from './core/metrics.ts';
import { loadIoredis } from './core/optional-modules.ts';
import { createNodeListener, type HeaderReader } from './node-adapter.ts';
import { createStaticHandler } from './web/static.ts';

const WEB_DIST = resolve(import.meta.dirname, '../../../apps/web/dist');

async function main(): Promise<void> {
  const settings = loadSettings();
  const logger = createLogger(settings.logLevel, undefined, settings.logFormat);
  const redis = settings.options.redis?.url
    ? new (loadIoredis().Redis)(settings.options.redis.url, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  // rate limits count in memory until Redis is ready: wait for it before serving
  if (redis) await redis.ping();
  // a lost connection is retried by ioredis and shows in /ready; without a listener each retry prints a stack
  redis?.on('error', (err: Error) => logger.warn('Redis connection error', { error: err.message }));
  // opened here rather than by createAuth, so that /metrics can read the pool and /ready query it
  const database = connectDatabase(settings.options.database?.url ?? 'sqlite:./data/latch.db', {
    preparedStatements: settings.options.database?.preparedStatements ?? true,
  });
  const metrics = settings.metrics.enabled
    ? createMetrics({
        hashQueueDepth: () => hashPoolStats().queued,
        hashThreads: () => hashPoolStats().threads,
        ...(database.poolStats ? { databasePool: database.poolStats } : {}),
      })
    : null;
  const auth = createAuth(settings.options, {
    logger,
    redis,
    database,
    outboxDir: resolve(settings.dataDir, 'outbox'),
    env: { production: settings.production, test: settings.test },
  });
  await auth.migrate();
  // session revocations of other instances are heard before the first request is answered
  await auth.ready();
  const web = createStaticHandler(WEB_DIST, auth.config);
  const basePath = auth.config.basePath;

  // validated with the configuration: every entry is an address or a CIDR range
  const proxies = auth.config.advanced.trustedProxies;
  const trustedProxies = proxies.length > 0 ? proxyMatcher(proxies) : null;
  const api = createNodeListener(auth, {
    ...(metrics ? { metrics } : {}),
    clientIp: (header, socketIp) => clientIp(header, socketIp, auth.config.advanced.ipAddressHeaders, trustedProxies),
    fallback: (request) =>
      web
        ? web(request)
        : new Response('The web app is not built. Run `npm run build`, or use the API at /api/auth.', {
            status: 404,
            headers: { 'content-type': 'text/plain; charset=utf-8' },
          }),
  });
  const ready = () => readiness(database, redis, logger);
  /** Responses not yet finished: at shutdown they are told to close their connection. */
  const open = new Set<ServerResponse>();
  let closing = false;
  const server = createServer((incoming, outgoing) => {
    open.add(outgoing);
    outgoing.once('close', () => open.delete(outgoing));
    if (closing) outgoing.setHeader('connection', 'close');
    const path = incoming.url?.split('?')[0];
    if (incoming.method === 'GET' && path === '/ready') return void answerReady(outgoing, ready, closing);
    if (path === '/metrics') {
      if (metrics && incoming.method === 'GET')
        return void answerMetrics(outgoing, metrics, settings.metrics.token, incoming.headers.authorization);
      // off (the default), or not a GET: never the web app's page in its place
      outgoing.writeHead(metrics ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' });
      return void outgoing.end(metrics ? 'GET only\n' : 'metrics are off (metrics.enabled)\n');
    }
    return void api(incoming, outgoing);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(settings.port, settings.host, () => ready());
  });

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const shown = auth.config.baseURL.startsWith('http://localhost:') ? `http://localhost:${port}` : auth.config.baseURL;
  logger.info(`Latch is ready at ${shown} (API ${shown}${basePath}, listening on ${settings.host}:${port})`);
  logger.info(`database: ${database.label}; mail: ${auth.deps.mailer.describe()}`);
  if (settings.production && !auth.config.mail.smtpURL)
    logger.warn(
      'NODE_ENV=production without SMTP_URL: no mail is sent, and every reset, verification and sign-in link or code is written to this log and the outbox instead, where whoever reads them can use them; set SMTP_URL',
    );
  if (settings.secretSource === 'generated')
    logger.warn('using a development secret from ./data/secret; set AUTH_SECRET in production');
  if (!web) logger.warn('the web app is not built (apps/web/dist): only the API is served');
  // the configured colour as each theme uses it, when it had to change to keep WCAG AA contrast (docs/branding.md)
  for (const adjustment of auth.config.branding.palette?.adjustments ?? []) logger.warn(adjustment);

  const diagnostics = process.env.LATCH_DIAGNOSTICS_FILE ? startDiagnostics(process.env.LATCH_DIAGNOSTICS_FILE) : null;

  const stop = async (signal: string) => {
    logger.info(`${signal}: shutting down`, { inFlight: open.size, timeoutMs: settings.shutdownTimeoutMs });
    closing = true;
    const deadline = Date.now() + settings.shutdownTimeoutMs;
    // the webhook worker stops claiming now and its attempts in flight finish while the HTTP
    // requests drain, so the two waits overlap instead of adding up (auth.close awaits it again)
    const webhooksStopped = auth.webhooks?.stop();
    diagnostics?.write();
    // requests in flight finish; their connections close after the answer instead of waiting for another
    for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
    // stop listening only: http.Server#close would also drop the kept-alive connections at once, and a
    // request the client is writing on one of them at that moment would meet a reset
    const drained = new Promise<void>((done) => NetServer.prototype.close.call(server, () => done()));
    // a client on a kept-alive connection gets one more answer, marked `connection: close`; the
    // connections still idle after this grace are closed
    const grace = new Promise<void>((done) => setTimeout(done, Math.min(1000, settings.shutdownTimeoutMs)));
    await Promise.race([drained, grace]);
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((done) => {
      timer = setTimeout(() => done(true), Math.max(0, deadline - Date.now()));
    });
    const late = await Promise.race([drained.then(() => false), timedOut]);
    clearTimeout(timer);
    if (late) {
      logger.warn(
        `${signal}: requests still running after ${settings.shutdownTimeoutMs} ms; closing their connections`,
        {
          inFlight: open.size,
        },
      );
      server.closeAllConnections();
    }
    let code = 0;
    try {
      await webhooksStopped;
      // the mailer, rate limiter and revocations (createAuth's close), then Redis and the database
      await auth.close();
      await redis?.quit();
      await database.close();
    } catch (err) {
      logger.error('shutdown: closing failed', { error: err });
      code = 1;
    }
    logger.info(`${signal}: stopped`);
    process.exit(code);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

interface ReadyCheck {
  name: 'database' | 'redis';
  ok: boolean;
  error?: string;
}

/** Readiness: a `select 1` on the database, and a PING to Redis when one is configured (each bounded to 2 s). */
/** When each check's failure was last logged: a probe every few seconds logs it once a minute. */
const failureLoggedAt = new Map<string, number>();

async function readiness(
  database: ReturnType<typeof connectDatabase>,
  redis: { ping(): Promise<string> } | null,
  logger: { warn(message: string, fields?: Record<string, unknown>): void },
): Promise<ReadyCheck[]> {
  const bounded = async (name: ReadyCheck['name'], check: () => Promise<unknown>): Promise<ReadyCheck> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check(),
        new Promise((_, fail) => {
          timer = setTimeout(() => fail(new Error('no answer within 2 s')), 2000);
        }),
      ]);
      return { name, ok: true };
    } catch (err) {
      // the probe is public: the driver's own words (host names, users) go to the log, not to it
      const message = err instanceof Error ? err.message : String(err);
      const now = Date.now();
      if (now - (failureLoggedAt.get(name) ?? 0) >= 60_000) {
        failureLoggedAt.set(name, now);
        logger.warn(`readiness: the ${name} check failed`, { error: message });
      }
      return { name, ok: false, error: message === 'no answer within 2 s' ? message : 'unreachable' };
    } finally {
      clearTimeout(timer);
    }
  };
  const checks = [bounded('database', () => sql`select 1`.execute(database.db))];
  if (redis) checks.push(bounded('redis', () => redis.ping()));
  return Promise.all(checks);
}

async function answerReady(res: ServerResponse, ready: () => Promise<ReadyCheck[]>, closing: boolean): Promise<void> {
  const checks = await ready();
  const failed = checks.filter((c) => !c.ok).map((c) => c.name);
  const body =
    closing || failed.length
      ? { status: 'unavailable', failed: closing ? ['shutting-down', ...failed] : failed, checks }
      : { status: 'ready', checks };
  res.writeHead(closing || failed.length ? 503 : 200, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify(body));
}

async function answerMetrics(
  res: ServerResponse,
  metrics: ServiceMetrics,
  token: string | null,
  authorization: string | undefined,
): Promise<void> {
  if (token !== null && !bearerMatches(authorization, token)) {
    res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' });
    res.end('metrics require the bearer token (metrics.token)\n');
    return;
  }
  const text = await metrics.render();
  res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
  res.end(text);
}

/**
 * For benchmarks (LATCH_DIAGNOSTICS_FILE): event-loop delay and memory, written as JSON
 * at shutdown, so that a load test can prove the loop was never blocked.
 */
function startDiagnostics(file: string): { write(): void } {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let maxRss = 0;
  const timer = setInterval(() => {
    maxRss = Math.max(maxRss, process.memoryUsage.rss());
  }, 250);
  timer.unref();
  // SIGUSR2 starts a new measurement (after a load generator's warm-up)
  process.on('SIGUSR2', () => histogram.reset());
  return {
    write() {
      histogram.disable();
      const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
      const report = {
        eventLoopDelayMaxMs: ms(histogram.max),
        eventLoopDelayP99Ms: ms(histogram.percentile(99)),
        eventLoopDelayMeanMs: ms(histogram.mean),
        rssBytes: process.memoryUsage.rss(),
        maxRssBytes: Math.max(maxRss, process.memoryUsage.rss()),
      };
      writeFileSync(file, JSON.stringify(report, null, 2));
    },
  };
}

/** The client address: the socket's, or the configured proxy header's when one is set and holds a single address. */
main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`Latch could not start: ${err.message}\n`);
  } else {
    process.stderr.write(`Latch could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
