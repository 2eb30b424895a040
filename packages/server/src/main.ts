/**
 * The service as an operator runs it (RUNNING.md): reads the configuration, applies
 * migrations, serves the API at /api/auth and the web app at /, and says where.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createAuth } from './app.ts';
import { loadSettings } from './core/config/load.ts';
import { ConfigError } from './core/config/resolve.ts';
import { createLogger } from './core/logger.ts';
import { loadIoredis } from './core/optional-modules.ts';
import { createNodeListener, type HeaderReader } from './node-adapter.ts';
import { createStaticHandler } from './web/static.ts';

const WEB_DIST = resolve(import.meta.dirname, '../../../apps/web/dist');

async function main(): Promise<void> {
  const settings = loadSettings();
  const logger = createLogger(settings.logLevel);
  const redis = settings.options.redis?.url
    ? new (loadIoredis().Redis)(settings.options.redis.url, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  // rate limits count in memory until Redis is ready: wait for it before serving
  if (redis) await redis.ping();
  const auth = createAuth(settings.options, {
    logger,
    redis,
    outboxDir: resolve(settings.dataDir, 'outbox'),
    env: { production: settings.production, test: settings.test },
  });
  await auth.migrate();
  // session revocations of other instances are heard before the first request is answered
  await auth.ready();
  const web = createStaticHandler(WEB_DIST, auth.config);
  const basePath = auth.config.basePath;

  const listener = createNodeListener(auth, {
    clientIp: (header, socketIp) => clientIp(header, socketIp, auth.config.advanced.ipAddressHeaders),
    fallback: (request) =>
      web
        ? web(request)
        : new Response('The web app is not built. Run `npm run build`, or use the API at /api/auth.', {
            status: 404,
            headers: { 'content-type': 'text/plain; charset=utf-8' },
          }),
  });
  const server = createServer(listener);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(settings.port, settings.host, () => ready());
  });

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const shown = auth.config.baseURL.startsWith('http://localhost:') ? `http://localhost:${port}` : auth.config.baseURL;
  logger.info(`Latch is ready at ${shown} (API ${shown}${basePath}, listening on ${settings.host}:${port})`);
  logger.info(
    `database: ${auth.config.databaseURL.replace(/:[^:@/]*@/, ':***@')}; mail: ${auth.deps.mailer.describe()}`,
  );
  if (settings.secretSource === 'generated')
    logger.warn('using a development secret from ./data/secret; set AUTH_SECRET in production');
  if (!web) logger.warn('the web app is not built (apps/web/dist): only the API is served');

  const diagnostics = process.env.LATCH_DIAGNOSTICS_FILE ? startDiagnostics(process.env.LATCH_DIAGNOSTICS_FILE) : null;

  const stop = (signal: string) => {
    logger.info(`${signal}: shutting down`);
    diagnostics?.write();
    server.close();
    server.closeAllConnections();
    void auth
      .close()
      .then(() => redis?.quit())
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
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
function clientIp(header: HeaderReader, socketIp: string | null, headers: readonly string[]): string | null {
  for (const name of headers) {
    const value = header(name.toLowerCase());
    if (!value) continue;
    const first = value.split(',').map((s) => s.trim());
    if (first.length === 1 && first[0]) return first[0];
  }
  return socketIp;
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`Latch could not start: ${err.message}\n`);
  } else {
    process.stderr.write(`Latch could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
