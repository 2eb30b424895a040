/**
 * On a person's page: how they sign in (GET /admin/list-user-accounts: the password and each linked
 * provider, never a token) and where they belong (GET /admin/list-user-organizations), each
 * organization linking to its page in the console.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FullPageSpinner } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { providerName } from '../../lib/providers.ts';
import { authErrorOf } from '../../lib/query.ts';
import { OrganizationLogo, RoleBadges } from '../organization/ui.tsx';
import { userAccountsQuery, userOrganizationsQuery } from './queries.ts';
import type { AdminUser, LinkedAccount } from './types.ts';
import { displayName, LoadError } from './ui.tsx';

const CREDENTIAL = 'credential';

function AccountItem({ account }: { account: LinkedAccount }) {
  const { t, format, formatDate } = useI18n();
  const isPassword = account.providerId === CREDENTIAL;
  return (
    <li className="admin-list__item">
      <span className="admin-list__title">{isPassword ? t.accounts.credential : providerName(account.providerId)}</span>
      <span className="admin-cell-note">{format(t.accounts.linkedOn, { date: formatDate(account.createdAt) })}</span>
      {isPassword ? null : (
        <span className="admin-cell-note">
          {t.admin.accountIdAtProvider} <span className="admin-mono admin-ref">{account.accountId}</span>
        </span>
      )}
      {account.scopes.length > 0 ? (
        <span className="admin-cell-note">
          {t.admin.accountScopes} <span className="admin-mono admin-ref">{account.scopes.join(' ')}</span>
        </span>
      ) : null}
    </li>
  );
}

export function UserAccounts({ user }: { user: AdminUser }) {
  const { t, format } = useI18n();
  const accounts = useQuery(userAccountsQuery(user.id));
  const error = authErrorOf(accounts.error);
  const name = displayName(user);
  const list = accounts.data?.accounts ?? [];
  return (
    <section className="card panel" aria-labelledby="admin-accounts-title">
      <h2 id="admin-accounts-title" className="section-title">
        {t.admin.accountsTitle}
      </h2>
      <p className="panel__description">{format(t.admin.accountsDescription, { name })}</p>
      {accounts.isPending ? (
        <FullPageSpinner />
      ) : error ? (
        <LoadError error={error} retry={() => void accounts.refetch()} />
      ) : list.length === 0 ? (
        <p className="muted">{format(t.admin.noAccounts, { name })}</p>
      ) : (
        <ul className="admin-list" aria-label={format(t.admin.accountsListLabel, { name })}>
          {list.map((account) => (
            <AccountItem key={account.id} account={account} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function UserOrganizations({ user }: { user: AdminUser }) {
  const { t, format, formatDate } = useI18n();
  const memberships = useQuery(userOrganizationsQuery(user.id));
  const error = authErrorOf(memberships.error);
  const name = displayName(user);
  const list = memberships.data?.memberships ?? [];
  return (
    <section className="card panel" aria-labelledby="admin-user-orgs-title">
      <h2 id="admin-user-orgs-title" className="section-title">
        {t.admin.userOrganizationsTitle}
      </h2>
      {memberships.isPending ? (
        <FullPageSpinner />
      ) : error ? (
        <LoadError error={error} retry={() => void memberships.refetch()} />
      ) : list.length === 0 ? (
        <p className="muted">{format(t.admin.noUserOrganizations, { name })}</p>
      ) : (
        <ul className="admin-list" aria-label={format(t.admin.userOrganizationsLabel, { name })}>
          {list.map((membership) => (
            <li key={membership.memberId} className="admin-list__item admin-list__item--row">
              <OrganizationLogo organization={membership.organization} size={32} />
              <span className="admin-list__text">
                <Link
                  to={`/admin/organizations/${encodeURIComponent(membership.organization.id)}`}
                  className="admin-list__title"
                >
                  {membership.organization.name}
                </Link>
                <span className="admin-cell-note">
                  {format(t.admin.joinedOn, { date: formatDate(membership.joinedAt) })}
                </span>
              </span>
              <RoleBadges role={membership.role} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
