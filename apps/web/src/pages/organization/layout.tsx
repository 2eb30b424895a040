import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { TabNav } from '../../components/tab-nav.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { useSession } from '../../lib/session.ts';
import { useSetActiveOrganization } from './mutations.ts';
import { PendingInvitations } from './pending-invitations.tsx';
import { abilitiesOf, primaryRole } from './permissions.ts';
import { activeOrganizationQuery } from './queries.ts';
import {
  type ActiveOrganization,
  ActiveOrganizationContext,
  useOrganizationFlash,
  useOrganizationList,
} from './state.ts';
import { OrganizationLogo, RoleBadges } from './ui.tsx';

/** How long the active organization read counts as the server's view for the next section opened. */
const SECTION_FRESH_MS = 1_000;

/**
 * The frame of the organization pages: which organization, the person's role in it, and tabs for
 * its settings, members, invitations and teams, each tab shown only to those who may use it.
 */
export function OrganizationLayout() {
  const { t } = useI18n();
  const userId = useSession().data?.user.id;
  const active = useQuery({ ...activeOrganizationQuery(userId), staleTime: SECTION_FRESH_MS });
  const { refetch, isStale } = active;
  // roles and members change under other people's hands: each section starts from the server's view,
  // unless that view was read a moment ago (a switch or a change that read it, then opened a section)
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    if (isStale) void refetch();
  }, [pathname, refetch, isStale]);

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
              <p className="settings__who-name" title={organization.name}>
                {organization.name}
              </p>
              <p className="settings__who-email">
                {role ? <RoleBadges role={member.role} /> : null} <span className="org-slug">/{organization.slug}</span>
              </p>
            </div>
          </div>
          <TabNav
            label={t.organization.navLabel}
            items={sections.map((section) => ({ to: `/organization/${section.path}`, label: section.label }))}
          />
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
  const setActive = useSetActiveOrganization();
  const error = authErrorOf(setActive.error);
  const busy = setActive.isPending ? setActive.variables : null;

  // once it is active the layout shows it in place of this list, at the section the address names
  // (a deep link to /organization/teams opens the teams); the bare /organization goes on to members
  const open = (organizationId: string) => setActive.mutate(organizationId);

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
      <PendingInvitations />
      <div className="form__actions">
        <Link to="/organization/new" className="button button--primary">
          <span>{t.organization.create}</span>
        </Link>
      </div>
    </section>
  );
}
