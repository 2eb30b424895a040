// @vitest-environment happy-dom
/**
 * The invitee's screens (issue 16 item 7): the invitation link signed out says which organization
 * and who invited; "Create an account" fills in the invited address and comes back; the verified
 * page carries on to the invitation; the person's own pending invitations in the header's switcher
 * and on the organizations page, with Accept and Decline.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrganizationSwitcher } from '../../components/organization-switcher.tsx';
import { resetConfigForTests } from '../../config.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import type { AuthResult, SessionData } from '../../lib/wire-types.ts';
import { currentSession, mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { TestQueryProvider } from '../../test/render.tsx';
import { SignUpPage } from '../auth/sign-up.tsx';
import { VerifiedPage } from '../auth/verified.tsx';
import { AcceptInvitationPage } from './accept-invitation.tsx';
import { OrganizationLayout } from './layout.tsx';
import { MembersPage } from './members.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const org = mockClient.organization;
const ok = <T,>(data: T): Promise<AuthResult<T>> => Promise.resolve({ data, error: null });
const fail = (status: number, code: string) => Promise.resolve({ data: null, error: { status, code, message: code } });
const later = new Date(Date.now() + 48 * 3600_000).toISOString();
const now = new Date().toISOString();

const PREVIEW = {
  id: 'inv1',
  email: 'bob@example.com',
  role: 'admin',
  expiresAt: later,
  organizationName: 'Acme Research',
  organizationSlug: 'acme-research',
  organizationLogo: null,
  inviterName: 'Ada Lovelace',
};

const WAITING = {
  id: 'inv7',
  organizationId: 'o7',
  email: 'bob@example.com',
  role: 'member',
  teamId: null,
  status: 'pending' as const,
  expiresAt: later,
  createdAt: now,
  inviterId: 'u1',
  organizationName: 'Globex',
  organizationSlug: 'globex',
};

function bob(emailVerified = true): SessionData {
  const session = signedInSession();
  return {
    user: { ...session.user, id: 'u9', name: 'Bob', email: 'bob@example.com', emailVerified },
    session: { ...session.session, userId: 'u9', activeOrganizationId: null },
  };
}

function renderAt(path: string) {
  return render(
    <TestQueryProvider session={currentSession()}>
      <MemoryRouter initialEntries={[path]}>
        <I18nProvider>
          {currentSession() ? <OrganizationSwitcher /> : null}
          <Routes>
            <Route path="/accept-invitation/:id" element={<AcceptInvitationPage />} />
            <Route path="/sign-up" element={<SignUpPage />} />
            <Route path="/verified" element={<VerifiedPage />} />
            <Route path="/sign-in" element={<p>Sign-in page</p>} />
            <Route path="/organization" element={<OrganizationLayout />}>
              <Route path="members" element={<MembersPage />} />
            </Route>
          </Routes>
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('the invitation link, signed out', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    window.__LATCH__ = { appName: 'Acme', providers: [], features: { username: false } };
    resetConfigForTests();
    vi.clearAllMocks();
    setSession(null);
  });
  afterEach(() => {
    cleanup();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('says which organization, who invited, the role and the address, then offers sign-in and sign-up that come back', async () => {
    org.getInvitationPreview.mockImplementation(() => ok(PREVIEW));
    renderAt('/accept-invitation/inv1');
    await heading('Join Acme Research');
    expect(screen.getByText('Ada Lovelace invites you to join.')).toBeTruthy();
    expect(org.getInvitationPreview).toHaveBeenCalledWith({ id: 'inv1' });
    expect(org.getInvitation).not.toHaveBeenCalled();
    const facts = screen.getAllByRole('definition')[0]?.closest('dl') as HTMLElement;
    expect(within(facts).getByText('Acme Research')).toBeTruthy();
    expect(within(facts).getByText('Admin')).toBeTruthy();
    expect(within(facts).getByText('bob@example.com')).toBeTruthy();
    const back = encodeURIComponent('/accept-invitation/inv1');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/sign-in?next=${back}`);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/sign-up?email=${encodeURIComponent('bob@example.com')}&next=${back}`,
    );
  });

  it('an invitation that is no longer open says so, and offers nothing to answer it with', async () => {
    org.getInvitationPreview.mockImplementation(() => fail(400, 'INVITATION_NOT_FOUND'));
    renderAt('/accept-invitation/gone');
    await heading('Invitation');
    expect(screen.getByRole('alert').textContent).toContain('This invitation cannot be used');
    // no "sign in to answer it", no account to create for it: a plain way to sign in
    expect(screen.queryByText(/answer it/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
  });

  it('sign-up fills in the invited address, sends the way back to the verification link, and returns there', async () => {
    const next = '/accept-invitation/inv1';
    mockClient.signUp.email.mockImplementation(() => {
      setSession(bob(false));
      return ok({ token: 'tok', user: bob(false).user });
    });
    org.getInvitation.mockImplementation(() =>
      ok({
        ...WAITING,
        id: 'inv1',
        organizationName: 'Acme Research',
        inviterEmail: 'ada@example.com',
        inviterName: 'Ada Lovelace',
      }),
    );
    renderAt(`/sign-up?email=${encodeURIComponent('bob@example.com')}&next=${encodeURIComponent(next)}`);
    await heading('Create your account');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('bob@example.com');
    expect(screen.getByText('This is the address your invitation was sent to.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Bob' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long and unusual passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await heading('Join Acme Research');
    expect(mockClient.signUp.email).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'bob@example.com', callbackURL: `/verified?next=${encodeURIComponent(next)}` }),
    );
  });

  it('an outside address in `next` is not followed', async () => {
    renderAt(`/sign-up?next=${encodeURIComponent('//evil.example/x')}`);
    await heading('Create your account');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
  });

  it('the verified page carries on to the invitation, through sign-in when signed out', async () => {
    const next = '/accept-invitation/inv1';
    renderAt(`/verified?next=${encodeURIComponent(next)}`);
    await heading('Email verified');
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      `/sign-in?next=${encodeURIComponent(next)}`,
    );
    cleanup();
    setSession(bob(true));
    renderAt(`/verified?next=${encodeURIComponent(next)}`);
    await heading('Email verified');
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(next);
  });
});

describe('pending invitations of the signed-in person', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.clearAllMocks();
    setSession(bob(true));
    org.list.mockImplementation(() => ok([]));
    org.getFullOrganization.mockImplementation(() => ok(null));
    org.listUserInvitations.mockImplementation(() => ok([WAITING]));
  });
  afterEach(() => cleanup());

  it('the switcher counts them and accepts one: the organization opens with a welcome', async () => {
    org.acceptInvitation.mockImplementation(() => {
      setSession({ ...bob(true), session: { ...bob(true).session, activeOrganizationId: 'o7' } });
      org.getFullOrganization.mockImplementation(() =>
        ok({
          id: 'o7',
          name: 'Globex',
          slug: 'globex',
          logo: null,
          metadata: null,
          createdAt: now,
          members: [
            {
              id: 'm9',
              organizationId: 'o7',
              userId: 'u9',
              role: 'member',
              createdAt: now,
              user: { id: 'u9', name: 'Bob', email: 'bob@example.com', image: null },
            },
          ],
          invitations: [],
        }),
      );
      org.listUserInvitations.mockImplementation(() => ok([]));
      return ok({ invitation: { ...WAITING, status: 'accepted' }, member: { ...WAITING, id: 'm9', userId: 'u9' } });
    });
    renderAt('/organization');
    const toggle = await screen.findByRole('button', { name: /Invitations for you: 1/ });
    fireEvent.click(toggle);
    // the switcher's own panel (the organizations page below lists them too)
    const panel = within(toggle.parentElement as HTMLElement).getByRole('region', { name: 'Invitations for you' });
    expect(within(panel).getByText('Globex')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Accept invitation to Globex' }));
    await heading('Members');
    expect(org.acceptInvitation).toHaveBeenCalledWith({ invitationId: 'inv7' });
    expect(await screen.findByText('You are now a member of Globex.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Invitations for you/ })).toBeNull());
  });

  it('the organizations page lists them too; declining says so and removes it', async () => {
    org.rejectInvitation.mockImplementation(() => {
      org.listUserInvitations.mockImplementation(() => ok([]));
      return ok({ invitation: { ...WAITING, status: 'rejected' }, member: null });
    });
    renderAt('/organization');
    await heading('Organizations');
    const main = await screen.findByRole('list', { name: 'Invitations for you' });
    fireEvent.click(within(main).getByRole('button', { name: 'Decline the invitation to Globex' }));
    expect(await screen.findByText('You have declined the invitation to Globex.')).toBeTruthy();
    expect(org.rejectInvitation).toHaveBeenCalledWith({ invitationId: 'inv7' });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Invitations for you' })).toBeNull());
  });

  it('an unverified address is not asked for invitations; the page says why none show', async () => {
    setSession(bob(false));
    renderAt('/organization');
    await heading('Organizations');
    expect(screen.getByText('Verify your email address to see the invitations sent to it.')).toBeTruthy();
    expect(org.listUserInvitations).not.toHaveBeenCalled();
  });
});
