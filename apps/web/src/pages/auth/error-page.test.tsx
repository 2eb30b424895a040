// @vitest-environment happy-dom
/**
 * Where a refused link lands (`/error?error=<code>`). A magic link for another account, opened in
 * a browser that is signed in, is refused unspent by the server (a hostile page must not swap the
 * person into someone else's account): the page names the account this browser is signed in with
 * and offers to sign out, so the person can open the link again.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { CATALOG } from '../../i18n/catalog.ts';
import { mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { ErrorPage } from './error-page.tsx';

const t = CATALOG.en;

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const open = (path: string) => renderPage(path, '/error', <ErrorPage />);

describe('the error page', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.clearAllMocks();
    setSession(null);
  });

  afterEach(() => {
    cleanup();
  });

  it('a link for another account, signed in: names this browser’s account and signs out', async () => {
    const session = signedInSession();
    setSession(session);
    open('/error?error=UNAUTHORIZED');
    const alert = await screen.findByText(
      t.errorPage.otherAccount.replace('{email}', session.user.email),
      {},
      { timeout: 3000 },
    );
    expect(alert).toBeTruthy();
    expect(screen.queryByText(t.errors.UNAUTHORIZED)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.common.signOut }));
    await waitFor(() => expect(mockClient.signOut).toHaveBeenCalledTimes(1));
  });

  it('signed out, the same code says what it always said', async () => {
    open('/error?error=UNAUTHORIZED');
    expect(await screen.findByText(t.errors.UNAUTHORIZED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.common.signOut })).toBeNull();
  });
});
