// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import type { SessionData } from '../../lib/wire-types.ts';
import { mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { secretOf, TwoFactorSettingsPage } from './settings.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const SECRET = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43UOV3HO6DZPIYTEMZUGU3DOOBZGA';
const TOTP_URI = `otpauth://totp/Acme:ada%40example.com?secret=${SECRET}&issuer=Acme&digits=6&period=30`;
const BACKUP_CODES = ['aB3dE-fG5hJ', 'kL7mN-pQ9rS', 'tU2vW-xY4zA'];

function session(twoFactorEnabled: boolean): SessionData {
  const base = signedInSession();
  return { ...base, user: { ...base.user, twoFactorEnabled } };
}

function fill(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

function renderSettings() {
  return renderPage('/settings/two-factor', '/settings/two-factor', <TwoFactorSettingsPage />);
}

describe('two-factor settings', () => {
  beforeEach(() => {
    localStorage.clear();
    window.__LATCH__ = { appName: 'Acme', providers: [], features: { username: true } };
    resetConfigForTests();
    vi.clearAllMocks();
  });

  afterEach(() => {
    cleanup();
    // back to the module's own implementation: the session changes of one test stay in it
    mockClient.getSession.mockReset();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('reads the key for manual entry from the otpauth URI', () => {
    expect(secretOf(TOTP_URI)).toBe(SECRET);
    expect(secretOf('not a uri')).toBe('');
  });

  it('turns on: password, then QR code, key and backup codes, then a code from the app', async () => {
    setSession(session(false));
    mockClient.twoFactor.enable.mockResolvedValueOnce({
      data: { method: 'totp', totpURI: TOTP_URI, backupCodes: BACKUP_CODES },
      error: null,
    });
    mockClient.twoFactor.verifyTotp
      .mockResolvedValueOnce({ data: null, error: { status: 401, code: 'INVALID_CODE', message: 'Invalid code' } })
      .mockResolvedValueOnce({ data: { token: 't', user: session(true).user }, error: null });
    // read again once the code is accepted, the session says two-factor is on
    mockClient.getSession.mockResolvedValueOnce({ data: session(true), error: null });
    renderSettings();

    expect(screen.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    click('Turn on two-factor authentication');

    // the password is asked first, and checked before sending
    const password = await screen.findByLabelText('Your password');
    expect(document.activeElement).toBe(password);
    click('Continue');
    expect(await screen.findByText('Enter your password.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(mockClient.twoFactor.enable).not.toHaveBeenCalled();
    fill('Your password', 'correct horse battery');
    click('Continue');

    // the QR code, labelled; the key in text; the backup codes with the note to keep them
    const figure = await screen.findByRole('figure', { name: 'QR code to add your account to an authenticator app' });
    const image = within(figure).getByRole('img', { name: 'QR code to add your account to an authenticator app' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(mockClient.twoFactor.enable).toHaveBeenCalledWith({ password: 'correct horse battery' });
    const shownKey = screen.getByText(
      (_, element) => element?.tagName === 'CODE' && element.classList.contains('secret'),
    );
    expect(shownKey.textContent?.replace(/\s+/g, '')).toBe(SECRET);
    const codes = screen.getByRole('list', { name: 'Save your backup codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(BACKUP_CODES);
    expect(screen.getByText(/Store them somewhere safe/)).toBeTruthy();
    // not on until the app is confirmed
    expect(screen.getByText('Off')).toBeTruthy();

    // a wrong code is reported on the field
    fill('Code from your authenticator app', '000000');
    click('Turn on');
    expect(await screen.findByText('The code is not correct. Check it and try again.')).toBeTruthy();
    const code = screen.getByLabelText('Code from your authenticator app');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);

    fill('Code from your authenticator app', '123 456');
    click('Turn on');
    expect(
      await screen.findByText(
        'Two-factor authentication is on. From now on you will be asked for a code when you sign in.',
      ),
    ).toBeTruthy();
    expect(mockClient.twoFactor.verifyTotp).toHaveBeenLastCalledWith({ code: '123456' });
    expect(mockClient.getSession).toHaveBeenCalledTimes(1);
    expect(screen.getByText('On')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn off two-factor authentication' })).toBeTruthy();
  });

  it('reports a wrong password on the field', async () => {
    setSession(session(false));
    mockClient.twoFactor.enable.mockResolvedValueOnce({
      data: null,
      error: { status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' },
    });
    renderSettings();
    click('Turn on two-factor authentication');
    fill('Your password', 'wrong password');
    click('Continue');
    expect(await screen.findByText('The password is not correct.')).toBeTruthy();
    expect(screen.getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('when on: shows new backup codes, and turns off with the password', async () => {
    setSession(session(true));
    mockClient.twoFactor.generateBackupCodes.mockResolvedValueOnce({
      data: { status: true, backupCodes: ['zzzzz-11111', 'yyyyy-22222'] },
      error: null,
    });
    // read again once it is turned off, the session says two-factor is off
    mockClient.getSession.mockResolvedValueOnce({ data: session(false), error: null });
    renderSettings();
    expect(screen.getByText('On')).toBeTruthy();

    click('Generate new backup codes');
    fill('Your password', 'correct horse battery');
    fireEvent.submit(screen.getByLabelText('Your password').closest('form') as HTMLFormElement);
    const codes = await screen.findByRole('list', { name: 'Your new backup codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['zzzzz-11111', 'yyyyy-22222']);
    expect(mockClient.twoFactor.generateBackupCodes).toHaveBeenCalledWith({ password: 'correct horse battery' });
    click('Done');

    click('Turn off two-factor authentication');
    fill('Your password', 'correct horse battery');
    click('Turn off two-factor authentication');
    expect(await screen.findByText('Two-factor authentication is off.')).toBeTruthy();
    expect(mockClient.twoFactor.disable).toHaveBeenCalledWith({ password: 'correct horse battery' });
    expect(screen.getByText('Off')).toBeTruthy();
  });
});
