// @vitest-environment happy-dom
import { latchKeys } from '@latch/react';
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app.tsx';
import { resetConfigForTests } from './config.ts';
import { I18nProvider } from './i18n/i18n.tsx';
import './test/messages.ts';
import { createQueryClient } from './lib/query.ts';
import type { Session, SessionData } from './lib/wire-types.ts';
import { currentSession, mockClient, setSession, signedInSession } from './test/mock-auth.ts';
import { TestQueryProvider } from './test/render.tsx';
import './test/lazy-pages.ts';

vi.mock('./lib/auth.ts', async () => (await import('./test/mock-auth.ts')).module);

function person(id: string, email: string): SessionData {
  const base = signedInSession();
  return {
    user: { ...base.user, id, email, name: email },
    session: { ...base.session, id: `s-${id}`, token: `t-${id}`, userId: id },
  };
}

function otherDevice(of: SessionData, ip: string): Session {
  return { ...of.session, id: `${of.session.id}-2`, token: `${of.session.token}-2`, ipAddress: ip };
}

const tree = (client?: QueryClient) => (
  <TestQueryProvider session={currentSession()} client={client}>
    <MemoryRouter initialEntries={['/settings/sessions']}>
      <I18nProvider>
        <App />
      </I18nProvider>
    </MemoryRouter>
  </TestQueryProvider>
);

describe('the query cache and the signed-in person', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    window.__LATCH__ = { appName: 'Acme', providers: [], features: { username: false } };
    resetConfigForTests();
    vi.clearAllMocks();
  });

  afterEach(() => {
    cleanup();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('when another person signs in, the previous person’s sessions are not shown; theirs are read afresh', async () => {
    const ada = person('u1', 'ada@example.com');
    const bob = person('u2', 'bob@example.com');
    setSession(ada);
    mockClient.listSessions.mockImplementation(async () => ({
      data: [ada.session, otherDevice(ada, '10.0.0.1')],
      error: null,
    }));
    const queryClient = createQueryClient();
    render(tree(queryClient));
    expect(await screen.findByText(/IP address: 10\.0\.0\.1/)).toBeTruthy();
    expect(mockClient.listSessions).toHaveBeenCalledTimes(1);

    // the session, read again (the tab came back to the front, another tab signed in), is Bob's now
    setSession(bob);
    mockClient.listSessions.mockImplementation(async () => ({
      data: [bob.session, otherDevice(bob, '10.0.0.2')],
      error: null,
    }));
    await act(() => queryClient.invalidateQueries({ queryKey: latchKeys.session() }));
    expect(await screen.findByText(/IP address: 10\.0\.0\.2/)).toBeTruthy();
    expect(screen.queryByText(/IP address: 10\.0\.0\.1/)).toBeNull();
    expect(mockClient.listSessions).toHaveBeenCalledTimes(2);
  });

  it('another tab signing out is read here once; the session is then gone from this tab too', async () => {
    const ada = person('u1', 'ada@example.com');
    setSession(ada);
    mockClient.listSessions.mockImplementation(async () => ({ data: [ada.session], error: null }));
    render(tree());
    await screen.findByRole('heading', { level: 1, name: 'Sessions' });
    expect(mockClient.getSession).not.toHaveBeenCalled();

    // what @latch/client and this app post when a tab signs out
    setSession(null);
    const otherTab = new BroadcastChannel('latch.session');
    otherTab.postMessage({ event: 'session', data: { trigger: 'signout' }, clientId: 'another-tab', timestamp: 1 });
    otherTab.close();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(mockClient.getSession).toHaveBeenCalledTimes(1);
  });

  it("the header's link to the settings is named by what it shows, then what it does (WCAG 2.5.3)", async () => {
    const ada = person('u1', 'ada@example.com');
    setSession({ ...ada, user: { ...ada.user, name: 'Ada Lovelace' } });
    mockClient.listSessions.mockImplementation(async () => ({ data: [ada.session], error: null }));
    render(tree());
    const link = await screen.findByRole('link', { name: /^Ada Lovelace\s*,\s*Account settings$/ });
    expect(link.getAttribute('href')).toBe('/settings/profile');
    expect(link.hasAttribute('aria-label')).toBe(false);
  });
});
