import { authMutationOptions, authQueryOptions, latchKeys } from '@latch/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { authErrorOf } from '../../lib/query.ts';
import { useSession } from '../../lib/session.ts';
import { type DeviceKind, describeUserAgent } from '../../lib/user-agent.ts';
import type { Session } from '../../lib/wire-types.ts';
import { SettingsError } from './layout.tsx';

/** Which button is at work: one session's, or "sign out everywhere else". */
type Target = { kind: 'one'; session: Session } | { kind: 'others' };

export function SessionsPage() {
  const { t, format, formatDate, formatRelative } = useI18n();
  const current = useSession().data?.session;
  const queryClient = useQueryClient();
  const sessions = useQuery(authQueryOptions(latchKeys.sessions(), () => authClient.listSessions()));
  const [note, setNote] = useState<string | null>(null);
  const revoke = useMutation({
    ...authMutationOptions((target: Target) =>
      target.kind === 'one'
        ? authClient.revokeSession({ token: target.session.token })
        : authClient.revokeOtherSessions(),
    ),
    onMutate: () => setNote(null),
    onSuccess: async (_answer, target) => {
      setNote(target.kind === 'one' ? t.sessions.revoked : t.sessions.othersRevoked);
      await queryClient.invalidateQueries({ queryKey: latchKeys.sessions() });
    },
  });
  const busy = revoke.isPending ? (revoke.variables.kind === 'one' ? revoke.variables.session.id : 'others') : null;
  const error = authErrorOf(revoke.error);
  const loadError = authErrorOf(sessions.error);

  const isCurrent = (session: Session) => session.id === current?.id || session.token === current?.token;
  const list = [...(sessions.data ?? [])].sort((a, b) =>
    isCurrent(a) ? -1 : isCurrent(b) ? 1 : new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime(),
  );
  const others = list.filter((session) => !isCurrent(session));

  const deviceName = (session: Session) => {
    const device = describeUserAgent(session.userAgent);
    return format(t.sessions.deviceOn, {
      browser: device.browser ?? t.sessions.unknownBrowser,
      os: device.os ?? t.sessions.unknownOs,
    });
  };

  return (
    <section className="card panel" aria-labelledby="sessions-title">
      <PageHeading id="sessions-title">{t.settings.sessions}</PageHeading>
      <p className="panel__description">{t.sessions.description}</p>
      {error ? <SettingsError error={error} /> : null}
      <div className="live" aria-live="polite">
        {note ? <Alert tone="success">{note}</Alert> : null}
      </div>
      {sessions.isPending ? (
        <FullPageSpinner />
      ) : loadError ? (
        <SettingsError error={loadError} retry={() => void sessions.refetch()} />
      ) : (
        <>
          <ul className="list">
            {list.map((session) => {
              const name = deviceName(session);
              const mine = isCurrent(session);
              const lastActive = formatRelative(session.updatedAt);
              return (
                <li key={session.id} className={`list__item${mine ? ' list__item--current' : ''}`}>
                  <DeviceIcon kind={describeUserAgent(session.userAgent).kind} />
                  <div className="list__main">
                    <p className="list__title">
                      {name} {mine ? <Badge tone="accent">{t.sessions.thisDevice}</Badge> : null}
                    </p>
                    <p className="list__meta">
                      {session.ipAddress ? format(t.sessions.ip, { ip: session.ipAddress }) : t.sessions.unknownIp}
                      <span aria-hidden="true"> · </span>
                      {format(t.sessions.lastActive, { time: lastActive })}
                    </p>
                    <p className="list__meta">
                      {format(t.sessions.signedInOn, { date: formatDate(session.createdAt) })}
                    </p>
                  </div>
                  {mine ? null : (
                    <div className="list__actions">
                      <Button
                        variant="secondary"
                        onClick={() => revoke.mutate({ kind: 'one', session })}
                        pending={busy === session.id}
                        pendingLabel={t.sessions.revoking}
                        disabled={busy !== null}
                        ariaLabel={format(t.sessions.revokeLabel, { device: name, time: lastActive })}
                      >
                        {t.sessions.revoke}
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          {others.length > 0 ? (
            <div className="form__actions">
              <Button
                variant="danger"
                onClick={() => revoke.mutate({ kind: 'others' })}
                pending={busy === 'others'}
                pendingLabel={t.sessions.revokingOthers}
                disabled={busy !== null}
              >
                {t.sessions.revokeOthers}
              </Button>
            </div>
          ) : (
            <p className="muted">{t.sessions.noOthers}</p>
          )}
        </>
      )}
    </section>
  );
}

function DeviceIcon({ kind }: { kind: DeviceKind }) {
  return (
    <span className="device-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" className="icon" aria-hidden="true" focusable="false">
        {kind === 'desktop' ? (
          <path fill="none" stroke="currentColor" strokeWidth="1.8" d="M3 5h18v11H3zM8 20h8M12 16v4" />
        ) : kind === 'tablet' ? (
          <path fill="none" stroke="currentColor" strokeWidth="1.8" d="M5 3h14v18H5zM11 18h2" />
        ) : (
          <path fill="none" stroke="currentColor" strokeWidth="1.8" d="M7 2h10v20H7zM11 18h2" />
        )}
      </svg>
    </span>
  );
}
