// @vitest-environment happy-dom
/**
 * After sign-up the person lands in their settings with a verification link in their inbox:
 * every settings page but the email page (which has its own button) says so, and leads there.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { currentSession, setSession, signedInSession } from '../../test/mock-auth.ts';
import { TestQueryProvider } from '../../test/render.tsx';
import { SettingsLayout } from './layout.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

function renderSettings(path: string) {
  return render(
    <TestQueryProvider session={currentSession()}>
      <MemoryRouter initialEntries={[path]}>
        <I18nProvider>
          <Routes>
            <Route path="/settings" element={<SettingsLayout />}>
              <Route path="profile" element={<p>Profile page</p>} />
              <Route path="email" element={<p>Email page</p>} />
            </Route>
          </Routes>
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('latch.language', 'en');
  resetConfigForTests();
});
afterEach(() => cleanup());

it('an unverified address: the notice names it and links to the email settings', async () => {
  const session = signedInSession();
  setSession({ ...session, user: { ...session.user, emailVerified: false } });
  renderSettings('/settings/profile');
  expect(await screen.findByText('Profile page')).toBeTruthy();
  expect(screen.getByText('Please confirm your email address: open the link we sent to ada@example.com.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Send it again' }).getAttribute('href')).toBe('/settings/email');
});

it('not on the email page itself, and never for a verified address', async () => {
  const session = signedInSession();
  setSession({ ...session, user: { ...session.user, emailVerified: false } });
  renderSettings('/settings/email');
  expect(await screen.findByText('Email page')).toBeTruthy();
  expect(screen.queryByText(/Please confirm your email address/)).toBeNull();
  cleanup();
  setSession(signedInSession());
  renderSettings('/settings/profile');
  expect(await screen.findByText('Profile page')).toBeTruthy();
  expect(screen.queryByText(/Please confirm your email address/)).toBeNull();
});
