/**
 * Pages fetched when they are first shown (route-level code splitting): each `lazyPage(() =>
 * import('…'), 'Name')` is a file of its own in the build, so the sign-in page does not download the
 * account settings, the organization screens or the admin console. While a page's file is on its
 * way, the app's one loading state shows (PageLoading: the same spinner as while the session is
 * read, so a first visit goes spinner → page with nothing in between); a move between pages keeps
 * the current page on screen until the next one is ready (the router's navigations are transitions).
 *
 * When a page's file cannot be fetched (offline, or the service was updated and the old file is
 * gone), PageLoadBoundary says so in place of the page, with "Try again", which reloads the page.
 */
import { Component, type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { useI18n, WithMoreMessages } from '../i18n/i18n.tsx';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { FullPageSpinner } from './layout.tsx';

/**
 * A page component of a module fetched on first use; `name` is its named export. The page shows
 * once the messages of the screens past sign-in are here too (i18n/load.ts, fetched with the first
 * such page); its module is asked for at the same time, not after them.
 */
/** A page's props: none for a route's page, what the caller passes for a step shown in place of a form. */
type PropsOf<C> = C extends (props: infer P) => ReactNode ? (P extends object ? P : Record<never, never>) : never;

export function lazyPage<M extends Record<K, (props: never) => ReactNode>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType<PropsOf<M[K]>> {
  type P = PropsOf<M[K]>;
  let module: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    module ??= load().then((loaded) => ({ default: loaded[name] as unknown as ComponentType<P> }));
    return module;
  };
  const Page: LazyExoticComponent<ComponentType<P>> = lazy(start);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page when the app's module loads, as lazy() makes its component
  return function LazyPage(props: P) {
    void start().catch(() => undefined);
    return (
      <WithMoreMessages fallback={<FullPageSpinner />}>
        <Page {...props} />
      </WithMoreMessages>
    );
  };
}

function PageLoadFailed() {
  const { t } = useI18n();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <div className="page-loading">
      <Alert
        tone="error"
        focus
        actions={
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t.network.retry}
          </Button>
        }
      >
        {offline ? t.network.offline : t.network.unreachable}
      </Alert>
    </div>
  );
}

class PageLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}

/** Where lazy pages render: the loading state while one is fetched, the failure if it cannot be. */
export function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <PageLoadBoundary>
      <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
    </PageLoadBoundary>
  );
}
