import { authQueryOptions, latchKeys } from '@latch/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Alert, Button } from '../../components/form.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import {
  type AuthError,
  type AuthResult,
  authClient,
  type FullOrganization,
  type MemberWithUser,
  useSession,
} from '../../lib/auth.ts';
import { describeError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { abilitiesOf, primaryRole } from './permissions.ts';
import {
  type ActiveOrganization,
  ActiveOrganizationContext,
  useOrganizationFlash,
  useOrganizationList,
  useOrganizationsChanged,
} from './state.ts';
import { OrganizationLogo, RoleBadges } from './ui.tsx';

interface Loaded {
  organization: FullOrganization;
  member: MemberWithUser;
}

/** The active organization and the person's membership in it; `null` when no organization is active. */
async function loadActive(userId: string | undefined): Promise<AuthResult<Loaded | null>> {
  const full = await authClient.organization.getFullOrganization();
  if (full.error) return full;
  if (!full.data) return { data: null, error: null };
  const own = full.data.members.find((m) => m.userId === userId);
  if (own) return { data: { organization: full.data, member: own }, error: null };
  // the listing is capped at the membership limit: ask for the person's own membership directly
  const member = await authClient.organization.getActiveMember();
  if (member.error) return member;
  return { data: { organization: full.data, member: member.data }, error: null };
}

/**
 * The frame of the organization pages: which organization, the person's role in it, and tabs for
 * its settings, members, invitations and teams, each tab shown only to those who may use it.
 */
export function OrganizationLayout() {
  const { t } = useI18n();
  const userId = useSession().data?.user.id;
  const active = useQuery(
    authQueryOptions([...latchKeys.organization(), 'with-membership', userId ?? null] as const, () =>
      loadActive(userId),
    ),
  );
  const { refetch } = active;
  // roles and members change under other people's hands: each section starts from the server's view
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    void refetch();
  }, [pathname, refetch]);

  const value = useMemo<ActiveOrganization | null>(
    () =>
      active.data
        ? {
            organization: active.data.organization,
            member: active.data.member,
            abilities: abilitiesOf(active.data.member.role),
          }
        : null,
    [active.data],
  );

  const error = authErrorOf(active.error);
  if (active.isPending) return <FullPageSpinner />;
  if (error) {
    return (
      <section className="card panel" aria-labelledby="org-error-title">
        <PageHeading id="org-error-title">{t.organization.title}</PageHeading>
        <Alert tone="error" focus>
          {describeError(error, t)}
        </Alert>
      </section>
    );
  }
  if (!value) return <NoActiveOrganization />;

  const { organization, member, abilities } = value;
  const sections: { path: string; label: string }[] = [
    { path: 'members', label: t.organization.members },
    ...(abilities.invite ? [{ path: 'invitations', label: t.organization.invitations }] : []),
    ...(organization.teams ? [{ path: 'teams', label: t.organization.teams }] : []),
    { path: 'settings', label: t.organization.settings },
  ];
  const role = primaryRole(member.role);

  return (
    <ActiveOrganizationContext.Provider value={value}>
      <div className="settings">
        <aside className="settings__aside">
          <div className="settings__who">
            <OrganizationLogo organization={organization} size={44} />
            <div className="settings__who-text">
              <p className="settings__who-name">{organization.name}</p>
              <p className="settings__who-email">
                {role ? <RoleBadges role={member.role} /> : null} <span className="org-slug">/{organization.slug}</span>
              </p>
            </div>
          </div>
          <nav aria-label={t.organization.navLabel} className="settings__nav">
            <ul>
              {sections.map((section) => (
                <li key={section.path}>
                  <NavLink
                    to={`/organization/${section.path}`}
                    className={({ isActive }) => `settings__link${isActive ? ' settings__link--active' : ''}`}
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <div className="settings__content">
          <Outlet />
        </div>
      </div>
    </ActiveOrganizationContext.Provider>
  );
}

/** No organization is active: pick one of the person's organizations, or create one. */
function NoActiveOrganization() {
  const { t, format } = useI18n();
  const flash = useOrganizationFlash();
  const list = useOrganizationList();
  const organizationsChanged = useOrganizationsChanged();
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<AuthError | null>(null);

  const open = async (organizationId: string) => {
    setBusy(organizationId);
    setError(null);
    const result = await authClient.organization.setActive({ organizationId });
    setBusy(null);
    if (result.error) {
      setError(result.error);
      return;
    }
    await session.refetch();
    await organizationsChanged();
    navigate('/organization/members');
  };

  const organizations = list.data ?? [];
  return (
    <section className="card panel org-empty" aria-labelledby="org-choose-title">
      <PageHeading id="org-choose-title">{t.organization.title}</PageHeading>
      <p className="panel__description">
        {organizations.length > 0 ? t.organization.chooseDescription : t.organization.noneDescription}
      </p>
      <div className="live" aria-live="polite">
        {flash ? <Alert tone="success">{flash}</Alert> : null}
      </div>
      {error ? (
        <Alert tone="error" focus>
          {describeError(error, t)}
        </Alert>
      ) : null}
      {list.isPending ? <FullPageSpinner /> : null}
      {organizations.length > 0 ? (
        <ul className="list">
          {organizations.map((organization) => (
            <li key={organization.id} className="list__item">
              <OrganizationLogo organization={organization} size={36} />
              <div className="list__main">
                <p className="list__title">{organization.name}</p>
                <p className="list__meta">/{organization.slug}</p>
              </div>
              <div className="list__actions">
                <Button
                  variant="secondary"
                  onClick={() => open(organization.id)}
                  pending={busy === organization.id}
                  disabled={busy !== null}
                  ariaLabel={format(t.organization.openLabel, { name: organization.name })}
                >
                  {t.organization.open}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="form__actions">
        <Link to="/organization/new" className="button button--primary">
          <span>{t.organization.create}</span>
        </Link>
      </div>
    </section>
  );
}
