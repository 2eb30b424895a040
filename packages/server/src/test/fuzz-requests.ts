/**
 * Whole fuzzed requests for an endpoint (security/fuzz-*.test.ts): method, path parameters,
 * query, body of any media type, origin, cookies and headers, sent as one of the identities.
 */
import fc from 'fast-check';
import type { Endpoint } from '../core/http/endpoint.ts';
import { fixtures, IDENTITIES, type IdentityName, resolve, resolveString } from './fuzz-fixtures.ts';
import { extraHeaders, junkCookie, origins } from './fuzz-headers.ts';
import { asZod, bodyValueFor, objectFor, objectShape, stringFor } from './fuzz-schema-values.ts';
import { anyRef, fullUnicodeString, nastyKey, nastyString } from './fuzz-values.ts';
import { BASE_URL } from './harness.ts';

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'form'; pairs: [string, string][]; contentType: string }
  | { kind: 'text'; text: string; contentType: string | null };

export interface FuzzRequest {
  identity: IdentityName;
  method: string;
  params: string[];
  query: [string, string][];
  rawQuery: string;
  body: Body;
  origin: string | null;
  cookieMode: 'identity' | 'identity+junk' | 'junk' | 'none';
  junkCookies: string;
  headers: [string, string][];
  ip: string | null;
}

export const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.latch+json',
  'application/json; charset=utf-16',
  'application/json;;;',
];
export const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  '*/*',
  ';',
  'a'.repeat(5000),
  'application/jsonx',
];

export const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":}',
  "{'a': 1}",
  '[1,2,',
  '{"a": 1,}',
  'undefined',
  'NaN',
  '\u0000',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
  '{"a": 1e400, "b": -1e400}',
  '"just a string"',
  '123456789012345678901234567890',
  'null',
  'true',
  '[]',
  '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{"email": ["a@b.co", "c@d.co"], "password": {"$ne": null}}',
];

export function rawBody(endpoint: Endpoint): fc.Arbitrary<Body> {
  const keys = Object.keys(objectShape(asZod(endpoint.body)) ?? {});
  const overflow = keys.length ? fc.constantFrom(...keys).map((k) => `{"${k}": 1e400}`) : fc.constant('{"x": 1e400}');
  const text = fc.oneof(
    fc.constantFrom(...MALFORMED_JSON),
    overflow,
    fc.constantFrom(50_000, 400_000).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    fc.constantFrom(50_000).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    fc.constant(`{"a":"${'x'.repeat(1_100_000)}"}`),
    fullUnicodeString,
  );
  return fc.record({
    kind: fc.constant('text' as const),
    text,
    contentType: fc.oneof(fc.constantFrom(...JSON_TYPES), fc.constantFrom(...WRONG_TYPES), fc.constant(null)),
  });
}

export function bodyFor(endpoint: Endpoint): fc.Arbitrary<Body> {
  if (endpoint.method === 'GET') return fc.constant({ kind: 'none' });
  const keys = Object.keys(objectShape(asZod(endpoint.body)) ?? {});
  const formKey = keys.length ? fc.oneof(fc.constantFrom(...keys), nastyKey) : nastyKey;
  return fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: bodyValueFor(endpoint),
        contentType: fc.oneof(
          { arbitrary: fc.constant('application/json'), weight: 5 },
          fc.constantFrom(...JSON_TYPES),
        ),
      }),
      weight: 20,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('form' as const),
        pairs: fc.array(fc.tuple(formKey, fc.oneof(stringFor('x'), nastyString)), { maxLength: 5 }),
        contentType: fc.constantFrom(
          'application/x-www-form-urlencoded',
          'application/x-www-form-urlencoded; charset=utf-8',
        ),
      }),
      weight: 2,
    },
    { arbitrary: rawBody(endpoint), weight: 2 },
    {
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: bodyValueFor(endpoint),
        contentType: fc.constantFrom(...WRONG_TYPES),
      }),
      weight: 1,
    },
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
  );
}

export const PATH_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '..',
  '.',
  '%2F',
  '%2e%2e',
  'a%2Fb',
  '__proto__',
  'constructor',
  '%F0%9F%94%90',
  'github',
  'google',
  'credential',
  'x'.repeat(4000),
];

/** Prefix of a path parameter to percent-encode (the others go into the path raw). */
export const ENCODE = '⟪encode⟫';

export const pathParam = fc.oneof(
  fc.constantFrom(...PATH_SEGMENTS),
  fc.oneof(anyRef, nastyString, fullUnicodeString).map((s) => `${ENCODE}${s}`),
);

/** A query of the schema's keys (a value that is not a string goes as JSON, an array as repeated keys), plus odd pairs. */
export function queryFor(endpoint: Endpoint): fc.Arbitrary<[string, string][]> {
  const toText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  const shaped = objectFor(asZod(endpoint.query)).map((q) =>
    Object.entries(q).flatMap(([k, v]): [string, string][] =>
      Array.isArray(v) ? v.map((item): [string, string] => [k, toText(item)]) : [[k, toText(v)]],
    ),
  );
  const odd = fc.array(fc.tuple(nastyKey, nastyString), { maxLength: 3 });
  return fc.tuple(shaped, fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, odd)).map(([a, b]) => [...a, ...b]);
}

export const RAW_QUERIES = [
  '',
  '',
  '',
  '%',
  '%zz=%zz',
  '&&&',
  '=',
  '==',
  'a[b]=c',
  '__proto__[polluted]=1',
  'constructor.prototype.polluted=1',
  `q=${'a'.repeat(20_000)}`,
  '?',
  '#x',
];

export function requestFor(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const paramCount = endpoint.path.split('/').filter((s) => s.startsWith(':')).length;
  return fc.record({
    identity: fc.constantFrom(...IDENTITIES),
    method:
      endpoint.method === 'GET'
        ? fc.oneof({ arbitrary: fc.constant('GET'), weight: 9 }, fc.constant('HEAD'))
        : fc.constant('POST'),
    params: fc.array(pathParam, { minLength: paramCount, maxLength: paramCount }),
    query: queryFor(endpoint),
    rawQuery: fc.constantFrom(...RAW_QUERIES),
    body: bodyFor(endpoint),
    origin: origins,
    cookieMode: fc.constantFrom('identity', 'identity', 'identity', 'identity+junk', 'junk', 'none'),
    junkCookies: fc.array(junkCookie, { maxLength: 3 }).map((c) => c.join('; ')),
    headers: extraHeaders,
    ip: fc.constantFrom<string | null>('127.0.0.1', '127.0.0.1', '::1', '203.0.113.9', '::ffff:127.0.0.1', null),
  });
}

export function encodeSegment(raw: string): string {
  const s = resolveString(raw);
  // ENCODE marks a value to percent-encode; the others go into the path as they are
  return s.startsWith(ENCODE) ? encodeURIComponent(s.slice(ENCODE.length)) : s;
}

export function buildRequest(endpoint: Endpoint, req: FuzzRequest): Request {
  let i = 0;
  const path = endpoint.path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? encodeSegment(req.params[i++] ?? 'x') : seg))
    .join('/');
  const url = new URL(`${BASE_URL}/api/auth${path}`);
  const search = new URLSearchParams(req.query.map(([k, v]) => [resolveString(k), resolveString(v)]));
  url.search = [search.toString(), req.rawQuery].filter(Boolean).join('&');

  const headers = new Headers();
  for (const [k, v] of req.headers) headers.set(k, v);
  if (req.origin !== null) headers.set('origin', req.origin);
  const jar = [...fixtures.identities[req.identity].client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const cookie =
    req.cookieMode === 'identity'
      ? jar
      : req.cookieMode === 'identity+junk'
        ? [jar, req.junkCookies].filter(Boolean).join('; ')
        : req.cookieMode === 'junk'
          ? req.junkCookies
          : '';
  if (cookie) headers.set('cookie', cookie);
  else headers.delete('cookie');

  let body: string | undefined;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const b = req.body;
    if (b.kind === 'json') body = JSON.stringify(resolve(b.value)) ?? 'null';
    else if (b.kind === 'form')
      body = new URLSearchParams(b.pairs.map(([k, v]) => [resolveString(k), resolveString(v)])).toString();
    else if (b.kind === 'text') body = b.text;
    if (b.kind !== 'none') {
      if (b.contentType === null) headers.delete('content-type');
      else headers.set('content-type', b.contentType);
    }
  }
  return new Request(url, { method: req.method, headers, body });
}

export function describeRequest(request: Request, req: FuzzRequest, body: string | undefined): string {
  const cut = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const headers = [...request.headers].map(([k, v]) => `${k}: ${cut(v, 120)}`).join('\n  ');
  return `${request.method} ${cut(request.url)} as ${req.identity}\n  ${headers}\n  body: ${cut(JSON.stringify(body ?? null), 600)}`;
}
