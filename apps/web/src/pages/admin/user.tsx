/**
 * /admin/users/:userId: one person as an admin sees them: the profile to edit, the state of the
 * account (ban, two-factor), how they sign in (linked accounts), their organizations, where they are signed in, what the audit log recorded by and about
 * them, and the actions that change them, each behind a dialog that names what will happen.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Avatar, FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { errorCodeOf } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { userQuery } from './queries.ts';
import type { AdminUser } from './types.ts';
import { displayName, LoadError, RoleBadges, UserStatusBadges, useAdminFlash } from './ui.tsx';
import { UserActions } from './user-actions.tsx';
import { UserAccounts, UserOrganizations } from './user-links.tsx';
import { ProfileForm } from './user-profile.tsx';
import { UserSessions } from './user-sessions.tsx';
import { UserTrail } from './user-trail.tsx';

export function UserPage() {
  const { t } = useI18n();
  const userId = useParams().userId ?? '';
  const user = useQuery(userQuery(userId));
  const error = authErrorOf(user.error);
  const [note, setNote] = useState<string | null>(useAdminFlash());

  if (user.isPending) return <FullPageSpinner />;
  if (!user.data) {
    const missing = error !== null && errorCodeOf(error) === 'USER_NOT_FOUND';
    return (
      <section className="card panel" aria-labelledby="admin-user-title">
        <PageHeading id="admin-user-title">{t.admin.userTitle}</PageHeading>
        {missing ? (
          <Alert tone="warning">{t.admin.userNotFound}</Alert>
        ) : error ? (
          <LoadError error={error} retry={() => void user.refetch()} />
        ) : null}
        <p>
          <Link to="/admin/users">{t.admin.backToUsers}</Link>
        </p>
      </section>
    );
  }
  const person = user.data;
  return (
    <div className="admin-user">
      <section className="card panel admin-user__head" aria-labelledby="admin-user-title">
        <p className="admin-back">
          <Link to="/admin/users">{t.admin.backToUsers}</Link>
        </p>
        <div className="admin-user__who">
          <Avatar user={person} image={person.image} size={52} />
          <div className="admin-user__names">
            <PageHeading id="admin-user-title" className="page-title">
              {displayName(person)}
            </PageHeading>
            <p className="admin-user__email">{person.email}</p>
            <p className="admin-badges">
              <RoleBadges role={person.role} isAdmin={person.isAdmin} />
              <UserStatusBadges user={person} />
            </p>
          </div>
        </div>
        <div className="live" aria-live="polite">
          {note ? <Alert tone="success">{note}</Alert> : null}
        </div>
        <AccountFacts user={person} />
      </section>
      <UserActions user={person} onDone={setNote} />
      <ProfileForm user={person} />
      <UserAccounts user={person} />
      <UserOrganizations user={person} />
      <UserSessions user={person} />
      <UserTrail user={person} />
    </div>
  );
}

function AccountFacts({ user }: { user: AdminUser }) {
  const { t, format, formatDate } = useI18n();
  const ban = user.banned
    ? [
        user.banExpires ? format(t.admin.banUntil, { date: formatDate(user.banExpires) }) : t.admin.banForeverValue,
        user.banReason ? format(t.admin.banReasonValue, { reason: user.banReason }) : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : t.admin.banNone;
  const facts: [string, string, string?][] = [
    [t.admin.factId, user.id, 'admin-mono'],
    [t.admin.factUsername, user.username ?? '—'],
    [t.admin.factCreated, formatDate(user.createdAt)],
    [t.admin.factUpdated, formatDate(user.updatedAt)],
    [t.admin.factTwoFactor, user.twoFactorEnabled ? t.admin.twoFactorOn : t.admin.twoFactorOff],
    [t.admin.factBan, ban],
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
