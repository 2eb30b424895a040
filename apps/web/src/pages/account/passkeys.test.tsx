// @vitest-environment happy-dom
/**
 * Settings → Passkeys: the list (added, last used, synced), adding one through the browser's
 * prompt (a recent sign-in asked for first, by the re-authentication dialog), renaming, deleting,
 * and the last way in kept. The prompt itself is stood in for (lib/webauthn.ts `createPasskey`).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReauthProvider } from '../../components/reauth.tsx';
import { resetConfigForTests } from '../../config.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import {
  createPasskey,
  PasskeyCeremonyError,
  passkeysSupported,
  type RegistrationResponse,
} from '../../lib/webauthn.ts';
import type { Account, AuthError } from '../../lib/wire-types.ts';
import { currentSession, mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { TestQueryProvider } from '../../test/render.tsx';
import { SettingsLayout } from './layout.tsx';
import { type Passkey, PasskeysPage } from './passkeys.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);
vi.mock('../../lib/webauthn.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/webauthn.ts')>()),
  createPasskey: vi.fn(),
  passkeysSupported: vi.fn(() => true),
}));

const create = vi.mocked(createPasskey);

function renderSettings(path = '/settings/passkeys') {
  return render(
    <TestQueryProvider session={currentSession()}>
      <MemoryRouter initialEntries={[path]}>
        <I18nProvider>
          <ReauthProvider>
            <Routes>
              <Route path="/settings" element={<SettingsLayout />}>
                <Route path="passkeys" element={<PasskeysPage />} />
                <Route path="profile" element={<p>Profile page</p>} />
              </Route>
              <Route path="/settings/password" element={<p>Password page</p>} />
            </Routes>
          </ReauthProvider>
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

const refused = (status: number, code: string): { data: null; error: AuthError } => ({
  data: null,
  error: { status, code, message: 'the server’s own words' },
});

function passkey(overrides: Partial<Passkey> = {}): Passkey {
  return {
    id: 'pk1',
    name: 'Work laptop',
    publicKey: 'pQECAyYgASFYIA',
    userId: 'u1',
    credentialID: 'AQID',
    counter: 0,
    deviceType: 'multiDevice',
    backedUp: true,
    transports: 'internal,hybrid',
    createdAt: '2026-03-04T10:00:00.000Z',
    aaguid: null,
    lastUsedAt: null,
    ...overrides,
  };
}

function account(providerId: string): Account {
  const now = new Date().toISOString();
  return {
    id: `a-${providerId}`,
    providerId,
    provider: providerId,
    accountId: 'u1',
    userId: 'u1',
    scopes: [],
    createdAt: now,
    updatedAt: now,
  };
}

const registrationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Acme', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'ada@example.com', displayName: 'Ada' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
};
const made: RegistrationResponse = {
  id: 'BAUG',
  rawId: 'BAUG',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] },
  clientExtensionResults: {},
};

describe('passkeys settings', () => {
  beforeEach(() => {
    localStorage.clear();
    window.__LATCH__ = { appName: 'Acme', providers: [], features: { passkey: true } };
    resetConfigForTests();
    setSession(signedInSession());
    vi.clearAllMocks();
    vi.mocked(passkeysSupported).mockReturnValue(true);
    mockClient.listAccounts.mockResolvedValue({ data: [account('credential')], error: null });
    mockClient.passkey.listUserPasskeys.mockResolvedValue({ data: [], error: null });
    mockClient.passkey.generateRegisterOptions.mockResolvedValue({ data: registrationOptions, error: null });
  });

  afterEach(() => {
    cleanup();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('is a section of the settings where the operator turned passkeys on, and only there', async () => {
    renderSettings();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).getByRole('link', { name: 'Passkeys' }).getAttribute('href')).toBe('/settings/passkeys');
    cleanup();
    window.__LATCH__ = { appName: 'Acme', providers: [], features: {} };
    resetConfigForTests();
    renderSettings('/settings/profile');
    expect(
      within(screen.getByRole('navigation', { name: 'Settings sections' })).queryByRole('link', { name: 'Passkeys' }),
    ).toBeNull();
  });

  it('lists each passkey with when it was added and last used, and whether it is synced', async () => {
    mockClient.passkey.listUserPasskeys.mockResolvedValue({
      data: [
        passkey(),
        passkey({
          id: 'pk2',
          name: null,
          backedUp: false,
          deviceType: 'singleDevice',
          lastUsedAt: new Date().toISOString(),
        }),
      ],
      error: null,
    });
    renderSettings();
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('Work laptop');
    expect(first?.textContent).toContain('Synced');
    expect(first?.textContent).toMatch(/Added on .*2026/);
    expect(first?.textContent).toContain('Not used yet');
    expect(second?.textContent).toContain('Unnamed passkey');
    expect(second?.textContent).not.toContain('Synced');
    expect(second?.textContent).toMatch(/Last used /);
  });

  it('says when there are none', async () => {
    renderSettings();
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();
  });

  it('adds a passkey with the name given, and shows it', async () => {
    create.mockResolvedValueOnce(made);
    mockClient.passkey.verifyRegistration.mockResolvedValueOnce({
      data: passkey({ name: 'Home desktop' }),
      error: null,
    });
    renderSettings();
    const name = await screen.findByLabelText(/Name of the new passkey/);
    fireEvent.change(name, { target: { value: '  Home desktop ' } });
    mockClient.passkey.listUserPasskeys.mockResolvedValue({ data: [passkey({ name: 'Home desktop' })], error: null });
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(
      await screen.findByText('The passkey Home desktop has been added. You can sign in with it now.'),
    ).toBeTruthy();
    expect(create).toHaveBeenCalledWith(registrationOptions);
    expect(mockClient.passkey.verifyRegistration).toHaveBeenCalledWith({ response: made, name: 'Home desktop' });
    expect(await screen.findByRole('list', { name: 'Your passkeys' })).toBeTruthy();
  });

  it('asks for the password first when the sign-in is not recent, then adds it', async () => {
    mockClient.passkey.generateRegisterOptions
      .mockResolvedValueOnce(refused(403, 'REAUTHENTICATION_REQUIRED'))
      .mockResolvedValueOnce({ data: registrationOptions, error: null });
    create.mockResolvedValueOnce(made);
    mockClient.passkey.verifyRegistration.mockResolvedValueOnce({ data: passkey(), error: null });
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog');
    // the browser's prompt waits for the password: nothing is created before
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/The passkey Work laptop has been added/)).toBeTruthy();
    expect(mockClient.verifyPassword).toHaveBeenCalledWith({ password: 'correct horse battery' });
    expect(mockClient.passkey.generateRegisterOptions).toHaveBeenCalledTimes(2);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser’s prompt is cancelled; nothing is sent', async () => {
    create.mockRejectedValueOnce(new PasskeyCeremonyError('cancelled'));
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The passkey request was cancelled or timed out. Try again, or choose another way.');
    expect(document.activeElement).toBe(alert);
    expect(mockClient.passkey.verifyRegistration).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of a new passkey in plain words', async () => {
    create.mockResolvedValueOnce(made);
    mockClient.passkey.verifyRegistration.mockResolvedValueOnce(refused(400, 'FAILED_TO_VERIFY_REGISTRATION'));
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The new passkey could not be verified. Try again, or use another device.');
  });

  it('offers no button where the browser cannot make passkeys', async () => {
    vi.mocked(passkeysSupported).mockReturnValue(false);
    renderSettings();
    expect(await screen.findByText(/This browser cannot create passkeys\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('renames a passkey, refusing an empty name', async () => {
    mockClient.passkey.listUserPasskeys.mockResolvedValue({ data: [passkey()], error: null });
    mockClient.passkey.updatePasskey.mockResolvedValueOnce({
      data: { passkey: passkey({ name: 'Old laptop' }) },
      error: null,
    });
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename the passkey Work laptop' }));
    const field = screen.getByLabelText('New name for Work laptop');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Enter a name for the passkey.')).toBeTruthy();
    expect(mockClient.passkey.updatePasskey).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'Old laptop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('The passkey is now called Old laptop.')).toBeTruthy();
    expect(mockClient.passkey.updatePasskey).toHaveBeenCalledWith({ id: 'pk1', name: 'Old laptop' });
    expect(screen.queryByLabelText('New name for Work laptop')).toBeNull();
  });

  it('deletes a passkey after asking', async () => {
    mockClient.passkey.listUserPasskeys.mockResolvedValue({
      data: [passkey(), passkey({ id: 'pk2', name: 'Phone' })],
      error: null,
    });
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the passkey Phone' }));
    expect(
      screen.getByText(/Delete the passkey Phone\? You will no longer be able to sign in with it here\./),
    ).toBeTruthy();
    expect(mockClient.passkey.deletePasskey).not.toHaveBeenCalled();
    mockClient.passkey.listUserPasskeys.mockResolvedValue({ data: [passkey()], error: null });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText('The passkey Phone has been deleted.')).toBeTruthy();
    expect(mockClient.passkey.deletePasskey).toHaveBeenCalledWith({ id: 'pk2' });
    await waitFor(() => expect(screen.queryByText('Phone')).toBeNull());
  });

  it('shows the server’s refusal to delete the only way in', async () => {
    mockClient.passkey.listUserPasskeys.mockResolvedValue({
      data: [passkey(), passkey({ id: 'pk2', name: 'Phone' })],
      error: null,
    });
    mockClient.passkey.deletePasskey.mockResolvedValueOnce(refused(400, 'CANNOT_DELETE_THE_ONLY_WAY_TO_SIGN_IN'));
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the passkey Phone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'This is your only way to sign in. Set a password or add another passkey first.',
    );
  });

  it('keeps the last way in: no password, no provider, one passkey', async () => {
    mockClient.listAccounts.mockResolvedValue({ data: [], error: null });
    mockClient.passkey.listUserPasskeys.mockResolvedValue({ data: [passkey()], error: null });
    renderSettings();
    const button = await screen.findByRole('button', { name: 'Delete the passkey Work laptop' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    const note = screen.getByText(/This passkey is your only way to sign in\./);
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
    expect(within(note).getByRole('link', { name: 'Set a password' }).getAttribute('href')).toBe('/settings/password');
  });
});
