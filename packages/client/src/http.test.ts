/** The client against a real HTTP server (node:http), as a browser app would talk to Latch. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from './client.ts';

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let origin = '';
const seen: Seen[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => {
      data += chunk.toString('utf8');
    });
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], body });
    const path = (req.url ?? '').split('?')[0];
    const send = (status: number, payload: unknown, statusText?: string): void => {
      res.writeHead(status, statusText ?? '', { 'content-type': 'application/json' });
      res.end(payload === undefined ? '' : JSON.stringify(payload));
    };
    if (req.method === 'POST' && path === '/api/auth/sign-up/email') {
      const input = JSON.parse(body) as { email: string; name: string };
      send(200, {
        token: 'tok',
        user: {
          id: 'u1',
          name: input.name,
          email: input.email,
          emailVerified: false,
          image: null,
          createdAt: '2026-11-22T05:19:26.795Z',
          updatedAt: '2026-11-22T05:19:26.795Z',
        },
      });
    } else if (req.method === 'POST' && path === '/api/auth/sign-in/email') {
      send(401, { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' }, 'UNAUTHORIZED');
    } else if (req.method === 'GET' && path === '/api/auth/get-session') {
      send(200, null);
    } else if (req.method === 'GET' && path === '/api/auth/organization/list-members') {
      send(200, { members: [], total: 0 });
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('over HTTP', () => {
  it('signs up with a JSON POST and revives dates', async () => {
    const client = createAuthClient({ baseURL: origin });
    const { data, error } = await client.signUp.email({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'pw-12345678',
    });
    expect(error).toBeNull();
    expect(data?.user.createdAt).toBeInstanceOf(Date);
    const request = seen.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/api/auth/sign-up/email', contentType: 'application/json' });
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'Ada', email: 'ada@example.com', password: 'pw-12345678' });
  });

  it('maps the error body and the status text sent by the server', async () => {
    const client = createAuthClient({ baseURL: origin });
    const { error } = await client.signIn.email({ email: 'a@example.com', password: 'wrong-pass' });
    expect(error).toEqual({
      status: 401,
      statusText: 'UNAUTHORIZED',
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('a JSON null is a signed-out session; GET carries no body', async () => {
    const client = createAuthClient({ baseURL: origin });
    const { data, error } = await client.getSession();
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/auth/get-session', body: '' });
  });

  it('the server receives the query as better-auth encodes it', async () => {
    const client = createAuthClient({ baseURL: origin });
    await client.organization.listMembers({ query: { limit: 5, filterValue: 'a b', sortDirection: 'desc' } });
    expect(seen.at(-1)?.url).toBe('/api/auth/organization/list-members?limit=5&filterValue=a%20b&sortDirection=desc');
  });

  it('an unknown route is a 404 error without code', async () => {
    const client = createAuthClient({ baseURL: origin });
    const { error } = await client.$fetch('/nope');
    expect(error).toMatchObject({ status: 404 });
    expect(error?.code).toBeUndefined();
  });

  it('a refused connection is a 500 Fetch Error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createAuthClient({ baseURL: `http://127.0.0.1:${port}` });
    const { error } = await client.getSession();
    expect(error).toMatchObject({ status: 500, statusText: 'Fetch Error' });
    expect(typeof error?.message).toBe('string');
  });
});
