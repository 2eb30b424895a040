// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import {
  ADMIN,
  auditEvent,
  ok,
  person,
  refuse,
  renderApp,
  sessionOf,
  signInAs,
  userSession,
} from '../../test/admin.tsx';
import { mockClient, setSession } from '../../test/mock-auth.ts';
import type { AdminUser } from './types.ts';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const admin = mockClient.admin;
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

let ada: AdminUser;

function serveAda() {
  admin.getUser.mockImplementation(() => ok(ada));
  admin.listUserSessions.mockImplementation(() =>
    ok({
      sessions: [
        userSession(ada, 's-laptop'),
        userSession(ada, 's-phone', {
          ipAddress: '192.0.2.10',
          userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1',
        }),
      ],
    }),
  );
}

describe('a person’s page', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    window.__LATCH__ = undefined;
    resetConfigForTests();
    vi.resetAllMocks();
    signInAs(ADMIN, true);
    ada = person('u-2', 'Ada Lovelace', { username: 'ada', twoFactorEnabled: true });
    serveAda();
  });
  afterEach(() => cleanup());

  it('shows the profile, the account’s state, two-factor, and where they are signed in', async () => {
    renderApp('/admin/users/u-2');
    await heading('Ada Lovelace');
    expect(screen.getByText('ada.lovelace@example.com')).toBeTruthy();
    const facts = screen.getByText('Two-factor authentication').closest('div') as HTMLElement;
    expect(within(facts).getByText('On')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada Lovelace');
    const sessions = await screen.findByRole('list', { name: 'Sessions of Ada Lovelace' });
    expect(within(sessions).getByText('Safari on macOS')).toBeTruthy();
    expect(within(sessions).getByText('Safari on iOS')).toBeTruthy();
    expect(within(sessions).getByText(/IP address: 192\.0\.2\.10/)).toBeTruthy();
    expect(admin.listUserSessions).toHaveBeenCalledWith({ userId: 'u-2' });
  });

  it('saves only what changed in the profile', async () => {
    admin.updateUser.mockImplementation(({ data }) => ok({ ...ada, ...data, updatedAt: new Date().toISOString() }));
    renderApp('/admin/users/u-2');
    await heading('Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Nothing has changed, so nothing was saved.');
    expect(admin.updateUser).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Augusta Ada King' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('The profile has been saved.');
    expect(admin.updateUser).toHaveBeenCalledWith({ userId: 'u-2', data: { name: 'Augusta Ada King', role: 'admin' } });
    await heading('Augusta Ada King');
  });

  it('edits the username by the server’s rules: a taken one is said at the field and nothing is shown as saved', async () => {
    window.__LATCH__ = { appName: 'Latch', providers: [], features: { username: true } };
    resetConfigForTests();
    admin.updateUser.mockImplementation(() => refuse(400, 'USERNAME_IS_ALREADY_TAKEN'));
    renderApp('/admin/users/u-2');
    await heading('Ada Lovelace');
    const field = screen.getByLabelText('Username') as HTMLInputElement;
    expect(field.value).toBe('ada');
    fireEvent.change(field, { target: { value: 'Countess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('This username is already taken. Please choose another.');
    expect(admin.updateUser).toHaveBeenCalledWith({ userId: 'u-2', data: { username: 'Countess' } });
    expect(screen.queryByText('The profile has been saved.')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field));

    admin.updateUser.mockImplementation(({ data }) =>
      ok({ ...ada, username: String(data.username).toLowerCase(), displayUsername: String(data.username) }),
    );
    fireEvent.change(field, { target: { value: 'AdaKing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('The profile has been saved.');
    expect(admin.updateUser).toHaveBeenLastCalledWith({ userId: 'u-2', data: { username: 'AdaKing' } });
  });

  it('has no username field when the server has no usernames', async () => {
    renderApp('/admin/users/u-2');
    await heading('Ada Lovelace');
    expect(screen.queryByLabelText('Username')).toBeNull();
  });

  it('lists how the person signs in, without tokens, and the organizations they belong to', async () => {
    admin.listUserAccounts.mockImplementation(() =>
      ok({
        accounts: [
          {
            id: 'a-1',
            accountId: 'u-2',
            providerId: 'credential',
            provider: 'credential',
            userId: 'u-2',
            createdAt: '2026-11-20T09:00:00.000Z',
            updatedAt: '2026-11-20T09:00:00.000Z',
            scopes: [],
          },
          {
            id: 'a-2',
            accountId: 'gh-4711',
            providerId: 'github',
            provider: 'github',
            userId: 'u-2',
            createdAt: '2026-11-21T09:00:00.000Z',
            updatedAt: '2026-11-21T09:00:00.000Z',
            scopes: ['read:user', 'user:email'],
          },
        ],
      }),
    );
    admin.listUserOrganizations.mockImplementation(() =>
      ok({
        memberships: [
          {
            organization: {
              id: 'o-1',
              name: 'Analytical Engines',
              slug: 'engines',
              logo: null,
              metadata: null,
              createdAt: '2026-11-19T09:00:00.000Z',
            },
            memberId: 'm-1',
            role: 'owner',
            joinedAt: '2026-11-19T09:00:00.000Z',
          },
        ],
      }),
    );
    renderApp('/admin/users/u-2');
    const accounts = await screen.findByRole('list', { name: 'Linked accounts of Ada Lovelace' });
    expect(within(accounts).getByText('Email and password')).toBeTruthy();
    expect(within(accounts).getByText('GitHub')).toBeTruthy();
    expect(within(accounts).getByText('gh-4711')).toBeTruthy();
    expect(within(accounts).getByText('read:user user:email')).toBeTruthy();
    expect(admin.listUserAccounts).toHaveBeenCalledWith({ userId: 'u-2' });
    const orgs = await screen.findByRole('list', { name: 'Organizations of Ada Lovelace' });
    const link = within(orgs).getByRole('link', { name: 'Analytical Engines' });
    expect(link.getAttribute('href')).toBe('/admin/organizations/o-1');
    expect(within(orgs).getByText('Owner')).toBeTruthy();
  });

  it('says so when the person has no organization', async () => {
    renderApp('/admin/users/u-2');
    await screen.findByText('Ada Lovelace belongs to no organization.');
  });

  it('ends one session, then all of them after a confirmation that names the person', async () => {
    renderApp('/admin/users/u-2');
    const sessions = await screen.findByRole('list', { name: 'Sessions of Ada Lovelace' });
    fireEvent.click(within(sessions).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    await screen.findByText('The session has ended.');
    expect(admin.revokeUserSession).toHaveBeenCalledWith({ sessionToken: 'token-s-phone' });

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Ada Lovelace out everywhere?' });
    expect(within(dialog).getByText(/Every session of Ada Lovelace ends at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await screen.findByText('Ada Lovelace has been signed out everywhere.');
    expect(admin.revokeUserSessions).toHaveBeenCalledWith({ userId: 'u-2' });
  });

  it('bans with a reason and a length after saying what a ban does; then offers to unban', async () => {
    admin.banUser.mockImplementation(() => {
      ada = { ...ada, banned: true, banReason: 'chargebacks', banExpires: '2026-12-01T09:00:00.000Z' };
      return ok({ user: ada });
    });
    renderApp('/admin/users/u-2');
    await heading('Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Ada Lovelace?' });
    expect(within(dialog).getByText(/signed out of every device at once and cannot sign in/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Reason/));
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'chargebacks' } });
    fireEvent.change(within(dialog).getByLabelText('How long'), { target: { value: 'week' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await screen.findByText('Ada Lovelace has been banned.');
    expect(admin.banUser).toHaveBeenCalledWith({ userId: 'u-2', banReason: 'chargebacks', banExpiresIn: 604_800 });
    // the person is read again (banned now), and so are their sessions (the ban ended them)
    await screen.findByRole('button', { name: 'Unban' });
    expect(screen.getByText(/Reason: chargebacks/)).toBeTruthy();
    await waitFor(() => expect(admin.listUserSessions.mock.calls.length).toBeGreaterThan(1));
  });

  it('a refused ban stays in the dialog, said in plain words', async () => {
    admin.banUser.mockImplementation(() => refuse(403, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS'));
    renderApp('/admin/users/u-2');
    await heading('Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('You are not allowed to ban people.');
    expect(screen.queryByText('Ada Lovelace has been banned.')).toBeNull();
  });

  it('sets a password after checking it against the server’s rules', async () => {
    renderApp('/admin/users/u-2');
    await heading('Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a new password for Ada Lovelace?' });
    expect(within(dialog).getByText(/get an email about the change with a link to undo it/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await within(dialog).findByText(/Use at least \d+ characters/);
    expect(admin.setUserPassword).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'a much longer phrase here' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await screen.findByText('The new password of Ada Lovelace has been set.');
    expect(admin.setUserPassword).toHaveBeenCalledWith({ userId: 'u-2', newPassword: 'a much longer phrase here' });
  });

  it('deletes after a confirmation, then the table says so', async () => {
    admin.listUsers.mockImplementation(() => ok({ users: [], total: 0, totalCapped: false, nextCursor: null }));
    renderApp('/admin/users/u-2');
    await heading('Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ada Lovelace?' });
    expect(within(dialog).getByText(/ada\.lovelace@example\.com.*This cannot be undone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await heading('Users');
    expect(screen.getByText('Ada Lovelace has been deleted.')).toBeTruthy();
    expect(admin.removeUser).toHaveBeenCalledWith({ userId: 'u-2' });
  });

  it('offers no ban, impersonation or deletion on the admin’s own page', async () => {
    admin.getUser.mockImplementation(() => ok(ADMIN));
    renderApp(`/admin/users/${ADMIN.id}`);
    await heading('Grace Hopper');
    expect(screen.getByText(/This is your own account/)).toBeTruthy();
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).queryByRole('button', { name: 'Ban' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Impersonate' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Delete' })).toBeNull();
    // the server refuses an admin's own password too: it is changed from the account's settings
    expect(within(actions).queryByRole('button', { name: 'Set password' })).toBeNull();
  });

  it('offers no password and no impersonation on another admin’s page, only what stops them', async () => {
    ada = person('u-2', 'Ada Lovelace', { role: 'admin', isAdmin: true });
    serveAda();
    renderApp('/admin/users/u-2');
    await heading('Ada Lovelace');
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).queryByRole('button', { name: 'Set password' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Impersonate' })).toBeNull();
    expect(within(actions).getByRole('button', { name: 'Ban' })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('keeps an admin’s address, and one’s own, read-only: the server refuses it (one admin would become another)', async () => {
    ada = person('u-2', 'Ada Lovelace', { role: 'user', isAdmin: true });
    serveAda();
    admin.updateUser.mockImplementation(({ data }) => ok({ ...ada, ...data, updatedAt: new Date().toISOString() }));
    renderApp('/admin/users/u-2');
    await heading('Ada Lovelace');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(
      screen.getByText(/An admin’s address, and your own, can only be changed from that account’s own settings/),
    ).toBeTruthy();
    // whatever the field says, only the name is sent
    fireEvent.change(email, { target: { value: 'mallory@example.com' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Augusta Ada King' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('The profile has been saved.');
    expect(admin.updateUser).toHaveBeenCalledExactlyOnceWith({ userId: 'u-2', data: { name: 'Augusta Ada King' } });

    cleanup();
    admin.getUser.mockImplementation(() => ok(ADMIN));
    renderApp(`/admin/users/${ADMIN.id}`);
    await heading('Grace Hopper');
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
  });

  it('lets an admin edit a person’s address', async () => {
    renderApp('/admin/users/u-2');
    await heading('Ada Lovelace');
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(false);
  });

  it('shows what was done to them and by them, each event’s details in a drawer', async () => {
    admin.listAuditEvents.mockImplementation((query) =>
      ok({
        events:
          query.targetId === 'u-2'
            ? [auditEvent('e-1', { type: 'user.banned', targetId: 'u-2' })]
            : [
                auditEvent('e-2', {
                  type: 'sign_in',
                  actorUserId: 'u-2',
                  targetId: 'u-2',
                  details: { method: 'email' },
                }),
              ],
        nextCursor: null,
        people: {},
      }),
    );
    renderApp('/admin/users/u-2');
    const trail = await screen.findByRole('table', { name: 'Done to Ada Lovelace' });
    expect(within(trail).getByText('Banned')).toBeTruthy();
    expect(admin.listAuditEvents).toHaveBeenCalledWith({ targetId: 'u-2', limit: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Done by Ada Lovelace' }));
    const by = await screen.findByRole('table', { name: 'Done by Ada Lovelace' });
    expect(admin.listAuditEvents).toHaveBeenCalledWith({ actorUserId: 'u-2', limit: 10 });
    fireEvent.click(within(by).getByRole('button', { name: /^Details of Sign-in/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Sign-in' });
    expect(within(drawer).getByText(/"method": "email"/)).toBeTruthy();
    expect(within(drawer).getByText('Chain 3, position 41')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('impersonation', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.resetAllMocks();
    signInAs(ADMIN, true);
    ada = person('u-2', 'Ada Lovelace');
    serveAda();
  });
  afterEach(() => cleanup());

  it('acts as the person with a banner on every screen, and stops back on their page', async () => {
    const asAda = sessionOf(ada, ADMIN.id);
    admin.impersonateUser.mockImplementation(() => {
      setSession(asAda);
      admin.hasPermission.mockImplementation(() => ok({ error: null, success: false }));
      return ok(asAda);
    });
    admin.stopImpersonating.mockImplementation(() => {
      const back = sessionOf(ADMIN);
      setSession(back);
      admin.hasPermission.mockImplementation(() => ok({ error: null, success: true }));
      return ok(back);
    });
    renderApp('/admin/users/u-2');
    await heading('Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Impersonate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Act as Ada Lovelace?' });
    expect(within(dialog).getByText(/recorded as done by Ada Lovelace through you/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Impersonate' }));

    // the person's own pages, under a banner that says who, by whom and until when
    await heading('Profile');
    const banner = screen.getByRole('complementary', { name: 'Impersonation' });
    expect(banner.textContent).toContain('You are acting as Ada Lovelace (ada.lovelace@example.com).');
    expect(banner.textContent).toContain('Started by Grace Hopper (grace.hopper@example.com).');
    expect(banner.textContent).toMatch(/This session ends in 4[45] minutes\./);
    // the console is closed to the person: no entry in the header
    await waitFor(() => expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Admin' })).toBeNull());

    fireEvent.click(within(banner).getByRole('button', { name: 'Stop impersonating' }));
    await heading('Ada Lovelace');
    expect(screen.queryByRole('complementary', { name: 'Impersonation' })).toBeNull();
    expect(admin.stopImpersonating).toHaveBeenCalledTimes(1);
  });

  it('a session impersonated from another browser names the admin by id', async () => {
    setSession(sessionOf(ada, 'admin-elsewhere'));
    admin.hasPermission.mockImplementation(() => ok({ error: null, success: false }));
    renderApp('/admin');
    await heading('Not allowed');
    expect(screen.getByText(/You are acting as another person/)).toBeTruthy();
    const banner = screen.getByRole('complementary', { name: 'Impersonation' });
    expect(banner.textContent).toContain('Started by admin-elsewhere.');
  });

  it('a refused stop is said in the banner, and the person stays impersonated', async () => {
    setSession(sessionOf(ada, ADMIN.id));
    admin.stopImpersonating.mockImplementation(() => refuse(403, 'FAILED_TO_FIND_ADMIN_SESSION'));
    renderApp('/settings/profile');
    const banner = await screen.findByRole('complementary', { name: 'Impersonation' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Stop impersonating' }));
    const alert = await within(banner).findByRole('alert');
    expect(alert.textContent).toContain('Your own admin session has ended.');
    expect(screen.getByRole('complementary', { name: 'Impersonation' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
  });
});
