// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../config.ts';
import { I18nProvider } from '../i18n/i18n.tsx';
import '../test/messages.ts';
import type { Account, AuthError, SessionData } from '../lib/wire-types.ts';
import { EmailPage } from '../pages/account/email.tsx';
import { PasswordPage } from '../pages/account/password.tsx';
import { TwoFactorSettingsPage } from '../pages/two-factor/settings.tsx';
import { currentSession, mockClient, setSession, signedInSession } from '../test/mock-auth.ts';
import { TestQueryProvider } from '../test/render.tsx';
import { ReauthProvider } from './reauth.tsx';

vi.mock('../lib/auth.ts', async () => (await import('../test/mock-auth.ts')).module);

const STALE: AuthError = { status: 403, code: 'REAUTHENTICATION_REQUIRED', message: 'Reauthentication required' };
const DIALOG = 'Confirm it’s you';

function account(providerId: string): Account {
  const now = new Date().toISOString();
  return {
    id: `a-${providerId}`,
    accountId: `x-${providerId}`,
    providerId,
    provider: providerId,
    userId: 'u1',
    createdAt: now,
    updatedAt: now,
    scopes: [],
  };
}

function SignInMarker() {
  const location = useLocation();
  return <p>Sign-in page {location.search}</p>;
}

function renderAt(path: string, element: ReactElement) {
  return render(
    <TestQueryProvider session={currentSession()}>
      <MemoryRouter initialEntries={[path]}>
        <I18nProvider>
          <ReauthProvider>
            <Routes>
              <Route path={path} element={element} />
              <Route path="/sign-in" element={<SignInMarker />} />
            </Routes>
          </ReauthProvider>
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

function fill(label: string, value: string, scope: HTMLElement = document.body) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

async function changeEmailTo(value: string) {
  renderAt('/settings/email', <EmailPage />);
  fill('New email address', value);
  fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
  return screen.findByRole('dialog', { name: DIALOG });
}

describe('re-authentication dialog', () => {
  beforeEach(() => {
    localStorage.clear();
    window.__LATCH__ = { appName: 'Acme', providers: ['github'], features: {} };
    resetConfigForTests();
    setSession(signedInSession());
    vi.clearAllMocks();
    mockClient.listAccounts.mockResolvedValue({ data: [account('credential')], error: null });
  });

  afterEach(() => {
    cleanup();
    mockClient.changeEmail.mockReset();
    mockClient.changePassword.mockReset();
    mockClient.verifyPassword.mockReset();
    mockClient.listAccounts.mockReset();
    mockClient.twoFactor.disable.mockReset();
    mockClient.getSession.mockReset();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('asks for the password on REAUTHENTICATION_REQUIRED, verifies it and makes the same call again once', async () => {
    mockClient.changeEmail
      .mockResolvedValueOnce({ data: null, error: STALE })
      .mockResolvedValueOnce({ data: { status: true }, error: null });
    mockClient.verifyPassword
      .mockResolvedValueOnce({
        data: null,
        error: { status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' },
      })
      .mockResolvedValueOnce({ data: { status: true }, error: null });

    const dialog = await changeEmailTo('ada@new.example');
    expect(mockClient.changeEmail).toHaveBeenCalledTimes(1);
    const password = await within(dialog).findByLabelText('Your password');
    expect(document.activeElement).toBe(password);

    // empty: checked here, nothing sent
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter your password.')).toBeTruthy();
    expect(mockClient.verifyPassword).not.toHaveBeenCalled();

    // wrong: said on the field, the action is not made again
    fill('Your password', 'not my password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The password is not correct.')).toBeTruthy();
    expect(mockClient.changeEmail).toHaveBeenCalledTimes(1);

    fill('Your password', 'correct horse battery', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/Almost done: open the link we sent to confirm the change/)).toBeTruthy();
    expect(mockClient.verifyPassword).toHaveBeenLastCalledWith({ password: 'correct horse battery' });
    expect(mockClient.changeEmail).toHaveBeenCalledTimes(2);
    expect(mockClient.changeEmail.mock.calls[1]).toEqual(mockClient.changeEmail.mock.calls[0]);
    expect(mockClient.changeEmail).toHaveBeenLastCalledWith({ newEmail: 'ada@new.example', callbackURL: '/verified' });
    // the session was replaced: the app read the new one before the call went again
    expect(mockClient.getSession).toHaveBeenCalledTimes(1);
    const [readAgain] = mockClient.getSession.mock.invocationCallOrder;
    expect(readAgain).toBeLessThan(mockClient.changeEmail.mock.invocationCallOrder[1] ?? 0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancelled: nothing is verified or repeated, and the refusal is shown with a way to sign in again', async () => {
    mockClient.changeEmail.mockResolvedValueOnce({ data: null, error: STALE });
    const dialog = await changeEmailTo('ada@new.example');
    await within(dialog).findByLabelText('Your password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('For your security, this needs a recent sign-in. Confirm it is you, then retry.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    expect(mockClient.verifyPassword).not.toHaveBeenCalled();
    expect(mockClient.changeEmail).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Almost done/)).toBeNull();
  });

  it('Escape (the dialog\u2019s cancel) answers the waiting call too, so the form is usable again', async () => {
    mockClient.changeEmail.mockResolvedValueOnce({ data: null, error: STALE });
    const dialog = await changeEmailTo('ada@new.example');
    await within(dialog).findByLabelText('Your password');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(await screen.findByRole('button', { name: 'Sign in again' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change email' }).hasAttribute('disabled')).toBe(false);
    expect(mockClient.changeEmail).toHaveBeenCalledTimes(1);
    expect(mockClient.verifyPassword).not.toHaveBeenCalled();
  });

  it('retries once only: a second refusal is shown, not asked about again', async () => {
    mockClient.changeEmail.mockResolvedValue({ data: null, error: STALE });
    const dialog = await changeEmailTo('ada@new.example');
    await within(dialog).findByLabelText('Your password');
    fill('Your password', 'correct horse battery', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('For your security, this needs a recent sign-in. Confirm it is you, then retry.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mockClient.verifyPassword).toHaveBeenCalledTimes(1);
    expect(mockClient.changeEmail).toHaveBeenCalledTimes(2);
  });

  it('other refusals pass straight through: no dialog', async () => {
    mockClient.changeEmail.mockResolvedValueOnce({
      data: null,
      error: { status: 400, code: 'COULDNT_UPDATE_YOUR_EMAIL', message: "Couldn't update your email" },
    });
    renderAt('/settings/email', <EmailPage />);
    fill('New email address', 'taken@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('We could not change your email address.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mockClient.listAccounts).not.toHaveBeenCalled();
  });

  it('an account without a password is offered to sign in again and come back to this page', async () => {
    mockClient.listAccounts.mockResolvedValue({ data: [account('github')], error: null });
    mockClient.changeEmail.mockResolvedValueOnce({ data: null, error: STALE });
    const dialog = await changeEmailTo('ada@new.example');
    expect(await within(dialog).findByRole('heading', { name: 'Sign in again to continue' })).toBeTruthy();
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByText('Sign-in page ?next=%2Fsettings%2Femail')).toBeTruthy();
    expect(mockClient.signOut).toHaveBeenCalledTimes(1);
    expect(mockClient.verifyPassword).not.toHaveBeenCalled();
  });

  it('changing the password: the same current and new password are sent again after the check', async () => {
    mockClient.changePassword
      .mockResolvedValueOnce({
        data: null,
        error: { status: 403, code: 'SESSION_NOT_FRESH', message: 'Session is not fresh' },
      })
      .mockResolvedValueOnce({ data: { token: null, user: signedInSession().user }, error: null });
    renderAt('/settings/password', <PasswordPage />);
    await screen.findByLabelText('Current password');
    fill('Current password', 'old horse battery');
    fill('New password', 'Lantern-harbour-quietly-42');
    fill('Confirm new password', 'Lantern-harbour-quietly-42');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    await within(dialog).findByLabelText('Your password');
    fill('Your password', 'old horse battery', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(mockClient.changePassword).toHaveBeenCalledTimes(2);
    expect(mockClient.changePassword).toHaveBeenLastCalledWith({
      currentPassword: 'old horse battery',
      newPassword: 'Lantern-harbour-quietly-42',
      revokeOtherSessions: true,
    });
  });

  it('turning two-factor off goes through the same dialog', async () => {
    const on: SessionData = { ...signedInSession(), user: { ...signedInSession().user, twoFactorEnabled: true } };
    setSession(on);
    mockClient.twoFactor.disable
      .mockResolvedValueOnce({ data: null, error: STALE })
      .mockResolvedValueOnce({ data: { status: true }, error: null });
    renderAt('/settings/two-factor', <TwoFactorSettingsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    fill('Your password', 'correct horse battery');
    fireEvent.click(
      screen.getAllByRole('button', { name: 'Turn off two-factor authentication' }).at(-1) as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    await within(dialog).findByLabelText('Your password');
    fill('Your password', 'correct horse battery', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Two-factor authentication is off.')).toBeTruthy();
    expect(mockClient.twoFactor.disable).toHaveBeenCalledTimes(2);
    expect(mockClient.verifyPassword).toHaveBeenCalledWith({ password: 'correct horse battery' });
  });
});
