// @vitest-environment happy-dom
/**
 * An admin change refused for want of the admin's second factor (403 SECOND_FACTOR_REQUIRED,
 * docs/admin.md): the console asks for a code in a dialog, steps the session up, and makes the
 * same call once more; cancelled, the refusal is shown where the change was asked for.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { ADMIN, ok, person, refuse, renderApp, signInAs, userSession } from '../../test/admin.tsx';
import { mockClient } from '../../test/mock-auth.ts';
import type { AdminUser } from './types.ts';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const admin = mockClient.admin;
const STEP_UP = 'Confirm with your second factor';
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

let ada: AdminUser;

async function askToBan() {
  renderApp('/admin/users/u-2');
  await heading('Ada Lovelace');
  fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
  const ban = await screen.findByRole('dialog', { name: 'Ban Ada Lovelace?' });
  fireEvent.click(within(ban).getByRole('button', { name: 'Ban' }));
  return ban;
}

describe('the second factor for admin changes', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.resetAllMocks();
    ada = person('u-2', 'Ada Lovelace');
    admin.getUser.mockImplementation(() => ok(ada));
    admin.listUserSessions.mockImplementation(() => ok({ sessions: [userSession(ada, 's-laptop')] }));
  });
  afterEach(() => {
    cleanup();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('asks for the app’s code, steps up, and bans on the second try', async () => {
    signInAs({ ...ADMIN, twoFactorEnabled: true }, true);
    admin.banUser
      .mockImplementationOnce(() => refuse(403, 'SECOND_FACTOR_REQUIRED'))
      .mockImplementationOnce(() => {
        ada = { ...ada, banned: true };
        return ok({ user: ada });
      });
    mockClient.twoFactor.verifyTotp
      .mockImplementationOnce(() => refuse(401, 'INVALID_CODE'))
      .mockImplementationOnce(() => ok({ token: 't-new', user: { ...ADMIN, twoFactorEnabled: true } }));
    await askToBan();

    const stepUp = await screen.findByRole('dialog', { name: STEP_UP });
    const code = within(stepUp).getByLabelText('Code from your authenticator app');
    expect(document.activeElement).toBe(code);
    expect(admin.banUser).toHaveBeenCalledTimes(1);

    // not six digits: said here, nothing sent
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Verify' }));
    expect(await within(stepUp).findByText('The code has exactly 6 digits.')).toBeTruthy();
    expect(mockClient.twoFactor.verifyTotp).not.toHaveBeenCalled();

    // wrong: said on the field, the ban is not asked again
    fireEvent.change(code, { target: { value: '000 000' } });
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Verify' }));
    expect(await within(stepUp).findByText('The code is not correct. Check it and try again.')).toBeTruthy();
    expect(admin.banUser).toHaveBeenCalledTimes(1);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Verify' }));
    await screen.findByText('Ada Lovelace has been banned.');
    expect(mockClient.twoFactor.verifyTotp).toHaveBeenLastCalledWith({ code: '123456' });
    expect(admin.banUser).toHaveBeenCalledTimes(2);
    expect(admin.banUser.mock.calls[1]).toEqual(admin.banUser.mock.calls[0]);
    // the stepped-up session was read before the ban went again
    const [, retried] = admin.banUser.mock.invocationCallOrder;
    const reads = mockClient.getSession.mock.invocationCallOrder;
    expect(reads.some((order) => order > (mockClient.twoFactor.verifyTotp.mock.invocationCallOrder[1] ?? 0))).toBe(
      true,
    );
    expect(Math.max(...reads)).toBeLessThan(retried ?? 0);
    expect(screen.queryByRole('dialog', { name: STEP_UP })).toBeNull();
  });

  it('takes a backup code instead', async () => {
    signInAs({ ...ADMIN, twoFactorEnabled: true }, true);
    admin.banUser
      .mockImplementationOnce(() => refuse(403, 'SECOND_FACTOR_REQUIRED'))
      .mockImplementationOnce(() => ok({ user: { ...ada, banned: true } }));
    mockClient.twoFactor.verifyBackupCode.mockImplementationOnce(() =>
      ok({ token: 't-new', user: { ...ADMIN, twoFactorEnabled: true } }),
    );
    await askToBan();
    const stepUp = await screen.findByRole('dialog', { name: STEP_UP });
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Use a backup code' }));
    fireEvent.change(await within(stepUp).findByLabelText('Backup code'), { target: { value: ' abcde-12345 ' } });
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Verify' }));
    await screen.findByText('Ada Lovelace has been banned.');
    expect(mockClient.twoFactor.verifyBackupCode).toHaveBeenCalledWith({ code: 'abcde-12345' });
    expect(mockClient.twoFactor.verifyTotp).not.toHaveBeenCalled();
  });

  it('cancelled: nothing is verified or repeated, and the ban dialog says why it was refused', async () => {
    signInAs({ ...ADMIN, twoFactorEnabled: true }, true);
    admin.banUser.mockImplementation(() => refuse(403, 'SECOND_FACTOR_REQUIRED'));
    const ban = await askToBan();
    const stepUp = await screen.findByRole('dialog', { name: STEP_UP });
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Cancel' }));
    const alert = await within(ban).findByRole('alert');
    expect(alert.textContent).toContain('this admin action needs your second factor');
    expect(admin.banUser).toHaveBeenCalledTimes(1);
    expect(mockClient.twoFactor.verifyTotp).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: STEP_UP })).toBeNull());
  });

  it('an admin without two-factor is sent to turn it on', async () => {
    signInAs(ADMIN, true);
    admin.banUser.mockImplementation(() => refuse(403, 'SECOND_FACTOR_REQUIRED'));
    await askToBan();
    const stepUp = await screen.findByRole('dialog', { name: STEP_UP });
    expect(within(stepUp).getByText(/which is not on for your account/)).toBeTruthy();
    const link = within(stepUp).getByRole('link', { name: 'Open security settings' });
    expect(link.getAttribute('href')).toBe('/settings/two-factor');
    expect(within(stepUp).queryByLabelText('Code from your authenticator app')).toBeNull();
  });

  it('an admin with a passkey and no codes is offered the passkey, not the settings', async () => {
    window.__LATCH__ = { appName: 'Acme', providers: [], features: { passkey: true } };
    resetConfigForTests();
    signInAs(ADMIN, true);
    mockClient.passkey.listUserPasskeys.mockImplementation(() =>
      ok([
        {
          id: 'pk1',
          name: 'Work laptop',
          publicKey: 'pQECAyYgASFYIA',
          userId: ADMIN.id,
          credentialID: 'AQID',
          counter: 0,
          deviceType: 'multiDevice',
          backedUp: true,
          transports: 'internal',
          createdAt: '2026-03-04T10:00:00.000Z',
          aaguid: null,
          lastUsedAt: null,
        },
      ]),
    );
    admin.banUser.mockImplementation(() => refuse(403, 'SECOND_FACTOR_REQUIRED'));
    await askToBan();
    const stepUp = await screen.findByRole('dialog', { name: STEP_UP });
    expect(await within(stepUp).findByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    expect(within(stepUp).getByText(/Confirm with one of your passkeys/)).toBeTruthy();
    expect(within(stepUp).queryByRole('link', { name: 'Open security settings' })).toBeNull();
    expect(within(stepUp).queryByLabelText('Code from your authenticator app')).toBeNull();
  });
});
