// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { mockClient, setSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { ConfirmEmailPage } from './confirm-email.tsx';
import { goTo } from './magic-link.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const links = mockClient.links;
const INVALID_TOKEN = { status: 401, code: 'INVALID_TOKEN', message: 'Invalid token' };

function open(path = '/confirm-email?token=tok-123&callbackURL=%2Fwelcome') {
  return renderPage(path, '/confirm-email', <ConfirmEmailPage />);
}

describe('a verification link opened in a browser that did not ask for it', () => {
  const assign = vi.spyOn(goTo, 'assign').mockImplementation(() => {});

  beforeEach(() => {
    localStorage.clear();
    window.__LATCH__ = { appName: 'Acme', providers: [], features: {} };
    resetConfigForTests();
    setSession(null);
    vi.clearAllMocks();
    const threeMinutesAgo = new Date(Date.now() - 3 * 60_000);
    links.describeVerification.mockResolvedValue({
      data: { email: 'ada@example.com', createdAt: threeMinutesAgo },
      error: null,
    });
  });

  afterEach(() => {
    cleanup();
    links.describeVerification.mockReset();
    links.confirmVerification.mockReset();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('asks whether the person created the account, and verifies nothing until a button is clicked', async () => {
    links.confirmVerification.mockResolvedValue({ data: { redirect: '/welcome' }, error: null });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Did you create this account?' })).toBeTruthy();
    expect(screen.getByText(/Someone asked to verify ada@example\.com for an account here/)).toBeTruthy();
    // when, so that the owner can tell whether it was them
    expect(screen.getByText('The account was set up 3 minutes ago.')).toBeTruthy();
    expect(links.describeVerification).toHaveBeenCalledWith({ token: 'tok-123' });
    expect(links.confirmVerification).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Yes, I created it' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/welcome'));
    expect(links.confirmVerification).toHaveBeenCalledExactlyOnceWith({
      token: 'tok-123',
      mine: true,
      callbackURL: '/welcome',
    });
  });

  it('"No, I didn’t" claims the address, says so and offers a password of one’s own', async () => {
    links.confirmVerification.mockResolvedValue({ data: { redirect: null }, error: null });
    open();
    const no = await screen.findByRole('button', { name: 'No, I didn’t' });
    expect(no.getAttribute('aria-describedby')).toBe('confirm-email-not-mine');
    fireEvent.click(no);
    expect(await screen.findByRole('heading', { level: 1, name: 'The address is yours' })).toBeTruthy();
    expect(screen.getByText(/The password set for ada@example\.com has been removed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set a password' }).getAttribute('href')).toBe('/forgot-password');
    expect(links.confirmVerification).toHaveBeenCalledExactlyOnceWith({
      token: 'tok-123',
      mine: false,
      callbackURL: '/welcome',
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('a dead link says so and offers no answer', async () => {
    links.describeVerification.mockResolvedValue({ data: null, error: INVALID_TOKEN });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This verification link no longer works' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes, I created it' })).toBeNull();
  });

  it('without a token it explains where the page comes from', async () => {
    open('/confirm-email');
    expect(
      await screen.findByText('This page opens from the verification link in the email we sent you.'),
    ).toBeTruthy();
    expect(links.describeVerification).not.toHaveBeenCalled();
  });
});
