// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { ADMIN, ok, person, refuse, renderApp, signInAs } from '../../test/admin.tsx';
import { mockClient } from '../../test/mock-auth.ts';
import type { AdminUser, ListUsersQuery } from './types.ts';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const admin = mockClient.admin;

/** 52 people; list-users answers the page asked for (its cursor: `c` and the offset), searched by email as the server would. */
const PEOPLE: AdminUser[] = Array.from({ length: 52 }, (_, i) =>
  person(`u-${i + 1}`, `Person ${String(i + 1).padStart(2, '0')}`),
);

function serveUsers(people: AdminUser[] = PEOPLE, totalCapped = false) {
  admin.listUsers.mockImplementation((query: ListUsersQuery) => {
    const search = query.searchValue?.toLowerCase();
    const matching = search ? people.filter((p) => p.email.includes(search)) : people;
    const offset = query.cursor ? Number(query.cursor.slice(1)) : 0;
    const limit = Number(query.limit ?? matching.length);
    const nextCursor = offset + limit < matching.length ? `c${offset + limit}` : null;
    return ok({ users: matching.slice(offset, offset + limit), total: matching.length, totalCapped, nextCursor });
  });
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const table = () => screen.getByRole('table', { name: 'Users' });
const lastQuery = () => admin.listUsers.mock.calls.at(-1)?.[0];
/** "Next page" once the page shown is the one asked for (until then its cursor is not known). */
async function clickNext() {
  const next = screen.getByRole('button', { name: 'Next page' });
  await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
  fireEvent.click(next);
}

describe('the console is for admins only', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.resetAllMocks();
  });
  afterEach(() => cleanup());

  it('someone who is not an admin sees no entry in the header and a "not allowed" page at /admin', async () => {
    signInAs(person('u-9', 'Linus Torvalds'), false);
    serveUsers();
    renderApp('/admin/users');
    await heading('Not allowed');
    expect(screen.getByText(/The admin console is for the administrators of Latch/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your account settings' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Admin' })).toBeNull();
    // the console asked the server who this is, and nothing else
    expect(admin.hasPermission).toHaveBeenCalledWith({ permissions: { user: ['list'] } });
    expect(admin.listUsers).not.toHaveBeenCalled();
  });

  it('a server without the admin plugin (404) is "not allowed" too, not an error', async () => {
    signInAs(person('u-9', 'Linus Torvalds'), false);
    admin.hasPermission.mockImplementation(() => refuse(404, 'NOT_FOUND'));
    renderApp('/admin');
    await heading('Not allowed');
  });

  it('an admin finds the entry in the header and lands on the user table', async () => {
    signInAs(ADMIN, true);
    serveUsers();
    renderApp('/settings/profile');
    const entry = await within(screen.getByRole('banner')).findByRole('link', { name: 'Admin' });
    fireEvent.click(entry);
    await heading('Users');
    await waitFor(() => expect(within(table()).getByText('Person 01')).toBeTruthy());
    expect(screen.getByRole('navigation', { name: 'Admin console sections' })).toBeTruthy();
  });
});

describe('the user table', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.resetAllMocks();
    signInAs(ADMIN, true);
    serveUsers();
  });
  afterEach(() => cleanup());

  it('shows the total and pages through it with the server’s cursor, back and forth', async () => {
    renderApp('/admin/users');
    await heading('Users');
    await screen.findByText('Showing 1 to 25 of 52');
    expect(within(table()).getAllByRole('row')).toHaveLength(26);
    expect(lastQuery()).toMatchObject({ limit: 25, sortBy: 'createdAt', sortDirection: 'desc' });
    expect(lastQuery()).not.toHaveProperty('cursor');
    expect(lastQuery()).not.toHaveProperty('offset');
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);

    await clickNext();
    await screen.findByText('Showing 26 to 50 of 52');
    expect(lastQuery()).toMatchObject({ limit: 25, cursor: 'c25' });
    await clickNext();
    await screen.findByText('Showing 51 to 52 of 52');
    expect(screen.getByText('Page 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Showing 26 to 50 of 52');
    expect(lastQuery()).toMatchObject({ cursor: 'c25' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Showing 1 to 25 of 52');
    expect(lastQuery()).not.toHaveProperty('cursor');
  });

  it('shows an admin by configuration (adminUserIds) as an admin, whatever the stored role', async () => {
    const configured = person('u-cfg', 'Config Admin', { role: 'user', isAdmin: true });
    serveUsers([configured, person('u-plain', 'Plain Person')]);
    renderApp('/admin/users');
    await screen.findByText('Showing 1 to 2 of 2');
    const row = within(table()).getByText('Config Admin').closest('tr') as HTMLElement;
    expect(within(row).getByText('Admin (by configuration)')).toBeTruthy();
    const plain = within(table()).getByText('Plain Person').closest('tr') as HTMLElement;
    expect(within(plain).queryByText('Admin (by configuration)')).toBeNull();
    expect(within(plain).getByText('User')).toBeTruthy();
  });

  it('says "more than" when the server stopped counting', async () => {
    serveUsers(PEOPLE, true);
    renderApp('/admin/users');
    await screen.findByText('Showing 1 to 25 of more than 52');
  });

  it('searches on submit, by the field chosen, and starts again at page 1', async () => {
    renderApp('/admin/users?page=2&after=c25');
    await screen.findByText('Showing 26 to 50 of 52');
    // typing alone asks nothing
    const before = admin.listUsers.mock.calls.length;
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'person.07' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(admin.listUsers.mock.calls.length).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Showing 1 to 1 of 1');
    expect(lastQuery()).toMatchObject({ searchValue: 'person.07', searchField: 'email' });
    expect(lastQuery()).not.toHaveProperty('cursor');
    expect(within(table()).getByText('Person 07')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search in'), { target: { value: 'username' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ada_l' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ searchField: 'username', searchValue: 'ada_l' }));
    // a search by username still takes the filters
    fireEvent.change(screen.getByLabelText('Banned'), { target: { value: 'yes' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ searchField: 'username', banned: 'true' }));
  });

  it('filters on several fields at once, sorts, and clears the filters', async () => {
    renderApp('/admin/users');
    await screen.findByText('Showing 1 to 25 of 52');
    fireEvent.change(screen.getByLabelText('Banned'), { target: { value: 'yes' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ banned: 'true' }));
    fireEvent.change(screen.getByLabelText('Email verified'), { target: { value: 'no' } });
    fireEvent.change(screen.getByLabelText('Two-factor'), { target: { value: 'yes' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admins' } });
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({
        banned: 'true',
        emailVerified: 'false',
        twoFactorEnabled: 'true',
        admin: 'true',
      }),
    );
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'email' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: 'email', sortDirection: 'asc', banned: 'true' }));

    fireEvent.change(screen.getByLabelText('Sign-in method'), { target: { value: ' github ' } });
    fireEvent.change(screen.getByLabelText('Created on or after'), { target: { value: '2026-01-02' } });
    fireEvent.change(screen.getByLabelText('Not active after'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({
        provider: 'github',
        createdFrom: new Date('2026-01-02T00:00:00.000').toISOString(),
        lastActiveTo: new Date('2026-03-01T23:59:59.999').toISOString(),
        banned: 'true',
      }),
    );

    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '10' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ limit: 10, provider: 'github' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('banned'));
    for (const key of ['emailVerified', 'twoFactorEnabled', 'filterField', 'provider', 'createdFrom', 'lastActiveTo'])
      expect(lastQuery()).not.toHaveProperty(key);
    expect(lastQuery()).toMatchObject({ sortBy: 'email', limit: 10 });
  });

  it('bans the selected people with a result for each, a refusal named in plain words', async () => {
    const me = person(ADMIN.id, ADMIN.name, { role: 'admin' });
    serveUsers([me, ...PEOPLE.slice(0, 3)]);
    admin.banUser.mockImplementation(({ userId }) =>
      userId === ADMIN.id
        ? refuse(400, 'YOU_CANNOT_BAN_YOURSELF')
        : ok({ user: { ...(PEOPLE.find((p) => p.id === userId) as AdminUser), banned: true } }),
    );
    renderApp('/admin/users');
    await screen.findByText('Showing 1 to 4 of 4');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select everyone on this page' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Person 03' }));
    expect(screen.getByRole('heading', { name: 'Selected: 3' })).toBeTruthy();
    const reads = admin.listUsers.mock.calls.length;

    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban the selected people (3)?' });
    // it says who and what will happen
    expect(within(dialog).getByText(/signed out of every device at once/)).toBeTruthy();
    expect(within(dialog).getByText('person.01@example.com')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'spam wave' } });
    fireEvent.change(within(dialog).getByLabelText('How long'), { target: { value: 'day' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));

    const result = await screen.findByRole('heading', { name: 'Ban: 2 done, 1 refused' });
    const list = screen.getByRole('list', { name: 'Result for each person' });
    expect(within(list).getByText('You cannot ban yourself.')).toBeTruthy();
    expect(within(list).getAllByText('Banned')).toHaveLength(2);
    expect(document.activeElement).toBe(result);
    expect(admin.banUser).toHaveBeenCalledWith({ userId: 'u-1', banReason: 'spam wave', banExpiresIn: 86_400 });
    expect(admin.banUser).toHaveBeenCalledTimes(3);
    // the table is read again; those banned leave the selection, the refused one stays chosen
    await waitFor(() => expect(admin.listUsers.mock.calls.length).toBeGreaterThan(reads));
    expect(screen.getByRole('heading', { name: 'Selected: 1' })).toBeTruthy();
  });

  it('signing the selected out everywhere changes nothing when the dialog is cancelled', async () => {
    renderApp('/admin/users');
    await screen.findByText('Showing 1 to 25 of 52');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Person 01' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(admin.revokeUserSessions).not.toHaveBeenCalled();
  });

  it('creates a user and opens their page; a taken address is said at the field', async () => {
    admin.createUser.mockImplementationOnce(() => refuse(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'));
    const made = person('u-new', 'Ada Lovelace');
    admin.createUser.mockImplementationOnce(() => ok({ user: made }));
    admin.getUser.mockImplementation(() => ok(made));
    renderApp('/admin/users');
    fireEvent.click(await screen.findByRole('link', { name: 'Create user' }));
    await heading('Create a user');

    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await screen.findByText('Enter your name.');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(admin.createUser).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByLabelText('The email address is verified'));
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await screen.findByText(/An account with this email address already exists/);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada.lovelace@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await heading('Ada Lovelace');
    expect(screen.getByText('Ada Lovelace has been created.')).toBeTruthy();
    expect(admin.createUser).toHaveBeenLastCalledWith({
      name: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
      role: 'admin',
      data: { emailVerified: true },
    });
  });
});
