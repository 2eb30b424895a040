// @vitest-environment happy-dom
/**
 * A change reads again exactly what it made wrong, once (pages/organization/mutations.ts): the
 * organization screens no longer read an answer twice after a change, nor answers it did not touch.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrganizationSwitcher } from '../../components/organization-switcher.tsx';
import { resetConfigForTests } from '../../config.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import type { FullOrganization, MemberWithUser, SessionData } from '../../lib/wire-types.ts';
import { currentSession, mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { TestQueryProvider } from '../../test/render.tsx';
import { OrganizationLayout } from './layout.tsx';
import { MembersPage } from './members.tsx';
import { OrganizationSettingsPage } from './settings.tsx';
import { TeamsPage } from './teams.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const org = mockClient.organization;
const now = new Date().toISOString();
const ok = <T,>(data: T) => Promise.resolve({ data, error: null });

function person(id: string, name: string, role: string): MemberWithUser {
  return {
    id: `m-${id}`,
    organizationId: 'o1',
    userId: id,
    role,
    createdAt: now,
    user: { id, name, email: `${name.toLowerCase()}@example.com`, image: null },
  };
}

const OWNER = person('u1', 'Ada', 'owner');
const MEMBER = person('u3', 'Linus', 'member');
const MEMBERS = [OWNER, MEMBER];
const TEAM = { id: 't1', name: 'Engines', organizationId: 'o1', createdAt: now, updatedAt: null };

function acme(name = 'Acme Research'): FullOrganization {
  return {
    id: 'o1',
    name,
    slug: 'acme-research',
    logo: null,
    metadata: null,
    createdAt: now,
    members: MEMBERS,
    invitations: [],
    teams: [TEAM],
  };
}

function ownerSession(): SessionData {
  const session = signedInSession();
  return { ...session, session: { ...session.session, activeOrganizationId: 'o1' } };
}

/** How often each answer has been read so far. */
function reads() {
  return {
    session: mockClient.getSession.mock.calls.length,
    organizations: org.list.mock.calls.length,
    organization: org.getFullOrganization.mock.calls.length,
    members: org.listMembers.mock.calls.length,
    invitations: org.listInvitations.mock.calls.length,
    teams: org.listTeams.mock.calls.length,
    teamMembers: org.listTeamMembers.mock.calls.length,
  };
}

type Reads = ReturnType<typeof reads>;

/** The reads since `before`, only those that happened. */
function readSince(before: Reads): Partial<Reads> {
  const now = reads();
  return Object.fromEntries(
    Object.entries(now)
      .map(([key, count]) => [key, count - before[key as keyof Reads]] as const)
      .filter(([, count]) => count > 0),
  );
}

function renderAt(path: string) {
  return render(
    <TestQueryProvider session={currentSession()}>
      <MemoryRouter initialEntries={[path]}>
        <I18nProvider>
          <OrganizationSwitcher />
          <Routes>
            <Route path="/organization" element={<OrganizationLayout />}>
              <Route path="members" element={<MembersPage />} />
              <Route path="teams" element={<TeamsPage />} />
              <Route path="settings" element={<OrganizationSettingsPage />} />
            </Route>
          </Routes>
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

describe('organization changes read again what they changed, once', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.clearAllMocks();
    setSession(ownerSession());
    org.getFullOrganization.mockImplementation(() => ok(acme()));
    org.getActiveMember.mockImplementation(() => ok(OWNER));
    org.listMembers.mockImplementation(() => ok({ members: MEMBERS, total: MEMBERS.length }));
    org.listTeams.mockImplementation(() => ok([TEAM]));
    org.listTeamMembers.mockImplementation(() => ok([]));
    org.list.mockImplementation(() => ok([acme()]));
  });
  afterEach(() => cleanup());

  it('renaming: the organization and the list of organizations, nothing else (not the session)', async () => {
    org.update.mockImplementation(() => ok({ ...acme('Acme Labs'), metadata: null }));
    renderAt('/organization/settings');
    const name = (await screen.findByLabelText('Organization name')) as HTMLInputElement;
    await waitFor(() => expect(org.list).toHaveBeenCalled());
    const before = reads();

    org.getFullOrganization.mockImplementation(() => ok(acme('Acme Labs')));
    org.list.mockImplementation(() => ok([acme('Acme Labs')]));
    fireEvent.change(name, { target: { value: 'Acme Labs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The organization has been saved.')).toBeTruthy();
    expect(org.update).toHaveBeenCalledWith({ data: { name: 'Acme Labs' }, organizationId: 'o1' });
    expect(readSince(before)).toEqual({ organization: 1, organizations: 1 });
    // the header's switcher shows the new name
    expect(await screen.findByRole('button', { name: /Organization: Acme Labs/ })).toBeTruthy();
  });

  it("a member's new role: the members and the organization (whose owners decide who may leave)", async () => {
    org.updateMemberRole.mockImplementation(() => ok({ ...MEMBER, role: 'admin' }));
    renderAt('/organization/members');
    await screen.findByText('linus@example.com');
    const before = reads();

    const row = screen.getByText('linus@example.com').closest('li') as HTMLElement;
    fireEvent.change(within(row).getByRole('combobox', { name: 'Role of Linus' }), { target: { value: 'admin' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Change role of Linus' }));
    expect(await screen.findByText('The role of Linus is now: Admin.')).toBeTruthy();
    expect(readSince(before)).toEqual({ members: 1, organization: 1 });
  });

  it("adding someone to a team: that team's members only", async () => {
    org.addTeamMember.mockImplementation(() => ok({ id: 'tm1', teamId: 't1', userId: 'u3', createdAt: now }));
    renderAt('/organization/teams');
    const add = await screen.findByLabelText('Add a member to Engines');
    const before = reads();

    org.listTeamMembers.mockImplementation(() => ok([{ id: 'tm1', teamId: 't1', userId: 'u3', createdAt: now }]));
    fireEvent.change(add, { target: { value: 'u3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to team' }));
    expect(await screen.findByText('Linus has been added to Engines.')).toBeTruthy();
    expect(org.addTeamMember).toHaveBeenCalledWith({ teamId: 't1', userId: 'u3', organizationId: 'o1' });
    expect(readSince(before)).toEqual({ teamMembers: 1 });
  });

  it('switching from another section: the organization is read once, not again for the section opened', async () => {
    org.list.mockImplementation(() =>
      ok([acme(), { id: 'o2', name: 'Globex', slug: 'globex', logo: null, metadata: null, createdAt: now }]),
    );
    org.setActive.mockImplementation(() =>
      ok({ id: 'o2', name: 'Globex', slug: 'globex', logo: null, metadata: null, createdAt: now }),
    );
    renderAt('/organization/settings');
    await screen.findByLabelText('Organization name');
    fireEvent.click(await screen.findByRole('button', { name: /Organization: Acme Research/ }));
    const list = await screen.findByRole('list', { name: 'Your organizations' });
    const before = reads();

    setSession({ ...ownerSession(), session: { ...ownerSession().session, activeOrganizationId: 'o2' } });
    fireEvent.click(within(list).getByRole('button', { name: /Globex/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeTruthy();
    await screen.findByText('linus@example.com');
    expect(readSince(before)).toMatchObject({ session: 1, organization: 1 });
  });

  it('switching organization: the session and the active organization, not the list', async () => {
    org.list.mockImplementation(() =>
      ok([acme(), { id: 'o2', name: 'Globex', slug: 'globex', logo: null, metadata: null, createdAt: now }]),
    );
    org.setActive.mockImplementation(() =>
      ok({ id: 'o2', name: 'Globex', slug: 'globex', logo: null, metadata: null, createdAt: now }),
    );
    renderAt('/organization/members');
    fireEvent.click(await screen.findByRole('button', { name: /Organization: Acme Research/ }));
    const list = await screen.findByRole('list', { name: 'Your organizations' });
    await screen.findByText('linus@example.com');
    const before = reads();

    setSession({ ...ownerSession(), session: { ...ownerSession().session, activeOrganizationId: 'o2' } });
    fireEvent.click(within(list).getByRole('button', { name: /Globex/ }));
    expect(await screen.findByRole('button', { name: /Organization: Globex/ })).toBeTruthy();
    expect(org.setActive).toHaveBeenCalledWith({ organizationId: 'o2' });
    expect(readSince(before)).toMatchObject({ session: 1, organization: 1 });
    expect(readSince(before).organizations).toBeUndefined();
  });
});
