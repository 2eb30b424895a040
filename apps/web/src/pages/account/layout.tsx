import { Link, Outlet, useLocation } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FormError } from '../../components/form-error.tsx';
import { Avatar } from '../../components/layout.tsx';
import { TabNav } from '../../components/tab-nav.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { format } from '../../i18n/messages.ts';
import { describeError, needsReauthentication } from '../../lib/errors.ts';
import { useSession } from '../../lib/session.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import type { AuthError } from '../../lib/wire-types.ts';

const SECTIONS = [
  'profile',
  'email',
  'password',
  'passkeys',
  'two-factor',
  'accounts',
  'sessions',
  'activity',
  'delete',
] as const;

/** Side navigation on wide screens, wrapping tabs on phones (components/tab-nav.tsx). */
export function SettingsLayout() {
  const { t } = useI18n();
  const session = useSession();
  const location = useLocation();
  const user = session.data?.user;
  // after sign-up the person lands here: say that a link is waiting in their inbox (the email page says it itself)
  const unverified = user && !user.emailVerified && !location.pathname.startsWith('/settings/email');
  const labels: Record<(typeof SECTIONS)[number], string> = {
    profile: t.settings.profile,
    email: t.settings.email,
    password: t.settings.password,
    passkeys: t.settings.passkeys,
    'two-factor': t.settings.twoFactor,
    accounts: t.settings.accounts,
    sessions: t.settings.sessions,
    activity: t.settings.activity,
    delete: t.settings.deleteAccount,
  };
  return (
    <div className="settings">
      <aside className="settings__aside">
        {user ? (
          <div className="settings__who">
            <Avatar user={user} image={user.image ?? null} size={44} />
            <div className="settings__who-text">
              <p className="settings__who-name">{user.name || user.email}</p>
              <p className="settings__who-email">{user.email}</p>
            </div>
          </div>
        ) : null}
        <TabNav
          label={t.settings.navLabel}
          // passkeys where the operator turned them on (plugins.passkey)
          items={SECTIONS.filter((section) => section !== 'passkeys' || getConfig().features.passkey).map(
            (section) => ({
              to: `/settings/${section}`,
              label: labels[section],
              danger: section === 'delete',
            }),
          )}
        />
      </aside>
      <div className="settings__content">
        {unverified ? (
          <Alert
            tone="info"
            actions={
              <Link className="button button--secondary" to="/settings/email">
                {t.settings.unverifiedAction}
              </Link>
            }
          >
            {format(t.settings.unverifiedNotice, { email: user.email })}
          </Alert>
        ) : null}
        <Outlet />
      </div>
    </div>
  );
}

/**
 * The error of a settings call (FormError); for stale sessions it offers to sign in again and come
 * back here. `retry`: what "Try again" repeats when the service could not be reached.
 */
export function SettingsError({ error, retry }: { error: AuthError; retry?: 'submit' | (() => void) }) {
  const { t } = useI18n();
  const location = useLocation();
  const signOut = useSignOut();
  if (!needsReauthentication(error)) return <FormError error={error} {...(retry ? { retry } : {})} />;
  // still signed in when the sign-out fails: the sign-in page would only send the person back here
  const reauthenticate = () => void signOut.signOut(`/sign-in?next=${encodeURIComponent(location.pathname)}`);
  const signOutError = signOut.error;
  if (signOutError) return <FormError error={signOutError} retry={reauthenticate} />;
  return (
    <Alert
      tone="warning"
      title={t.settings.reauthTitle}
      focus
      actions={
        <Button variant="secondary" onClick={reauthenticate} pending={signOut.isPending}>
          {t.settings.reauthAction}
        </Button>
      }
    >
      {describeError(error, t)}
    </Alert>
  );
}
