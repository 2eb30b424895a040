/**
 * The header's way into the console, shown only to those the server calls admins (use-access.ts). It
 * hides nothing the server would not refuse anyway: every call of the console is checked there.
 */
import { NavLink } from 'react-router';
import { useI18n, WithAdminMessages } from '../../i18n/i18n.tsx';
import { useAdminAccess } from './use-access.ts';
import './admin.css';

export function AdminLink() {
  const access = useAdminAccess();
  if (!access.allowed) return null;
  // the console's messages are fetched for admins only, the first time the entry shows
  return (
    <WithAdminMessages fallback={null}>
      <Entry />
    </WithAdminMessages>
  );
}

function Entry() {
  const { t } = useI18n();
  return (
    <NavLink to="/admin" className={({ isActive }) => `header-admin${isActive ? ' header-admin--active' : ''}`}>
      <svg viewBox="0 0 20 20" className="icon" aria-hidden="true" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
          d="M10 2 3.5 4.5v5c0 4 2.8 7 6.5 8.5 3.7-1.5 6.5-4.5 6.5-8.5v-5L10 2Z"
        />
      </svg>
      {/* its name stays for screen readers when a phone shows the shield alone */}
      <span className="header-admin__label">{t.admin.entry}</span>
    </NavLink>
  );
}
