/**
 * A browser tab for in-process HTTP tests: a cookie jar, an Origin header on every
 * non-GET request, redirects not followed. Talks to auth.fetch directly.
 */
export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
  json: any;
  setCookies: string[];
  location: string | null;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  contentType?: string | null;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** null sends no Origin header. */
  origin?: string | null;
  ip?: string;
}

type Fetch = (request: Request, info?: { ip?: string | null }) => Promise<Response>;

export class TestClient {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly fetchFn: Fetch,
    readonly baseURL: string,
    readonly userAgent = 'latch-test/1',
  ) {}

  fresh(): TestClient {
    return new TestClient(this.fetchFn, this.baseURL, this.userAgent);
  }

  cookie(suffix: string): { name: string; value: string } | undefined {
    for (const [name, value] of this.jar) if (name.endsWith(`.${suffix}`)) return { name, value };
    return undefined;
  }

  async request(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse> {
    const url = new URL(path.startsWith('http') ? path : `${this.baseURL}/api/auth${path}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers = new Headers({ 'user-agent': this.userAgent, ...opts.headers });
    if (method !== 'GET' && opts.origin !== null && !headers.has('origin'))
      headers.set('origin', opts.origin ?? new URL(this.baseURL).origin);
    if (this.jar.size && !headers.has('cookie'))
      headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    let body: string | undefined;
    if (opts.rawBody !== undefined) {
      body = opts.rawBody;
      if (opts.contentType !== null) headers.set('content-type', opts.contentType ?? 'application/json');
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers.set('content-type', 'application/json');
    }
    const res = await this.fetchFn(new Request(url, { method, headers, body }), { ip: opts.ip ?? '127.0.0.1' });
    const text = await res.text();
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/Max-Age=0/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json, setCookies, location: res.headers.get('location') };
  }

  get(path: string, opts?: RequestOptions): Promise<TestResponse> {
    return this.request('GET', path, opts);
  }

  post(path: string, body: unknown = {}, opts: RequestOptions = {}): Promise<TestResponse> {
    return this.request('POST', path, { ...opts, body });
  }
}
