// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import type { AuthError } from '../../lib/wire-types.ts';
import { currentSession, mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { TestQueryProvider } from '../../test/render.tsx';
import { SignInPage } from '../auth/sign-in.tsx';
import { TwoFactorPage } from './challenge.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

/** Sign-in, the challenge and two landing pages, so a test can follow the whole way. */
function renderAt(path: string, state?: unknown) {
  return render(
    <TestQueryProvider session={currentSession()}>
      <MemoryRouter
        initialEntries={[
          state === undefined
            ? path
            : { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
        ]}
      >
        <I18nProvider>
          <Routes>
            <Route path="/sign-in" element={<SignInPage />} />
            <Route path="/two-factor" element={<TwoFactorPage />} />
            <Route path="/settings/profile" element={<p>Settings page</p>} />
            <Route path="/organization" element={<p>Organization page</p>} />
          </Routes>
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

function fill(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function verify() {
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

const failure = (status: number, code: string, message: string): { data: null; error: AuthError } => ({
  data: null,
  error: { status, code, message },
});

const verified = () => ({ data: { token: 't', user: signedInSession().user }, error: null }) as const;

describe('two-factor challenge', () => {
  beforeEach(() => {
    localStorage.clear();
    window.__LATCH__ = { appName: 'Acme', providers: [], features: { username: true } };
    resetConfigForTests();
    setSession(null);
    vi.clearAllMocks();
  });

  afterEach(() => {
    cleanup();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('sign-in answered with twoFactorRedirect goes to the challenge, keeping `next`', async () => {
    mockClient.signIn.email.mockResolvedValueOnce({
      data: { twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] },
      error: null,
    });
    renderAt('/sign-in?next=/organization');
    fill('Email or username', 'ada@example.com');
    fill('Password', 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step verification' })).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(screen.getByLabelText('Code from your authenticator app')).toBeTruthy();
    expect(screen.getByLabelText('Trust this device for 30 days')).toBeTruthy();
    // no session yet: nothing was refetched, nobody was sent on
    expect(mockClient.getSession).not.toHaveBeenCalled();

    mockClient.twoFactor.verifyTotp.mockResolvedValueOnce(verified());
    fill('Code from your authenticator app', '123 456');
    verify();
    expect(await screen.findByText('Organization page')).toBeTruthy();
    expect(mockClient.twoFactor.verifyTotp).toHaveBeenCalledWith({ code: '123456', trustDevice: false });
  });

  it('also follows a username sign-in to the challenge', async () => {
    mockClient.signIn.username.mockResolvedValueOnce({
      data: { twoFactorRedirect: true, twoFactorMethods: ['otp'] },
      error: null,
    });
    renderAt('/sign-in');
    fill('Email or username', 'ada_99');
    fill('Password', 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // without an authenticator app the emailed code is the way in
    expect(await screen.findByLabelText('Code from the email')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use my authenticator app' })).toBeNull();
  });

  it('validates the code before sending', async () => {
    renderAt('/two-factor');
    verify();
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    fill('Code from your authenticator app', '12ab');
    verify();
    expect(await screen.findByText('The code has exactly 6 digits.')).toBeTruthy();
    const input = screen.getByLabelText('Code from your authenticator app');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(mockClient.twoFactor.verifyTotp).not.toHaveBeenCalled();
  });

  it('shows a wrong code on the field, focused, and lets the person try again', async () => {
    mockClient.twoFactor.verifyTotp.mockResolvedValueOnce(failure(401, 'INVALID_CODE', 'Invalid code'));
    renderAt('/two-factor');
    fill('Code from your authenticator app', '000000');
    verify();
    expect(await screen.findByText('The code is not correct. Check it and try again.')).toBeTruthy();
    const input = screen.getByLabelText('Code from your authenticator app');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(screen.queryByText('Settings page')).toBeNull();

    mockClient.twoFactor.verifyTotp.mockResolvedValueOnce(verified());
    fill('Code from your authenticator app', '654321');
    fireEvent.click(screen.getByLabelText('Trust this device for 30 days'));
    verify();
    expect(await screen.findByText('Settings page')).toBeTruthy();
    expect(mockClient.twoFactor.verifyTotp).toHaveBeenLastCalledWith({ code: '654321', trustDevice: true });
    expect(mockClient.getSession).toHaveBeenCalled();
  });

  it('emails a code on request and verifies it with verify-otp', async () => {
    mockClient.twoFactor.verifyOtp.mockResolvedValueOnce(verified());
    renderAt('/two-factor');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText('We emailed you a 6-digit code. It works for a few minutes.')).toBeTruthy();
    expect(mockClient.twoFactor.sendOtp).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Email me a new code' })).toBeTruthy();
    fill('Code from the email', '424242');
    verify();
    expect(await screen.findByText('Settings page')).toBeTruthy();
    expect(mockClient.twoFactor.verifyOtp).toHaveBeenCalledWith({ code: '424242', trustDevice: false });
    expect(mockClient.twoFactor.verifyTotp).not.toHaveBeenCalled();
  });

  it('accepts a backup code, and says when one is wrong', async () => {
    mockClient.twoFactor.verifyBackupCode
      .mockResolvedValueOnce(failure(401, 'INVALID_BACKUP_CODE', 'Invalid backup code'))
      .mockResolvedValueOnce(verified());
    renderAt('/two-factor');
    fireEvent.click(screen.getByRole('button', { name: 'Use a backup code' }));
    fill('Backup code', 'aaaaa-bbbbb');
    verify();
    expect(await screen.findByText('This backup code is not correct or has already been used.')).toBeTruthy();
    fill('Backup code', ' Abc12-XyZ34 ');
    verify();
    expect(await screen.findByText('Settings page')).toBeTruthy();
    expect(mockClient.twoFactor.verifyBackupCode).toHaveBeenLastCalledWith({ code: 'Abc12-XyZ34', trustDevice: false });
  });

  it('sends the person back to sign-in when the challenge has expired', async () => {
    mockClient.twoFactor.verifyTotp.mockResolvedValueOnce(
      failure(401, 'INVALID_TWO_FACTOR_COOKIE', 'Invalid two factor cookie'),
    );
    renderAt('/two-factor?next=/organization');
    fill('Code from your authenticator app', '123456');
    verify();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText('The time to enter your code has run out. Sign in again to continue.')).toBeTruthy();

    // and the next sign-in still goes where the first one was going
    mockClient.signIn.email.mockResolvedValueOnce({
      data: { redirect: false, token: 't', user: signedInSession().user },
      error: null,
    });
    fill('Email or username', 'ada@example.com');
    fill('Password', 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Organization page')).toBeTruthy();
  });

  it('sends the person back to sign-in after too many wrong codes', async () => {
    mockClient.twoFactor.verifyTotp.mockResolvedValueOnce(
      failure(400, 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'Too many attempts. Please request a new code.'),
    );
    renderAt('/two-factor');
    fill('Code from your authenticator app', '123456');
    verify();
    expect(await screen.findByText('Too many wrong codes. Sign in again to start over.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });

  it('shows a locked account as an alert', async () => {
    mockClient.twoFactor.verifyTotp.mockResolvedValueOnce(
      failure(429, 'ACCOUNT_TEMPORARILY_LOCKED', 'Too many failed verification attempts.'),
    );
    renderAt('/two-factor', { methods: ['totp', 'otp'] });
    fill('Code from your authenticator app', '123456');
    verify();
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    // a 429 with its own code is the lock, not the rate limiter's "wait a minute"
    expect(alert.textContent).toContain(
      'Too many wrong codes. Two-step verification for this account is locked for 15 minutes.',
    );
  });
});
