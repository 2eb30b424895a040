// @vitest-environment happy-dom
import { type AuthClient, createAuthClient, LatchError } from '@latch/client';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockFetch, json, sessionBody } from '../../client/src/test-helpers.ts';
import { type AuthHooks, createAuthHooks, LatchProvider, useAuthMutation, useAuthQuery, useSession } from './hooks.tsx';
import { authMutationOptions, latchKeys, listMembersQueryOptions, sessionQueryOptions } from './query-options.ts';

const BASE = 'http://localhost:3000';
const clients: AuthClient[] = [];

function setup(channel?: string) {
  const mock = createMockFetch(`${BASE}/api/auth`);
  const client = createAuthClient({
    baseURL: BASE,
    fetch: mock.fetch,
    navigate: () => {},
    session: { broadcastChannel: channel ?? `latch.react.${Math.random()}` },
  });
  clients.push(client);
  return { mock, client };
}

afterEach(() => {
  cleanup();
  for (const client of clients.splice(0)) client.$destroy();
  vi.useRealTimers();
});

function Who() {
  const { data, isPending } = useSession();
  if (isPending) return <p>loading</p>;
  return <p>{data ? `hello ${data.user.name}` : 'signed out'}</p>;
}

function BoundWho({ hooks }: { hooks: AuthHooks }) {
  const { data } = hooks.useSession();
  return <p>{data ? `B: ${data.user.name}` : 'B: signed out'}</p>;
}

describe('useSession', () => {
  it('renders pending, then the session, then re-renders after sign-out', async () => {
    const { mock, client } = setup();
    mock.on('GET /get-session', json(sessionBody('Ada')));
    mock.on('POST /sign-out', json({ success: true }));
    render(
      <LatchProvider client={client}>
        <Who />
      </LatchProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await screen.findByText('hello Ada');

    mock.on('GET /get-session', json(null));
    await act(async () => {
      await client.signOut();
    });
    await screen.findByText('signed out');
    expect(mock.callsTo('GET /get-session')).toHaveLength(2);
  });

  it('two components share one fetch and one state', async () => {
    const { mock, client } = setup();
    mock.on('GET /get-session', json(sessionBody('Ada')));
    render(
      <LatchProvider client={client}>
        <Who />
        <Who />
      </LatchProvider>,
    );
    expect(await screen.findAllByText('hello Ada')).toHaveLength(2);
    expect(mock.callsTo('GET /get-session')).toHaveLength(1);
  });

  it('re-renders when another tab signs out (BroadcastChannel)', async () => {
    const channel = `latch.react.${Math.random()}`;
    const tabA = setup(channel);
    const tabB = setup(channel);
    tabB.mock.on('GET /get-session', json(sessionBody('Ada')));
    tabA.mock.on('POST /sign-out', json({ success: true }));
    tabA.mock.on('GET /get-session', json(null));
    render(<BoundWho hooks={createAuthHooks(tabB.client)} />);
    await screen.findByText('B: Ada');
    tabB.mock.on('GET /get-session', json(null));
    await tabA.client.signOut();
    await screen.findByText('B: signed out');
  });

  it('exposes refetch and keeps data across a non-401 error', async () => {
    const { mock, client } = setup();
    mock.on('GET /get-session', json(sessionBody('Ada')));
    const { result } = renderHook(() => useSession(client));
    await waitFor(() => expect(result.current.data?.user.name).toBe('Ada'));
    mock.on('GET /get-session', json({ message: 'down', code: 'INTERNAL_SERVER_ERROR' }, 503));
    await act(async () => {
      await result.current.refetch();
    });
    expect(result.current.data?.user.name).toBe('Ada');
    expect(result.current.error?.status).toBe(503);
  });
});

describe('useAuthQuery', () => {
  it('loads, refetches when deps change, and drops stale answers', async () => {
    const { mock, client } = setup();
    mock.on('GET /organization/list-members', (call) =>
      json({ members: [], total: Number(call.url.searchParams.get('limit')) }),
    );
    const { result, rerender } = renderHook(
      ({ limit }) => useAuthQuery(() => client.organization.listMembers({ query: { limit } }), [limit]),
      { initialProps: { limit: 1 } },
    );
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data?.total).toBe(1));
    rerender({ limit: 2 });
    await waitFor(() => expect(result.current.data?.total).toBe(2));
    expect(result.current.isPending).toBe(false);
  });

  it('keeps the error with its code', async () => {
    const { mock, client } = setup();
    mock.on(
      'GET /organization/list-invitations',
      json({ message: 'nope', code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS' }, 403),
    );
    const { result } = renderHook(() => useAuthQuery(() => client.organization.listInvitations(), []));
    await waitFor(() => expect(result.current.error?.code).toBe('YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS'));
    expect(result.current.data).toBeNull();
  });

  it('refetches after a matching successful call (refetchOn)', async () => {
    const { mock, client } = setup();
    mock.on('GET /organization/list-teams', json([]));
    mock.on(
      'POST /organization/create-team',
      json({ id: 't1', name: 'T', organizationId: 'o1', createdAt: new Date().toISOString() }),
    );
    const { result } = renderHook(
      () =>
        useAuthQuery(() => client.organization.listTeams(), [], {
          refetchOn: (e) => e.path === '/organization/create-team',
        }),
      { wrapper: ({ children }) => <LatchProvider client={client}>{children}</LatchProvider> },
    );
    await waitFor(() => expect(result.current.data).toEqual([]));
    mock.on(
      'GET /organization/list-teams',
      json([{ id: 't1', name: 'T', organizationId: 'o1', createdAt: new Date().toISOString() }]),
    );
    await act(async () => {
      await client.organization.createTeam({ name: 'T' });
    });
    await waitFor(() => expect(result.current.data).toHaveLength(1));
  });

  it('waits while disabled', async () => {
    const { mock, client } = setup();
    mock.on('GET /list-accounts', json([]));
    const { result, rerender } = renderHook(
      ({ enabled }) => useAuthQuery(() => client.listAccounts(), [], { enabled }),
      {
        initialProps: { enabled: false },
      },
    );
    await new Promise((r) => setTimeout(r, 5));
    expect(mock.calls).toHaveLength(0);
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data).toEqual([]));
  });
});

describe('useAuthMutation', () => {
  it('tracks pending, data, error and reset', async () => {
    const { mock, client } = setup();
    let release: () => void = () => {};
    mock.on('POST /sign-in/email', (call) => {
      const { password } = call.body as { password: string };
      if (password === 'wrong-pass')
        return json({ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' }, 401);
      return new Promise<Response>((resolve) => {
        release = () => resolve(json({ redirect: false, token: 't', user: sessionBody().user }));
      });
    });
    const { result } = renderHook(() =>
      useAuthMutation((email: string, password: string) => client.signIn.email({ email, password })),
    );
    expect(result.current.isPending).toBe(false);

    let failed: Awaited<ReturnType<typeof result.current.mutate>> | undefined;
    await act(async () => {
      failed = await result.current.mutate('a@example.com', 'wrong-pass');
    });
    expect(failed?.error?.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(result.current.error?.code).toBe('INVALID_EMAIL_OR_PASSWORD');

    let pending: Promise<unknown> = Promise.resolve();
    act(() => {
      pending = result.current.mutate('a@example.com', 'right-pass');
    });
    await waitFor(() => expect(result.current.isPending).toBe(true));
    await act(async () => {
      release();
      await pending;
    });
    expect(result.current.isPending).toBe(false);
    expect(result.current.error).toBeNull();
    expect(result.current.data?.user?.id).toBe('u1');

    act(() => result.current.reset());
    expect(result.current.data).toBeNull();
    expect(result.current.error).toBeNull();
  });
});

describe('TanStack Query option factories', () => {
  it('sessionQueryOptions uses throw mode and a stable key', async () => {
    const { mock, client } = setup();
    mock.on('GET /get-session', json(sessionBody('Ada')));
    const options = sessionQueryOptions(client);
    expect(options.queryKey).toEqual(['latch', 'session']);
    const data = await options.queryFn();
    expect(data?.user.name).toBe('Ada');
    mock.on('GET /get-session', json({ message: 'x', code: 'FAILED_TO_GET_SESSION' }, 401));
    await expect(options.queryFn()).rejects.toBeInstanceOf(LatchError);
  });

  it('keys nest under the organization, and mutations throw LatchError', async () => {
    const { mock, client } = setup();
    expect(listMembersQueryOptions(client, { organizationId: 'o1' }).queryKey.slice(0, 3)).toEqual(
      latchKeys.organization('o1'),
    );
    mock.on(
      'POST /request-password-reset',
      json({ message: "Reset password isn't enabled", code: 'RESET_PASSWORD_DISABLED' }, 400),
    );
    const mutation = authMutationOptions((v: { email: string }) => client.requestPasswordReset(v));
    await expect(mutation.mutationFn({ email: 'a@example.com' })).rejects.toMatchObject({
      status: 400,
      code: 'RESET_PASSWORD_DISABLED',
    });
  });

  it('works with a throw-mode client too', async () => {
    const mock = createMockFetch();
    const client = createAuthClient({ baseURL: BASE, fetch: mock.fetch, throw: true });
    clients.push(client as unknown as AuthClient);
    mock.on('GET /get-session', json(null));
    expect(await sessionQueryOptions(client).queryFn()).toBeNull();
  });
});
