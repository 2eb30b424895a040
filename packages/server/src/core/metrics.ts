/**
 * Prometheus metrics for operators (docs/operations.md): one registry per service,
 * served at /metrics by the Node listener when `metrics.enabled` is set.
 *
 * Parts of core that run without the registry in hand (mail) report through
 * recordMailFailure, which does nothing until a registry listens.
 */
import { timingSafeEqual } from 'node:crypto';
import { ENDPOINTS } from '@latch/contract';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface ServiceMetrics {
  readonly registry: Registry;
  /** A request the general way answered: route is a path pattern, never a raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** The session check's fast way: a counter only, so that it stays as cheap as it was. */
  countFastSessionCheck(status: number): void;
  /** A sign-in endpoint's answer: success, or failure with the error code. */
  countSignIn(route: string, outcome: 'success' | 'failure', code: string): void;
  render(): Promise<string>;
  readonly contentType: string;
}

export interface MetricsSources {
  hashQueueDepth?: () => number;
  hashThreads?: () => number;
  databasePool?: () => PoolStats | null;
}

let mailFailureSink: ((kind: string) => void) | null = null;

/** A message that could not be sent (SMTP refused or failed, outbox not writable). */
export function recordMailFailure(kind: string): void {
  mailFailureSink?.(kind);
}

interface WebhookSink {
  delivery(outcome: WebhookDeliveryOutcome): void;
  queueDepth(depth: number): void;
}
let webhookSink: WebhookSink | null = null;

/** An attempt's outcome: delivered, to be retried, or given up (features/webhooks). */
export type WebhookDeliveryOutcome = 'succeeded' | 'retrying' | 'failed';

export function recordWebhookDelivery(outcome: WebhookDeliveryOutcome): void {
  webhookSink?.delivery(outcome);
}

/** Pending webhook deliveries, as the worker last counted them. */
export function recordWebhookQueueDepth(depth: number): void {
  webhookSink?.queueDepth(depth);
}

export function createMetrics(sources: MetricsSources = {}): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'latch_process_' });

  const requests = new Counter({
    name: 'latch_http_requests_total',
    help: 'HTTP requests answered by the API, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'latch_http_request_duration_seconds',
    help: 'Time to answer an API request (the session check fast way is not timed), by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'latch_sign_in_total',
    help: 'Sign-in attempts by route, outcome (success/failure) and error code',
    labelNames: ['route', 'outcome', 'code'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'latch_rate_limit_refusals_total',
    help: 'Requests refused by the rate limiter (429), by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'latch_mail_send_failures_total',
    help: 'Mail messages that could not be sent, by mail kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  // the fast way counts in plain numbers; the counter reads them at scrape time
  const fast = new Map<number, number>();
  new Counter({
    name: 'latch_session_check_fast_total',
    help: 'Session checks answered by the fast way (GET /get-session without the router), by status',
    labelNames: ['status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [status, n] of fast) this.inc({ status: String(status) }, n);
    },
  });
  const { hashQueueDepth, hashThreads, databasePool } = sources;
  if (hashQueueDepth) {
    new Gauge({
      name: 'latch_hash_queue_depth',
      help: 'Password hashes waiting for a free hashing thread',
      registers: [registry],
      collect() {
        this.set(hashQueueDepth());
      },
    });
  }
  if (hashThreads) {
    new Gauge({
      name: 'latch_hash_threads',
      help: 'Password hashing threads started',
      registers: [registry],
      collect() {
        this.set(hashThreads());
      },
    });
  }
  if (databasePool) {
    new Gauge({
      name: 'latch_db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting clients); PostgreSQL and MariaDB only',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = databasePool();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  mailFailureSink = (kind) => mailFailures.inc({ kind });
  const webhookDeliveries = new Counter({
    name: 'latch_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (succeeded, retrying, failed: given up)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const webhookQueueDepth = new Gauge({
    name: 'latch_webhook_queue_depth',
    help: 'Pending webhook deliveries (due or waiting for a retry), as last counted by this instance',
    registers: [registry],
  });
  webhookSink = {
    delivery: (outcome) => webhookDeliveries.inc({ outcome }),
    queueDepth: (depth) => webhookQueueDepth.set(depth),
  };

  return {
    registry,
    contentType: registry.contentType,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
      if (status === 429) rateLimited.inc({ route });
    },
    countFastSessionCheck(status) {
      fast.set(status, (fast.get(status) ?? 0) + 1);
      if (status === 429) rateLimited.inc({ route: '/get-session' });
    },
    countSignIn(route, outcome, code) {
      signIns.inc({ route, outcome, code });
    },
    render: () => registry.metrics(),
  };
}

/** Route patterns of the endpoint table, as matchers from a path below the base path. */
export function createRouteMatcher(): (method: string, path: string) => string {
  const exact = new Map<string, string>();
  const patterns: { method: string; re: RegExp; path: string }[] = [];
  for (const row of ENDPOINTS as readonly { method: string; path: string }[]) {
    if (row.path.includes(':')) {
      const source = row.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
      patterns.push({ method: row.method, re: new RegExp(`^${source}$`), path: row.path });
    } else exact.set(`${row.method} ${row.path}`, row.path);
  }
  return (method, path) => {
    const hit = exact.get(`${method} ${path}`);
    if (hit) return hit;
    for (const p of patterns) if (p.method === method && p.re.test(path)) return p.path;
    // a path of the table under another method, or none: never the raw URL
    return 'unmatched';
  };
}

/** Compares a bearer token in constant time (padded to one length, so that a wrong length takes as long). */
export function bearerMatches(header: string | null | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(token);
  const a = Buffer.alloc(Math.max(given.length, expected.length, 1));
  const b = Buffer.alloc(a.length);
  given.copy(a);
  expected.copy(b);
  return timingSafeEqual(a, b) && given.length === expected.length;
}
