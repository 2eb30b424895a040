// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { mockClient, setSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { SignUpPage } from './sign-up.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

function fill(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

/** The password rules of the server (issue 11, item 13): its lengths, its context words, its refusal. */
describe('sign-up password rules', () => {
  beforeEach(() => {
    window.__LATCH__ = {
      appName: 'Acme',
      providers: [],
      features: { username: false },
      password: { minLength: 15, maxLength: 64 },
    };
    resetConfigForTests();
    setSession(null);
    vi.clearAllMocks();
  });

  afterEach(() => {
    cleanup();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it("hints and checks with the server's configured lengths", async () => {
    renderPage('/sign-up', '/sign-up', <SignUpPage />);
    expect(screen.getByText(/^15 to 64 characters\./)).toBeTruthy();
    fill('Name', 'Ada');
    fill('Email', 'ada@example.com');
    fill('Password', 'fourteen chars');
    submit();
    expect(await screen.findByText('Use at least 15 characters.')).toBeTruthy();
    expect(mockClient.signUp.email).not.toHaveBeenCalled();
  });

  it('refuses the name, the address or the service as the password before sending', async () => {
    renderPage('/sign-up', '/sign-up', <SignUpPage />);
    fill('Name', 'Ada Lovelace');
    fill('Email', 'ada@example.com');
    fill('Password', 'Ada-Lovelace-1815');
    submit();
    expect(
      await screen.findByText('Do not use your name, your email address or the name of this service as your password.'),
    ).toBeTruthy();
    fill('Password', 'Acme-2024-2025!!');
    submit();
    expect(mockClient.signUp.email).not.toHaveBeenCalled();
  });

  it("shows the server's PASSWORD_COMPROMISED at the password field, in the page's language", async () => {
    mockClient.signUp.email.mockResolvedValue({
      data: null,
      error: {
        status: 400,
        code: 'PASSWORD_COMPROMISED',
        message: 'The password you entered has been compromised. Please choose a different password.',
      },
    });
    renderPage('/sign-up', '/sign-up', <SignUpPage />);
    fill('Name', 'Ada');
    fill('Email', 'ada@example.com');
    fill('Password', 'iloveyou-iloveyou');
    submit();
    const message = await screen.findByText(/too common or has appeared in a data breach/);
    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(message).toBeTruthy();
  });
});
