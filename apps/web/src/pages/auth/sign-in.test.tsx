// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { SignInPage } from './sign-in.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

function fill(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in form', () => {
  beforeEach(() => {
    localStorage.clear();
    window.__LATCH__ = { appName: 'Acme', providers: ['github'], features: { username: true } };
    resetConfigForTests();
    setSession(null);
    vi.clearAllMocks();
  });

  afterEach(() => {
    cleanup();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('validates before sending: empty fields are reported and nothing is sent', async () => {
    renderPage('/sign-in', '/sign-in', <SignInPage />);
    submit();
    expect(await screen.findByText('Enter your email address or username.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(mockClient.signIn.email).not.toHaveBeenCalled();
    expect(mockClient.signIn.username).not.toHaveBeenCalled();
    const identifier = screen.getByLabelText('Email or username');
    expect(identifier.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(identifier);
  });

  it('validates the email format before sending', async () => {
    renderPage('/sign-in', '/sign-in', <SignInPage />);
    fill('Email or username', 'ada@example');
    fill('Password', 'correct horse');
    submit();
    expect(await screen.findByText('Enter an email address like name@example.com.')).toBeTruthy();
    expect(mockClient.signIn.email).not.toHaveBeenCalled();
  });

  it('shows the server error code in plain words and focuses it', async () => {
    mockClient.signIn.email.mockResolvedValue({
      data: null,
      error: { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    renderPage('/sign-in', '/sign-in', <SignInPage />);
    fill('Email or username', 'ada@example.com');
    fill('Password', 'wrong password');
    fireEvent.click(screen.getByLabelText('Keep me signed in on this device'));
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The email address or password is not correct.');
    expect(document.activeElement).toBe(alert);
    expect(mockClient.signIn.email).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'wrong password',
      rememberMe: false,
    });
  });

  it('explains a rate limit (429 without a code) and falls back to the server message for unknown codes', async () => {
    mockClient.signIn.username.mockResolvedValueOnce({
      data: null,
      error: { status: 429, code: null, message: 'Too many requests. Please try again later.' },
    });
    renderPage('/sign-in', '/sign-in', <SignInPage />);
    fill('Email or username', 'ada_99');
    fill('Password', 'whatever1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attempts. Wait a minute, then try again.',
    );
    expect(mockClient.signIn.username).toHaveBeenCalledWith({
      username: 'ada_99',
      password: 'whatever1',
      rememberMe: true,
    });

    mockClient.signIn.username.mockResolvedValueOnce({
      data: null,
      error: { status: 400, code: 'SOMETHING_NEW', message: 'A brand new rule said no' },
    });
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('A brand new rule said no'));
  });

  it('disables the form while the request is pending, then goes to the next page', async () => {
    let resolve: (value: Awaited<ReturnType<typeof mockClient.signIn.email>>) => void = () => {};
    mockClient.signIn.email.mockReturnValue(new Promise((r) => (resolve = r)));
    renderPage('/sign-in?next=/settings', '/sign-in', <SignInPage />);
    fill('Email or username', 'ada@example.com');
    fill('Password', 'correct horse battery');
    submit();
    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // the whole form sits in a disabled <fieldset>, which disables every field in it
    expect(screen.getByLabelText('Password').closest('fieldset')?.disabled).toBe(true);
    const session = signedInSession();
    resolve({ data: { token: 't', user: session.user, redirect: false }, error: null });
    expect(await screen.findByText('Settings page')).toBeTruthy();
  });

  it('offers one button per configured social provider', () => {
    renderPage('/sign-in', '/sign-in', <SignInPage />);
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeTruthy();
  });
});
