// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { ADMIN, auditEvent, ok, refuse, renderApp, signInAs } from '../../test/admin.tsx';
import { mockClient } from '../../test/mock-auth.ts';
import type { AdminOrganization, OrganizationDetail } from './types.ts';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const admin = mockClient.admin;
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

function organization(i: number): AdminOrganization {
  return {
    id: `o-${i}`,
    name: `Company ${String(i).padStart(2, '0')}`,
    slug: `company-${i}`,
    logo: null,
    metadata: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    memberCount: i,
  };
}

/** 30 organizations; list-organizations pages them 25 at a time by a cursor, searched by name or slug. */
const ALL = Array.from({ length: 30 }, (_, i) => organization(i + 1));

function serveOrganizations() {
  admin.listOrganizations.mockImplementation((query) => {
    const search = query.search?.toLowerCase();
    const matching = search
      ? ALL.filter((o) => o.name.toLowerCase().includes(search) || o.slug.includes(search) || o.id === search)
      : ALL;
    const start = query.cursor ? Number(query.cursor) : 0;
    const limit = query.limit ?? 25;
    const page = matching.slice(start, start + limit);
    const next = start + limit < matching.length ? String(start + limit) : null;
    return ok({ organizations: page, total: matching.length, nextCursor: next });
  });
}

const ACME: OrganizationDetail = {
  organization: {
    id: 'o-acme',
    name: 'Acme',
    slug: 'acme',
    logo: null,
    metadata: null,
    createdAt: '2026-11-18T09:00:00.000Z',
  },
  members: [
    {
      id: 'm-1',
      organizationId: 'o-acme',
      userId: 'u-owner',
      role: 'owner',
      createdAt: '2026-11-18T09:00:00.000Z',
      user: { id: 'u-owner', name: 'Olga Owner', email: 'olga@example.com', image: null },
    },
    {
      id: 'm-2',
      organizationId: 'o-acme',
      userId: 'u-member',
      role: 'member',
      createdAt: '2026-11-19T09:00:00.000Z',
      user: { id: 'u-member', name: 'Mo Member', email: 'mo@example.com', image: null },
    },
  ],
  memberCount: 3,
  invitations: [
    {
      id: 'i-1',
      organizationId: 'o-acme',
      email: 'newcomer@example.com',
      role: 'admin',
      teamId: null,
      status: 'pending',
      expiresAt: '2026-11-25T09:00:00.000Z',
      createdAt: '2026-11-20T09:00:00.000Z',
      inviterId: 'u-owner',
    },
  ],
  teams: [
    {
      id: 't-1',
      name: 'Support',
      organizationId: 'o-acme',
      createdAt: '2026-11-19T09:00:00.000Z',
      updatedAt: null,
    },
  ],
};

const LAST_MEMBER = {
  id: 'm-3',
  organizationId: 'o-acme',
  userId: 'u-late',
  role: 'admin',
  createdAt: '2026-11-21T09:00:00.000Z',
  user: { id: 'u-late', name: 'Lee Late', email: 'lee@example.com', image: null },
};

describe('the organizations of the console', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.resetAllMocks();
    signInAs(ADMIN, true);
    serveOrganizations();
  });
  afterEach(() => cleanup());

  it('is a section of the console’s navigation', async () => {
    renderApp('/admin/users');
    const nav = await screen.findByRole('navigation', { name: 'Admin console sections' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Organizations' }));
    await heading('Organizations');
    expect(within(nav).getByRole('link', { name: 'Organizations' }).getAttribute('aria-current')).toBe('page');
  });

  it('lists every organization with its member count, and shows more by the server’s cursor', async () => {
    renderApp('/admin/organizations');
    await heading('Organizations');
    const table = await screen.findByRole('table', { name: 'Organizations' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    const row = within(table)
      .getByRole('link', { name: /Company 03/ })
      .closest('tr') as HTMLElement;
    expect(within(row).getByText('company-3')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(screen.getByText('Showing 25 of 30 organizations')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('Showing 30 of 30 organizations');
    expect(admin.listOrganizations).toHaveBeenLastCalledWith({ limit: 25, cursor: '25' });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('searches on submit and keeps the search in the address; clearing it lists everyone again', async () => {
    renderApp('/admin/organizations');
    await screen.findByRole('table', { name: 'Organizations' });
    fireEvent.change(screen.getByLabelText('Name, slug or organization id'), { target: { value: 'company-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Showing 1 of 1 organizations');
    expect(admin.listOrganizations).toHaveBeenLastCalledWith({ limit: 25, search: 'company-7' });

    fireEvent.change(screen.getByLabelText('Name, slug or organization id'), { target: { value: 'nothing like it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('No organization matches.');

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByText('Showing 25 of 30 organizations');
  });

  it('a refusal is said in plain words, not as an empty list', async () => {
    admin.listOrganizations.mockImplementation(() => refuse(403, 'YOU_ARE_NOT_ALLOWED_TO_READ_ORGANIZATIONS'));
    renderApp('/admin/organizations');
    await screen.findByText('You are not allowed to read organizations.');
    expect(screen.queryByText('No organization matches.')).toBeNull();
  });
});

describe('an organization’s page', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.resetAllMocks();
    signInAs(ADMIN, true);
    admin.getOrganization.mockImplementation((query) =>
      ok(
        (query.membersOffset ?? 0) === 0
          ? ACME
          : { ...ACME, members: [LAST_MEMBER], invitations: ACME.invitations, teams: ACME.teams },
      ),
    );
    admin.listAuditEvents.mockImplementation(() =>
      ok({
        events: [
          auditEvent('e-1', {
            type: 'member.added',
            organizationId: 'o-acme',
            targetType: 'organization',
            targetId: 'o-acme',
          }),
        ],
        nextCursor: null,
        people: {},
      }),
    );
  });
  afterEach(() => cleanup());

  it('shows the members (each linking to their page), every invitation, the teams and the facts', async () => {
    renderApp('/admin/organizations/o-acme');
    await heading('Acme');
    const members = screen.getByRole('table', { name: 'Members of Acme' });
    const olga = within(members).getByRole('link', { name: /Olga Owner/ });
    expect(olga.getAttribute('href')).toBe('/admin/users/u-owner');
    expect(within(olga.closest('tr') as HTMLElement).getByText('Owner')).toBeTruthy();
    expect(screen.getByText('Showing 2 of 3 members')).toBeTruthy();

    const invitations = screen.getByRole('table', { name: 'Invitations to Acme' });
    const row = within(invitations).getByText('newcomer@example.com').closest('tr') as HTMLElement;
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).getByText('Admin')).toBeTruthy();
    // the inviter is named when they are among the members shown
    expect(within(row).getByRole('link', { name: 'Olga Owner' }).getAttribute('href')).toBe('/admin/users/u-owner');

    const teams = screen.getByRole('list', { name: 'Teams of Acme' });
    expect(within(teams).getByText('Support')).toBeTruthy();
    const facts = screen.getByText('Slug').closest('div') as HTMLElement;
    expect(within(facts).getByText('acme')).toBeTruthy();
    expect(admin.getOrganization).toHaveBeenCalledWith({ id: 'o-acme', membersLimit: 50, membersOffset: 0 });
  });

  it('shows the next members on request, then no more', async () => {
    renderApp('/admin/organizations/o-acme');
    await heading('Acme');
    const members = screen.getByRole('table', { name: 'Members of Acme' });
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await within(members).findByRole('link', { name: /Lee Late/ });
    expect(admin.getOrganization).toHaveBeenLastCalledWith({ id: 'o-acme', membersLimit: 50, membersOffset: 2 });
    expect(screen.getByText('Showing 3 of 3 members')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows its audit trail from the log filtered by the organization, and opens the whole log at it', async () => {
    renderApp('/admin/organizations/o-acme');
    const trail = await screen.findByRole('table', { name: 'Events in Acme' });
    expect(within(trail).getByText('Member added')).toBeTruthy();
    expect(admin.listAuditEvents).toHaveBeenCalledWith({ organizationId: 'o-acme', limit: 10 });
    expect(screen.getByRole('link', { name: 'Open in the audit log' }).getAttribute('href')).toBe(
      '/admin/audit?org=o-acme',
    );
  });

  it('an organization that is gone says so, with the way back', async () => {
    admin.getOrganization.mockImplementation(() => refuse(400, 'ORGANIZATION_NOT_FOUND'));
    renderApp('/admin/organizations/o-gone');
    await screen.findByText('This organization does not exist, or no longer does.');
    fireEvent.click(screen.getByRole('link', { name: 'Back to organizations' }));
    await heading('Organizations');
    await waitFor(() => expect(admin.listOrganizations).toHaveBeenCalled());
  });
});
