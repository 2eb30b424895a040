/**
 * A minimal round-robin HTTP proxy, as an operator puts one in front of several instances:
 * each request goes to the next upstream in turn, over kept-alive connections, streamed
 * both ways. The bench runs it in a process of its own (proxy.ts); the cluster survival
 * test (e2e/cluster/survival.test.ts) runs it in the test's process, to see where each
 * request went and how it ended.
 *
 * What a load balancer does when an instance dies, and no more: a refused connection (the
 * instance is not listening, so the request never reached it) is tried on the next
 * upstream, and that upstream is left out of the rotation for `downMs`; a request that
 * fails once sent (the instance died while it ran) is not retried, as it may have been
 * acted on, and answers 502. No health checks.
 */
import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
  request,
  type Server,
} from 'node:http';

/** Headers that belong to one connection (RFC 9110 §7.6.1), not to the message. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
  return out;
}

/** One request as the proxy saw it: which upstream answered (or failed) it, and when. */
export interface ProxiedRequest {
  /** The request's `x-request-id` header, when it had one. */
  id: string | null;
  method: string;
  path: string;
  /** Index into the upstreams of the upstream the request was sent to last. */
  upstream: number;
  /** Upstreams that refused the connection before (the request never reached them). */
  refusedBy: number[];
  startedAt: number;
  endedAt: number;
  /** The upstream's status, or null when it failed after the request was sent (502 to the client). */
  status: number | null;
  error: string | null;
}

export interface RoundRobinOptions {
  /** How long an upstream that refused a connection is left out of the rotation (ms). */
  downMs?: number;
  /** Told of every request once it ended. */
  onRequest?: (request: ProxiedRequest) => void;
}

export function createRoundRobinProxy(upstreams: URL[], options: RoundRobinOptions = {}): Server {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const downUntil = upstreams.map(() => 0);
  const downMs = options.downMs ?? 250;
  let next = 0;

  /** The next upstream in turn that is not down and not tried yet for this request (any not tried, when all are down). */
  function pick(tried: number[]): number | null {
    const now = Date.now();
    const candidates = upstreams.map((_, i) => i).filter((i) => !tried.includes(i));
    if (candidates.length === 0) return null;
    for (let k = 0; k < upstreams.length; k++) {
      const i = next++ % upstreams.length;
      if (candidates.includes(i) && downUntil[i]! <= now) return i;
    }
    return candidates[0] ?? null;
  }

  return createServer((req, res) => {
    const startedAt = Date.now();
    const refusedBy: number[] = [];
    // buffered, so that a request refused by one upstream can be sent to the next
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const report = (upstream: number, status: number | null, error: string | null) =>
        options.onRequest?.({
          id: typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : null,
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          upstream,
          refusedBy,
          startedAt,
          endedAt: Date.now(),
          status,
          error,
        });
      const send = (): void => {
        const index = pick(refusedBy);
        const target = index === null ? undefined : upstreams[index];
        if (index === null || !target) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('no upstream answers');
          report(refusedBy.at(-1) ?? -1, null, 'every upstream refused the connection');
          return;
        }
        const forwarded = request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...endToEnd(req.headers), 'x-forwarded-for': req.socket.remoteAddress ?? '' },
            agent,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
            answer.pipe(res);
            answer.on('end', () => report(index, answer.statusCode ?? 502, null));
            answer.on('error', (err) => report(index, null, err.message));
          },
        );
        forwarded.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED') {
            // not listening: the request never reached it
            downUntil[index] = Date.now() + downMs;
            refusedBy.push(index);
            send();
            return;
          }
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('upstream failed');
          report(index, null, err.code ?? err.message);
        });
        forwarded.end(body);
      };
      send();
    });
  });
}
