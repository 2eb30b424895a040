/**
 * A signed-in person's header (components/layout.tsx, `SiteHeader`): the organization switcher, the
 * admin link, their name and picture, and signing out, with what went wrong when it failed. A file
 * of its own, fetched with the first signed-in page: the sign-in page does not download it.
 */
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../i18n/i18n.tsx';
import { describeError } from '../lib/errors.ts';
import { useSignOut } from '../lib/sign-out.ts';
import type { User } from '../lib/wire-types.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Avatar, OrgRowPlaceholder } from './layout.tsx';

const OrganizationSwitcher = lazy(() =>
  import('./organization-switcher.tsx').then((m) => ({ default: m.OrganizationSwitcher })),
);
const AdminLink = lazy(() => import('../pages/admin/admin-link.tsx').then((m) => ({ default: m.AdminLink })));

export function SignedInHeader({
  user,
  Frame,
}: {
  user: User;
  Frame: ComponentType<{ children?: ReactNode; org?: ReactNode }>;
}) {
  const { t } = useI18n();
  const signOut = useSignOut();
  const signOutError = signOut.error;

  // a failed sign-out leaves the session in place: it is said here rather than on a sign-in page that sends the person back
  const startSignOut = () => void signOut.signOut('/sign-in?signedOut=1');

  return (
    <>
      <Frame
        org={
          // its own row under the brand on a phone, so the organization's name is not cut to a few letters
          <div className="site-header__org">
            <Suspense fallback={<OrgRowPlaceholder />}>
              <OrganizationSwitcher key={user.id} />
            </Suspense>
          </div>
        }
      >
        <Suspense fallback={null}>
          <AdminLink />
        </Suspense>
        {/* the accessible name starts with what the link shows (WCAG 2.5.3 label in name) */}
        <Link to="/settings/profile" className="header-user">
          <Avatar user={user} image={user.image ?? null} size={30} />
          <span className="header-user__name">{user.name || user.email}</span>
          <span className="visually-hidden">, {t.common.settings}</span>
        </Link>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={startSignOut}
          disabled={signOut.isPending}
        >
          {signOut.isPending ? t.common.signingOut : t.common.signOut}
        </button>
      </Frame>
      {/* below the sticky header, in the page's flow: it must not cover the page as it scrolls */}
      {signOutError ? (
        <div className="site-notice">
          <Alert
            tone="error"
            focus
            title={t.network.signOutFailed}
            actions={
              <Button variant="secondary" onClick={startSignOut} pending={signOut.isPending}>
                {t.network.retry}
              </Button>
            }
          >
            {describeError(signOutError, t)}
          </Alert>
        </div>
      ) : null}
    </>
  );
}
