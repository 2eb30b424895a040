/**
 * Who may see the console. The server decides on every call (a role of `plugins.admin.adminRoles`,
 * or an id of `adminUserIds`); the web asks it once per person (POST /admin/has-permission) to
 * hide the header's entry from everyone else, and to answer someone who types /admin with a page
 * that says they may not, instead of a console whose every call would be refused.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../lib/session.ts';
import { HOME_PATH } from '../../lib/validation.ts';
import { LoadError } from './ui.tsx';
import { useAdminAccess } from './use-access.ts';

/** Renders the console for admins only (below RequireSession: the person is signed in). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const access = useAdminAccess();
  if (access.isPending) return <FullPageSpinner />;
  if (access.error) {
    return (
      <section className="card panel admin-narrow" aria-labelledby="admin-access-title">
        <PageHeading id="admin-access-title">{t.admin.title}</PageHeading>
        <p className="panel__description">{t.admin.accessFailed}</p>
        <LoadError error={access.error} retry={access.retry} />
      </section>
    );
  }
  if (!access.allowed) return <NotAllowedPage />;
  return <>{children}</>;
}

/** /admin for someone who is not an admin: said plainly, with the way back. */
export function NotAllowedPage() {
  const { t, format } = useI18n();
  const impersonating = Boolean(useSession().data?.session.impersonatedBy);
  return (
    <section className="card panel admin-narrow" aria-labelledby="admin-denied-title">
      <PageHeading id="admin-denied-title">{t.admin.notAllowedTitle}</PageHeading>
      <Alert tone="warning">
        {impersonating ? t.admin.notAllowedImpersonating : format(t.admin.notAllowedBody, { app: getConfig().appName })}
      </Alert>
      <div className="form__actions">
        <Link to={HOME_PATH} className="button button--secondary">
          <span>{t.admin.backToAccount}</span>
        </Link>
      </div>
    </section>
  );
}
