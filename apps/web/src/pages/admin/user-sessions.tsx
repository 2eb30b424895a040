/**
 * Where a person is signed in (POST /admin/list-user-sessions): device, address, last activity,
 * impersonations by an admin; one session or all of them ended by the admin.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FullPageSpinner } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import { ConfirmDialog } from './dialog.tsx';
import { useRevokeUserSessions } from './mutations.ts';
import { userSessionsQuery } from './queries.ts';
import type { AdminSession, AdminUser } from './types.ts';
import { displayName, LoadError } from './ui.tsx';

export function UserSessions({ user }: { user: AdminUser }) {
  const { t, format, formatDate, formatRelative } = useI18n();
  const sessions = useQuery(userSessionsQuery(user.id));
  const revoke = useRevokeUserSessions(user.id);
  const [askingAll, setAskingAll] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const name = displayName(user);
  const loadError = authErrorOf(sessions.error);
  const revokeError = authErrorOf(revoke.error);
  const busy = revoke.isPending ? revoke.variables : undefined;

  const list = [...(sessions.data?.sessions ?? [])].sort(
    (a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime(),
  );
  const deviceName = (session: AdminSession) => {
    const device = describeUserAgent(session.userAgent);
    return format(t.sessions.deviceOn, {
      browser: device.browser ?? t.sessions.unknownBrowser,
      os: device.os ?? t.sessions.unknownOs,
    });
  };

  const endOne = (session: AdminSession) => {
    setNote(null);
    revoke.mutate(session.token, { onSuccess: () => setNote(t.admin.sessionRevoked) });
  };
  const endAll = () => {
    setNote(null);
    revoke.mutate(null, {
      onSuccess: () => {
        setAskingAll(false);
        setNote(format(t.admin.allRevoked, { name }));
      },
    });
  };

  return (
    <section className="card panel" aria-labelledby="admin-sessions-title">
      <h2 id="admin-sessions-title" className="section-title">
        {t.admin.sessionsTitle}
      </h2>
      <p className="panel__description">{format(t.admin.sessionsDescription, { name })}</p>
      {revokeError && !askingAll ? (
        <Alert tone="error" focus>
          {describeError(revokeError, t)}
        </Alert>
      ) : null}
      <div className="live" aria-live="polite">
        {note ? <Alert tone="success">{note}</Alert> : null}
      </div>
      {sessions.isPending ? (
        <FullPageSpinner />
      ) : loadError ? (
        <LoadError error={loadError} retry={() => void sessions.refetch()} />
      ) : list.length === 0 ? (
        <p className="muted">{format(t.admin.noSessions, { name })}</p>
      ) : (
        <>
          <ul className="list" aria-label={format(t.admin.sessionsListLabel, { name })}>
            {list.map((session) => {
              const device = deviceName(session);
              const lastActive = formatRelative(session.updatedAt);
              return (
                <li key={session.id} className="list__item">
                  <div className="list__main">
                    <p className="list__title">
                      {device}{' '}
                      {session.impersonatedBy ? (
                        <span className="badge badge--warn">
                          {format(t.admin.sessionImpersonated, { admin: session.impersonatedBy })}
                        </span>
                      ) : null}
                    </p>
                    <p className="list__meta">
                      {session.ipAddress ? format(t.sessions.ip, { ip: session.ipAddress }) : t.sessions.unknownIp}
                      <span aria-hidden="true"> · </span>
                      {format(t.sessions.lastActive, { time: lastActive })}
                    </p>
                    <p className="list__meta">
                      {format(t.sessions.signedInOn, { date: formatDate(session.createdAt) })}
                      <span aria-hidden="true"> · </span>
                      {format(t.admin.sessionExpires, { time: formatRelative(session.expiresAt) })}
                    </p>
                  </div>
                  <div className="list__actions">
                    <Button
                      variant="secondary"
                      onClick={() => endOne(session)}
                      pending={busy === session.token}
                      pendingLabel={t.sessions.revoking}
                      disabled={busy !== undefined}
                      ariaLabel={format(t.admin.revokeSessionLabel, { device, time: lastActive })}
                    >
                      {t.admin.revokeSession}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="form__actions">
            <Button variant="danger" onClick={() => setAskingAll(true)} disabled={busy !== undefined}>
              {t.admin.revokeAll}
            </Button>
          </div>
        </>
      )}
      {askingAll ? (
        <ConfirmDialog
          title={format(t.admin.revokeAllTitle, { name })}
          description={<p>{format(t.admin.revokeAllBody, { name })}</p>}
          confirmLabel={t.admin.revokeAll}
          pendingLabel={t.sessions.revokingOthers}
          pending={revoke.isPending}
          error={revokeError}
          onConfirm={endAll}
          onClose={() => {
            revoke.reset();
            setAskingAll(false);
          }}
        />
      ) : null}
    </section>
  );
}
