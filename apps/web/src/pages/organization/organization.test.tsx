// @vitest-environment happy-dom
import { organization as organizationRows } from '@latch/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrganizationSwitcher } from '../../components/organization-switcher.tsx';
import { resetConfigForTests } from '../../config.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import type { AuthResult, FullOrganization, Invitation, MemberWithUser, SessionData } from '../../lib/wire-types.ts';
import { currentSession, mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { TestQueryProvider } from '../../test/render.tsx';
import { AcceptInvitationPage } from './accept-invitation.tsx';
import { InvitationsPage } from './invitations.tsx';
import { OrganizationLayout } from './layout.tsx';
import { MembersPage } from './members.tsx';
import { CreateOrganizationPage } from './new.tsx';
import { OrganizationSettingsPage } from './settings.tsx';
import { TeamsPage } from './teams.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const org = mockClient.organization;
const ok = <T,>(data: T): Promise<AuthResult<T>> => Promise.resolve({ data, error: null });
const fail = (status: number, code: string, message = code) =>
  Promise.resolve({ data: null, error: { status, code, message } });
const now = new Date().toISOString();
const later = new Date(Date.now() + 48 * 3600_000).toISOString();

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
const ADMIN = person('u2', 'Grace', 'admin');
const MEMBER = person('u3', 'Linus', 'member');
const MEMBERS = [OWNER, ADMIN, MEMBER];

const PENDING: Invitation = {
  id: 'inv1',
  organizationId: 'o1',
  email: 'new@example.com',
  role: 'member',
  teamId: null,
  status: 'pending',
  expiresAt: later,
  createdAt: now,
  inviterId: 'u1',
};

function fullOrganization(): FullOrganization {
  return {
    id: 'o1',
    name: 'Acme Research',
    slug: 'acme-research',
    logo: null,
    metadata: null,
    createdAt: now,
    members: MEMBERS,
    invitations: [PENDING],
    teams: [{ id: 't1', name: 'Acme Research', organizationId: 'o1', createdAt: now, updatedAt: null }],
  };
}

function sessionAs(member: MemberWithUser): SessionData {
  const session = signedInSession();
  return {
    user: { ...session.user, id: member.userId, name: member.user.name, email: member.user.email },
    session: { ...session.session, userId: member.userId, activeOrganizationId: 'o1' },
  };
}

/** Signs in as `member` of Acme Research (active), with the organization calls answering for it. */
function signInAs(member: MemberWithUser) {
  setSession(sessionAs(member));
  org.getFullOrganization.mockImplementation(() => ok(fullOrganization()));
  org.getActiveMember.mockImplementation(() => ok(member));
  org.listMembers.mockImplementation(() => ok({ members: MEMBERS, total: MEMBERS.length }));
  org.listInvitations.mockImplementation(() => ok([PENDING]));
  org.listTeams.mockImplementation(() => ok(fullOrganization().teams ?? []));
  org.listTeamMembers.mockImplementation(() => ok([{ id: 'tm1', teamId: 't1', userId: 'u1', createdAt: now }]));
  org.list.mockImplementation(() => ok([fullOrganization()]));
}

function renderAt(path: string) {
  return render(
    <TestQueryProvider session={currentSession()}>
      <MemoryRouter initialEntries={[path]}>
        <I18nProvider>
          <OrganizationSwitcher />
          <Routes>
            <Route path="/organization/new" element={<CreateOrganizationPage />} />
            <Route path="/organization" element={<OrganizationLayout />}>
              <Route path="members" element={<MembersPage />} />
              <Route path="invitations" element={<InvitationsPage />} />
              <Route path="teams" element={<TeamsPage />} />
              <Route path="settings" element={<OrganizationSettingsPage />} />
            </Route>
            <Route path="/accept-invitation/:id" element={<AcceptInvitationPage />} />
            <Route path="/sign-in" element={<p>Sign-in page</p>} />
          </Routes>
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const memberRow = (name: string) => {
  const list = screen.getByRole('list', { name: 'Members' });
  const row = within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};
const nav = () => screen.getByRole('navigation', { name: 'Organization sections' });

describe('organization screens: what each role sees', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.clearAllMocks();
  });
  afterEach(() => cleanup());

  it('a member sees the members but no invite, role or remove controls, and no delete', async () => {
    signInAs(MEMBER);
    renderAt('/organization/members');
    await heading('Members');
    await waitFor(() => expect(screen.getByText('grace@example.com')).toBeTruthy());
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Change role/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Role of/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Invite someone to join' })).toBeNull();
    // no Invitations tab for a member
    expect(within(nav()).queryByRole('link', { name: 'Invitations' })).toBeNull();
    expect(within(nav()).getByRole('link', { name: 'Teams' })).toBeTruthy();

    fireEvent.click(within(nav()).getByRole('link', { name: 'Organization settings' }));
    await heading('Organization settings');
    expect(screen.getByText('Only owners and admins can change these details.')).toBeTruthy();
    expect(screen.queryByLabelText('Organization name')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Delete the organization' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave organization' })).toBeTruthy();
  });

  it('a member who opens the invitations address is told it is for owners and admins, and nothing is loaded', async () => {
    signInAs(MEMBER);
    renderAt('/organization/invitations');
    await heading('Invitations');
    expect(screen.getByText('Only owners and admins can see and send invitations.')).toBeTruthy();
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(org.listInvitations).not.toHaveBeenCalled();
  });

  it('a member sees the teams but cannot create, rename, remove or staff them', async () => {
    signInAs(MEMBER);
    renderAt('/organization/teams');
    await heading('Teams');
    await screen.findByRole('heading', { level: 2, name: 'Acme Research' });
    expect(screen.queryByLabelText('Team name')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Rename/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByLabelText(/^Add a member to/)).toBeNull();
  });

  it('an admin manages members and settings, but cannot touch the owner or delete the organization', async () => {
    signInAs(ADMIN);
    renderAt('/organization/members');
    await heading('Members');
    await waitFor(() => expect(screen.getByText('linus@example.com')).toBeTruthy());
    // the member: role and remove
    expect(within(memberRow('Linus')).getByRole('button', { name: 'Remove Linus from the organization' })).toBeTruthy();
    const role = within(memberRow('Linus')).getByRole('combobox', { name: 'Role of Linus' }) as HTMLSelectElement;
    expect([...role.options].map((o) => o.value)).toEqual(['admin', 'member']);
    // the owner: nothing; themselves: nothing
    expect(within(memberRow('Ada')).queryByRole('button')).toBeNull();
    expect(within(memberRow('Grace')).queryByRole('button')).toBeNull();
    expect(within(nav()).getByRole('link', { name: 'Invitations' })).toBeTruthy();

    fireEvent.click(within(nav()).getByRole('link', { name: 'Organization settings' }));
    await heading('Organization settings');
    expect(screen.getByLabelText('Organization name')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Delete the organization' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete this organization' })).toBeNull();
  });

  it('an owner can delete the organization, after typing its slug', async () => {
    signInAs(OWNER);
    org.delete.mockImplementation(() => ok(fullOrganization()));
    renderAt('/organization/settings');
    await heading('Organization settings');
    const submit = screen.getByRole('button', { name: 'Delete this organization' });
    fireEvent.click(submit);
    expect(await screen.findByText('Type acme-research exactly to confirm.')).toBeTruthy();
    expect(org.delete).not.toHaveBeenCalled();
    // the only owner is not offered "leave"
    expect(screen.queryByRole('button', { name: 'Leave organization' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Type acme-research to confirm'), { target: { value: 'acme-research' } });
    org.getFullOrganization.mockImplementation(() => ok(null));
    fireEvent.click(submit);
    await waitFor(() => expect(org.delete).toHaveBeenCalledWith({ organizationId: 'o1' }));
    expect(await screen.findByText('Acme Research has been deleted.')).toBeTruthy();
  });

  it('an owner may make someone admin; the role change is sent and reported', async () => {
    signInAs(OWNER);
    org.updateMemberRole.mockImplementation(() => ok({ ...MEMBER, role: 'admin' }));
    renderAt('/organization/members');
    await waitFor(() => expect(screen.getByText('linus@example.com')).toBeTruthy());
    const select = within(memberRow('Linus')).getByRole('combobox', { name: 'Role of Linus' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['owner', 'admin', 'member']);
    const change = within(memberRow('Linus')).getByRole('button', {
      name: 'Change role of Linus',
    }) as HTMLButtonElement;
    expect(change.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'admin' } });
    expect(change.disabled).toBe(false);
    fireEvent.click(change);
    await waitFor(() =>
      expect(org.updateMemberRole).toHaveBeenCalledWith({ memberId: 'm-u3', role: 'admin', organizationId: 'o1' }),
    );
    expect(await screen.findByText('The role of Linus is now: Admin.')).toBeTruthy();
  });

  it('removing asks first, then shows the server refusal in plain words', async () => {
    signInAs(OWNER);
    org.removeMember.mockImplementation(() => fail(401, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER'));
    renderAt('/organization/members');
    await waitFor(() => expect(screen.getByText('linus@example.com')).toBeTruthy());
    fireEvent.click(within(memberRow('Linus')).getByRole('button', { name: 'Remove Linus from the organization' }));
    expect(org.removeMember).not.toHaveBeenCalled();
    fireEvent.click(within(memberRow('Linus')).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() =>
      expect(org.removeMember).toHaveBeenCalledWith({ memberIdOrEmail: 'm-u3', organizationId: 'o1' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('You are not allowed to remove this member.');
  });
});

describe('invitations', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    vi.clearAllMocks();
    signInAs(ADMIN);
  });
  afterEach(() => cleanup());

  it('validates the address before sending and shows the server code in words', async () => {
    org.inviteMember.mockImplementation(() => fail(400, 'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION'));
    renderAt('/organization/invitations');
    await heading('Invite someone');
    const send = screen.getByRole('button', { name: 'Send invitation' });
    fireEvent.click(send);
    expect(await screen.findByText('Enter your email address.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'bob@example' } });
    fireEvent.click(send);
    expect(await screen.findByText('Enter an email address like name@example.com.')).toBeTruthy();
    expect(org.inviteMember).not.toHaveBeenCalled();

    // an admin cannot hand out the owner role
    const role = screen.getByLabelText('Role') as HTMLSelectElement;
    expect([...role.options].map((o) => o.value)).toEqual(['admin', 'member']);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'Bob@Example.com' } });
    fireEvent.change(role, { target: { value: 'admin' } });
    fireEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toContain('This person has already been invited.');
    expect(org.inviteMember).toHaveBeenCalledWith({ email: 'bob@example.com', role: 'admin', organizationId: 'o1' });
  });

  it('disables the form while sending, then lists the new invitation', async () => {
    let resolve: (value: AuthResult<Invitation>) => void = () => {};
    org.inviteMember.mockReturnValue(new Promise((r) => (resolve = r)));
    renderAt('/organization/invitations');
    await heading('Invite someone');
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'bob@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('Email address').closest('fieldset')?.disabled).toBe(true);
    org.listInvitations.mockImplementation(() => ok([PENDING, { ...PENDING, id: 'inv2', email: 'bob@example.com' }]));
    resolve({ data: { ...PENDING, id: 'inv2', email: 'bob@example.com' }, error: null });
    expect(await screen.findByText('An invitation is on its way to bob@example.com.')).toBeTruthy();
    expect(await screen.findByText('bob@example.com')).toBeTruthy();
  });

  it('resends and cancels a pending invitation', async () => {
    org.inviteMember.mockImplementation(() => ok(PENDING));
    org.cancelInvitation.mockImplementation(() => ok({ ...PENDING, status: 'canceled' }));
    renderAt('/organization/invitations');
    await screen.findByText('new@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Resend the invitation to new@example.com' }));
    await waitFor(() =>
      expect(org.inviteMember).toHaveBeenCalledWith({
        email: 'new@example.com',
        role: 'member',
        organizationId: 'o1',
        resend: true,
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel invitation to new@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(org.cancelInvitation).toHaveBeenCalledWith({ invitationId: 'inv1' }));
  });
});

describe('create organization', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    vi.clearAllMocks();
    setSession(signedInSession());
    org.list.mockImplementation(() => ok([]));
  });
  afterEach(() => cleanup());

  it('validates before sending, fills the slug from the name and checks it live', async () => {
    org.checkSlug.mockImplementation(() => fail(400, 'ORGANIZATION_SLUG_ALREADY_TAKEN'));
    renderAt('/organization/new');
    await heading('Create an organization');
    fireEvent.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('Enter a name for the organization.')).toBeTruthy();
    expect(screen.getByText('Enter a slug.')).toBeTruthy();
    expect(org.create).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Organization name'), { target: { value: 'Acme Research & Co.' } });
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('acme-research-co');
    expect(await screen.findByText('acme-research-co is already taken.', {}, { timeout: 2000 })).toBeTruthy();
    expect(org.checkSlug).toHaveBeenCalledWith({ slug: 'acme-research-co' });

    // the contract's bound on a name, said with its number; nothing is sent
    const longest = organizationRows.create.body.shape.name.maxLength ?? 0;
    fireEvent.change(screen.getByLabelText('Organization name'), { target: { value: 'a'.repeat(longest + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText(`Use at most ${longest} characters.`)).toBeTruthy();
    expect(org.create).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Organization name'), { target: { value: 'Acme Research & Co.' } });

    fireEvent.change(screen.getByLabelText('Slug'), { target: { value: 'Bad slug!' } });
    fireEvent.change(screen.getByLabelText(/^Logo URL/), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(
      await screen.findByText('Use only lowercase letters and digits, with single hyphens between them.'),
    ).toBeTruthy();
    expect(screen.getByText('Enter a full web address that starts with https://.')).toBeTruthy();
    expect(org.create).not.toHaveBeenCalled();
  });

  it('sends name, slug and logo; a taken slug comes back as words under the field', async () => {
    org.checkSlug.mockImplementation(() => ok({ status: true }));
    org.create.mockImplementation(() => fail(400, 'ORGANIZATION_ALREADY_EXISTS'));
    renderAt('/organization/new');
    await heading('Create an organization');
    fireEvent.change(screen.getByLabelText('Organization name'), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText(/^Logo URL/), { target: { value: 'https://example.com/logo.png' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create organization' }));
    await waitFor(() =>
      expect(org.create).toHaveBeenCalledWith({ name: 'Acme', slug: 'acme', logo: 'https://example.com/logo.png' }),
    );
    expect(await screen.findByText('This slug is already taken. Please choose another.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Slug'));
  });
});

describe('accept-invitation page', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    vi.clearAllMocks();
  });
  afterEach(() => cleanup());

  it('signed out: asks to sign in first and to come back here', async () => {
    setSession(null);
    renderAt('/accept-invitation/inv1');
    await heading('Invitation');
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe(`/sign-in?next=${encodeURIComponent('/accept-invitation/inv1')}`);
    expect(org.getInvitation).not.toHaveBeenCalled();
  });

  it('signed in: shows the organization and the inviter, and accepts', async () => {
    setSession(sessionAs(person('u9', 'Bob', 'member')));
    org.getInvitation.mockImplementation(() =>
      ok({
        ...PENDING,
        organizationName: 'Acme Research',
        organizationSlug: 'acme-research',
        inviterEmail: 'ada@example.com',
        inviterName: 'Ada Lovelace',
      }),
    );
    org.acceptInvitation.mockImplementation(() =>
      ok({ invitation: { ...PENDING, status: 'accepted' }, member: MEMBER }),
    );
    renderAt('/accept-invitation/inv1');
    await heading('Join Acme Research');
    // the inviter by name, as the mail and the signed-out preview say it
    expect(screen.getByText('Ada Lovelace invites you to join.')).toBeTruthy();
    expect(org.getInvitation).toHaveBeenCalledWith({ id: 'inv1' });
    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await heading('Welcome to Acme Research');
    expect(org.acceptInvitation).toHaveBeenCalledWith({ invitationId: 'inv1' });
  });

  it('explains an invitation that is gone, and one meant for another address', async () => {
    setSession(sessionAs(person('u9', 'Bob', 'member')));
    org.getInvitation.mockImplementationOnce(() => fail(400, 'INVITATION_NOT_FOUND'));
    renderAt('/accept-invitation/inv1');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This invitation does not exist any more: it was answered, canceled or has expired.',
    );
    cleanup();
    org.getInvitation.mockImplementationOnce(() => fail(403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION'));
    renderAt('/accept-invitation/inv1');
    expect(await screen.findByText(/This invitation was sent to another address than bob@example.com/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with another account' })).toBeTruthy();
  });
});

describe('header organization switcher', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    vi.clearAllMocks();
  });
  afterEach(() => cleanup());

  it('lists the organizations, marks the active one and switches', async () => {
    signInAs(OWNER);
    org.list.mockImplementation(() =>
      ok([
        fullOrganization(),
        { id: 'o2', name: 'Globex', slug: 'globex', logo: null, metadata: null, createdAt: now },
      ]),
    );
    org.setActive.mockImplementation(() => ok(null));
    renderAt('/organization/members');
    const toggle = await screen.findByRole('button', { name: /Organization: Acme Research/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list', { name: 'Your organizations' });
    expect(
      within(list)
        .getByRole('button', { name: /Acme Research/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    expect(screen.getByRole('link', { name: 'Create organization' }).getAttribute('href')).toBe('/organization/new');
    fireEvent.click(within(list).getByRole('button', { name: /Globex/ }));
    await waitFor(() => expect(org.setActive).toHaveBeenCalledWith({ organizationId: 'o2' }));
  });
});

describe('badges, the default team, the only organization restored, deep links', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    vi.clearAllMocks();
  });
  afterEach(() => cleanup());

  /** Signed in again: the session names no active organization until the app sets one. */
  function signInAgainAs(member: MemberWithUser) {
    signInAs(member);
    const fresh = sessionAs(member);
    setSession({ ...fresh, session: { ...fresh.session, activeOrganizationId: null } });
    org.getFullOrganization.mockImplementation(() => ok(null));
    org.setActive.mockImplementation(() => {
      setSession(sessionAs(member));
      org.getFullOrganization.mockImplementation(() => ok(fullOrganization()));
      return ok(null);
    });
  }

  it('draws a role the same way on the members and the invitations lists', async () => {
    signInAs(OWNER);
    renderAt('/organization/members');
    await heading('Members');
    // (the row's role picker has a "Member" option too: the badge is the span)
    await waitFor(() => expect(within(memberRow('Linus')).getByText('Member', { selector: 'span' })).toBeTruthy());
    const onMembers = within(memberRow('Linus')).getByText('Member', { selector: 'span' });
    expect(onMembers.className).toBe('badge badge--neutral');
    expect(onMembers.parentElement?.className).toBe('badge-row');
    expect(within(memberRow('Ada')).getByText('Owner', { selector: 'span' }).className).toBe('badge badge--accent');
    expect(within(memberRow('Ada')).getByText('You').className).toBe('badge badge--accent');
    cleanup();

    renderAt('/organization/invitations');
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    const onInvitations = await within(pending).findByText('Member');
    expect(onInvitations.className).toBe(onMembers.className);
    expect(onInvitations.parentElement?.className).toBe('badge-row');
  });

  it('marks the team made with the organization instead of showing a second "Acme Research"', async () => {
    signInAs(OWNER);
    org.listTeams.mockImplementation(() =>
      ok([
        { id: 't1', name: 'Acme Research', organizationId: 'o1', createdAt: now, updatedAt: null },
        { id: 't2', name: 'Mill designers', organizationId: 'o1', createdAt: now, updatedAt: null },
      ]),
    );
    renderAt('/organization/teams');
    await heading('Teams');
    const defaultTeam = await screen.findByRole('region', { name: 'Acme Research' });
    expect(within(defaultTeam).getByText('Default team').className).toBe('badge badge--neutral');
    expect(within(defaultTeam).getByText(/Made with Acme Research and named after it/)).toBeTruthy();
    const other = screen.getByRole('region', { name: 'Mill designers' });
    expect(within(other).queryByText('Default team')).toBeNull();
    // the badge is beside the heading, not in the region's name
    expect(within(defaultTeam).getByRole('heading', { level: 2 }).textContent).toBe('Acme Research');
  });

  it('signed in again with one organization: it is active again and a deep link opens the tab it names', async () => {
    signInAgainAs(OWNER);
    renderAt('/organization/teams');
    await waitFor(() => expect(org.setActive).toHaveBeenCalledWith({ organizationId: 'o1' }));
    await heading('Teams');
    expect(nav().querySelector('[aria-current="page"]')?.textContent).toBe('Teams');
    expect(await screen.findByRole('button', { name: /Organization: Acme Research/ })).toBeTruthy();
    expect(org.setActive).toHaveBeenCalledTimes(1);
  });

  it('with several organizations nothing is chosen for the person; the one they open shows the named tab', async () => {
    signInAgainAs(OWNER);
    org.list.mockImplementation(() =>
      ok([
        fullOrganization(),
        { id: 'o2', name: 'Globex', slug: 'globex', logo: null, metadata: null, createdAt: now },
      ]),
    );
    renderAt('/organization/settings');
    await heading('Organizations');
    const open = await screen.findByRole('button', { name: /Acme Research/ });
    expect(org.setActive).not.toHaveBeenCalled();
    fireEvent.click(open);
    await heading('Organization settings');
    expect(org.setActive).toHaveBeenCalledWith({ organizationId: 'o1' });
  });
});
