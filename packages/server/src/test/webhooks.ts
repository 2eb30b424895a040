/**
 * For the webhook tests: a local receiver (node:http) told how to answer each request in
 * turn (a status, a hang past the sender's time limit, a slow answer), that keeps what it
 * received; a Standard Webhooks check of a received request at the sender's clock; and
 * an admin.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';
import { signUpUser, type TestApp } from './harness.ts';

export type Answer =
  | number
  | { hangMs: number }
  | { status: number; delayMs: number; headers?: Record<string, string> };

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered (null: it never did). */
  answered: number | null;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Answers for the next requests, in order; once used up, every request gets 200. */
  answer(...answers: Answer[]): void;
  /** Forgets the answers not used yet. */
  reset(): void;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks/latch'): Promise<Receiver> {
  const queue: Answer[] = [];
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered: null };
      received.push(entry);
      const next = queue.shift() ?? 200;
      const reply = (status: number, headers: Record<string, string> = {}) => {
        entry.answered = status;
        res.writeHead(status, { 'content-type': 'text/plain', ...headers });
        res.end(status < 300 ? 'ok' : 'no');
      };
      if (typeof next === 'number') return reply(next);
      if ('hangMs' in next) {
        setTimeout(() => res.destroy(), next.hangMs).unref();
        return;
      }
      setTimeout(() => reply(next.status, next.headers), next.delayMs).unref();
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answer: (...answers) => queue.push(...answers),
    reset: () => queue.splice(0),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * Webhook.verify as a receiver runs it, with the receiver's clock at `now` (the sender's
 * test clock), since the library checks the timestamp against the current time.
 */
export function verifyAt(secret: string, request: Received, now: Date): unknown {
  vi.useFakeTimers({ toFake: ['Date'], now });
  try {
    const headers: Record<string, string> = {};
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return new Webhook(secret).verify(request.body, headers);
  } finally {
    vi.useRealTimers();
  }
}

export async function makeAdmin(app: TestApp) {
  const admin = await signUpUser(app);
  await app.auth.deps.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  return admin;
}

/** The options of an app that delivers to a local receiver. */
export const LOCAL_DELIVERY = {
  webhooks: {
    enabled: true,
    allowInsecureUrls: true,
    allowPrivateNetworks: true,
    timeoutMs: 400,
    maxAttempts: 4,
    concurrency: 4,
  },
} as const;
