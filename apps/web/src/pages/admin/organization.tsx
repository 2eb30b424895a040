/**
 * /admin/organizations/:organizationId: one organization as an admin sees it without being a member
 * (GET /admin/get-organization): its facts, its members (a page at a time), every invitation ever
 * sent with its state, its teams, and what the audit log recorded in it. Read-only: the people of
 * the organization change it from their own settings; an admin acts on a person from their page.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Avatar, FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { errorCodeOf } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { OrganizationLogo, RoleBadges } from '../organization/ui.tsx';
import { EventDrawer, EventTable, peopleOfPages } from './audit-ui.tsx';
import { auditEventsQuery, organizationQuery } from './queries.ts';
import type {
  AuditEvent,
  OrganizationDetail,
  OrganizationInvitation,
  OrganizationMember,
  OrganizationTeam,
} from './types.ts';
import { LoadError, ShowMore } from './ui.tsx';

export function OrganizationPage() {
  const { t, format } = useI18n();
  const organizationId = useParams().organizationId ?? '';
  const detail = useInfiniteQuery(organizationQuery(organizationId));
  const error = authErrorOf(detail.error);
  const first = detail.data?.pages[0];

  if (detail.isPending) return <FullPageSpinner />;
  if (!first) {
    const missing = error !== null && errorCodeOf(error) === 'ORGANIZATION_NOT_FOUND';
    return (
      <section className="card panel" aria-labelledby="admin-org-title">
        <PageHeading id="admin-org-title">{t.admin.organizationTitle}</PageHeading>
        {missing ? (
          <Alert tone="warning">{t.admin.organizationNotFound}</Alert>
        ) : error ? (
          <LoadError error={error} retry={() => void detail.refetch()} />
        ) : null}
        <p>
          <Link to="/admin/organizations">{t.admin.backToOrganizations}</Link>
        </p>
      </section>
    );
  }
  const members = detail.data?.pages.flatMap((page) => page.members) ?? [];
  const { organization } = first;
  return (
    <div className="admin-user">
      <section className="card panel admin-user__head" aria-labelledby="admin-org-title">
        <p className="admin-back">
          <Link to="/admin/organizations">{t.admin.backToOrganizations}</Link>
        </p>
        <div className="admin-user__who">
          <OrganizationLogo organization={organization} size={52} />
          <div className="admin-user__names">
            <PageHeading id="admin-org-title" className="page-title">
              {organization.name}
            </PageHeading>
            <p className="admin-user__email admin-mono">{organization.slug}</p>
          </div>
        </div>
        <OrganizationFacts detail={first} />
      </section>
      <section className="card panel" aria-labelledby="admin-org-members-title">
        <h2 id="admin-org-members-title" className="section-title">
          {t.admin.orgMembersTitle}
        </h2>
        {error ? <LoadError error={error} retry={() => void detail.refetch()} /> : null}
        <MemberTable name={organization.name} members={members} />
        <div className="admin-pager">
          <p className="admin-pager__summary" aria-live="polite">
            {first.memberCount === 0
              ? t.admin.noOrgMembers
              : format(t.admin.orgMembersShown, { shown: members.length, total: first.memberCount })}
          </p>
          <ShowMore pages={detail} />
        </div>
      </section>
      <Invitations name={organization.name} invitations={first.invitations} members={members} />
      <Teams name={organization.name} teams={first.teams} />
      <OrganizationTrail organizationId={organization.id} name={organization.name} />
    </div>
  );
}

function OrganizationFacts({ detail }: { detail: OrganizationDetail }) {
  const { t, formatDate } = useI18n();
  const facts: [string, string, string?][] = [
    [t.admin.factId, detail.organization.id, 'admin-mono'],
    [t.admin.factSlug, detail.organization.slug, 'admin-mono'],
    [t.admin.factCreated, formatDate(detail.organization.createdAt)],
    [t.admin.factMembers, String(detail.memberCount)],
    [t.admin.factTeams, String(detail.teams.length)],
  ];
  return (
    <dl className="facts admin-facts">
      {facts.map(([label, value, className]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd className={`facts__value${className ? ` ${className}` : ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MemberTable({ name, members }: { name: string; members: readonly OrganizationMember[] }) {
  const { t, format, formatDate } = useI18n();
  if (members.length === 0) return null;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{format(t.admin.orgMembersTableLabel, { name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t.admin.columnPerson}</th>
            <th scope="col">{t.admin.columnRole}</th>
            <th scope="col">{t.admin.columnJoined}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id}>
              <td data-label={t.admin.columnPerson} className="admin-table__person">
                <Link to={`/admin/users/${encodeURIComponent(member.userId)}`} className="admin-person">
                  <Avatar user={member.user} image={member.user.image} size={32} />
                  <span className="admin-person__text">
                    <span className="admin-person__name">{member.user.name.trim() || member.user.email}</span>
                    <span className="admin-person__email">{member.user.email}</span>
                  </span>
                </Link>
              </td>
              <td data-label={t.admin.columnRole}>
                <RoleBadges role={member.role} />
              </td>
              <td data-label={t.admin.columnJoined}>{formatDate(member.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InvitationStatus({ status }: { status: OrganizationInvitation['status'] }) {
  const { t } = useI18n();
  const tone =
    status === 'pending'
      ? 'badge--warn'
      : status === 'accepted'
        ? 'badge--ok'
        : status === 'rejected'
          ? 'admin-badge--danger'
          : 'admin-badge';
  return <span className={`badge ${tone}`}>{t.admin.invitationStatuses[status]}</span>;
}

function Invitations({
  name,
  invitations,
  members,
}: {
  name: string;
  invitations: readonly OrganizationInvitation[];
  members: readonly OrganizationMember[];
}) {
  const { t, format, formatDate } = useI18n();
  const inviter = (userId: string) => members.find((member) => member.userId === userId)?.user;
  return (
    <section className="card panel" aria-labelledby="admin-org-invitations-title">
      <h2 id="admin-org-invitations-title" className="section-title">
        {t.admin.orgInvitationsTitle}
      </h2>
      {invitations.length === 0 ? (
        <p className="muted">{t.admin.noOrgInvitations}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{format(t.admin.orgInvitationsTableLabel, { name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t.admin.columnEmail}</th>
                <th scope="col">{t.admin.columnRole}</th>
                <th scope="col">{t.admin.columnStatus}</th>
                <th scope="col">{t.admin.columnExpires}</th>
                <th scope="col">{t.admin.columnInvitedBy}</th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => {
                const by = inviter(invitation.inviterId);
                return (
                  <tr key={invitation.id}>
                    <td data-label={t.admin.columnEmail}>
                      <span className="admin-ref">{invitation.email}</span>
                      <span className="admin-cell-note">
                        {format(t.admin.invitationSent, { date: formatDate(invitation.createdAt) })}
                      </span>
                    </td>
                    <td data-label={t.admin.columnRole}>
                      <RoleBadges role={invitation.role} />
                    </td>
                    <td data-label={t.admin.columnStatus}>
                      <InvitationStatus status={invitation.status} />
                    </td>
                    <td data-label={t.admin.columnExpires}>{formatDate(invitation.expiresAt)}</td>
                    <td data-label={t.admin.columnInvitedBy}>
                      <Link
                        to={`/admin/users/${encodeURIComponent(invitation.inviterId)}`}
                        className={by ? 'admin-ref' : 'admin-mono admin-ref'}
                      >
                        {by ? by.name.trim() || by.email : invitation.inviterId}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Teams({ name, teams }: { name: string; teams: readonly OrganizationTeam[] }) {
  const { t, format, formatDate } = useI18n();
  return (
    <section className="card panel" aria-labelledby="admin-org-teams-title">
      <h2 id="admin-org-teams-title" className="section-title">
        {t.admin.orgTeamsTitle}
      </h2>
      {teams.length === 0 ? (
        <p className="muted">{t.admin.noOrgTeams}</p>
      ) : (
        <ul className="admin-list" aria-label={format(t.admin.orgTeamsListLabel, { name })}>
          {teams.map((team) => (
            <li key={team.id} className="admin-list__item">
              <span className="admin-list__title">{team.name}</span>
              <span className="admin-cell-note">
                {format(t.admin.teamCreated, { date: formatDate(team.createdAt) })} ·{' '}
                <span className="admin-mono">{team.id}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Rows of the trail per page: the latest, with "Show more" for the rest. */
const TRAIL_PAGE = 10;

function OrganizationTrail({ organizationId, name }: { organizationId: string; name: string }) {
  const { t, format } = useI18n();
  const [open, setOpen] = useState<AuditEvent | null>(null);
  const events = useInfiniteQuery(auditEventsQuery({ organizationId }, TRAIL_PAGE));
  const error = authErrorOf(events.error);
  const list = events.data?.pages.flatMap((page) => page.events) ?? [];
  const people = peopleOfPages(events.data?.pages);
  return (
    <section className="card panel" aria-labelledby="admin-org-trail-title">
      <div className="admin-head">
        <h2 id="admin-org-trail-title" className="section-title">
          {t.admin.trailTitle}
        </h2>
        <Link to={`/admin/audit?${new URLSearchParams({ org: organizationId })}`}>{t.admin.trailOpenLog}</Link>
      </div>
      {events.isPending ? (
        <FullPageSpinner />
      ) : error && list.length === 0 ? (
        <LoadError error={error} retry={() => void events.refetch()} />
      ) : list.length === 0 ? (
        <p className="muted">{t.admin.trailEmpty}</p>
      ) : (
        <>
          <EventTable events={list} people={people} label={format(t.admin.orgTrailLabel, { name })} onOpen={setOpen} />
          <ShowMore pages={events} boxed />
        </>
      )}
      {open ? <EventDrawer event={open} people={people} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
