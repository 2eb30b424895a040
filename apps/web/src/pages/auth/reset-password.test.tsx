// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { mockClient, setSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { ResetPasswordPage } from './reset-password.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const check = mockClient.links.checkResetToken;
const reset = mockClient.resetPassword;
const NEW_PASSWORD = 'Lantern-harbour-quietly-42';

function open(path = '/reset-password?token=reset-tok') {
  return renderPage(path, '/reset-password', <ResetPasswordPage />);
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillPasswords() {
  fill('New password', NEW_PASSWORD);
  fill('Confirm new password', NEW_PASSWORD);
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('reset-password page', () => {
  beforeEach(() => {
    localStorage.clear();
    window.__LATCH__ = { appName: 'Acme', providers: [], features: {} };
    resetConfigForTests();
    setSession(null);
    vi.clearAllMocks();
  });

  afterEach(() => {
    cleanup();
    check.mockReset();
    reset.mockReset();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('asks the server about the link first; a dead link shows no form, only a way to get a new one', async () => {
    check.mockResolvedValue({ data: { valid: false, secondFactor: false }, error: null });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(check).toHaveBeenCalledExactlyOnceWith({ token: 'reset-tok' });
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(reset).not.toHaveBeenCalled();
  });

  it('a link the server already refused (?error=) is not checked again', () => {
    open('/reset-password?error=INVALID_TOKEN');
    expect(screen.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(check).not.toHaveBeenCalled();
  });

  it('without a second factor: no code field, and the reset sends no code', async () => {
    check.mockResolvedValue({ data: { valid: true, secondFactor: false }, error: null });
    open();
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
    fillPasswords();
    submit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Password changed' })).toBeTruthy();
    expect(reset).toHaveBeenCalledExactlyOnceWith({ newPassword: NEW_PASSWORD, token: 'reset-tok' });
  });

  it('with an authenticator app: the code is asked, checked before sending and sent as `code`', async () => {
    check.mockResolvedValue({ data: { valid: true, secondFactor: true }, error: null });
    reset
      .mockResolvedValueOnce({ data: null, error: { status: 401, code: 'INVALID_CODE', message: 'Invalid code' } })
      .mockResolvedValueOnce({ data: { status: true }, error: null });
    open();
    expect(await screen.findByText(/Your account is protected by two-factor authentication/)).toBeTruthy();
    fillPasswords();
    submit();
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    expect(reset).not.toHaveBeenCalled();

    fill('Code from your authenticator app', '123 456');
    submit();
    expect(await screen.findByText('The code is not correct. Check it and try again.')).toBeTruthy();
    const code = screen.getByLabelText('Code from your authenticator app');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(reset).toHaveBeenLastCalledWith({ newPassword: NEW_PASSWORD, token: 'reset-tok', code: '123456' });

    fill('Code from your authenticator app', '654321');
    submit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Password changed' })).toBeTruthy();
    expect(reset).toHaveBeenLastCalledWith({ newPassword: NEW_PASSWORD, token: 'reset-tok', code: '654321' });
  });

  it('"Use a backup code" swaps the field and sends `backupCode` instead', async () => {
    check.mockResolvedValue({ data: { valid: true, secondFactor: true }, error: null });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a backup code' }));
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
    const backup = screen.getByLabelText('Backup code');
    expect(document.activeElement).toBe(backup);
    fillPasswords();
    fill('Backup code', ' aB3dE-fG5hJ ');
    submit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Password changed' })).toBeTruthy();
    expect(reset).toHaveBeenCalledExactlyOnceWith({
      newPassword: NEW_PASSWORD,
      token: 'reset-tok',
      backupCode: 'aB3dE-fG5hJ',
    });
    expect(screen.queryByRole('button', { name: 'Use my authenticator app' })).toBeNull();
  });

  it('when the server asks for a second factor the check did not announce, the code field appears', async () => {
    check.mockResolvedValue({ data: { valid: true, secondFactor: false }, error: null });
    reset.mockResolvedValueOnce({
      data: null,
      error: { status: 403, code: 'TWO_FACTOR_AUTHENTICATION_REQUIRED', message: 'Two-factor authentication required' },
    });
    open();
    await screen.findByLabelText('New password');
    fillPasswords();
    submit();
    expect(await screen.findByLabelText('Code from your authenticator app')).toBeTruthy();
    expect(screen.getByText('Enter a code from your authenticator app as well.')).toBeTruthy();
  });

  it('a link used up while the form was open ends on the dead-link page', async () => {
    check.mockResolvedValue({ data: { valid: true, secondFactor: false }, error: null });
    reset.mockResolvedValueOnce({
      data: null,
      error: { status: 400, code: 'INVALID_TOKEN', message: 'Invalid token' },
    });
    open();
    await screen.findByLabelText('New password');
    fillPasswords();
    submit();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
  });

  it('when the check cannot answer, the form is shown and the reset answers for itself', async () => {
    check.mockResolvedValue({ data: null, error: { status: 0, code: 'FETCH_ERROR', message: 'offline' } });
    open();
    expect(await screen.findByLabelText('New password')).toBeTruthy();
  });
});
