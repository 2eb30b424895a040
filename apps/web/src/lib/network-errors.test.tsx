// @vitest-environment happy-dom
/**
 * The service stops in the middle of a session (issue 16 item 2), seen through the real client
 * (@latch/client, not a mock of lib/auth.ts): `fetch` answers like a small Latch while the service
 * runs and fails as a browser's fetch does (TypeError "Failed to fetch") once it is stopped.
 * Signing out then says the person is still signed in instead of sending them on; saving a form
 * says the service cannot be reached, not that the server had a problem, and keeps what was typed;
 * "Try again" works once the service is back.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG } from '../i18n/catalog.ts';
import '../test/lazy-pages.ts';

const t = CATALOG.en;

const now = new Date().toISOString();
const user = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
  image: null,
  createdAt: now,
  updatedAt: now,
  username: 'ada',
  displayUsername: 'ada',
};
const session = { id: 's1', token: 't1', userId: 'u1', expiresAt: now, createdAt: now, updatedAt: now };

/** A stand-in for the service behind `fetch`: the few routes these screens call, and an off switch. */
function fakeService() {
  const state = { running: true, signedIn: true, name: user.name, requests: [] as string[] };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const path = url.pathname.replace(/^\/api\/auth/, '');
    state.requests.push(`${init?.method ?? 'GET'} ${path}`);
    // what a browser's fetch does when nothing answers on the port
    if (!state.running) throw new TypeError('Failed to fetch');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    switch (path) {
      case '/get-session':
        return json(state.signedIn ? { user: { ...user, name: state.name }, session } : null);
      case '/sign-out':
        state.signedIn = false;
        return json({ success: true });
      case '/update-user':
        if (typeof body.name === 'string') state.name = body.name;
        return json({ status: true });
      case '/organization/list':
        return json([]);
      case '/list-accounts':
        return json([]);
      default:
        return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    }
  });
  return { state, fetch };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/**
 * The app with fresh modules and a query cache of its own: a test that signed out must not leave
 * the next one signed out.
 */
async function renderApp(path: string) {
  vi.resetModules();
  const { App } = await import('../app.tsx');
  const { I18nProvider } = await import('../i18n/i18n.tsx');
  const { resetConfigForTests } = await import('../config.ts');
  // the app's own module instances after resetModules, so the provider and the pages share one context
  const { TestQueryProvider } = await import('../test/render.tsx');
  resetConfigForTests();
  return render(
    <TestQueryProvider>
      <MemoryRouter initialEntries={[path]}>
        <I18nProvider>
          <App />
          <Where />
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('the service stops in the middle of a session', () => {
  let service: ReturnType<typeof fakeService>;

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    window.__LATCH__ = { appName: 'Acme', providers: [], features: { username: false } };
    service = fakeService();
    vi.stubGlobal('fetch', service.fetch);
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.__LATCH__ = undefined;
  });

  it('signing out says the person is still signed in, stays put, and signs out once it can', async () => {
    await renderApp('/settings/profile');
    await screen.findByRole('heading', { level: 1, name: t.settings.profile });
    service.state.running = false;

    const banner = screen.getByRole('banner');
    fireEvent.click(within(banner).getByRole('button', { name: t.common.signOut }));
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('alert'));
    const alert = document.activeElement as HTMLElement;
    expect(alert.textContent).toContain(t.network.signOutFailed);
    expect(alert.textContent).toContain(t.network.unreachable);
    expect(alert.textContent).not.toContain(t.errors.INTERNAL_SERVER_ERROR);
    // not sent to sign-in (which would bounce a signed-in person back to the profile): still here
    expect(where()).toBe('/settings/profile');
    expect(service.state.signedIn).toBe(true);

    service.state.running = true;
    fireEvent.click(within(alert).getByRole('button', { name: t.network.retry }));
    await waitFor(() => expect(where()).toBe('/sign-in?signedOut=1'));
    expect(service.state.signedIn).toBe(false);
    expect(await screen.findByText(t.signIn.signedOut)).toBeTruthy();
    // the sign-out itself is the news: the session is not read again after it
    const afterSignOut = service.state.requests.slice(service.state.requests.lastIndexOf('POST /sign-out') + 1);
    expect(afterSignOut).not.toContain('GET /get-session');
  });

  it('saving a form says the service cannot be reached, keeps the input, and saves on "Try again"', async () => {
    await renderApp('/settings/profile');
    const name = (await screen.findByLabelText(t.profile.nameLabel)) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Ada Lovelace'));
    service.state.running = false;

    fireEvent.change(name, { target: { value: 'Ada King' } });
    fireEvent.click(screen.getByRole('button', { name: t.common.save }));
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('alert'));
    const alert = document.activeElement as HTMLElement;
    expect(alert.textContent).toContain(t.network.unreachable);
    expect(alert.textContent).toContain(t.network.inputKept);
    expect(alert.textContent).not.toContain(t.errors.INTERNAL_SERVER_ERROR);
    expect((screen.getByLabelText(t.profile.nameLabel) as HTMLInputElement).value).toBe('Ada King');
    expect(service.state.name).toBe('Ada Lovelace');

    service.state.running = true;
    fireEvent.click(within(alert).getByRole('button', { name: t.network.retry }));
    expect(await screen.findByText(t.profile.saved)).toBeTruthy();
    expect(service.state.name).toBe('Ada King');
    expect(service.state.requests.filter((request) => request === 'POST /update-user')).toHaveLength(2);
  });
});
