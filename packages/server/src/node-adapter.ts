/**
 * Serves an Auth instance from node:http. better-auth's clients copy the status *name*
 * (UNAUTHORIZED) from the reason phrase into error.statusText, so the reason phrase is
 * set from the Response before the adapter writes the head.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Auth } from './app.ts';
import { statusText } from './core/http/status-text.ts';

export interface NodeListenerOptions {
  /** Answers requests outside the API (the web app); 404 when absent. */
  fallback?: (request: Request) => Response | Promise<Response>;
  /** The client address for a request (proxy headers are the operator's choice). */
  clientIp?: (request: Request, socketIp: string | null) => string | null;
}

export function createNodeListener(
  auth: Auth,
  opts: NodeListenerOptions = {},
): (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void> {
  const basePath = auth.config.basePath;
  return getRequestListener(
    async (request, env) => {
      const url = new URL(request.url);
      if (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)) {
        const socketIp = 'incoming' in env ? (env.incoming.socket?.remoteAddress ?? null) : null;
        const ip = opts.clientIp ? opts.clientIp(request, socketIp) : socketIp;
        const response = await auth.fetch(request, { ip });
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
}
