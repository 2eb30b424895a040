import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { type AuthClient, createAuthClient } from './client.ts';
import { type AuthError, LatchError } from './errors.ts';
import { createMockFetch, ISO, json, sessionBody } from './test-helpers.ts';
import type { AuthResult } from './transport.ts';
import type { SessionData, SignInResponse } from './types.ts';

const BASE = 'http://localhost:3000';

function setup(extra: Parameters<typeof createAuthClient>[0] = {}) {
  const mock = createMockFetch(`${BASE}/api/auth`);
  const navigate = vi.fn<(url: string) => void>();
  const client = createAuthClient({ baseURL: BASE, fetch: mock.fetch, navigate, ...extra });
  return { mock, client, navigate };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('base URL', () => {
  it('appends /api/auth to a path-less baseURL and keeps a baseURL with a path', () => {
    expect(createAuthClient({ baseURL: 'https://a.example' }).baseURL).toBe('https://a.example/api/auth');
    expect(createAuthClient({ baseURL: 'https://a.example/', basePath: '/auth' }).baseURL).toBe(
      'https://a.example/auth',
    );
    expect(createAuthClient({ baseURL: 'https://a.example/custom/auth/' }).baseURL).toBe(
      'https://a.example/custom/auth',
    );
  });

  it('refuses a non-http baseURL', () => {
    expect(() => createAuthClient({ baseURL: 'ftp://a.example' })).toThrow(TypeError);
  });
});

describe('method choice and request shape', () => {
  it('POSTs a JSON body with credentials when there is a body', async () => {
    const { mock, client } = setup();
    mock.on('POST /sign-in/email', json({ redirect: false, token: 't', user: sessionBody().user }));
    await client.signIn.email({ email: 'ada@example.com', password: 'secret-pass' });
    const [call] = mock.calls;
    expect(call?.method).toBe('POST');
    expect(call?.url.href).toBe(`${BASE}/api/auth/sign-in/email`);
    expect(call?.credentials).toBe('include');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.body).toEqual({ email: 'ada@example.com', password: 'secret-pass' });
  });

  it('GETs without a body, and never sends a body on GET', async () => {
    const { mock, client } = setup();
    mock.on('GET /list-sessions', json([]));
    mock.on('GET /organization/list', json([]));
    await client.listSessions();
    await client.organization.list({});
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /list-sessions', 'GET /organization/list']);
    expect(mock.calls.every((c) => c.rawBody === undefined)).toBe(true);
  });

  it('follows the fixed-method table: sign-out and revoke-* are POST {}, get-full-organization is GET', async () => {
    const { mock, client } = setup();
    mock.on('POST /sign-out', json({ success: true }));
    mock.on('POST /revoke-sessions', json({ status: true }));
    mock.on('POST /revoke-other-sessions', json({ status: true }));
    mock.on('POST /delete-user', json({ success: true, message: 'User deleted' }));
    mock.on('GET /organization/get-full-organization', json(null));
    await client.signOut();
    await client.revokeSessions();
    await client.revokeOtherSessions();
    await client.deleteUser();
    await client.organization.getFullOrganization({ query: { organizationId: 'o1' } });
    expect(mock.calls.map((c) => `${c.method} ${c.path} ${c.rawBody ?? '-'}`)).toEqual([
      'POST /sign-out {}',
      'POST /revoke-sessions {}',
      'POST /revoke-other-sessions {}',
      'POST /delete-user {}',
      'GET /organization/get-full-organization -',
    ]);
  });

  it('kebab-cases organization paths and splits query, fetchOptions and body', async () => {
    const { mock, client } = setup();
    mock.on('POST /organization/invite-member', json({ id: 'i1', expiresAt: ISO, createdAt: ISO }));
    const onSuccess = vi.fn();
    await client.organization.inviteMember({
      email: 'b@example.com',
      role: ['member', 'admin'],
      fetchOptions: { headers: { 'x-test': '1' }, onSuccess },
    });
    const [call] = mock.calls;
    expect(call?.path).toBe('/organization/invite-member');
    expect(call?.body).toEqual({ email: 'b@example.com', role: ['member', 'admin'] });
    expect(call?.headers.get('x-test')).toBe('1');
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  it('accepts per-call options as the second argument, as better-auth does', async () => {
    const { mock, client } = setup();
    mock.on('POST /update-user', json({ status: true }));
    const onSuccess = vi.fn();
    await client.updateUser({ name: 'Ada' }, { onSuccess, disableSignal: true });
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  it('encodes queries like better-auth: arrays repeat, nulls drop, non-strings JSON, spaces as %20', async () => {
    const { mock, client } = setup();
    mock.on('GET /organization/list-members', json({ members: [], total: 0 }));
    await client.organization.listMembers({
      query: { limit: 10, filterField: 'role', filterValue: 'a b+c', organizationId: undefined },
    });
    await client.$fetch('/admin/list-users', { query: { ids: ['a', 'b'], flag: true, none: null } });
    expect(mock.calls[0]?.url.search).toBe('?limit=10&filterField=role&filterValue=a%20b%2Bc');
    expect(mock.calls[1]?.method).toBe('GET');
    expect(mock.calls[1]?.url.search).toBe('?ids=a&ids=b&flag=true');
  });

  it('verifyEmail and getInvitation are GETs with the query', async () => {
    const { mock, client } = setup();
    mock.on('GET /verify-email', json({ status: true, user: null }));
    mock.on('GET /organization/get-invitation', json({ id: 'i1' }));
    await client.verifyEmail({ query: { token: 'abc.def' } });
    await client.organization.getInvitation({ query: { id: 'i1' } });
    expect(mock.calls.map((c) => `${c.method} ${c.path}${c.url.search}`)).toEqual([
      'GET /verify-email?token=abc.def',
      'GET /organization/get-invitation?id=i1',
    ]);
  });

  it('forgetPassword and requestPasswordReset both POST', async () => {
    const { mock, client } = setup();
    mock.on('POST /forget-password', json({ status: true }));
    mock.on('POST /request-password-reset', json({ status: true, message: 'ok' }));
    await client.forgetPassword({ email: 'a@example.com', redirectTo: '/reset' });
    await client.requestPasswordReset({ email: 'a@example.com', redirectTo: '/reset' });
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /forget-password',
      'POST /request-password-reset',
    ]);
  });
});

describe('answers', () => {
  it('revives ISO dates into Date objects', async () => {
    const { mock, client } = setup();
    mock.on('GET /get-session', json(sessionBody()));
    const { data } = await client.getSession();
    expect(data?.session.expiresAt).toBeInstanceOf(Date);
    expect(data?.user.createdAt.toISOString()).toBe(ISO);
  });

  it('normalizes {session:null,user:null} to null', async () => {
    const { mock, client } = setup();
    mock.on('GET /get-session', json({ session: null, user: null }));
    expect((await client.getSession()).data).toBeNull();
  });

  it('sends get-session flags only when set (the server reads "false" as true)', async () => {
    const { mock, client } = setup();
    mock.on('GET /get-session', json(null));
    await client.getSession({ query: { disableCookieCache: true, disableRefresh: false } });
    expect(mock.calls[0]?.url.search).toBe('?disableCookieCache=true');
  });

  it('maps an error body to {status, statusText, code, message}', async () => {
    const { mock, client } = setup();
    mock.on(
      'POST /sign-in/email',
      json({ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' }, 401, 'UNAUTHORIZED'),
    );
    const result = await client.signIn.email({ email: 'a@example.com', password: 'wrong-pass' });
    expect(result.data).toBeNull();
    expect(result.error).toEqual({
      status: 401,
      statusText: 'UNAUTHORIZED',
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('derives a code when the body has only a message, and fills statusText when the transport has none', async () => {
    const { mock, client } = setup();
    mock.on('POST /update-user', json({ message: 'No fields to update' }, 400));
    const { error } = await client.updateUser({ name: 'x' });
    expect(error).toMatchObject({ status: 400, statusText: 'BAD_REQUEST', code: 'NO_FIELDS_TO_UPDATE' });
  });

  it('maps an empty error body to {status, statusText} with a message', async () => {
    const { mock, client } = setup();
    mock.on('POST /organization/create', new Response('', { status: 401, statusText: 'UNAUTHORIZED' }));
    const { error } = await client.organization.create({ name: 'A', slug: 'a' });
    expect(error).toEqual({ status: 401, statusText: 'UNAUTHORIZED', message: 'UNAUTHORIZED' });
  });

  it('turns a fetch-level failure into 500 "Fetch Error" with the cause as message', async () => {
    const client = createAuthClient({
      baseURL: BASE,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { data, error } = await client.listAccounts();
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 500, statusText: 'Fetch Error', message: 'Failed to fetch' });
  });
});

describe('throw mode', () => {
  it('per call: resolves with the data, throws LatchError with status and code', async () => {
    const { mock, client } = setup();
    mock.on('GET /list-sessions', json([{ id: 's1', expiresAt: ISO }]));
    const sessions = await client.listSessions({ fetchOptions: { throw: true } });
    expect(sessions[0]?.expiresAt).toBeInstanceOf(Date);

    mock.on('POST /change-password', json({ message: 'Invalid password', code: 'INVALID_PASSWORD' }, 400));
    const failure = client.changePassword({ currentPassword: 'a', newPassword: 'b' }, { throw: true });
    await expect(failure).rejects.toBeInstanceOf(LatchError);
    await expect(failure).rejects.toMatchObject({ status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' });
  });

  it('per client: every call throws, unless a call opts out', async () => {
    const mock = createMockFetch();
    const client = createAuthClient({ baseURL: BASE, fetch: mock.fetch, throw: true });
    mock.on('GET /get-session', json(sessionBody()));
    const session = await client.getSession();
    expect(session?.user.name).toBe('Ada');
    mock.on('GET /list-accounts', json({ message: 'Unauthorized', code: 'UNAUTHORIZED' }, 401));
    await expect(client.listAccounts()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const soft = await client.listAccounts({ fetchOptions: { throw: false } });
    expect(soft.error?.status).toBe(401);
  });

  it('a fetch failure throws too', async () => {
    const client = createAuthClient({
      baseURL: BASE,
      throw: true,
      fetch: async () => {
        throw new TypeError('network down');
      },
    });
    await expect(client.signOut()).rejects.toMatchObject({ status: 500, statusText: 'Fetch Error' });
  });

  it('types follow the mode', () => {
    const soft = createAuthClient({ baseURL: BASE });
    const hard = createAuthClient({ baseURL: BASE, throw: true });
    expectTypeOf(soft).toEqualTypeOf<AuthClient<false>>();
    expectTypeOf(hard).toEqualTypeOf<AuthClient<true>>();
    type SoftSignIn = Awaited<ReturnType<typeof soft.signIn.email<undefined>>>;
    expectTypeOf<SoftSignIn>().toEqualTypeOf<AuthResult<SignInResponse>>();
    type HardSession = Awaited<ReturnType<typeof hard.getSession<undefined>>>;
    expectTypeOf<HardSession>().toEqualTypeOf<SessionData | null>();
    type PerCall = Awaited<ReturnType<typeof soft.getSession<true>>>;
    expectTypeOf<PerCall>().toEqualTypeOf<SessionData | null>();
    expectTypeOf<LatchError['error']>().toEqualTypeOf<AuthError>();
  });
});

describe('redirects', () => {
  it('follows {url, redirect: true}', async () => {
    const { mock, client, navigate } = setup();
    mock.on('POST /sign-in/social', json({ url: 'https://github.com/login/oauth/authorize?x=1', redirect: true }));
    await client.signIn.social({ provider: 'github', callbackURL: '/dashboard' });
    expect(navigate).toHaveBeenCalledWith('https://github.com/login/oauth/authorize?x=1');
  });

  it('follows relative URLs (sign-in with callbackURL)', async () => {
    const { mock, client, navigate } = setup();
    mock.on('POST /sign-in/email', json({ redirect: true, url: '/dash', token: 't', user: sessionBody().user }));
    await client.signIn.email({ email: 'a@example.com', password: 'secret-pass', callbackURL: '/dash' });
    expect(navigate).toHaveBeenCalledWith('/dash');
  });

  it('does not follow when redirect is false, url is missing, or the call failed', async () => {
    const { mock, client, navigate } = setup();
    mock.once('POST /sign-in/social', json({ url: 'https://idp.example/auth', redirect: false }));
    mock.once('POST /sign-in/social', json({ redirect: true }));
    mock.once('POST /sign-in/social', json({ url: 'https://idp.example/auth', redirect: true }, 400));
    await client.signIn.social({ provider: 'github', disableRedirect: true });
    await client.signIn.social({ provider: 'github' });
    await client.signIn.social({ provider: 'github' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ])('never follows an unsafe scheme: %s', async (url) => {
    const { mock, client, navigate } = setup();
    mock.on('POST /link-social', json({ url, redirect: true }));
    const { data } = await client.linkSocial({ provider: 'github' });
    expect(data?.url).toBe(url);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('can be turned off per call', async () => {
    const { mock, client, navigate } = setup();
    mock.on('POST /sign-in/social', json({ url: 'https://idp.example/auth', redirect: true }));
    await client.signIn.social({ provider: 'github', fetchOptions: { disableRedirect: true } });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports a two-factor challenge', async () => {
    const onTwoFactorRedirect = vi.fn();
    const { mock, client } = setup({ onTwoFactorRedirect });
    mock.on('POST /sign-in/email', json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }));
    const { data } = await client.signIn.email({ email: 'a@example.com', password: 'secret-pass' });
    expect(data?.twoFactorRedirect).toBe(true);
    expect(onTwoFactorRedirect).toHaveBeenCalledWith({ twoFactorMethods: ['totp'] });
  });
});

describe('retry', () => {
  it('does not retry by default', async () => {
    const { mock, client } = setup();
    mock.on('GET /list-accounts', json({ message: 'down' }, 503));
    const { error } = await client.listAccounts();
    expect(error?.status).toBe(503);
    expect(mock.calls).toHaveLength(1);
  });

  it('retry: n retries 5xx linearly with a 1000 ms default delay', async () => {
    vi.useFakeTimers();
    const { mock, client } = setup({ retry: 2 });
    mock.once('GET /list-accounts', json({ message: 'down' }, 503));
    mock.once('GET /list-accounts', json({ message: 'down' }, 502));
    mock.once('GET /list-accounts', json([]));
    const pending = client.listAccounts();
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(mock.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(mock.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(mock.calls).toHaveLength(3);
    expect((await pending).data).toEqual([]);
  });

  it('{type: "linear"} defaults its delay to 1000 ms and retries network errors and 429', async () => {
    vi.useFakeTimers();
    let n = 0;
    const fetch: typeof globalThis.fetch = async () => {
      n += 1;
      if (n === 1) throw new TypeError('Failed to fetch');
      if (n === 2) return json({ message: 'Too many requests. Please try again later.' }, 429);
      return json({ ok: true });
    };
    const client = createAuthClient({ baseURL: BASE, fetch, retry: { type: 'linear', attempts: 3 } });
    const pending = client.$fetch('/ok');
    await vi.advanceTimersByTimeAsync(999);
    expect(n).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(n).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(n).toBe(3);
    expect((await pending).data).toEqual({ ok: true });
  });

  it('never retries 4xx (other than 429) nor 501, and stops after the attempts', async () => {
    vi.useFakeTimers();
    const { mock, client } = setup({ retry: { type: 'linear', attempts: 3, delay: 10 } });
    mock.on('POST /sign-in/email', json({ message: 'Invalid email or password', code: 'X' }, 401));
    mock.on('GET /list-accounts', json({ message: 'nope' }, 501));
    mock.on('GET /list-sessions', json({ message: 'down' }, 500));
    await client.signIn.email({ email: 'a@example.com', password: 'wrong-pass' });
    await client.listAccounts();
    const pending = client.listSessions();
    await vi.advanceTimersByTimeAsync(100);
    expect((await pending).error?.status).toBe(500);
    expect(mock.callsTo('POST /sign-in/email')).toHaveLength(1);
    expect(mock.callsTo('GET /list-accounts')).toHaveLength(1);
    expect(mock.callsTo('GET /list-sessions')).toHaveLength(4);
  });

  it('exponential backoff doubles the delay', async () => {
    vi.useFakeTimers();
    const { mock, client } = setup();
    mock.on('GET /list-accounts', json({ message: 'down' }, 503));
    const pending = client.listAccounts({
      fetchOptions: { retry: { type: 'exponential', attempts: 2, baseDelay: 100, maxDelay: 1000 } },
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(mock.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(mock.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(mock.calls).toHaveLength(3);
    expect((await pending).error?.status).toBe(503);
  });
});

describe('global hooks and $listen', () => {
  it('runs client-level hooks before per-call hooks and reports successes to listeners', async () => {
    const order: string[] = [];
    const { mock, client } = setup({
      fetchOptions: {
        onError: () => {
          order.push('global-error');
        },
      },
    });
    const events: string[] = [];
    const stop = client.$listen((e) => events.push(`${e.method} ${e.path}`));
    mock.on('POST /organization/check-slug', json({ message: 'taken', code: 'ORGANIZATION_SLUG_ALREADY_TAKEN' }, 400));
    mock.on('POST /organization/create', json({ id: 'o1', createdAt: ISO, members: [] }));
    await client.organization.checkSlug({ slug: 'a' }, { onError: () => void order.push('call-error') });
    await client.organization.create({ name: 'A', slug: 'a' });
    stop();
    await client.organization.create({ name: 'B', slug: 'b' });
    expect(order).toEqual(['global-error', 'call-error']);
    expect(events).toEqual(['POST /organization/create']);
  });
});
