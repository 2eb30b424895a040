/**
 * The console at /admin: its sections, each a page of this folder, behind the admin check. The
 * app's routes mount this once (`/admin/*`), inside RequireSession.
 */
import { Navigate, NavLink, Outlet, Route, Routes } from 'react-router';
import { useI18n } from '../../i18n/i18n.tsx';
import { NotFoundPage } from '../auth/error-page.tsx';
import { RequireAdmin } from './access.tsx';
import { AuditLogPage } from './audit.tsx';
import { CreateUserPage } from './create-user.tsx';
import { DeliveriesPage } from './deliveries.tsx';
import { OrganizationPage } from './organization.tsx';
import { OrganizationsPage } from './organizations.tsx';
import { UserPage } from './user.tsx';
import { UsersPage } from './users.tsx';
import { WebhooksPage } from './webhooks.tsx';

/** The console's frame: its sections as tabs (a strip on a phone), then the section. */
export function AdminLayout() {
  const { t } = useI18n();
  const sections = [
    { path: '/admin/users', label: t.admin.navUsers },
    { path: '/admin/organizations', label: t.admin.navOrganizations },
    { path: '/admin/audit', label: t.admin.navAudit },
    { path: '/admin/webhooks', label: t.admin.navWebhooks, end: true },
    { path: '/admin/webhooks/deliveries', label: t.admin.navDeliveries },
  ];
  return (
    <div className="admin">
      <nav aria-label={t.admin.navLabel} className="admin-nav">
        <p className="admin-nav__title">{t.admin.title}</p>
        <ul>
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink
                to={section.path}
                end={section.end ?? false}
                className={({ isActive }) => `admin-nav__link${isActive ? ' admin-nav__link--active' : ''}`}
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin__content">
        <Outlet />
      </div>
    </div>
  );
}

export function AdminRoutes() {
  return (
    <RequireAdmin>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to="users" replace />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="users/new" element={<CreateUserPage />} />
          <Route path="users/:userId" element={<UserPage />} />
          <Route path="organizations" element={<OrganizationsPage />} />
          <Route path="organizations/:organizationId" element={<OrganizationPage />} />
          <Route path="audit" element={<AuditLogPage />} />
          <Route path="webhooks" element={<WebhooksPage />} />
          <Route path="webhooks/deliveries" element={<DeliveriesPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RequireAdmin>
  );
}
