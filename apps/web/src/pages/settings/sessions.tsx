import { useState } from 'react';
import { Alert, Button } from '../../components/form.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { type AuthError, authClient, type Session, useSession } from '../../lib/auth.ts';
import { useLoad } from '../../lib/hooks.ts';
import { type DeviceKind, describeUserAgent } from '../../lib/user-agent.ts';
import { SettingsError } from './layout.tsx';

export function SessionsPage() {
  const { t, format, formatDate, formatRelative } = useI18n();
  const current = useSession().data?.session;
  const sessions = useLoad(() => authClient.listSessions());
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const isCurrent = (session: Session) => session.id === current?.id || session.token === current?.token;
  const list = [...(sessions.data ?? [])].sort((a, b) =>
    isCurrent(a) ? -1 : isCurrent(b) ? 1 : new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime(),
  );
  const others = list.filter((session) => !isCurrent(session));

  const revoke = async (session: Session) => {
    setBusy(session.id);
    setError(null);
    setNote(null);
    const result = await authClient.revokeSession({ token: session.token });
    setBusy(null);
    if (result.error) {
      setError(result.error);
      return;
    }
    setNote(t.sessions.revoked);
    await sessions.reload();
  };

  const revokeOthers = async () => {
    setBusy('others');
    setError(null);
    setNote(null);
    const result = await authClient.revokeOtherSessions();
    setBusy(null);
    if (result.error) {
      setError(result.error);
      return;
    }
    setNote(t.sessions.othersRevoked);
    await sessions.reload();
  };

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
      {sessions.loading && !sessions.data ? (
        <FullPageSpinner />
      ) : sessions.error ? (
        <SettingsError error={sessions.error} retry={sessions.reload} />
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
                      {name} {mine ? <span className="badge badge--accent">{t.sessions.thisDevice}</span> : null}
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
                        onClick={() => revoke(session)}
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
                onClick={revokeOthers}
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
