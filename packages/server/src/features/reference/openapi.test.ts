/**
 * The API reference (docs/api-reference.md): GET /api/auth/openapi.json is a valid OpenAPI
 * 3.1 document listing exactly the routes this instance serves that have a row in the
 * endpoint table, for the plugins it has on; what the server answers is what the document
 * says; and GET /api/auth/reference renders it in real Chromium from Latch's own files
 * under its own Content-Security-Policy.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ENDPOINTS, type EndpointEntry, ERRORS, type ErrorCode, session } from '@latch/contract';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchChromium, skipBrowserJourneys, WAIT_MS } from '../../../../../e2e/support/browser.ts';
import type { LatchOptions } from '../../core/config/schema.ts';
import type { Endpoint } from '../../core/http/endpoint.ts';
import type { RouterOptions } from '../../core/http/router.ts';
import { createNodeListener } from '../../node-adapter.ts';
import type { TestResponse } from '../../test/client.ts';
import {
  BASE_URL,
  createTestApp,
  openSharedDatabase,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';
import { REFERENCE_CONTENT_SECURITY_POLICY } from './index.ts';

// The route table: whatever list createAuth gives the router, captured on its way there.
const routes = vi.hoisted(() => ({ last: null as readonly Endpoint[] | null }));
vi.mock('../../core/http/router.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../core/http/router.ts')>();
  return {
    ...real,
    createRouter(options: RouterOptions) {
      routes.last = options.endpoints;
      return real.createRouter(options);
    },
  };
});

const ROOT = resolve(import.meta.dirname, '../../../../..');
const SCREENSHOTS = join(ROOT, '.test-results/reference');

const ALL_ON: LatchOptions = {
  user: { deleteUser: { enabled: true }, changeEmail: { enabled: true } },
  plugins: {
    username: {},
    organization: { teams: { enabled: true } },
    admin: { adminRoles: ['admin'] },
    twoFactor: {},
    jwt: {},
    magicLink: {},
    emailOTP: {},
  },
};
const ALL_OFF: LatchOptions = {
  plugins: { username: false, organization: false, admin: false, twoFactor: false, jwt: false },
};

interface Operation {
  summary?: string;
  parameters?: Array<{ name: string; in: string; schema?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: unknown; examples?: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  tags: Array<{ name: string; description?: string }>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
  };
}

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
/** `/reset-password/{token}` → `/reset-password/:token`, the table's form. */
const tablePath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

function operations(doc: Document): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(item)) out.set(key(method, tablePath(path)), operation);
  return out;
}

/** The codes an operation documents under a status (its enum, and its examples). */
function documentedCodes(operation: Operation, status: number): string[] {
  const media = operation.responses[String(status)]?.content?.['application/json'];
  return Object.keys(media?.examples ?? {});
}

interface Instance {
  app: TestApp;
  /** The endpoints createAuth gave the router. */
  routes: readonly Endpoint[];
  doc: Document;
  answer: TestResponse;
}

async function instance(db: SharedDatabase, options: LatchOptions): Promise<Instance> {
  routes.last = null;
  const app = createTestApp(db, options);
  if (!routes.last) throw new Error('the route table was not captured: did createAuth stop calling createRouter?');
  const answer = await app.client().get('/openapi.json');
  return { app, routes: routes.last, doc: answer.json as Document, answer };
}

describe('GET /api/auth/openapi.json', () => {
  let db: SharedDatabase;
  let on: Instance;
  let off: Instance;
  beforeAll(async () => {
    db = await openSharedDatabase('sqlite');
    on = await instance(db, ALL_ON);
    off = await instance(db, ALL_OFF);
  });
  afterAll(async () => {
    await on?.app.close();
    await off?.app.close();
    await db?.close();
  });

  it('answers a JSON document that is valid OpenAPI 3.1, with every plugin on and with every plugin off', async () => {
    for (const { answer, doc } of [on, off]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info.title).toBe('Latch API');
      // the validator dereferences in place: give it a copy
      const result = await validate(structuredClone(doc) as never);
      expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
    }
  });

  it('lists exactly the routes the instance serves that have a row in the endpoint table', () => {
    const rows = new Set((ENDPOINTS as readonly EndpointEntry[]).map((row) => key(row.method, row.path)));
    for (const { routes: served, doc } of [on, off]) {
      const expected = served
        .filter((e) => !e.serverOnly && rows.has(key(e.method, e.path)))
        .map((e) => key(e.method, e.path));
      expect([...operations(doc).keys()].sort()).toEqual([...new Set(expected)].sort());
    }
    // the switches matter: the admin and organization routes are there only when they are on
    expect(operations(on.doc).has('GET /admin/list-users')).toBe(true);
    expect(operations(off.doc).has('GET /admin/list-users')).toBe(false);
    expect(operations(off.doc).has('GET /get-session')).toBe(true);
    expect(operations(on.doc).size).toBeGreaterThan(operations(off.doc).size);
    // rows only trusted server code may call are not offered
    const serverOnly = (ENDPOINTS as readonly EndpointEntry[]).filter((row) => row.serverOnly);
    for (const row of serverOnly) expect(operations(on.doc).has(key(row.method, row.path))).toBe(false);
  });

  it('documents each refusal and success the server actually gives a plain request to each route', async () => {
    const client = on.app.client();
    const undocumented: string[] = [];
    for (const [route, operation] of operations(on.doc)) {
      const [method = 'GET', path = '/'] = route.split(' ');
      const url = path.replace(/:[^/]+/g, 'probe');
      const res = method === 'GET' ? await client.fresh().get(url) : await client.fresh().post(url, {});
      const code: unknown = res.json?.code;
      if (res.status >= 400) {
        if (typeof code !== 'string' || !documentedCodes(operation, res.status).includes(code))
          undocumented.push(`${route} answered ${res.status} ${String(code)}`);
      } else if (!operation.responses[String(res.status)]) {
        undocumented.push(`${route} answered ${res.status}, which is not documented`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('documents the form body exactly where the server takes a form', async () => {
    const client = on.app.client();
    const wrong: string[] = [];
    for (const [route, operation] of operations(on.doc)) {
      const [method, path = '/'] = route.split(' ');
      if (method !== 'POST') continue;
      const documented = Boolean(operation.requestBody?.content['application/x-www-form-urlencoded']);
      const res = await client.fresh().request('POST', path.replace(/:[^/]+/g, 'probe'), {
        rawBody: 'probe=1',
        contentType: 'application/x-www-form-urlencoded',
      });
      const taken = !(res.status === 415 && res.json?.code === 'UNSUPPORTED_MEDIA_TYPE');
      if (taken !== documented) wrong.push(`${route}: form ${taken ? 'taken' : 'refused'}, documented ${documented}`);
    }
    expect(wrong).toEqual([]);
    expect(operations(on.doc).get('POST /sign-in/email')?.requestBody?.content).toHaveProperty(
      'application/x-www-form-urlencoded',
    );
  });

  it('describes queries as the client sends them (before transforms) and answers as the server writes them', () => {
    const getSession = operations(on.doc).get(key(session.getSession.method, session.getSession.path));
    // disableCookieCache is parsed into a boolean, but on the wire it is a string (or repeated)
    const flag = getSession?.parameters?.find((p) => p.name === 'disableCookieCache');
    expect(flag?.in).toBe('query');
    expect(JSON.stringify(flag?.schema)).toContain('"string"');
    expect(JSON.stringify(flag?.schema)).not.toContain('boolean');
    // named schemas are components, and answers point at them
    expect(on.doc.components.schemas).toHaveProperty('User');
    expect(on.doc.components.schemas).toHaveProperty('Session');
    expect(on.doc.components.schemas).toHaveProperty('Error');
    expect(JSON.stringify(getSession?.responses['200'])).toContain('#/components/schemas/SessionWithUser');
    // path parameters are OpenAPI's {name}
    expect(Object.keys(on.doc.paths).filter((p) => p.includes(':'))).toEqual([]);
    // every group of the reference says what it is about
    for (const tag of on.doc.tags) expect(tag.description, tag.name).toBeTruthy();
  });

  it("names the cookie the sign-in endpoints really set as the session's security scheme", async () => {
    const { client } = await signUpUser(on.app);
    const scheme = on.doc.components.securitySchemes.session;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(client.jar.has(scheme?.name ?? '')).toBe(true);
  });

  it('groups error codes by the status the catalogue gives them', () => {
    const signIn = operations(on.doc).get('POST /sign-in/email');
    expect(signIn).toBeDefined();
    for (const [status, response] of Object.entries(signIn?.responses ?? {})) {
      const codes = Object.keys(response.content?.['application/json']?.examples ?? {});
      for (const code of codes) expect(ERRORS[code as ErrorCode]?.status, code).toBe(Number(status));
    }
    expect(documentedCodes(signIn as Operation, 401)).toContain('INVALID_EMAIL_OR_PASSWORD');
  });
});

describe('GET /api/auth/reference', () => {
  let db: SharedDatabase;
  let app: TestApp;
  beforeAll(async () => {
    db = await openSharedDatabase('sqlite');
    app = createTestApp(db, {});
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('is a page under its own policy: scripts only from Latch, no framing, not stored', async () => {
    const res = await app.client().get('/reference');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(REFERENCE_CONTENT_SECURITY_POLICY);
    expect(REFERENCE_CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(REFERENCE_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // every script is a file of Latch's; none inline
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, , body] of scripts) expect(body?.trim()).toBe('');
    expect(res.text).toMatch(/<script src="\/api\/auth\/reference\/scalar\.js\?v=[^"]+"><\/script>/);
    expect(res.text).not.toMatch(/https?:\/\//);
  });

  it("serves Scalar's standalone bundle from node_modules, gzipped when the browser takes gzip", async () => {
    const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
    const file = readFileSync(join(dirname(entry), 'browser', 'standalone.js'));
    const url = `${BASE_URL}/api/auth/reference/scalar.js`;
    const plain = await app.auth.fetch(new Request(url));
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toContain('public');
    expect(Buffer.from(await plain.arrayBuffer()).equals(file)).toBe(true);
    const zipped = await app.auth.fetch(new Request(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }));
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(file.length / 2);
    expect(gunzipSync(bytes).equals(file)).toBe(true);
  });
});

describe.skipIf(skipBrowserJourneys())('the reference page in Chromium', () => {
  let db: SharedDatabase;
  let app: TestApp;
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    db = await openSharedDatabase('sqlite');
    server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = createTestApp(db, { baseURL: origin });
    server.on('request', createNodeListener(app.auth));
  });
  afterAll(async () => {
    await new Promise((done) => server?.close(done));
    await app?.close();
    await db?.close();
  });

  it('renders the title and the operations from files Latch serves, with no policy violation', async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
      const elsewhere: string[] = [];
      await context.route(
        (url) => url.origin !== origin,
        (route) => {
          elsewhere.push(route.request().url());
          return route.abort('blockedbyclient');
        },
      );
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' || /Content Security Policy/i.test(message.text()))
          problems.push(`console ${message.type()}: ${message.text()}`);
      });
      await page.goto(`${origin}/api/auth/reference`);
      expect(await page.title()).toBe('Latch API reference');
      await page.getByRole('heading', { name: 'Latch API', exact: true }).waitFor({ timeout: WAIT_MS });
      // an operation, by the summary its row gives
      await page.getByText(session.getSession.summary).first().waitFor({ timeout: WAIT_MS });
      await page.getByText('Sessions').first().waitFor({ timeout: WAIT_MS });
      await page.screenshot({ path: join(SCREENSHOTS, 'api-reference.png'), fullPage: false });
      // the operation itself: its refusals, by status, with their codes
      await page.getByText(session.getSession.summary).first().click();
      await page.getByText('FAILED_TO_GET_SESSION').first().waitFor({ timeout: WAIT_MS });
      await page.screenshot({ path: join(SCREENSHOTS, 'api-reference-operation.png'), fullPage: false });
      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
