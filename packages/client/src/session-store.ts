/**
 * The session store behind `client.$session` and `useSession` (CONTRACT.md §8 "Session state").
 *
 * It holds `{ data, error, isPending, isRefetching }` and refetches GET /get-session:
 * - on the session signal (10 ms after a successful call on a session-changing path, see client.ts);
 * - on window focus / tab becoming visible, at most once per 5 s;
 * - when the browser comes back online;
 * - when another tab announces a sign-out or a user update (BroadcastChannel, else `storage` events);
 * - on an optional polling interval.
 * A 401 clears `data`; any other error keeps the previous data (a flaky network must not sign the user out).
 * The listeners are installed while the store has subscribers, and removed with the last one.
 */
import type { AuthError } from './errors.ts';
import type { AuthResult } from './transport.ts';
import type { SessionData } from './types.ts';

export interface SessionState {
  /** The signed-in session, or `null` when signed out (or not loaded yet: see `isPending`). */
  data: SessionData | null;
  error: AuthError | null;
  /** True until the first answer arrives. */
  isPending: boolean;
  /** True while a later refetch runs (the previous data, or null, stays visible). */
  isRefetching: boolean;
}

export interface GetSessionQuery {
  /** Skip the server's cookie cache. Send only when wanted: the server reads any value as true. */
  disableCookieCache?: boolean;
  /** Do not extend the session's expiry on this read. */
  disableRefresh?: boolean;
}

export type SessionListener = (state: SessionState) => void;

export interface SessionStore {
  get(): SessionState;
  /** Subscribes; the first subscriber triggers the initial fetch and installs the refetch triggers. */
  subscribe(listener: SessionListener): () => void;
  /** Fetches the session now and resolves with the new state. */
  refetch(query?: GetSessionQuery): Promise<SessionState>;
}

/** Session refetch triggers (all on by default in a browser). */
export interface SessionOptions {
  /** Refetch when the window regains focus or the tab becomes visible (rate-limited to once per 5 s). */
  refetchOnWindowFocus?: boolean;
  /** Refetch when the browser comes back online. */
  refetchOnReconnect?: boolean;
  /** Poll every N seconds while subscribed (0 = off). */
  refetchInterval?: number;
  /** Cross-tab sync channel name, or `false` to turn cross-tab sync off. */
  broadcastChannel?: string | false;
}

export const FOCUS_REFETCH_MIN_INTERVAL_MS = 5000;
export const DEFAULT_BROADCAST_CHANNEL = 'latch.session';

export interface SessionBroadcastMessage {
  event: 'session';
  data: { trigger: 'signout' | 'updateUser' };
  clientId: string;
  timestamp: number;
}

interface StoreDeps {
  fetchSession: (query: GetSessionQuery | undefined) => Promise<AuthResult<SessionData | null>>;
  options: SessionOptions;
  onSessionChange?: (data: SessionData | null) => void;
}

export interface InternalSessionStore extends SessionStore {
  /** Called by the client on the session signal. */
  signal(): void;
  /** Tells other tabs that the session changed. */
  broadcast(trigger: SessionBroadcastMessage['data']['trigger']): void;
  destroy(): void;
}

const INITIAL: SessionState = Object.freeze({ data: null, error: null, isPending: true, isRefetching: false });

function sameSession(a: SessionData | null, b: SessionData | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function hasWindow(): boolean {
  return typeof window !== 'undefined' && typeof window.addEventListener === 'function';
}

/** A small cross-tab bus: BroadcastChannel where available, else localStorage `storage` events. */
class CrossTabBus {
  private channel: BroadcastChannel | null = null;
  private readonly clientId = Math.random().toString(36).slice(2);

  constructor(private readonly name: string) {}

  private open(): BroadcastChannel | null {
    if (this.channel) return this.channel;
    if (typeof BroadcastChannel === 'undefined') return null;
    try {
      this.channel = new BroadcastChannel(this.name);
      // Node keeps the process alive for an open channel; a client must never do that.
      (this.channel as BroadcastChannel & { unref?: () => void }).unref?.();
    } catch {
      this.channel = null;
    }
    return this.channel;
  }

  post(trigger: SessionBroadcastMessage['data']['trigger']): void {
    const message: SessionBroadcastMessage = {
      event: 'session',
      data: { trigger },
      clientId: this.clientId,
      timestamp: Date.now(),
    };
    const channel = this.open();
    if (channel) {
      channel.postMessage(message);
      return;
    }
    if (hasWindow()) {
      try {
        window.localStorage.setItem(this.name, JSON.stringify(message));
      } catch {
        // storage disabled (private mode, quota): cross-tab sync is best effort
      }
    }
  }

  listen(onMessage: () => void): () => void {
    const accept = (value: unknown): void => {
      if (value === null || typeof value !== 'object') return;
      const message = value as Partial<SessionBroadcastMessage>;
      if (message.event !== 'session' || message.clientId === this.clientId) return;
      onMessage();
    };
    const channel = this.open();
    if (channel) {
      const handler = (event: MessageEvent<unknown>): void => accept(event.data);
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    }
    if (!hasWindow()) return () => {};
    const handler = (event: StorageEvent): void => {
      if (event.key !== this.name || !event.newValue) return;
      try {
        accept(JSON.parse(event.newValue));
      } catch {
        // not ours
      }
    };
    window.addEventListener('storage', handler);
    return () => window.removeEventListener('storage', handler);
  }

  close(): void {
    this.channel?.close();
    this.channel = null;
  }
}

export function createSessionStore(deps: StoreDeps): InternalSessionStore {
  const { options } = deps;
  let state: SessionState = INITIAL;
  let loaded = false;
  /** The data last reported to `onSessionChange` (undefined: nothing reported yet). */
  let notified: SessionData | null | undefined;
  let revision = 0;
  let inFlight: Promise<SessionState> | null = null;
  let lastFetchAt = Number.NEGATIVE_INFINITY;
  const listeners = new Set<SessionListener>();
  let teardown: (() => void) | null = null;
  const bus =
    options.broadcastChannel === false ? null : new CrossTabBus(options.broadcastChannel ?? DEFAULT_BROADCAST_CHANNEL);

  const set = (next: SessionState): void => {
    const previous = state;
    if (
      sameSession(previous.data, next.data) &&
      previous.error === next.error &&
      previous.isPending === next.isPending &&
      previous.isRefetching === next.isRefetching
    ) {
      return;
    }
    // Keep the old data object when it did not change, so React consumers can compare by reference.
    state = sameSession(previous.data, next.data) ? { ...next, data: previous.data } : next;
    for (const listener of [...listeners]) listener(state);
  };

  const refetch = (query?: GetSessionQuery): Promise<SessionState> => {
    const current = ++revision;
    lastFetchAt = Date.now();
    // isPending only until the first answer: a signed-out page must not flash a spinner on every focus.
    set({ ...state, isPending: !loaded, isRefetching: loaded });
    const run = (async (): Promise<SessionState> => {
      const result = await deps.fetchSession(query);
      // A newer fetch started meanwhile (e.g. a signal after a sign-in): its answer wins.
      if (current !== revision) return inFlight ?? state;
      loaded = true;
      if (result.error === null) {
        set({ data: result.data, error: null, isPending: false, isRefetching: false });
      } else if (result.error.status === 401) {
        set({ data: null, error: result.error, isPending: false, isRefetching: false });
      } else {
        set({ data: state.data, error: result.error, isPending: false, isRefetching: false });
      }
      if (notified === undefined || !sameSession(notified, state.data)) {
        notified = state.data;
        deps.onSessionChange?.(state.data);
      }
      return state;
    })();
    inFlight = run;
    void run.finally(() => {
      if (inFlight === run) inFlight = null;
    });
    return run;
  };

  const refetchIfActive = (): void => {
    if (listeners.size > 0 || loaded) void refetch();
  };

  const online = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

  const onFocus = (): void => {
    if (!online()) return;
    if (Date.now() - lastFetchAt < FOCUS_REFETCH_MIN_INTERVAL_MS) return;
    void refetch();
  };

  const install = (): (() => void) => {
    const cleanups: Array<() => void> = [];
    if (bus) cleanups.push(bus.listen(() => void refetch()));
    if (hasWindow()) {
      if (options.refetchOnWindowFocus !== false) {
        const onVisibility = (): void => {
          if (typeof document !== 'undefined' && document.visibilityState === 'visible') onFocus();
        };
        window.addEventListener('focus', onFocus);
        cleanups.push(() => window.removeEventListener('focus', onFocus));
        if (typeof document !== 'undefined') {
          document.addEventListener('visibilitychange', onVisibility);
          cleanups.push(() => document.removeEventListener('visibilitychange', onVisibility));
        }
      }
      if (options.refetchOnReconnect !== false) {
        const onOnline = (): void => void refetch();
        window.addEventListener('online', onOnline);
        cleanups.push(() => window.removeEventListener('online', onOnline));
      }
    }
    const interval = options.refetchInterval ?? 0;
    if (interval > 0) {
      const timer = setInterval(() => {
        if (online()) void refetch();
      }, interval * 1000);
      cleanups.push(() => clearInterval(timer));
    }
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        teardown = install();
        if (!loaded && inFlight === null) void refetch();
      }
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) {
          teardown?.();
          teardown = null;
        }
      };
    },
    refetch,
    signal: refetchIfActive,
    broadcast(trigger) {
      bus?.post(trigger);
    },
    destroy() {
      teardown?.();
      teardown = null;
      listeners.clear();
      bus?.close();
    },
  };
}
