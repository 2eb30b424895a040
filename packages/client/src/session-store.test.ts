// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthClient } from './client.ts';
import type { SessionState } from './session-store.ts';
import { createMockFetch, json, sessionBody } from './test-helpers.ts';
import type { SessionData } from './types.ts';

const BASE = 'http://localhost:3000';
const clients: Array<{ $destroy: () => void }> = [];

function setup(options: Parameters<typeof createAuthClient>[0] = {}) {
  const mock = createMockFetch(`${BASE}/api/auth`);
  const client = createAuthClient({ baseURL: BASE, fetch: mock.fetch, navigate: () => {}, ...options });
  clients.push(client);
  return { mock, client };
}

/** Resolves once the store is no longer loading. */
function settled(store: { get(): SessionState; subscribe(l: (s: SessionState) => void): () => void }) {
  return new Promise<SessionState>((resolve) => {
    const check = (s: SessionState): void => {
      if (!s.isPending && !s.isRefetching) {
        queueMicrotask(() => stop());
        resolve(s);
      }
    };
    const stop = store.subscribe(check);
    check(store.get());
  });
}

afterEach(() => {
  for (const client of clients.splice(0)) client.$destroy();
  vi.useRealTimers();
});

describe('session store', () => {
  it('starts pending, loads on the first subscriber, and shares one state object', async () => {
    const { mock, client } = setup();
    mock.on('GET /get-session', json(sessionBody()));
    expect(client.$session.get()).toEqual({ data: null, error: null, isPending: true, isRefetching: false });
    const stop = client.$session.subscribe(() => {});
    const state = await settled(client.$session);
    expect(state.data?.user.name).toBe('Ada');
    expect(state.data?.session.expiresAt).toBeInstanceOf(Date);
    expect(client.$session.get()).toBe(client.$session.get());
    expect(mock.callsTo('GET /get-session')).toHaveLength(1);
    stop();
  });

  it('a 401 clears the data; other errors keep it', async () => {
    const { mock, client } = setup();
    mock.once('GET /get-session', json(sessionBody()));
    mock.once('GET /get-session', json({ message: 'boom', code: 'INTERNAL_SERVER_ERROR' }, 500));
    mock.once('GET /get-session', json({ message: 'Failed to get session', code: 'FAILED_TO_GET_SESSION' }, 401));

    await client.$session.refetch();
    expect(client.$session.get().data?.user.id).toBe('u1');

    const afterServerError = await client.$session.refetch();
    expect(afterServerError.data?.user.id).toBe('u1');
    expect(afterServerError.error?.status).toBe(500);

    const after401 = await client.$session.refetch();
    expect(after401.data).toBeNull();
    expect(after401.error?.code).toBe('FAILED_TO_GET_SESSION');
  });

  it('a fetch failure keeps the data', async () => {
    let fail = false;
    const mock = createMockFetch();
    mock.on('GET /get-session', json(sessionBody()));
    const client = createAuthClient({
      baseURL: BASE,
      fetch: (input, init) => (fail ? Promise.reject(new TypeError('offline')) : mock.fetch(input, init)),
    });
    clients.push(client);
    await client.$session.refetch();
    fail = true;
    const state = await client.$session.refetch();
    expect(state.data?.user.id).toBe('u1');
    expect(state.error).toMatchObject({ status: 500, statusText: 'Fetch Error' });
  });

  it('keeps the same data object when a refetch returns the same session', async () => {
    const { mock, client } = setup();
    mock.on('GET /get-session', json(sessionBody()));
    const first = (await client.$session.refetch()).data;
    const second = (await client.$session.refetch()).data;
    expect(second).toBe(first);
  });

  it('the newest fetch wins when answers cross', async () => {
    const { mock, client } = setup();
    let release: (r: Response) => void = () => {};
    mock.once('GET /get-session', () => new Promise<Response>((r) => (release = r)) as unknown as Response);
    mock.once('GET /get-session', json(null));
    const slow = client.$session.refetch();
    const fast = await client.$session.refetch();
    release(json(sessionBody()));
    await slow;
    expect(fast.data).toBeNull();
    expect(client.$session.get().data).toBeNull();
  });

  it('POSTs /get-session when the server asks for a deferred refresh', async () => {
    const { mock, client } = setup();
    mock.on('GET /get-session', json({ ...sessionBody(), needsRefresh: true }));
    mock.on('POST /get-session', json(sessionBody('Refreshed')));
    const state = await client.$session.refetch();
    expect(state.data?.user.name).toBe('Refreshed');
    expect(mock.callsTo('POST /get-session')[0]?.rawBody).toBe('{}');
  });

  it('reports changes to onSessionChange', async () => {
    const seen: Array<string | null> = [];
    const { mock, client } = setup({ onSessionChange: (d: SessionData | null) => seen.push(d?.user.name ?? null) });
    mock.once('GET /get-session', json(sessionBody('Ada')));
    mock.once('GET /get-session', json(sessionBody('Ada')));
    mock.once('GET /get-session', json(null));
    await client.$session.refetch();
    await client.$session.refetch();
    await client.$session.refetch();
    expect(seen).toEqual(['Ada', null]);
  });
});

describe('session signal', () => {
  async function signedInClient() {
    vi.useFakeTimers();
    const { mock, client } = setup();
    mock.on('GET /get-session', json(null));
    const stop = client.$session.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.callsTo('GET /get-session')).toHaveLength(1);
    return { mock, client, stop };
  }

  it('refetches the session 10 ms after a successful sign-in, not before', async () => {
    const { mock, client } = await signedInClient();
    mock.on('POST /sign-in/email', json({ redirect: false, token: 't', user: sessionBody().user }));
    mock.on('GET /get-session', json(sessionBody()));
    await client.signIn.email({ email: 'ada@example.com', password: 'secret-pass' });
    await vi.advanceTimersByTimeAsync(9);
    expect(mock.callsTo('GET /get-session')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(mock.callsTo('GET /get-session')).toHaveLength(2);
    expect(client.$session.get().data?.user.name).toBe('Ada');
  });

  it('refetches 10 ms after sign-out and the store ends signed out', async () => {
    const { mock, client } = await signedInClient();
    mock.on('GET /get-session', json(sessionBody()));
    await client.$session.refetch();
    mock.on('POST /sign-out', json({ success: true }));
    mock.on('GET /get-session', json(null));
    await client.signOut();
    await vi.advanceTimersByTimeAsync(9);
    expect(mock.callsTo('GET /get-session')).toHaveLength(2);
    expect(client.$session.get().data).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(mock.callsTo('GET /get-session')).toHaveLength(3);
    expect(client.$session.get().data).toBeNull();
  });

  it.each([
    [
      'sign-up',
      (c: ReturnType<typeof setup>['client']) => c.signUp.email({ name: 'A', email: 'a@x.io', password: 'p' }),
    ],
    ['update-user', (c: ReturnType<typeof setup>['client']) => c.updateUser({ name: 'B' })],
    ['delete-user', (c: ReturnType<typeof setup>['client']) => c.deleteUser({ password: 'p' })],
    ['verify-email', (c: ReturnType<typeof setup>['client']) => c.verifyEmail({ query: { token: 't' } })],
    ['set-active', (c: ReturnType<typeof setup>['client']) => c.organization.setActive({ organizationId: 'o' })],
    [
      'two-factor',
      (c: ReturnType<typeof setup>['client']) => c.$fetch('/two-factor/enable', { body: { password: 'p' } }),
    ],
  ])('raises the signal after %s', async (_name, run) => {
    const { mock, client } = await signedInClient();
    for (const route of [
      'POST /sign-up/email',
      'POST /update-user',
      'POST /delete-user',
      'GET /verify-email',
      'POST /organization/set-active',
      'POST /two-factor/enable',
    ]) {
      mock.on(route, json({ status: true }));
    }
    await run(client);
    await vi.advanceTimersByTimeAsync(10);
    expect(mock.callsTo('GET /get-session')).toHaveLength(2);
  });

  it('does not raise it after a failure, a non-session path, or with disableSignal', async () => {
    const { mock, client } = await signedInClient();
    mock.on('POST /sign-in/email', json({ message: 'Invalid email or password' }, 401));
    mock.on('GET /list-sessions', json([]));
    mock.on('POST /update-user', json({ status: true }));
    await client.signIn.email({ email: 'a@x.io', password: 'nope-nope' });
    await client.listSessions();
    await client.updateUser({ name: 'x' }, { disableSignal: true });
    await vi.advanceTimersByTimeAsync(50);
    expect(mock.callsTo('GET /get-session')).toHaveLength(1);
  });
});

describe('refetch triggers', () => {
  it('refetches on window focus at most once per 5 s', async () => {
    vi.useFakeTimers();
    const { mock, client } = setup();
    mock.on('GET /get-session', json(sessionBody()));
    client.$session.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.callsTo('GET /get-session')).toHaveLength(1);

    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.callsTo('GET /get-session')).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(5000);
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.callsTo('GET /get-session')).toHaveLength(2);
  });

  it('refetches when the browser comes back online', async () => {
    const { mock, client } = setup();
    mock.on('GET /get-session', json(sessionBody()));
    client.$session.subscribe(() => {});
    await settled(client.$session);
    window.dispatchEvent(new Event('online'));
    await settled(client.$session);
    expect(mock.callsTo('GET /get-session')).toHaveLength(2);
  });

  it('removes its listeners with the last subscriber', async () => {
    const { mock, client } = setup();
    mock.on('GET /get-session', json(sessionBody()));
    const stop = client.$session.subscribe(() => {});
    await settled(client.$session);
    stop();
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 5));
    expect(mock.callsTo('GET /get-session')).toHaveLength(1);
  });
});

describe('cross-tab sync', () => {
  it('a sign-out in one tab makes the other tab refetch (BroadcastChannel)', async () => {
    expect(typeof BroadcastChannel).toBe('function');
    const channel = `latch.test.${Math.random()}`;
    const tabA = setup({ session: { broadcastChannel: channel } });
    const tabB = setup({ session: { broadcastChannel: channel } });
    tabA.mock.on('POST /sign-out', json({ success: true }));
    tabA.mock.on('GET /get-session', json(null));
    tabB.mock.on('GET /get-session', json(sessionBody()));
    tabB.client.$session.subscribe(() => {});
    await settled(tabB.client.$session);
    expect(tabB.client.$session.get().data).not.toBeNull();

    tabB.mock.on('GET /get-session', json(null));
    await tabA.client.signOut();
    await vi.waitFor(() => expect(tabB.mock.callsTo('GET /get-session')).toHaveLength(2));
    await vi.waitFor(() => expect(tabB.client.$session.get().data).toBeNull());
  });

  it('a raw message on the channel triggers a refetch; foreign messages are ignored', async () => {
    const name = `latch.test.${Math.random()}`;
    const tab = setup({ session: { broadcastChannel: name } });
    tab.mock.on('GET /get-session', json(sessionBody()));
    tab.client.$session.subscribe(() => {});
    await settled(tab.client.$session);
    const other = new BroadcastChannel(name);
    other.postMessage({ event: 'something-else' });
    other.postMessage({ event: 'session', data: { trigger: 'updateUser' }, clientId: 'other-tab', timestamp: 1 });
    await vi.waitFor(() => expect(tab.mock.callsTo('GET /get-session')).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(tab.mock.callsTo('GET /get-session')).toHaveLength(2);
    other.close();
  });
});
