/**
 * Serves an Auth instance from node:http. better-auth's clients copy the status *name*
 * (UNAUTHORIZED) from the reason phrase into error.statusText, so the reason phrase is
 * set from the Response before the adapter writes the head.
 *
 * The session check, which a product calls on every page, first goes to
 * auth.fastSessionCheck: plain headers in, plain data out, written straight to the
 * socket. Whatever it does not answer takes the general way (web Request → router →
 * Response), with its rate limit already counted.
 *
 * So do the remembered reads (core/read-cache.ts: list-sessions and the organization
 * reads): auth.fastRead answers a GET from memory while nothing it is made of was written,
 * and otherwise leaves it to the general way, which remembers the answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Auth } from './app.ts';
import { statusText } from './core/http/status-text.ts';
import { createRouteMatcher, type ServiceMetrics } from './core/metrics.ts';

/** Reads a request header by its lower-case name. */
export type HeaderReader = (name: string) => string | null;

export interface NodeListenerOptions {
  /** Answers requests outside the API (the web app); 404 when absent. */
  fallback?: (request: Request) => Response | Promise<Response>;
  /** The client address for a request (proxy headers are the operator's choice). */
  clientIp?: (header: HeaderReader, socketIp: string | null) => string | null;
  /** Counts and times API requests (the fast session check only counts). */
  metrics?: ServiceMetrics;
}

export function createNodeListener(
  auth: Auth,
  opts: NodeListenerOptions = {},
): (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void> {
  const basePath = auth.config.basePath;
  const sessionCheckPath = `${basePath}${auth.fastSessionCheck.path}`;
  /** Requests whose rate limit the fast session check already counted. */
  const counted = new WeakSet<IncomingMessage>();
  const metrics = opts.metrics ?? null;
  const routeOf = metrics ? createRouteMatcher() : null;

  const ipOf = (header: HeaderReader, socketIp: string | null) =>
    opts.clientIp ? opts.clientIp(header, socketIp) : socketIp;

  const general = getRequestListener(
    async (request, env) => {
      const url = new URL(request.url);
      if (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)) {
        const incoming = 'incoming' in env ? (env.incoming as IncomingMessage) : null;
        const socketIp = incoming?.socket?.remoteAddress ?? null;
        const ip = ipOf((name) => request.headers.get(name), socketIp);
        const started = metrics ? performance.now() : 0;
        const response = await auth.fetch(request, {
          ip,
          rateLimitChecked: incoming !== null && counted.has(incoming),
        });
        if (metrics && routeOf) {
          const route = routeOf(request.method, url.pathname.slice(basePath.length) || '/');
          metrics.observeRequest(request.method, route, response.status, (performance.now() - started) / 1000);
          // the copy is taken before the answer is sent; reading it does not hold the answer back
          if (route.startsWith('/sign-in/')) void countSignIn(metrics, route, response);
        }
        // from the status, not response.statusText: reading that makes the adapter's lightweight
        // Response build a full one, which cost a quarter of a session check's time
        const name = statusText(response.status);
        if (name && 'outgoing' in env) (env.outgoing as ServerResponse).statusMessage = name;
        return response;
      }
      return opts.fallback ? opts.fallback(request) : new Response(null, { status: 404 });
    },
    // the adapter's lightweight Request/Response avoid building full undici objects per request
    { overrideGlobalObjects: true },
  ) as (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;

  const fastRead = auth.fastRead;
  const write = (
    outgoing: ServerResponse,
    answer: { status: number; headers: Record<string, string>; body: string },
  ) => {
    const name = statusText(answer.status);
    if (name) outgoing.writeHead(answer.status, name, answer.headers);
    else outgoing.writeHead(answer.status, answer.headers);
    outgoing.end(answer.body);
  };

  return async (incoming, outgoing) => {
    const header: HeaderReader = (name) => {
      const value = incoming.headers[name];
      return Array.isArray(value) ? value.join(', ') : (value ?? null);
    };
    if (incoming.method === 'GET' && fastRead && incoming.url !== undefined && fastRead.handles(incoming.url)) {
      try {
        const started = metrics ? performance.now() : 0;
        const read = await fastRead({
          url: incoming.url,
          cookie: incoming.headers.cookie,
          authorization: incoming.headers.authorization,
          ip: ipOf(header, incoming.socket.remoteAddress ?? null),
        });
        if (read.answer) {
          // counted and timed under its route like the general way's answers (the path is a fixed one)
          if (metrics && read.path)
            metrics.observeRequest('GET', read.path, read.answer.status, (performance.now() - started) / 1000);
          write(outgoing, read.answer);
          return;
        }
        if (read.counted) counted.add(incoming);
      } catch {
        // the rate limit's store failed: the general way checks again and answers as it does
      }
      return general(incoming, outgoing);
    }
    if (incoming.method === 'GET' && incoming.url === sessionCheckPath) {
      try {
        const answer = await auth.fastSessionCheck({
          cookie: incoming.headers.cookie,
          ip: ipOf(header, incoming.socket.remoteAddress ?? null),
        });
        if (answer) {
          metrics?.countFastSessionCheck(answer.status);
          write(outgoing, answer);
          return;
        }
        counted.add(incoming);
      } catch {
        // the rate limit's store failed: the general way checks again and answers as it does
      }
    }
    return general(incoming, outgoing);
  };
}

/** A sign-in's outcome: success on 2xx/3xx, else the error code of the body (a copy is read). */
async function countSignIn(metrics: ServiceMetrics, route: string, response: Response): Promise<void> {
  if (response.status < 400) {
    metrics.countSignIn(route, 'success', '');
    return;
  }
  let code = `HTTP_${response.status}`;
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') code = body.code;
  } catch {
    // not JSON: the status stands for the code
  }
  metrics.countSignIn(route, 'failure', code);
}
