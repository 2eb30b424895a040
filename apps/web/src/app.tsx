import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { FullPageSpinner, RequireSession, SiteFooter, SiteHeader } from './components/layout.tsx';
import { ReauthProvider } from './components/reauth.tsx';
import { useI18n } from './i18n/i18n.tsx';
import { useSession, useSessionSync } from './lib/session.ts';
import { HOME_PATH } from './lib/validation.ts';
import { AccountsPage } from './pages/account/accounts.tsx';
import { ApproveEmailChangePage } from './pages/account/approve-email-change.tsx';
import { DeleteAccountPage } from './pages/account/delete.tsx';
import { EmailPage } from './pages/account/email.tsx';
import { SettingsLayout } from './pages/account/layout.tsx';
import { PasskeysPage } from './pages/account/passkeys.tsx';
import { PasswordPage } from './pages/account/password.tsx';
import { ProfilePage } from './pages/account/profile.tsx';
import { SecurityActivityPage } from './pages/account/security-activity.tsx';
import { SessionsPage } from './pages/account/sessions.tsx';
import { UndoChangePage } from './pages/account/undo-change.tsx';
import { ImpersonationBanner } from './pages/admin/impersonation-banner.tsx';
import { AdminRoutes } from './pages/admin/routes.tsx';
import { ErrorPage, NotFoundPage } from './pages/auth/error-page.tsx';
import { ForgotPasswordPage } from './pages/auth/forgot-password.tsx';
import { ResetPasswordPage } from './pages/auth/reset-password.tsx';
import { SignInPage } from './pages/auth/sign-in.tsx';
import { SignUpPage } from './pages/auth/sign-up.tsx';
import { VerifiedPage } from './pages/auth/verified.tsx';
import { AcceptInvitationPage } from './pages/organization/accept-invitation.tsx';
import { InvitationsPage } from './pages/organization/invitations.tsx';
import { OrganizationLayout } from './pages/organization/layout.tsx';
import { MembersPage } from './pages/organization/members.tsx';
import { CreateOrganizationPage } from './pages/organization/new.tsx';
import { OrganizationSettingsPage } from './pages/organization/settings.tsx';
import { TeamsPage } from './pages/organization/teams.tsx';
import { TwoFactorPage } from './pages/two-factor/challenge.tsx';
import { TwoFactorSettingsPage } from './pages/two-factor/settings.tsx';

/** `/`: the error page when the server sent `?error=`, else on to settings or sign-in. */
function Home() {
  const [params] = useSearchParams();
  const session = useSession();
  if (params.has('error')) return <ErrorPage />;
  if (session.isPending) return <FullPageSpinner />;
  return <Navigate to={session.data ? HOME_PATH : '/sign-in'} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Home />} />
      <Route path="/sign-in" element={<SignInPage />} />
      <Route path="/two-factor" element={<TwoFactorPage />} />
      <Route path="/sign-up" element={<SignUpPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/verified" element={<VerifiedPage />} />
      <Route path="/approve-email-change" element={<ApproveEmailChangePage />} />
      <Route path="/undo-change" element={<UndoChangePage />} />
      <Route path="/error" element={<ErrorPage />} />
      <Route
        path="/settings"
        element={
          <RequireSession>
            <SettingsLayout />
          </RequireSession>
        }
      >
        <Route index element={<Navigate to="profile" replace />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="email" element={<EmailPage />} />
        <Route path="password" element={<PasswordPage />} />
        <Route path="passkeys" element={<PasskeysPage />} />
        <Route path="accounts" element={<AccountsPage />} />
        <Route path="two-factor" element={<TwoFactorSettingsPage />} />
        <Route path="sessions" element={<SessionsPage />} />
        <Route path="activity" element={<SecurityActivityPage />} />
        <Route path="delete" element={<DeleteAccountPage />} />
      </Route>
      <Route path="/accept-invitation/:id" element={<AcceptInvitationPage />} />
      <Route
        path="/organization/new"
        element={
          <RequireSession>
            <CreateOrganizationPage />
          </RequireSession>
        }
      />
      <Route
        path="/organization"
        element={
          <RequireSession>
            <OrganizationLayout />
          </RequireSession>
        }
      >
        <Route index element={<Navigate to="members" replace />} />
        <Route path="members" element={<MembersPage />} />
        <Route path="invitations" element={<InvitationsPage />} />
        <Route path="teams" element={<TeamsPage />} />
        <Route path="settings" element={<OrganizationSettingsPage />} />
      </Route>
      <Route
        path="/admin/*"
        element={
          <RequireSession>
            <AdminRoutes />
          </RequireSession>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/**
 * A new page starts at its top, as after a full page load: without this, following a link at the
 * bottom of one screen (sign-in's "Create an account") lands in the middle of the next one.
 */
function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** The page frame: skip link, banner, main landmark, footer. */
export function App() {
  const { t } = useI18n();
  useScrollToTopOnNavigation();
  useSessionSync();
  return (
    <>
      <a className="skip-link" href="#main">
        {t.common.skipToContent}
      </a>
      <SiteHeader />
      <ImpersonationBanner />
      <main id="main" className="main" tabIndex={-1}>
        <ReauthProvider>
          <AppRoutes />
        </ReauthProvider>
      </main>
      <SiteFooter />
    </>
  );
}
