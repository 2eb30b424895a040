// @vitest-environment happy-dom
/**
 * One behaviour for every form (issue 16 items 1 and 2): after the server refuses a submit, focus
 * lands where the message is, and the message is announced (role="alert"):
 * - a refusal of the whole attempt: the form's alert takes focus;
 * - a refusal of one field's value (a wrong code, a taken username): that field takes focus, and
 *   its message, which the field names in aria-describedby, is an alert;
 * - a request that never reached the service: the alert says so (not "the server ran into a
 *   problem"), says nothing typed is lost (and nothing is), and "Try again" sends the same again.
 *
 * happy-dom would let focus() land inside the still-disabled fieldset; `focusAsBrowsersDo` makes
 * it ignore that call as a browser does, so a focus moved too early fails here as in Chromium.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { resetConfigForTests } from '../config.ts';
import { I18nProvider } from '../i18n/i18n.tsx';
import '../test/messages.ts';
import { CATALOG } from '../i18n/catalog.ts';
import type { Account, AuthError, FullOrganization, MemberWithUser, SessionData } from '../lib/wire-types.ts';
import { DeleteAccountPage } from '../pages/account/delete.tsx';
import { EmailPage } from '../pages/account/email.tsx';
import { PasswordPage } from '../pages/account/password.tsx';
import { ProfilePage } from '../pages/account/profile.tsx';
import { ForgotPasswordPage } from '../pages/auth/forgot-password.tsx';
import { ResetPasswordPage } from '../pages/auth/reset-password.tsx';
import { SignInPage } from '../pages/auth/sign-in.tsx';
import { SignUpPage } from '../pages/auth/sign-up.tsx';
import { VerifiedPage } from '../pages/auth/verified.tsx';
import { InvitationsPage } from '../pages/organization/invitations.tsx';
import { OrganizationLayout } from '../pages/organization/layout.tsx';
import { CreateOrganizationPage } from '../pages/organization/new.tsx';
import { OrganizationSettingsPage } from '../pages/organization/settings.tsx';
import { TeamsPage } from '../pages/organization/teams.tsx';
import { TwoFactorPage } from '../pages/two-factor/challenge.tsx';
import { TwoFactorSettingsPage } from '../pages/two-factor/settings.tsx';
import { focusAsBrowsersDo } from '../test/browser-focus.ts';
import { currentSession, mockClient, setSession, signedInSession } from '../test/mock-auth.ts';
import { TestQueryProvider } from '../test/render.tsx';
import { ReauthProvider } from './reauth.tsx';

const en = CATALOG.en;

vi.mock('../lib/auth.ts', async () => (await import('../test/mock-auth.ts')).module);

const t = en;
const now = new Date().toISOString();
const org = mockClient.organization;
const ok = <T,>(data: T) => Promise.resolve({ data, error: null });

const refusal = (status: number, code: string): AuthError => ({ status, code, message: code });
/** What @latch/client answers when fetch itself failed (the service is stopped, the network is down). */
const UNREACHABLE: AuthError = { status: 500, statusText: 'Fetch Error', message: 'Failed to fetch' };

const CREDENTIAL: Account = {
  id: 'a1',
  accountId: 'u1',
  providerId: 'credential',
  provider: 'credential',
  userId: 'u1',
  createdAt: now,
  updatedAt: now,
  scopes: [],
};

const OWNER: MemberWithUser = {
  id: 'm1',
  organizationId: 'o1',
  userId: 'u1',
  role: 'owner',
  createdAt: now,
  user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', image: null },
};

function organization(): FullOrganization {
  return {
    id: 'o1',
    name: 'Acme Research',
    slug: 'acme-research',
    logo: null,
    metadata: null,
    createdAt: now,
    members: [OWNER],
    invitations: [],
    teams: [{ id: 't1', name: 'Acme Research', organizationId: 'o1', createdAt: now, updatedAt: null }],
  };
}

function signedIn(): SessionData {
  const session = signedInSession();
  return { ...session, session: { ...session.session, activeOrganizationId: 'o1' } };
}

/** The owner of an active organization, with the organization calls answering for it. */
function ownerOfAcme() {
  setSession(signedIn());
  org.getFullOrganization.mockImplementation(() => ok(organization()));
  org.getActiveMember.mockImplementation(() => ok(OWNER));
  org.listMembers.mockImplementation(() => ok({ members: [OWNER], total: 1 }));
  org.listTeams.mockImplementation(() => ok(organization().teams ?? []));
  org.list.mockImplementation(() => ok([organization()]));
}

function renderAt(path: string) {
  return render(
    <TestQueryProvider session={currentSession()}>
      <MemoryRouter initialEntries={[path]}>
        <I18nProvider>
          <ReauthProvider>
            <Routes>
              <Route path="/sign-in" element={<SignInPage />} />
              <Route path="/sign-up" element={<SignUpPage />} />
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
              <Route path="/reset-password" element={<ResetPasswordPage />} />
              <Route path="/two-factor" element={<TwoFactorPage />} />
              <Route path="/verified" element={<VerifiedPage />} />
              <Route path="/settings/profile" element={<ProfilePage />} />
              <Route path="/settings/email" element={<EmailPage />} />
              <Route path="/settings/password" element={<PasswordPage />} />
              <Route path="/settings/two-factor" element={<TwoFactorSettingsPage />} />
              <Route path="/settings/delete" element={<DeleteAccountPage />} />
              <Route path="/organization/new" element={<CreateOrganizationPage />} />
              <Route path="/organization" element={<OrganizationLayout />}>
                <Route path="invitations" element={<InvitationsPage />} />
                <Route path="teams" element={<TeamsPage />} />
                <Route path="settings" element={<OrganizationSettingsPage />} />
              </Route>
            </Routes>
          </ReauthProvider>
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

const fill = async (label: string | RegExp, value: string) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
const click = async (name: string) => fireEvent.click(await screen.findByRole('button', { name }));

interface FormCase {
  form: string;
  /** Opens the page and fills the form so that it passes its own checks. */
  open(): Promise<void>;
  /** The field whose typed value must survive a failed request, and that value. */
  typed: { label: string | RegExp; value: string };
  /** The client call the form makes. */
  call(): Mock;
  submit: string;
  /** A refusal of the whole attempt, and its words. */
  whole: { error: AuthError; message: string };
  /** A refusal of one field's value: its words at the field, which takes focus. */
  field?: { error: AuthError; message: string; label: string | RegExp };
}

const STRONG = 'correct horse battery staple';

const CASES: FormCase[] = [
  {
    form: 'sign-in',
    async open() {
      renderAt('/sign-in');
      await fill(t.signIn.identifierLabel, 'ada@example.com');
      await fill(t.common.password, 'not the password');
    },
    typed: { label: t.signIn.identifierLabel, value: 'ada@example.com' },
    call: () => mockClient.signIn.email,
    submit: t.signIn.submit,
    whole: { error: refusal(401, 'INVALID_EMAIL_OR_PASSWORD'), message: t.errors.INVALID_EMAIL_OR_PASSWORD },
  },
  {
    form: 'sign-up',
    async open() {
      renderAt('/sign-up');
      await fill(t.signUp.nameLabel, 'Ada Lovelace');
      await fill(t.common.email, 'ada@example.com');
      await fill(new RegExp(`^${t.signUp.usernameLabel}`), 'ada_l');
      await fill(t.common.password, STRONG);
      await screen.findByText(`ada_l is available.`);
    },
    typed: { label: t.signUp.nameLabel, value: 'Ada Lovelace' },
    call: () => mockClient.signUp.email,
    submit: t.signUp.submit,
    whole: { error: refusal(422, 'USER_ALREADY_EXISTS'), message: t.errors.USER_ALREADY_EXISTS },
    field: {
      error: refusal(422, 'USERNAME_IS_ALREADY_TAKEN'),
      message: t.errors.USERNAME_IS_ALREADY_TAKEN,
      label: new RegExp(`^${t.signUp.usernameLabel}`),
    },
  },
  {
    form: 'forgot password',
    async open() {
      renderAt('/forgot-password');
      await fill(t.common.email, 'ada@example.com');
    },
    typed: { label: t.common.email, value: 'ada@example.com' },
    call: () => mockClient.requestPasswordReset,
    submit: t.forgotPassword.submit,
    whole: { error: { status: 429, message: 'Too many requests' }, message: t.errors.TOO_MANY_REQUESTS },
  },
  {
    form: 'reset password',
    async open() {
      renderAt('/reset-password?token=abc');
      await fill(t.resetPassword.newPasswordLabel, STRONG);
      await fill(t.resetPassword.confirmPasswordLabel, STRONG);
    },
    typed: { label: t.resetPassword.confirmPasswordLabel, value: STRONG },
    call: () => mockClient.resetPassword,
    submit: t.resetPassword.submit,
    whole: { error: refusal(500, 'INTERNAL_SERVER_ERROR'), message: t.errors.INTERNAL_SERVER_ERROR },
    field: {
      error: refusal(400, 'PASSWORD_COMPROMISED'),
      message: t.errors.PASSWORD_COMPROMISED,
      label: t.resetPassword.newPasswordLabel,
    },
  },
  {
    form: 'two-factor challenge',
    async open() {
      renderAt('/two-factor');
      await fill(t.twoFactor.totpLabel, '123456');
    },
    typed: { label: t.twoFactor.totpLabel, value: '123456' },
    call: () => mockClient.twoFactor.verifyTotp,
    submit: t.twoFactor.submit,
    whole: { error: refusal(429, 'ACCOUNT_TEMPORARILY_LOCKED'), message: t.errors.ACCOUNT_TEMPORARILY_LOCKED },
    field: { error: refusal(401, 'INVALID_CODE'), message: t.errors.INVALID_CODE, label: t.twoFactor.totpLabel },
  },
  {
    form: 'new verification link',
    async open() {
      renderAt('/verified?error=token_expired');
      await fill(t.common.email, 'ada@example.com');
    },
    typed: { label: t.common.email, value: 'ada@example.com' },
    call: () => mockClient.sendVerificationEmail,
    submit: t.verifyEmail.resendSubmit,
    whole: { error: { status: 429, message: 'Too many requests' }, message: t.errors.TOO_MANY_REQUESTS },
  },
  {
    form: 'profile',
    async open() {
      setSession(signedIn());
      renderAt('/settings/profile');
      await fill(t.profile.nameLabel, 'Ada King');
      await fill(t.profile.usernameLabel, 'ada_king');
    },
    typed: { label: t.profile.nameLabel, value: 'Ada King' },
    call: () => mockClient.updateUser,
    submit: t.common.save,
    whole: { error: refusal(500, 'INTERNAL_SERVER_ERROR'), message: t.errors.INTERNAL_SERVER_ERROR },
    field: {
      error: refusal(422, 'USERNAME_IS_ALREADY_TAKEN'),
      message: t.errors.USERNAME_IS_ALREADY_TAKEN,
      label: t.profile.usernameLabel,
    },
  },
  {
    form: 'change email',
    async open() {
      setSession(signedIn());
      renderAt('/settings/email');
      await fill(t.emailSettings.newEmailLabel, 'ada@new.example');
    },
    typed: { label: t.emailSettings.newEmailLabel, value: 'ada@new.example' },
    call: () => mockClient.changeEmail,
    submit: t.emailSettings.submit,
    whole: { error: refusal(400, 'COULDNT_UPDATE_YOUR_EMAIL'), message: t.errors.COULDNT_UPDATE_YOUR_EMAIL },
  },
  {
    form: 'password again (re-authentication dialog)',
    async open() {
      setSession(signedIn());
      mockClient.listAccounts.mockImplementation(() => ok([CREDENTIAL]));
      mockClient.changeEmail.mockResolvedValueOnce({ data: null, error: refusal(403, 'REAUTHENTICATION_REQUIRED') });
      renderAt('/settings/email');
      await fill(t.emailSettings.newEmailLabel, 'ada@new.example');
      await click(t.emailSettings.submit);
      await fill(t.reauth.passwordLabel, 'not the password');
    },
    typed: { label: t.reauth.passwordLabel, value: 'not the password' },
    call: () => mockClient.verifyPassword,
    submit: t.reauth.submit,
    whole: { error: { status: 429, message: 'Too many requests' }, message: t.errors.TOO_MANY_REQUESTS },
    field: {
      error: refusal(400, 'INVALID_PASSWORD'),
      message: t.errors.INVALID_PASSWORD,
      label: t.reauth.passwordLabel,
    },
  },
  {
    form: 'change password',
    async open() {
      setSession(signedIn());
      mockClient.listAccounts.mockImplementation(() => ok([CREDENTIAL]));
      renderAt('/settings/password');
      await fill(t.passwordSettings.currentLabel, 'not the password');
      await fill(t.passwordSettings.newLabel, STRONG);
      await fill(t.passwordSettings.confirmLabel, STRONG);
    },
    typed: { label: t.passwordSettings.newLabel, value: STRONG },
    call: () => mockClient.changePassword,
    submit: t.passwordSettings.submit,
    whole: { error: refusal(500, 'INTERNAL_SERVER_ERROR'), message: t.errors.INTERNAL_SERVER_ERROR },
    field: {
      error: refusal(400, 'INVALID_PASSWORD'),
      message: t.errors.INVALID_PASSWORD,
      label: t.passwordSettings.currentLabel,
    },
  },
  {
    form: 'two-factor settings, the password step',
    async open() {
      setSession(signedIn());
      renderAt('/settings/two-factor');
      await click(t.twoFactorSettings.turnOn);
      await fill(t.twoFactorSettings.passwordLabel, 'not the password');
    },
    typed: { label: t.twoFactorSettings.passwordLabel, value: 'not the password' },
    call: () => mockClient.twoFactor.enable,
    submit: t.common.continue,
    whole: { error: refusal(500, 'INTERNAL_SERVER_ERROR'), message: t.errors.INTERNAL_SERVER_ERROR },
    field: {
      error: refusal(400, 'INVALID_PASSWORD'),
      message: t.errors.INVALID_PASSWORD,
      label: t.twoFactorSettings.passwordLabel,
    },
  },
  {
    form: 'two-factor settings, the confirm step',
    async open() {
      setSession(signedIn());
      mockClient.twoFactor.enable.mockResolvedValueOnce({
        data: {
          method: 'totp',
          totpURI: 'otpauth://totp/Acme:ada?secret=MFRGGZDFMZTWQ2LK&issuer=Acme',
          backupCodes: [],
        },
        error: null,
      });
      renderAt('/settings/two-factor');
      await click(t.twoFactorSettings.turnOn);
      await fill(t.twoFactorSettings.passwordLabel, STRONG);
      await click(t.common.continue);
      await screen.findByRole('heading', { name: t.twoFactorSettings.confirmTitle });
      await fill(t.twoFactorSettings.codeLabel, '123456');
    },
    typed: { label: t.twoFactorSettings.codeLabel, value: '123456' },
    call: () => mockClient.twoFactor.verifyTotp,
    submit: t.twoFactorSettings.confirm,
    whole: { error: refusal(500, 'INTERNAL_SERVER_ERROR'), message: t.errors.INTERNAL_SERVER_ERROR },
    field: {
      error: refusal(401, 'INVALID_CODE'),
      message: t.errors.INVALID_CODE,
      label: t.twoFactorSettings.codeLabel,
    },
  },
  {
    form: 'delete account',
    async open() {
      setSession(signedIn());
      mockClient.listAccounts.mockImplementation(() => ok([CREDENTIAL]));
      renderAt('/settings/delete');
      await fill(t.deleteAccount.passwordLabel, 'not the password');
      fireEvent.click(await screen.findByLabelText(t.deleteAccount.confirm));
    },
    typed: { label: t.deleteAccount.passwordLabel, value: 'not the password' },
    call: () => mockClient.deleteUser,
    submit: t.deleteAccount.submit,
    whole: { error: refusal(500, 'INTERNAL_SERVER_ERROR'), message: t.errors.INTERNAL_SERVER_ERROR },
    field: {
      error: refusal(400, 'INVALID_PASSWORD'),
      message: t.errors.INVALID_PASSWORD,
      label: t.deleteAccount.passwordLabel,
    },
  },
  {
    form: 'create organization',
    async open() {
      setSession(signedIn());
      renderAt('/organization/new');
      await fill(t.organization.nameLabel, 'Acme');
    },
    typed: { label: t.organization.nameLabel, value: 'Acme' },
    call: () => org.create,
    submit: t.organization.createSubmit,
    whole: {
      error: refusal(403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION'),
      message: t.errors.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION,
    },
    field: {
      error: refusal(400, 'ORGANIZATION_ALREADY_EXISTS'),
      message: t.organization.slugTaken,
      label: t.organization.slugLabel,
    },
  },
  {
    form: 'organization settings',
    async open() {
      ownerOfAcme();
      renderAt('/organization/settings');
      await fill(t.organization.nameLabel, 'Acme Labs');
    },
    typed: { label: t.organization.nameLabel, value: 'Acme Labs' },
    call: () => org.update,
    submit: t.common.save,
    whole: { error: refusal(500, 'INTERNAL_SERVER_ERROR'), message: t.errors.INTERNAL_SERVER_ERROR },
    field: {
      error: refusal(400, 'ORGANIZATION_SLUG_ALREADY_TAKEN'),
      message: t.organization.slugTaken,
      label: t.organization.slugLabel,
    },
  },
  {
    form: 'invite someone',
    async open() {
      ownerOfAcme();
      renderAt('/organization/invitations');
      await fill(t.organization.inviteEmailLabel, 'bob@example.com');
    },
    typed: { label: t.organization.inviteEmailLabel, value: 'bob@example.com' },
    call: () => org.inviteMember,
    submit: t.organization.inviteSubmit,
    whole: {
      error: refusal(400, 'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION'),
      message: t.errors.USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION,
    },
  },
  {
    form: 'create team',
    async open() {
      ownerOfAcme();
      renderAt('/organization/teams');
      await fill(t.organization.teamNameLabel, 'Research');
    },
    typed: { label: t.organization.teamNameLabel, value: 'Research' },
    call: () => org.createTeam,
    submit: t.organization.createTeam,
    whole: {
      error: refusal(403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM'),
      message: t.errors.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM,
    },
  },
];

/** The alert that holds `text` (the message itself, or the box around it). */
function alertWith(text: string): HTMLElement {
  const alert = screen
    .getAllByRole('alert')
    .find((element) => element.textContent?.includes(text) && element.matches('[role="alert"]'));
  if (!alert) throw new Error(`no role="alert" says: ${text}`);
  return alert;
}

describe('every form, after the server refused a submit', () => {
  let restoreFocus: () => void = () => {};
  beforeAll(() => {
    restoreFocus = focusAsBrowsersDo();
  });
  afterAll(() => restoreFocus());

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    window.__LATCH__ = {
      appName: 'Acme',
      providers: [],
      features: { username: true, deleteUser: true, emailVerification: true },
    };
    resetConfigForTests();
    vi.clearAllMocks();
    setSession(null);
  });

  afterEach(() => {
    cleanup();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  for (const form of CASES) {
    describe(form.form, () => {
      it('a refusal of the attempt: focus on the form’s alert, which says it', async () => {
        await form.open();
        form.call().mockResolvedValueOnce({ data: null, error: form.whole.error });
        await click(form.submit);
        await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('alert'));
        const focused = document.activeElement as HTMLElement;
        expect(focused.textContent).toContain(form.whole.message);
        // the alert of this form, not some other box on the page
        const typed = screen.getByLabelText(form.typed.label);
        expect(focused.closest('form')).toBe(typed.closest('form'));
        expect(form.call()).toHaveBeenCalledTimes(1);
      });

      const field = form.field;
      if (field) {
        it('a refusal of one field: focus on that field, its message announced and named by it', async () => {
          await form.open();
          form.call().mockResolvedValueOnce({ data: null, error: field.error });
          await click(form.submit);
          const input = screen.getByLabelText(field.label);
          await waitFor(() => expect(document.activeElement).toBe(input));
          expect(input.getAttribute('aria-invalid')).toBe('true');
          const alert = alertWith(field.message);
          expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
        });
      }

      it('the service out of reach: says so, keeps what was typed, and "Try again" sends it again', async () => {
        await form.open();
        form.call().mockResolvedValueOnce({ data: null, error: UNREACHABLE });
        await click(form.submit);
        await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('alert'));
        const alert = document.activeElement as HTMLElement;
        expect(alert.textContent).toContain(t.network.unreachable);
        expect(alert.textContent).toContain(t.network.inputKept);
        expect(alert.textContent).not.toContain(t.errors.INTERNAL_SERVER_ERROR);
        expect((screen.getByLabelText(form.typed.label) as HTMLInputElement).value).toBe(form.typed.value);

        const [sent] = form.call().mock.calls;
        form.call().mockResolvedValueOnce({ data: null, error: form.whole.error });
        fireEvent.click(within(alert).getByRole('button', { name: t.network.retry }));
        await waitFor(() => expect(form.call()).toHaveBeenCalledTimes(2));
        expect(form.call().mock.calls[1]).toEqual(sent);
        // the next answer is shown in its place
        await waitFor(() => expect(document.activeElement?.textContent).toContain(form.whole.message));
      });
    });
  }
});

describe('offline', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('when the browser knows it has no network, the message says "offline"', async () => {
    localStorage.setItem('latch.language', 'en');
    setSession(null);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt('/forgot-password');
    await fill(t.common.email, 'ada@example.com');
    mockClient.requestPasswordReset.mockResolvedValueOnce({ data: null, error: UNREACHABLE });
    await click(t.forgotPassword.submit);
    await waitFor(() => expect(document.activeElement?.textContent).toContain(t.network.offline));
  });
});
