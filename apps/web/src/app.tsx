import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { FullPageSpinner, RequireSession, SiteFooter, SiteHeader } from './components/layout.tsx';
import { lazyPage, PageSuspense } from './components/lazy-page.tsx';
import { ReauthProvider } from './components/reauth.tsx';
import { useI18n, WithAdminMessages } from './i18n/i18n.tsx';
import { useSession, useSessionSync } from './lib/session.ts';
import { HOME_PATH } from './lib/validation.ts';
import { SignInPage } from './pages/auth/sign-in.tsx';

// In the first download: sign-in (where most visits start) and `/`. Every other
// page is a file of its own, fetched when first shown (components/lazy-page.tsx); the admin console
// is one (pages/admin/routes.tsx and what only it uses), and the QR code library comes only with
// two-factor setup.
const ErrorPage = lazyPage(() => import('./pages/auth/error-page.tsx'), 'ErrorPage');
const NotFoundPage = lazyPage(() => import('./pages/auth/error-page.tsx'), 'NotFoundPage');
const SignUpPage = lazyPage(() => import('./pages/auth/sign-up.tsx'), 'SignUpPage');
const ForgotPasswordPage = lazyPage(() => import('./pages/auth/forgot-password.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./pages/auth/reset-password.tsx'), 'ResetPasswordPage');
const ConfirmEmailPage = lazyPage(() => import('./pages/auth/confirm-email.tsx'), 'ConfirmEmailPage');
const MagicLinkPage = lazyPage(() => import('./pages/auth/magic-link.tsx'), 'MagicLinkPage');
const VerifiedPage = lazyPage(() => import('./pages/auth/verified.tsx'), 'VerifiedPage');
const TwoFactorPage = lazyPage(() => import('./pages/two-factor/challenge.tsx'), 'TwoFactorPage');
const TwoFactorSettingsPage = lazyPage(() => import('./pages/two-factor/settings.tsx'), 'TwoFactorSettingsPage');
const ApproveEmailChangePage = lazyPage(
  () => import('./pages/account/approve-email-change.tsx'),
  'ApproveEmailChangePage',
);
const UndoChangePage = lazyPage(() => import('./pages/account/undo-change.tsx'), 'UndoChangePage');
const SettingsLayout = lazyPage(() => import('./pages/account/layout.tsx'), 'SettingsLayout');
const ProfilePage = lazyPage(() => import('./pages/account/profile.tsx'), 'ProfilePage');
const EmailPage = lazyPage(() => import('./pages/account/email.tsx'), 'EmailPage');
const PasswordPage = lazyPage(() => import('./pages/account/password.tsx'), 'PasswordPage');
const PasskeysPage = lazyPage(() => import('./pages/account/passkeys.tsx'), 'PasskeysPage');
const AccountsPage = lazyPage(() => import('./pages/account/accounts.tsx'), 'AccountsPage');
const SessionsPage = lazyPage(() => import('./pages/account/sessions.tsx'), 'SessionsPage');
const SecurityActivityPage = lazyPage(() => import('./pages/account/security-activity.tsx'), 'SecurityActivityPage');
const DeleteAccountPage = lazyPage(() => import('./pages/account/delete.tsx'), 'DeleteAccountPage');
const AcceptInvitationPage = lazyPage(
  () => import('./pages/organization/accept-invitation.tsx'),
  'AcceptInvitationPage',
);
const CreateOrganizationPage = lazyPage(() => import('./pages/organization/new.tsx'), 'CreateOrganizationPage');
const OrganizationLayout = lazyPage(() => import('./pages/organization/layout.tsx'), 'OrganizationLayout');
const MembersPage = lazyPage(() => import('./pages/organization/members.tsx'), 'MembersPage');
const InvitationsPage = lazyPage(() => import('./pages/organization/invitations.tsx'), 'InvitationsPage');
const TeamsPage = lazyPage(() => import('./pages/organization/teams.tsx'), 'TeamsPage');
const OrganizationSettingsPage = lazyPage(
  () => import('./pages/organization/settings.tsx'),
  'OrganizationSettingsPage',
);
const AdminRoutes = lazyPage(() => import('./pages/admin/routes.tsx'), 'AdminRoutes');
// not a page: no spinner of its own while on its way, and the admin messages are all it reads
const ImpersonationBanner = lazy(() =>
  import('./pages/admin/impersonation-banner.tsx').then((m) => ({ default: m.ImpersonationBanner })),
);

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
      <Route path="/magic-link" element={<MagicLinkPage />} />
      <Route path="/confirm-email" element={<ConfirmEmailPage />} />
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
            <WithAdminMessages fallback={<FullPageSpinner />}>
              <AdminRoutes />
            </WithAdminMessages>
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

/** The impersonation banner, fetched (with the admin messages) only while an admin acts as someone. */
function Impersonation() {
  const impersonating = Boolean(useSession().data?.session.impersonatedBy);
  if (!impersonating) return null;
  return (
    <WithAdminMessages fallback={null}>
      <Suspense fallback={null}>
        <ImpersonationBanner />
      </Suspense>
    </WithAdminMessages>
  );
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
      <Impersonation />
      <main id="main" className="main" tabIndex={-1}>
        <ReauthProvider>
          <PageSuspense>
            <AppRoutes />
          </PageSuspense>
        </ReauthProvider>
      </main>
      <SiteFooter />
    </>
  );
}
