/** Test doubles shared by the client and React tests (not exported from the package). */

export interface RecordedCall {
  method: string;
  url: URL;
  /** The path below /api/auth. */
  path: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
  rawBody: string | undefined;
}

export type Reply = Response | (() => Response) | ((call: RecordedCall) => Response | Promise<Response>);

export function json(body: unknown, status = 200, statusText = '', headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export interface MockFetch {
  fetch: typeof globalThis.fetch;
  calls: RecordedCall[];
  /** Answers `METHOD /path` (path below /api/auth) with a reply; later registrations win. */
  on(route: string, reply: Reply): void;
  /** Answers the next request to `route` only (a queue; falls back to `on` replies when empty). */
  once(route: string, reply: Reply): void;
  callsTo(route: string): RecordedCall[];
}

export function createMockFetch(root = 'http://localhost:3000/api/auth'): MockFetch {
  const replies = new Map<string, Reply>();
  const queued = new Map<string, Reply[]>();
  const calls: RecordedCall[] = [];
  const rootPath = new URL(root).pathname;

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url,
      path: url.pathname.startsWith(rootPath) ? url.pathname.slice(rootPath.length) : url.pathname,
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body: rawBody === undefined ? undefined : JSON.parse(rawBody),
      rawBody,
    };
    calls.push(call);
    const route = `${call.method} ${call.path}`;
    const reply = queued.get(route)?.shift() ?? replies.get(route);
    if (!reply) return new Response('', { status: 404 });
    return typeof reply === 'function' ? await reply(call) : reply.clone();
  };

  return {
    fetch,
    calls,
    on(route, reply) {
      replies.set(route, reply);
    },
    once(route, reply) {
      const list = queued.get(route) ?? [];
      list.push(reply);
      queued.set(route, list);
    },
    callsTo(route) {
      return calls.filter((c) => `${c.method} ${c.path}` === route);
    },
  };
}

export const ISO = '2026-11-22T05:19:26.795Z';

export function sessionBody(name = 'Ada'): Record<string, unknown> {
  return {
    session: {
      id: 's1',
      token: 'tok',
      userId: 'u1',
      expiresAt: ISO,
      createdAt: ISO,
      updatedAt: ISO,
      ipAddress: null,
      userAgent: null,
      activeOrganizationId: null,
    },
    user: {
      id: 'u1',
      name,
      email: 'ada@example.com',
      emailVerified: true,
      image: null,
      createdAt: ISO,
      updatedAt: ISO,
    },
  };
}
