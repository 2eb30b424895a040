import { latchKeys } from '@latch/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ReauthProvider } from '../components/reauth.tsx';
import { I18nProvider } from '../i18n/i18n.tsx';
import './messages.ts';
import { createQueryClient } from '../lib/query.ts';
import type { SessionData } from '../lib/wire-types.ts';
import { currentSession } from './mock-auth.ts';

/**
 * Renders one page at `path` inside the providers the app uses (language, re-authentication
 * dialog, a query cache of its own so no answer leaks from one test into the next, holding the
 * session test/mock-auth.ts answers), with a marker page for `/settings`.
 */
export function renderPage(path: string, pattern: string, element: ReactElement) {
  return render(
    <TestQueryProvider session={currentSession()}>
      <MemoryRouter initialEntries={[path]}>
        <I18nProvider>
          <ReauthProvider>
            <Routes>
              <Route path={pattern} element={element} />
              <Route path="/settings" element={<p>Settings page</p>} />
            </Routes>
          </ReauthProvider>
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

/**
 * A query cache of its own for one rendered tree (tests that build their own providers). With
 * `session`, the cache starts with it as the answer of GET /get-session, as a page that already read
 * it would: the first render shows the signed-in (or signed-out) screen, not a spinner.
 */
export function TestQueryProvider({
  children,
  session,
  client: given,
}: {
  children: ReactNode;
  session?: SessionData | null;
  /** The test's own cache, to act on it (read the session again) while the tree is on screen. */
  client?: QueryClient;
}) {
  const [client] = useState(() => {
    const queryClient = given ?? createQueryClient();
    if (session !== undefined) queryClient.setQueryData(latchKeys.session(), session);
    return queryClient;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
