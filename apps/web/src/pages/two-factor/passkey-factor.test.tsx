// @vitest-environment happy-dom
/**
 * The two-factor challenge with a passkey as the second factor: offered where the challenge lists
 * it, completing the sign-in like a code, and its refusals handled as the codes' are. The browser's
 * WebAuthn prompt is stood in for (lib/webauthn.ts `requestPasskey`).
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { type AuthenticationResponse, PasskeyCeremonyError, requestPasskey } from '../../lib/webauthn.ts';
import { currentSession, mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { TestQueryProvider } from '../../test/render.tsx';
import { SignInPage } from '../auth/sign-in.tsx';
import { TwoFactorPage } from './challenge.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);
vi.mock('../../lib/webauthn.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/webauthn.ts')>()),
  requestPasskey: vi.fn(),
  autofillSupported: vi.fn(async () => false),
}));

const request = vi.mocked(requestPasskey);

function renderChallenge(methods?: string[]) {
  const entry = methods
    ? { pathname: '/two-factor', search: '?next=/organization', state: { methods } }
    : '/two-factor';
  return render(
    <TestQueryProvider session={currentSession()}>
      <MemoryRouter initialEntries={[entry]}>
        <I18nProvider>
          <Routes>
            <Route path="/sign-in" element={<SignInPage />} />
            <Route path="/two-factor" element={<TwoFactorPage />} />
            <Route path="/organization" element={<p>Organization page</p>} />
          </Routes>
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

const options = {
  challenge: 'c2Vjb25k',
  rpId: 'localhost',
  allowCredentials: [{ id: 'AQID', type: 'public-key' as const }],
  userVerification: 'preferred' as const,
};
const assertion: AuthenticationResponse = {
  id: 'AQID',
  rawId: 'AQID',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AQ', signature: 'MEU' },
  clientExtensionResults: {},
};

describe('two-factor challenge with a passkey', () => {
  beforeEach(() => {
    localStorage.clear();
    window.__LATCH__ = { appName: 'Acme', providers: [], features: { passkey: true } };
    resetConfigForTests();
    setSession(null);
    vi.clearAllMocks();
    mockClient.twoFactor.generatePasskeyOptions.mockResolvedValue({ data: options, error: null });
  });

  afterEach(() => {
    cleanup();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('is offered where the challenge lists it, and only there', () => {
    renderChallenge(['totp', 'passkey']);
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    // the challenge did not list an emailed code (a sign-in by mail): it is not offered either
    expect(screen.queryByRole('button', { name: 'Email me a code' })).toBeNull();
    cleanup();
    renderChallenge(['totp', 'otp']);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeTruthy();
  });

  it('is offered after a reload, when the methods are not known, if passkeys are on', () => {
    renderChallenge();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    cleanup();
    window.__LATCH__ = { appName: 'Acme', providers: [], features: {} };
    resetConfigForTests();
    renderChallenge();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });

  it('completes the sign-in with the challenged account’s passkey, trusting the device when asked', async () => {
    request.mockResolvedValueOnce(assertion);
    mockClient.twoFactor.verifyPasskey.mockResolvedValueOnce({
      data: { token: 't', user: signedInSession().user },
      error: null,
    });
    renderChallenge(['totp', 'passkey']);
    fireEvent.click(screen.getByLabelText('Trust this device for 30 days'));
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('Organization page')).toBeTruthy();
    expect(mockClient.twoFactor.generatePasskeyOptions).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(options);
    expect(mockClient.twoFactor.verifyPasskey).toHaveBeenCalledWith({ response: assertion, trustDevice: true });
  });

  it('says so when the prompt was cancelled, and leaves the challenge as it was', async () => {
    request.mockRejectedValueOnce(new PasskeyCeremonyError('cancelled'));
    renderChallenge(['totp', 'passkey']);
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The passkey request was cancelled or timed out. Try again, or choose another way.');
    expect(document.activeElement).toBe(alert);
    expect(mockClient.twoFactor.verifyPasskey).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Code from your authenticator app') as HTMLInputElement).disabled).toBe(false);
  });

  it('shows a refused passkey as the form’s error, focused', async () => {
    request.mockResolvedValueOnce(assertion);
    mockClient.twoFactor.verifyPasskey.mockResolvedValueOnce({
      data: null,
      error: { status: 401, code: 'AUTHENTICATION_FAILED', message: 'Authentication failed' },
    });
    renderChallenge(['totp', 'passkey']);
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The passkey could not be verified. Try again, or choose another way to sign in.',
    );
    expect(document.activeElement).toBe(alert);
  });

  it('sends the person back to sign in when the challenge has expired', async () => {
    mockClient.twoFactor.generatePasskeyOptions.mockResolvedValueOnce({
      data: null,
      error: { status: 401, code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' },
    });
    renderChallenge(['totp', 'passkey']);
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('The time to enter your code has run out. Sign in again to continue.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });
});
