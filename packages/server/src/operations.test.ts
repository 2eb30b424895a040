/**
 * The operator's side of the running service (docs/operations.md): /metrics, /ready,
 * JSON logs and SIGTERM under load, against `main.ts` started as a child process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import { REDIS_URL, redisAvailable } from './test/databases.ts';

const MAIN = resolve(import.meta.dirname, 'main.ts');
const TOKEN = 'metrics-token-0123456789abcdef';

interface Service {
  base: string;
  dir: string;
  child: ChildProcess;
  output(): string;
  exit: Promise<number | null>;
  stop(): Promise<number | null>;
}

const started: Service[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) {
    await s.stop();
    rmSync(s.dir, { recursive: true, force: true });
  }
});

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

async function startService(env: Record<string, string>, config: Record<string, unknown> = {}): Promise<Service> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'latch-ops-'));
  const configPath = join(dir, 'latch.config.json');
  writeFileSync(configPath, JSON.stringify(config));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: base,
      DATABASE_URL: `sqlite:${join(dir, 'latch.db')}`,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      AUTH_CONFIG: configPath,
      LATCH_DATA_DIR: join(dir, 'data'),
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let exited = false;
  void exit.then(() => {
    exited = true;
  });
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    }
    return exit;
  };
  const service: Service = { base, dir, child, output: () => output, exit, stop };
  started.push(service);
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (exited) throw new Error(`the service exited before it was ready:\n${output}`);
    try {
      if ((await fetch(`${base}/api/auth/ok`)).ok) return service;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the service did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function scrapeText(base: string): Promise<string> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

const scrape = async (base: string): Promise<PrometheusFamily[]> => parsePrometheusTextFormat(await scrapeText(base));

/** The value of a counter or gauge sample whose labels include `labels` (0 when absent). */
function sampleValue(families: PrometheusFamily[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  const sample = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return sample?.value === undefined ? 0 : Number(sample.value);
}

/** A histogram's _count for a route and status, read from the text (the parser keeps only a histogram's buckets). */
function histogramCount(text: string, name: string, route: string, status: string): number {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}_count{`) && l.includes(`route="${route}"`) && l.includes(`status="${status}"`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const signIn = (base: string, email: string, password: string) =>
  fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });

describe('GET /metrics', () => {
  it('is off by default: 404, not the web app', async () => {
    const service = await startService({});
    const response = await fetch(`${service.base}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('metrics are off');
  });

  it('refuses a missing or wrong bearer token and counts nothing for the refusal', async () => {
    const service = await startService({ METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN });
    const before = await scrape(service.base);
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await fetch(`${service.base}/metrics`, authorization ? { headers: { authorization } } : {});
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.text()).not.toContain('latch_');
    }
    const after = await scrape(service.base);
    // the refusals are not API requests: no route moved
    expect(after.find((f) => f.name === 'latch_http_requests_total')?.metrics ?? []).toEqual(
      before.find((f) => f.name === 'latch_http_requests_total')?.metrics ?? [],
    );
  });

  it('parses as Prometheus text and its counters move with requests, by route pattern and status', async () => {
    const service = await startService({}, { metrics: { enabled: true, token: TOKEN } });
    const { base } = service;
    const beforeText = await scrapeText(base);
    const before = parsePrometheusTextFormat(beforeText);
    const email = `ops-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'a long enough password 123';
    const up = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email, password, name: 'Ops' }),
    });
    expect(up.status).toBe(200);
    expect((await signIn(base, email, 'not the password at all')).status).toBe(401);
    expect((await signIn(base, email, password)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/auth/ok`)).status).toBe(200);
    await fetch(`${base}/api/auth/get-session`);
    const token = `${randomBytes(8).toString('hex')}`;
    expect((await fetch(`${base}/api/auth/reset-password/${token}?callbackURL=/`, { redirect: 'manual' })).status).toBe(
      302,
    );

    const text = await scrapeText(base);
    const after = parsePrometheusTextFormat(text);
    const moved = (name: string, labels: Record<string, string>) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(moved('latch_http_requests_total', { method: 'GET', route: '/ok', status: '200' })).toBe(3);
    expect(
      histogramCount(text, 'latch_http_request_duration_seconds', '/ok', '200') -
        histogramCount(beforeText, 'latch_http_request_duration_seconds', '/ok', '200'),
    ).toBe(3);
    expect(moved('latch_http_requests_total', { method: 'POST', route: '/sign-up/email', status: '200' })).toBe(1);
    expect(moved('latch_sign_in_total', { route: '/sign-in/email', outcome: 'success' })).toBe(1);
    expect(
      moved('latch_sign_in_total', { route: '/sign-in/email', outcome: 'failure', code: 'INVALID_EMAIL_OR_PASSWORD' }),
    ).toBe(1);
    expect(moved('latch_session_check_fast_total', { status: '200' })).toBe(1);
    // the path pattern, never the raw URL with its token
    expect(moved('latch_http_requests_total', { route: '/reset-password/:token' })).toBe(1);
    const routes = after.flatMap((f) => f.metrics.map((m) => m.labels?.route ?? ''));
    expect(routes.some((r) => r.includes(token))).toBe(false);
    // the hashing pool was used by sign-up and sign-in
    expect(sampleValue(after, 'latch_hash_threads')).toBeGreaterThan(0);
    expect(after.some((f) => f.name === 'latch_hash_queue_depth')).toBe(true);
  });
  it('counts a mail the SMTP server could not take', async () => {
    const closed = await freePort();
    const service = await startService(
      { METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN, SMTP_URL: `smtp://127.0.0.1:${closed}` },
      { emailVerification: { sendOnSignUp: true } },
    );
    const before = await scrape(service.base);
    await fetch(`${service.base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: service.base },
      body: JSON.stringify({ email: 'mail-fails@example.com', password: 'a long enough password 123', name: 'M' }),
    });
    const total = (families: PrometheusFamily[]) =>
      (families.find((f) => f.name === 'latch_mail_send_failures_total')?.metrics ?? []).reduce(
        (sum, m) => sum + Number(m.value ?? 0),
        0,
      );
    let after = await scrape(service.base);
    for (let i = 0; i < 50 && total(after) === total(before); i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await scrape(service.base);
    }
    expect(total(after) - total(before)).toBe(1);
  });
});

describe('GET /ready', () => {
  it('answers 200 when the database answers', async () => {
    const service = await startService({});
    const response = await fetch(`${service.base}/ready`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', checks: [{ name: 'database', ok: true }] });
  });

  it('answers 503 naming Redis when Redis stops answering', async () => {
    if (!(await redisAvailable())) return;
    // a relay to the real Redis that the test closes: the service starts with Redis, then loses it
    const target = new URL(REDIS_URL);
    const sockets = new Set<Socket>();
    const relay: Server = createServer((client) => {
      const upstream = createConnection(Number(target.port || 6379), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    const relayPort = await new Promise<number>((ok) =>
      relay.listen(0, '127.0.0.1', () => {
        const a = relay.address();
        ok(typeof a === 'object' && a ? a.port : 0);
      }),
    );
    const service = await startService({ REDIS_URL: `redis://127.0.0.1:${relayPort}` });
    const up = await fetch(`${service.base}/ready`);
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({
      status: 'ready',
      checks: [{ name: 'database' }, { name: 'redis', ok: true }],
    });

    await new Promise<void>((done) => {
      relay.close(() => done());
      for (const s of sockets) s.destroy();
    });
    const down = await fetch(`${service.base}/ready`);
    expect(down.status).toBe(503);
    const body = (await down.json()) as { status: string; failed: string[]; checks: { error?: string }[] };
    expect(body.status).toBe('unavailable');
    expect(body.failed).toEqual(['redis']);
    // the public answer names the check, never the driver's words (hosts, ports, users): those are logged
    const said = body.checks.map((c) => c.error).filter(Boolean);
    expect(said.every((e) => e === 'unreachable' || e === 'no answer within 2 s')).toBe(true);
    expect(JSON.stringify(body)).not.toContain(String(relayPort));
    await new Promise((done) => setTimeout(done, 200));
    expect(service.output()).toContain('readiness: the redis check failed');
  });
});

describe('LOG_FORMAT=json', () => {
  it('writes one JSON object per line with time, level and message', async () => {
    const service = await startService({ LOG_FORMAT: 'json' });
    const code = await service.stop();
    expect(code).toBe(0);
    const lines = service.output().trim().split('\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(Number.isNaN(Date.parse(String(entry.time)))).toBe(false);
      expect(['debug', 'info', 'warn', 'error']).toContain(entry.level);
      expect(typeof entry.message).toBe('string');
    }
    expect(lines.some((l) => (JSON.parse(l) as { message: string }).message.startsWith('Latch is ready'))).toBe(true);
  });
});

describe('the start line', () => {
  it('in production without SMTP_URL, warns that links and codes go to the log instead of a mailbox', async () => {
    const service = await startService({ NODE_ENV: 'production', LOG_FORMAT: 'json' });
    const code = await service.stop();
    expect(code).toBe(0);
    const entries = service
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: string; message: string });
    expect(entries.some((e) => e.level === 'warn' && e.message.includes('without SMTP_URL'))).toBe(true);
    // the same start outside production says nothing of it
    const dev = await startService({ LOG_FORMAT: 'json' });
    await dev.stop();
    expect(dev.output()).not.toContain('without SMTP_URL');
  });
});

/** One request on a kept-alive connection: the status and whole body, or the socket error's code. */
function get(agentPort: number, path: string, agent: import('node:http').Agent, body?: string) {
  return new Promise<{ status: number; body: string } | { error: string }>((done) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: agentPort,
        path,
        agent,
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json', origin: `http://127.0.0.1:${agentPort}` } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
        res.on('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
    req.end(body);
  });
}

describe('SIGTERM', () => {
  it('under load: every request gets a whole answer or a refused connection, and the exit code is 0', async () => {
    const service = await startService({ LOG_FORMAT: 'json' });
    const port = Number(new URL(service.base).port);
    const email = `load-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'a long enough password 123';
    await fetch(`${service.base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: service.base },
      body: JSON.stringify({ email, password, name: 'Load' }),
    });
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const answers: { status: number; body: string }[] = [];
    const errors: string[] = [];
    let stopAt = 0;
    const worker = async (n: number) => {
      for (;;) {
        // sign-ins hash a password (tens of ms on a thread): some are in flight at SIGTERM
        const result =
          n % 2 === 0
            ? await get(port, '/api/auth/sign-in/email', agent, JSON.stringify({ email, password }))
            : await get(port, '/api/auth/get-session', agent);
        if ('error' in result) {
          errors.push(result.error);
          if (result.error === 'ECONNREFUSED') return;
        } else answers.push(result);
        if (stopAt && Date.now() > stopAt) return;
      }
    };
    const workers = Array.from({ length: 12 }, (_, n) => worker(n));
    await new Promise((r) => setTimeout(r, 1500));
    const beforeSignal = answers.length;
    service.child.kill('SIGTERM');
    stopAt = Date.now() + 20_000;
    await Promise.all(workers);
    agent.destroy();
    const code = await service.exit;

    expect(beforeSignal).toBeGreaterThan(10);
    // requests in flight at the signal, and one more on each kept-alive connection, were answered
    expect(answers.length).toBeGreaterThan(beforeSignal);
    expect(code).toBe(0);
    // the only failure allowed is a refused connection once the listener closed
    expect(errors.filter((e) => e !== 'ECONNREFUSED')).toEqual([]);
    for (const a of answers) {
      expect([200, 401, 429]).toContain(a.status);
      expect(() => JSON.parse(a.body)).not.toThrow();
    }
    expect(service.output()).toContain('SIGTERM: stopped');
    // the database was closed cleanly: it opens and holds the user
    const db = new Database(join(service.dir, 'latch.db'), { readonly: true });
    const row = db.prepare('select count(*) as n from "user" where email = ?').get(email) as { n: number };
    db.close();
    expect(row.n).toBe(1);
  });
});
