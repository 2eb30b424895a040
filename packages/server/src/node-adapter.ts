/**
 * Serves an Auth instance from node:http. better-auth's clients copy the status *name*
 * (UNAUTHORIZED) from the reason phrase into error.statusText, so the reason phrase is
 * set from the Response before the adapter writes the head.
 *
 * The session check, which a product calls on every page, first goes to
 * auth.fastSessionCheck: plain headers in, plain data out, written straight to the
 * socket. Whatever it does not answer takes the general way (web Request → router →
 * Response), with its rate limit already counted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Auth } from './app.ts';
import { statusText } from './core/http/status-text.ts';

/** Reads a request header by its lower-case name. */
export type HeaderReader = (name: string) => string | null;

export interface NodeListenerOptions {
  /** Answers requests outside the API (the web app); 404 when absent. */
  fallback?: (request: Request) => Response | Promise<Response>;
  /** The client address for a request (proxy headers are the operator's choice). */
  clientIp?: (header: HeaderReader, socketIp: string | null) => string | null;
}

export function createNodeListener(
  auth: Auth,
  opts: NodeListenerOptions = {},
): (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void> {
  const basePath = auth.config.basePath;
  const sessionCheckPath = `${basePath}${auth.fastSessionCheck.path}`;
  /** Requests whose rate limit the fast session check already counted. */
  const counted = new WeakSet<IncomingMessage>();

  const ipOf = (header: HeaderReader, socketIp: string | null) =>
    opts.clientIp ? opts.clientIp(header, socketIp) : socketIp;

  const general = getRequestListener(
    async (request, env) => {
      const url = new URL(request.url);
      if (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)) {
        const incoming = 'incoming' in env ? (env.incoming as IncomingMessage) : null;
        const socketIp = incoming?.socket?.remoteAddress ?? null;
        const ip = ipOf((name) => request.headers.get(name), socketIp);
        const response = await auth.fetch(request, {
          ip,
          rateLimitChecked: incoming !== null && counted.has(incoming),
        });
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

  return async (incoming, outgoing) => {
    if (incoming.method === 'GET' && incoming.url === sessionCheckPath) {
      const header: HeaderReader = (name) => {
        const value = incoming.headers[name];
        return Array.isArray(value) ? value.join(', ') : (value ?? null);
      };
      try {
        const answer = await auth.fastSessionCheck({
          cookie: incoming.headers.cookie,
          ip: ipOf(header, incoming.socket.remoteAddress ?? null),
        });
        if (answer) {
          const name = statusText(answer.status);
          if (name) outgoing.writeHead(answer.status, name, answer.headers);
          else outgoing.writeHead(answer.status, answer.headers);
          outgoing.end(answer.body);
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
