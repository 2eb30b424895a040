// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import type { UndoChangeAnswer } from '../../lib/wire-types.ts';
import { mockClient, setSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { UndoChangePage } from './undo-change.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const undo = mockClient.links.undoChange;
const SUBMIT = 'Undo this change and sign out everywhere';

function open(path = '/undo-change?token=undo-tok') {
  return renderPage(path, '/undo-change', <UndoChangePage />);
}

function answer(value: UndoChangeAnswer) {
  undo.mockResolvedValue({ data: value, error: null });
}

describe('undoing a change from a security notice', () => {
  beforeEach(() => {
    localStorage.clear();
    window.__LATCH__ = { appName: 'Acme', providers: [], features: {} };
    resetConfigForTests();
    setSession(null);
    vi.clearAllMocks();
  });

  afterEach(() => {
    cleanup();
    undo.mockReset();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('posts only on the click; an address change puts the old address back and links to a new password', async () => {
    answer({ status: true, change: 'email-changed', resetToken: 'Rst0ken24charsAAAAAAAAAA', emailRestored: true });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Undo a change to your account' })).toBeTruthy();
    expect(screen.getByText(/signs out every device signed in to your account, this one included/)).toBeTruthy();
    // opening the link (a mail scanner does) undoes nothing
    expect(undo).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change undone' })).toBeTruthy();
    expect(undo).toHaveBeenCalledExactlyOnceWith({ token: 'undo-tok' });
    expect(screen.getByText('Your previous email address is back, and confirmed.')).toBeTruthy();
    expect(screen.getByText(/Your password has been removed as well/)).toBeTruthy();
    expect(screen.getByText('Every device has been signed out.')).toBeTruthy();
    const reset = screen.getByRole('link', { name: 'Choose a new password' });
    expect(reset.getAttribute('href')).toBe('/reset-password?token=Rst0ken24charsAAAAAAAAAA');
    // this browser's session may be among the ended ones
    expect(mockClient.getSession).toHaveBeenCalled();
  });

  it('an address that someone took since cannot come back, and the page says so', async () => {
    answer({ status: true, change: 'email-changed', resetToken: 'tok2', emailRestored: false });
    open();
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText(/Your previous email address could not be put back/)).toBeTruthy();
    expect(screen.queryByText('Your previous email address is back, and confirmed.')).toBeNull();
  });

  it('a password change: the set password is void and a new one is chosen from the given link', async () => {
    answer({ status: true, change: 'password-changed', resetToken: 'abc/def' });
    open();
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText('The password that was set no longer works.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a new password' }).getAttribute('href')).toBe(
      '/reset-password?token=abc%2Fdef',
    );
  });

  it('a linked provider is removed; without a reset token there is no password link, only sign-in', async () => {
    answer({ status: true, change: 'provider-linked', resetToken: null });
    open();
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(
      await screen.findByText('The sign-in provider that was linked to your account has been removed.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Choose a new password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
  });

  it('two-factor turned off comes back on', async () => {
    answer({ status: true, change: 'two-factor-disabled', resetToken: null });
    open();
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText(/Two-factor authentication is back on/)).toBeTruthy();
  });

  it('a used or expired link says it no longer works and offers a password reset', async () => {
    undo.mockResolvedValue({ data: null, error: { status: 400, code: 'INVALID_TOKEN', message: 'Invalid token' } });
    open();
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: SUBMIT })).toBeNull();
    expect(screen.getByRole('link', { name: 'Reset my password' }).getAttribute('href')).toBe('/forgot-password');
    expect(mockClient.getSession).not.toHaveBeenCalled();
  });

  it('another failure is shown and the button stays for another try', async () => {
    undo
      .mockResolvedValueOnce({ data: null, error: { status: 429, code: null, message: null } })
      .mockResolvedValueOnce({ data: { status: true, change: 'password-changed', resetToken: 'x' }, error: null });
    open();
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText('Too many attempts. Wait a minute, then try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change undone' })).toBeTruthy();
    expect(undo).toHaveBeenCalledTimes(2);
  });

  it('without a token nothing is posted', () => {
    open('/undo-change');
    expect(screen.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(screen.getByText('This page opens from the link in a security email we sent you.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: SUBMIT })).toBeNull();
    expect(undo).not.toHaveBeenCalled();
  });
});
