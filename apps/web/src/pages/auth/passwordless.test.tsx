// @vitest-environment happy-dom
/**
 * The sign-in screen's passwordless ways: a passkey by the button and by the browser's autofill,
 * a mailed link, a mailed code. The browser's WebAuthn prompt is stood in for
 * (lib/webauthn.ts `requestPasskey`); what the page does with what it gets is the real code.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import {
  type AuthenticationResponse,
  autofillSupported,
  cancelCeremony,
  PasskeyCeremonyError,
  requestPasskey,
} from '../../lib/webauthn.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import { currentSession, mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { TestQueryProvider } from '../../test/render.tsx';
import { SignInPage } from './sign-in.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);
vi.mock('../../lib/webauthn.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/webauthn.ts')>()),
  requestPasskey: vi.fn(),
  autofillSupported: vi.fn(async () => false),
  cancelCeremony: vi.fn(),
}));

const request = vi.mocked(requestPasskey);
const autofill = vi.mocked(autofillSupported);

function ChallengePage() {
  const location = useLocation();
  return <p>Challenge page {JSON.stringify(location.state)}</p>;
}

function renderSignIn(path = '/sign-in?next=/settings') {
  return render(
    <TestQueryProvider session={currentSession()}>
      <MemoryRouter initialEntries={[path]}>
        <I18nProvider>
          <Routes>
            <Route path="/sign-in" element={<SignInPage />} />
            <Route path="/settings" element={<p>Settings page</p>} />
            <Route path="/two-factor" element={<ChallengePage />} />
          </Routes>
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

function fill(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

const refused = (status: number, code: string): { data: null; error: AuthError } => ({
  data: null,
  error: { status, code, message: 'the server’s own words' },
});

const options = { challenge: 'c2lnbg', rpId: 'localhost', userVerification: 'required' as const, timeout: 300_000 };
const assertion: AuthenticationResponse = {
  id: 'AQID',
  rawId: 'AQID',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AQ', signature: 'MEU', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

function signedIn() {
  const session = signedInSession();
  return { data: { token: 't', session: session.session, user: session.user }, error: null } as const;
}

function configure(features: Record<string, boolean>) {
  window.__LATCH__ = { appName: 'Acme', providers: [], features };
  resetConfigForTests();
}

describe('sign-in without a password', () => {
  beforeEach(() => {
    localStorage.clear();
    configure({ passkey: true, magicLink: true, emailOTP: true });
    setSession(null);
    vi.clearAllMocks();
    autofill.mockResolvedValue(false);
    mockClient.passkey.generateAuthenticateOptions.mockResolvedValue({ data: options, error: null });
  });

  afterEach(() => {
    cleanup();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('offers nothing of it where the operator turned it off', () => {
    configure({});
    renderSignIn();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Email me a sign-in code' })).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username');
    expect(mockClient.passkey.generateAuthenticateOptions).not.toHaveBeenCalled();
  });

  it('offers each way the operator turned on, in a group named for screen readers', () => {
    configure({ magicLink: true });
    renderSignIn();
    const group = screen.getByRole('group', { name: 'Other ways to sign in' });
    expect(group.textContent).toContain('Email me a sign-in link');
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Email me a sign-in code' })).toBeNull();
  });

  describe('with a passkey', () => {
    it('marks the email field for the autofill and starts a conditional request that signs in', async () => {
      autofill.mockResolvedValue(true);
      request.mockResolvedValueOnce(assertion);
      mockClient.passkey.verifyAuthentication.mockImplementationOnce(async () => {
        setSession(signedInSession());
        return signedIn();
      });
      renderSignIn();
      expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username webauthn');
      expect(await screen.findByText('Settings page')).toBeTruthy();
      expect(request).toHaveBeenCalledWith(options, { autofill: true });
      expect(mockClient.passkey.verifyAuthentication).toHaveBeenCalledWith({ response: assertion });
    });

    it('shows a refusal of the passkey picked in the autofill as the form’s error, focused', async () => {
      autofill.mockResolvedValue(true);
      request.mockResolvedValueOnce(assertion).mockReturnValue(new Promise(() => {}));
      mockClient.passkey.verifyAuthentication.mockResolvedValueOnce(refused(401, 'AUTHENTICATION_FAILED'));
      renderSignIn();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(
        'The passkey could not be verified. Try again, or choose another way to sign in.',
      );
      expect(document.activeElement).toBe(alert);
      // and the autofill is offered again, with a new challenge
      await waitFor(() => expect(mockClient.passkey.generateAuthenticateOptions).toHaveBeenCalledTimes(2));
    });

    it('signs in with the button: the browser’s prompt, then the server’s check', async () => {
      request.mockResolvedValueOnce(assertion);
      mockClient.passkey.verifyAuthentication.mockResolvedValueOnce(signedIn());
      renderSignIn();
      click('Sign in with a passkey');
      expect(await screen.findByText('Settings page')).toBeTruthy();
      expect(request).toHaveBeenCalledWith(options);
      expect(mockClient.passkey.verifyAuthentication).toHaveBeenCalledWith({ response: assertion });
    });

    it('says so, focused, when the person cancels the prompt; the server is not asked', async () => {
      request.mockRejectedValueOnce(new PasskeyCeremonyError('cancelled'));
      renderSignIn();
      click('Sign in with a passkey');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(
        'The passkey request was cancelled or timed out. Try again, or choose another way.',
      );
      expect(document.activeElement).toBe(alert);
      expect(mockClient.passkey.verifyAuthentication).not.toHaveBeenCalled();
      expect((screen.getByRole('button', { name: 'Sign in with a passkey' }) as HTMLButtonElement).disabled).toBe(
        false,
      );
    });

    it('shows the server’s refusal of the button’s passkey in plain words, focused', async () => {
      request.mockResolvedValueOnce(assertion);
      mockClient.passkey.verifyAuthentication.mockResolvedValueOnce(refused(400, 'CHALLENGE_NOT_FOUND'));
      renderSignIn();
      click('Sign in with a passkey');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('The passkey request has expired or was already used. Try again.');
      expect(document.activeElement).toBe(alert);
      expect(screen.queryByText('Settings page')).toBeNull();
    });

    it('cancels the autofill’s request when the page goes', async () => {
      autofill.mockResolvedValue(true);
      request.mockReturnValue(new Promise(() => {}));
      const { unmount } = renderSignIn();
      await waitFor(() => expect(request).toHaveBeenCalled());
      unmount();
      expect(cancelCeremony).toHaveBeenCalled();
    });
  });

  describe('with a mailed link', () => {
    it('asks for the address first, at its field', async () => {
      renderSignIn();
      click('Email me a sign-in link');
      expect(await screen.findByText('Enter your email address.')).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByLabelText('Email'));
      expect(mockClient.signIn.magicLink).not.toHaveBeenCalled();
    });

    it('mails a link back to where sign-in was going, then says to check the inbox', async () => {
      renderSignIn();
      fill('Email', ' ada@example.com ');
      click('Email me a sign-in link');
      expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
      expect(mockClient.signIn.magicLink).toHaveBeenCalledWith({
        email: 'ada@example.com',
        callbackURL: '/settings',
        errorCallbackURL: '/error',
      });
      expect(screen.getByText(/We are sending a sign-in link to ada@example\.com\./)).toBeTruthy();

      click('Send another link');
      expect(await screen.findByText('Another link is on its way to ada@example.com.')).toBeTruthy();
      expect(mockClient.signIn.magicLink).toHaveBeenCalledTimes(2);

      click('Use a different address');
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    });

    it('shows a refusal of the request, and keeps the form', async () => {
      mockClient.signIn.magicLink.mockResolvedValueOnce(refused(429, 'TOO_MANY_REQUESTS'));
      renderSignIn();
      fill('Email', 'ada@example.com');
      click('Email me a sign-in link');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Too many attempts. Wait a minute, then try again.');
      expect(document.activeElement).toBe(alert);
      expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    });
  });

  describe('with a mailed code', () => {
    async function toCodeStep() {
      renderSignIn();
      fill('Email', 'ada@example.com');
      click('Email me a sign-in code');
      expect(await screen.findByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeTruthy();
      expect(mockClient.emailOtp.sendVerificationOtp).toHaveBeenCalledWith({
        email: 'ada@example.com',
        type: 'sign-in',
      });
    }

    it('checks the code’s form before sending it', async () => {
      await toCodeStep();
      click('Sign in');
      expect(await screen.findByText('Enter the code from the email.')).toBeTruthy();
      fill('Code from the email', '12ab56');
      click('Sign in');
      expect(await screen.findByText('Enter the code as it appears in the email: digits only.')).toBeTruthy();
      expect(mockClient.signIn.emailOtp).not.toHaveBeenCalled();
    });

    it('signs in with the right code and goes on to `next`', async () => {
      mockClient.signIn.emailOtp.mockResolvedValueOnce({
        data: { token: 't', user: signedInSession().user },
        error: null,
      });
      await toCodeStep();
      fill('Code from the email', '123 456');
      click('Sign in');
      expect(await screen.findByText('Settings page')).toBeTruthy();
      expect(mockClient.signIn.emailOtp).toHaveBeenCalledWith({ email: 'ada@example.com', otp: '123456' });
    });

    it('says a wrong or expired code at the field, focused', async () => {
      mockClient.signIn.emailOtp.mockResolvedValueOnce(refused(400, 'INVALID_OTP'));
      await toCodeStep();
      fill('Code from the email', '000000');
      click('Sign in');
      expect(await screen.findByText('The code is not correct. Check the newest email and try again.')).toBeTruthy();
      const field = screen.getByLabelText('Code from the email');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      await waitFor(() => expect(document.activeElement).toBe(field));
    });

    it('offers a new code once the tries of this one are spent', async () => {
      mockClient.signIn.emailOtp.mockResolvedValueOnce(refused(403, 'TOO_MANY_ATTEMPTS'));
      await toCodeStep();
      fill('Code from the email', '000000');
      click('Sign in');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Too many wrong tries for this code. Ask for a new one.');
      expect(document.activeElement).toBe(alert);
      fireEvent.click(
        screen.getAllByRole('button', { name: 'Send a new code' }).find((button) => alert.contains(button)) ?? alert,
      );
      expect(
        await screen.findByText('A new code is on its way to ada@example.com. The earlier one no longer works.'),
      ).toBeTruthy();
      expect(mockClient.emailOtp.sendVerificationOtp).toHaveBeenCalledTimes(2);
      expect((screen.getByLabelText('Code from the email') as HTMLInputElement).value).toBe('');
    });

    it('goes on to the second factor when the account asks for one', async () => {
      mockClient.signIn.emailOtp.mockResolvedValueOnce({
        data: { twoFactorRedirect: true, twoFactorMethods: ['totp', 'passkey'] },
        error: null,
      });
      await toCodeStep();
      fill('Code from the email', '123456');
      click('Sign in');
      expect(await screen.findByText('Challenge page {"methods":["totp","passkey"]}')).toBeTruthy();
    });
  });
});
