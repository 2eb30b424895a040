/**
 * Test support (not shipped behaviour): a local HTTP server that plays an OAuth provider; `startDialectFake`,
 * which makes it speak one provider's dialect (features/social/providers/fixtures/<id>.ts: its token response,
 * its user-info shapes, its quirks); and `describeDialect`, which runs the engine-level journey against it for
 * every provider — authorization URL → the provider's authorize endpoint → code exchange → profile → refresh —
 * while the fake checks what a real provider checks (client authentication, PKCE verifier, redirect URI).
 * The HTTP-level journey over the same fixtures is features/social/providers.http.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCodeChallenge,
  createProvider,
  type ExchangeCodeParams,
  type OAuthProvider,
} from '../features/social/oauth-client.ts';
import type { Json } from '../features/social/providers/shared.ts';
import type {
  ClientAuthMethod,
  OAuthProfile,
  OAuthTokens,
  ProviderEndpoints,
  ProviderId,
  ProviderOptions,
  ProviderUserHint,
} from '../features/social/providers/types.ts';

export const CLIENT_ID = 'latch-client-id';
export const CLIENT_SECRET = 'latch-client-secret';
export const BASE_URL = 'https://latch.example';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
  text: string;
}

export interface FakeReply {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
  text?: string;
}

export type Handler = (request: FakeRequest, fake: FakeProvider) => FakeReply | Promise<FakeReply>;

export interface FakeProvider {
  url: string;
  requests: FakeRequest[];
  /** Adds or replaces a route; keys are "METHOD /path". */
  route(key: string, handler: Handler): void;
  signIdToken(claims: Json, options?: { issuer?: string; audience?: string; kid?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeProvider(routes: Record<string, Handler> = {}): Promise<FakeProvider> {
  const table = new Map(Object.entries(routes));
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: 'fake-key', alg: 'RS256', use: 'sig' };
  const requests: FakeRequest[] = [];
  let fake: FakeProvider;

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const isForm = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      form: new URLSearchParams(isForm ? text : ''),
      text,
    };
    requests.push(request);
    const handler = table.get(`${request.method} ${request.path}`);
    let reply: FakeReply;
    try {
      reply = handler ? await handler(request, fake) : { status: 404, json: { error: 'not_found' } };
    } catch (error) {
      reply = { status: 500, json: { error: 'fake_failed', error_description: String(error) } };
    }
    const body = reply.text ?? JSON.stringify(reply.json ?? {});
    res.writeHead(reply.status ?? 200, {
      'content-type': reply.text !== undefined ? 'text/plain' : 'application/json',
      ...reply.headers,
    });
    res.end(body);
  });
  table.set('GET /jwks', () => ({ json: { keys: [publicJwk] } }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  fake = {
    url,
    requests,
    route: (key, handler) => table.set(key, handler),
    signIdToken: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'fake-key' })
        .setIssuer(options.issuer ?? url)
        .setAudience(options.audience ?? CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey),
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
  return fake;
}

/** What a provider's token endpoint checks about the client, per method (RFC 6749 §2.3.1, TikTok's client_key). */
function checkClientAuthentication(
  method: ClientAuthMethod,
  request: FakeRequest,
  secretMatches: (secret: string | null) => boolean | Promise<boolean>,
): Promise<string | null> | string | null {
  const header = request.headers.authorization;
  if (method === 'basic') {
    if (!header?.startsWith('Basic ')) return 'expected HTTP Basic client authentication';
    const [id, secret] = Buffer.from(header.slice(6), 'base64').toString().split(':').map(decodeURIComponent);
    if (id !== CLIENT_ID) return `wrong client id ${id}`;
    if (request.form.has('client_secret')) return 'client_secret sent in the body as well';
    return Promise.resolve(secretMatches(secret ?? null)).then((ok) => (ok ? null : 'wrong client secret'));
  }
  if (header) return `unexpected Authorization header for ${method}`;
  const idParam = method === 'client_key' ? 'client_key' : 'client_id';
  if (request.form.get(idParam) !== CLIENT_ID) return `expected ${idParam} in the body`;
  if (method === 'client_key' && request.form.has('client_id')) return 'TikTok wants client_key, not client_id';
  return Promise.resolve(secretMatches(request.form.get('client_secret'))).then((ok) =>
    ok ? null : 'wrong client secret',
  );
}

/** The person signed in at the provider: whose profile the fake hands out. */
export interface Person {
  /** The provider's user id (the account's `accountId`). */
  id: string;
  /** Null: the provider has no address for them (phone sign-ups, a declined or missing e-mail scope). */
  email: string | null;
}

/** One authorization the fake approved, as the token endpoint sees it when the code comes back. */
export interface Grant {
  /** The query of the authorization request (nonce, state, redirect_uri…). */
  authorize: URLSearchParams;
  person: Person;
}

/** A fake provider speaking a dialect. It plays one browser at a time: set `person` before authorizing. */
export interface DialectFake extends FakeProvider {
  person: Person;
  /** Ids of the people who authorized this app before (Apple posts the name on the first authorization only). */
  returning: Set<string>;
}

export type DialectHandler = (request: FakeRequest, fake: DialectFake) => FakeReply | Promise<FakeReply>;

export interface Dialect {
  id: ProviderId;
  /** Options beyond clientId/clientSecret (tenantId, Apple's team key…). */
  options?: Partial<ProviderOptions>;
  /** The real authorization endpoint, origin + path. */
  authorizationEndpoint: string;
  /** Parameters the default authorization URL must carry (scope, response_mode, duration…). */
  authorizationParams: Record<string, string>;
  clientAuth: ClientAuthMethod;
  pkce: boolean;
  /** How the provider's URLs point at the fake; defaults to every endpoint on the fake. */
  endpoints?: (url: string) => ProviderOptions['endpoints'];
  /** Checks the client secret (Apple's is a signed JWT); default: equals CLIENT_SECRET. */
  secretMatches?: (secret: string | null) => boolean | Promise<boolean>;
  /** Who is signed in at the provider unless a test says otherwise; `expectedProfile` describes them. */
  person: Person;
  /** Parameters the provider adds to the callback (VK's device_id, Apple's `user` on the first authorization). */
  callbackParams?: (fake: DialectFake, firstAuthorization: boolean) => Record<string, string>;
  /** What the token endpoint checks beyond the OAuth basics (VK wants device_id and state back); a problem or null. */
  tokenCheck?: (request: FakeRequest, grant: Grant) => string | null;
  /** Extra arguments of exchangeCode in the engine test (VK's deviceId). */
  exchange?: Partial<ExchangeCodeParams>;
  /** The token endpoint's answer to the authorization-code grant, in the provider's shape. */
  tokenResponse: (fake: DialectFake, grant: Grant) => Json | Promise<Json>;
  /** The provider's resource routes ("GET /userinfo" …), answering in its shapes for `fake.person`. */
  resources?: Record<string, DialectHandler>;
  /** The profile of `person`, as Latch maps it. */
  expectedProfile: Omit<OAuthProfile, 'raw'>;
  expectedTokens?: Partial<OAuthTokens>;
  /** Further assertions on the requests the fake received (engine test). */
  check?: (fake: FakeProvider) => void;
}

export function fakeEndpoints(url: string): ProviderEndpoints {
  return {
    authorization: `${url}/authorize`,
    token: `${url}/token`,
    userInfo: `${url}/userinfo`,
    emails: `${url}/emails`,
    jwks: `${url}/jwks`,
    issuer: url,
  };
}

const escapeHTML = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Apple's `response_mode=form_post`: a page whose form the browser posts to the redirect URI at once. */
function formPostPage(action: URL, params: URLSearchParams): FakeReply {
  const inputs = [...params]
    .map(([name, value]) => `<input type="hidden" name="${escapeHTML(name)}" value="${escapeHTML(value)}">`)
    .join('');
  return {
    headers: { 'content-type': 'text/html; charset=utf-8' },
    text: `<!doctype html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHTML(action.href)}">${inputs}</form></body>`,
  };
}

/** Where the provider sends the browser back: a redirect (query), or a form post. */
export interface ProviderAnswer {
  method: 'GET' | 'POST';
  /** The redirect URI, without the parameters. */
  target: string;
  params: URLSearchParams;
}

/** Follows an authorization URL at a fake ("the person approves") and answers where the browser goes next. */
export async function followAuthorization(authorizationURL: string | URL): Promise<ProviderAnswer> {
  const response = await fetch(authorizationURL, { redirect: 'manual' });
  const body = await response.text();
  if (response.status === 302) {
    const location = new URL(response.headers.get('location') ?? '');
    return { method: 'GET', target: `${location.origin}${location.pathname}`, params: location.searchParams };
  }
  const form = /<form method="post" action="([^"]*)">(.*)<\/form>/.exec(body);
  if (response.status !== 200 || !form) throw new Error(`the fake provider answered ${response.status}: ${body}`);
  const decodeEntities = (value: string) =>
    value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const params = new URLSearchParams();
  for (const [, name = '', value = ''] of (form[2] ?? '').matchAll(/name="([^"]*)" value="([^"]*)"/g)) {
    params.append(decodeEntities(name), decodeEntities(value));
  }
  return { method: 'POST', target: decodeEntities(form[1] ?? ''), params };
}

/**
 * A fake that speaks the dialect at the given endpoints (`dialect.endpoints`, else every endpoint on the fake):
 * its authorize endpoint approves as `fake.person` and redirects (or form-posts) back with a code, its token
 * endpoint checks client authentication, PKCE and the redirect URI and answers in the dialect, its resource
 * routes answer in the dialect's shapes.
 */
export async function startDialectFake(dialect: Dialect): Promise<{ fake: DialectFake; endpoints: ProviderEndpoints }> {
  const base = await startFakeProvider();
  const fake: DialectFake = Object.assign(base, { person: dialect.person, returning: new Set<string>() });
  const options = (dialect.endpoints ?? fakeEndpoints)(fake.url);
  const { endpoints } = createProvider(
    dialect.id,
    { clientId: CLIENT_ID, ...dialect.options, endpoints: options },
    {
      baseURL: BASE_URL,
    },
  );
  for (const [key, handler] of Object.entries(dialect.resources ?? {})) {
    fake.route(key, (request) => handler(request, fake));
  }
  const codes = new Map<string, Grant>();
  const issued = { refreshToken: 'rt-initial' };
  const idParam = dialect.clientAuth === 'client_key' ? 'client_key' : 'client_id';
  const secretMatches = dialect.secretMatches ?? ((secret) => secret === CLIENT_SECRET);

  fake.route(`GET ${new URL(endpoints.authorization).pathname}`, (request) => {
    if (request.query.get(idParam) !== CLIENT_ID) return { status: 400, text: `missing ${idParam}` };
    if (request.query.get('response_type') !== 'code') return { status: 400, text: 'response_type must be code' };
    const code = randomUUID();
    const person = fake.person;
    codes.set(code, { authorize: request.query, person });
    const firstAuthorization = !fake.returning.has(person.id);
    fake.returning.add(person.id);
    const target = new URL(request.query.get('redirect_uri') ?? '');
    const params = new URLSearchParams({ code, state: request.query.get('state') ?? '' });
    for (const [key, value] of Object.entries(dialect.callbackParams?.(fake, firstAuthorization) ?? {})) {
      params.set(key, value);
    }
    if (request.query.get('response_mode') === 'form_post') return formPostPage(target, params);
    for (const [key, value] of params) target.searchParams.set(key, value);
    return { status: 302, headers: { location: target.href } };
  });

  fake.route(`POST ${new URL(endpoints.token).pathname}`, async (request) => {
    const refuse = (error: string, description: string) => ({
      status: 400,
      json: { error, error_description: description },
    });
    const authProblem = await checkClientAuthentication(dialect.clientAuth, request, secretMatches);
    if (authProblem) return { status: 401, json: { error: 'invalid_client', error_description: authProblem } };
    const grantType = request.form.get('grant_type');
    if (grantType === 'refresh_token') {
      if (request.form.get('refresh_token') !== issued.refreshToken) return refuse('invalid_grant', 'refresh token');
      return { json: { access_token: 'at-refreshed', token_type: 'bearer', expires_in: 7200 } };
    }
    if (grantType !== 'authorization_code') return refuse('unsupported_grant_type', String(grantType));
    const grant = codes.get(request.form.get('code') ?? '');
    if (!grant) return refuse('invalid_grant', 'unknown code');
    codes.delete(request.form.get('code') ?? '');
    const authorize = grant.authorize;
    if (request.form.get('redirect_uri') !== authorize.get('redirect_uri')) return refuse('invalid_grant', 'redirect');
    const challenge = authorize.get('code_challenge');
    const verifier = request.form.get('code_verifier');
    if (dialect.pkce) {
      if (authorize.get('code_challenge_method') !== 'S256') return refuse('invalid_request', 'S256 expected');
      if (!verifier || createCodeChallenge(verifier) !== challenge) return refuse('invalid_grant', 'PKCE verifier');
    } else if (challenge || verifier) {
      return refuse('invalid_request', 'PKCE sent to a provider that does not take it');
    }
    const problem = dialect.tokenCheck?.(request, grant);
    if (problem) return refuse('invalid_request', problem);
    return { json: await dialect.tokenResponse(fake, grant) };
  });
  return { fake, endpoints };
}

/** The ID-token claims that echo the authorization request's nonce (OpenID Core §3.1.2.1), if it had one. */
export function nonceOf(grant: Grant): { nonce?: string } {
  const nonce = grant.authorize.get('nonce');
  return nonce ? { nonce } : {};
}

/** Registers the journey tests of one provider. */
export function describeDialect(dialect: Dialect): void {
  describe(`${dialect.id} provider`, () => {
    let fake: DialectFake;
    let provider: OAuthProvider;

    beforeAll(async () => {
      fake = (await startDialectFake(dialect)).fake;
      provider = createProvider(
        dialect.id,
        {
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          ...dialect.options,
          endpoints: (dialect.endpoints ?? fakeEndpoints)(fake.url),
        },
        { baseURL: BASE_URL },
      );
    });
    afterAll(() => fake.close());

    it('builds the default authorization URL on the real host', () => {
      const real = createProvider(
        dialect.id,
        { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...dialect.options },
        {
          baseURL: BASE_URL,
        },
      );
      const verifier = 'v'.repeat(64);
      const url = real.createAuthorizationURL({ state: 'state-123', codeVerifier: verifier });
      expect(`${url.origin}${url.pathname}`).toBe(dialect.authorizationEndpoint);
      const query = Object.fromEntries(url.searchParams);
      expect(query).toMatchObject({
        response_type: 'code',
        [dialect.clientAuth === 'client_key' ? 'client_key' : 'client_id']: CLIENT_ID,
        redirect_uri: `${BASE_URL}/api/auth/callback/${dialect.id}`,
        state: 'state-123',
        ...dialect.authorizationParams,
      });
      if (dialect.pkce) {
        expect(query).toMatchObject({ code_challenge: createCodeChallenge(verifier), code_challenge_method: 'S256' });
      } else {
        expect(query.code_challenge).toBeUndefined();
      }
      if (!('scope' in dialect.authorizationParams)) expect(query.scope).toBeUndefined();
    });

    it('signs a user in: authorize → code exchange → profile, in the provider dialect', async () => {
      const codeVerifier = `verifier-${randomUUID()}-${randomUUID()}`;
      // As the callback does: a nonce where the profile comes from the ID token of the code exchange.
      const nonce = provider.definition.profileFromIdToken ? `nonce-${randomUUID()}` : undefined;
      const url = provider.createAuthorizationURL({ state: 'st-1', codeVerifier, nonce });
      const answer = await followAuthorization(url);
      expect(answer.method).toBe(dialect.authorizationParams.response_mode === 'form_post' ? 'POST' : 'GET');
      expect(answer.target).toBe(`${BASE_URL}/api/auth/callback/${dialect.id}`);
      expect(answer.params.get('state')).toBe('st-1');

      const tokens = await provider.exchangeCode({
        code: answer.params.get('code') ?? '',
        codeVerifier,
        nonce,
        ...dialect.exchange,
      });
      expect(tokens).toMatchObject(dialect.expectedTokens ?? {});
      const hint = answer.params.get('user');
      const profile = await provider.getUserProfile(tokens, {
        user: hint ? (JSON.parse(hint) as ProviderUserHint) : undefined,
      });
      expect(profile).not.toBeNull();
      const { raw, ...mapped } = profile as OAuthProfile;
      expect(mapped).toEqual(dialect.expectedProfile);
      expect(typeof raw).toBe('object');
      dialect.check?.(fake);
    });

    it('refreshes, or says it cannot', async () => {
      if (!provider.definition.supportsRefresh) {
        await expect(provider.refreshAccessToken('rt-initial')).rejects.toMatchObject({ reason: 'refresh_failed' });
        return;
      }
      const refreshed = await provider.refreshAccessToken('rt-initial');
      expect(refreshed).toMatchObject({ accessToken: 'at-refreshed', refreshToken: 'rt-initial' });
      await expect(provider.refreshAccessToken('rt-stolen')).rejects.toMatchObject({ reason: 'refresh_failed' });
    });

    it('turns a refused code into invalid_code', async () => {
      await expect(provider.exchangeCode({ code: 'never-issued', codeVerifier: 'x'.repeat(43) })).rejects.toMatchObject(
        {
          name: 'ProviderError',
          reason: 'invalid_code',
        },
      );
    });
  });
}

/** A resource route that insists on the bearer token the fake token endpoint issued. */
export function bearer(accessToken: string, reply: DialectHandler): DialectHandler {
  return (request, fake) =>
    request.headers.authorization === `Bearer ${accessToken}`
      ? reply(request, fake)
      : { status: 401, json: { error: 'invalid_token' } };
}
