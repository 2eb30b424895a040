// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { mockClient, setSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { goTo, MagicLinkPage } from './magic-link.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const links = mockClient.links;
const INVALID_TOKEN = { status: 400, code: 'INVALID_TOKEN', message: 'Invalid token' };

function open(path = '/magic-link?token=tok-123&callbackURL=%2Fdashboard') {
  return renderPage(path, '/magic-link', <MagicLinkPage />);
}

describe('a magic link opened in a browser that did not ask for it', () => {
  const assign = vi.spyOn(goTo, 'assign').mockImplementation(() => {});

  beforeEach(() => {
    localStorage.clear();
    window.__LATCH__ = { appName: 'Acme', providers: [], features: { magicLink: true } };
    resetConfigForTests();
    setSession(null);
    vi.clearAllMocks();
  });

  afterEach(() => {
    cleanup();
    links.describeMagicLink.mockReset();
    links.confirmMagicLink.mockReset();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('names the account and signs in only on the click, then goes where the server says', async () => {
    links.describeMagicLink.mockResolvedValue({ data: { email: 'mallory@example.com', isNew: false }, error: null });
    links.confirmMagicLink.mockResolvedValue({
      data: { redirect: '/dashboard', twoFactorRedirect: false },
      error: null,
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in on this device?' })).toBeTruthy();
    expect(screen.getByText('This link signs in to the account of mallory@example.com.')).toBeTruthy();
    expect(
      screen.getByText(/If someone sent it to you, or you do not know this address, close this page/),
    ).toBeTruthy();
    expect(links.describeMagicLink).toHaveBeenCalledWith({ token: 'tok-123' });
    // opening the page (a mail scanner, a hostile page's redirect) signs nobody in
    expect(links.confirmMagicLink).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/sign-in');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(links.confirmMagicLink).toHaveBeenCalledExactlyOnceWith({ token: 'tok-123', callbackURL: '/dashboard' });
  });

  it('says when the link creates the account, and passes newUserCallbackURL on', async () => {
    links.describeMagicLink.mockResolvedValue({ data: { email: 'new@example.com', isNew: true }, error: null });
    links.confirmMagicLink.mockResolvedValue({
      data: { redirect: 'http://localhost/two-factor?next=%2Fwelcome', twoFactorRedirect: true },
      error: null,
    });
    open('/magic-link?token=tok-9&callbackURL=%2Fin&newUserCallbackURL=%2Fwelcome');
    expect(
      await screen.findByText('This link creates an account for new@example.com and signs in to it.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/two-factor?next=%2Fwelcome'));
    expect(links.confirmMagicLink).toHaveBeenCalledWith({
      token: 'tok-9',
      callbackURL: '/in',
      newUserCallbackURL: '/welcome',
    });
  });

  it('a dead link says so and offers no button', async () => {
    links.describeMagicLink.mockResolvedValue({ data: null, error: INVALID_TOKEN });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'This sign-in link no longer works' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(links.confirmMagicLink).not.toHaveBeenCalled();
  });

  it('a link spent meanwhile (another click) turns the page into the dead-link one', async () => {
    links.describeMagicLink.mockResolvedValue({ data: { email: 'ada@example.com', isNew: false }, error: null });
    links.confirmMagicLink.mockResolvedValue({ data: null, error: INVALID_TOKEN });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This sign-in link no longer works' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('another refusal is shown above the button, which stays', async () => {
    links.describeMagicLink.mockResolvedValue({ data: { email: 'ada@example.com', isNew: false }, error: null });
    links.confirmMagicLink.mockResolvedValue({
      data: null,
      error: { status: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many attempts. Wait a minute, then try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('without a token it explains where the page comes from', async () => {
    open('/magic-link');
    expect(await screen.findByText('This page opens from the sign-in link in the email we sent you.')).toBeTruthy();
    expect(links.describeMagicLink).not.toHaveBeenCalled();
  });
});
