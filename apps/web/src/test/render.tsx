import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ReauthProvider } from '../components/reauth.tsx';
import { I18nProvider } from '../i18n/i18n.tsx';
import { createQueryClient } from '../lib/query.ts';

/**
 * Renders one page at `path` inside the providers the app uses (language, re-authentication
 * dialog, a query cache of its own so no answer leaks from one test into the next), with a
 * marker page for `/settings`.
 */
export function renderPage(path: string, pattern: string, element: ReactElement) {
  return render(
    <TestQueryProvider>
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

/** A query cache of its own for one rendered tree (tests that build their own providers). */
export function TestQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
