/**
 * While an admin acts as someone (the session has `impersonatedBy`), every screen says so under the
 * header: who is being impersonated, by whom, how long the session has left, and "Stop
 * impersonating" (POST /admin/stop-impersonating), which gives the admin's own session back and
 * returns to the person's page in the console.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { useSession } from '../../lib/session.ts';
import { recallImpersonator } from './impersonator.ts';
import { useStopImpersonating } from './mutations.ts';
import { displayName } from './ui.tsx';

/** How often the time left is said again. */
const TICK_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function ImpersonationBanner() {
  const session = useSession().data;
  if (!session?.session.impersonatedBy) return null;
  return <Banner key={session.session.id} />;
}

function Banner() {
  const { t, format, formatRelative } = useI18n();
  const navigate = useNavigate();
  const data = useSession().data;
  useNow();
  const person = data?.user;
  const adminId = data?.session.impersonatedBy ?? '';
  const stop = useStopImpersonating(() => {
    if (person) navigate(`/admin/users/${encodeURIComponent(person.id)}`);
  });
  if (!data || !person) return null;
  const admin = recallImpersonator(adminId);
  const error = authErrorOf(stop.error);
  return (
    <aside className="admin-impersonation" aria-label={t.admin.impersonationRegion}>
      <div className="admin-impersonation__inner">
        <p className="admin-impersonation__text">
          <strong>{format(t.admin.impersonationBanner, { name: displayName(person), email: person.email })}</strong>{' '}
          {format(t.admin.impersonationBy, { admin: admin ? `${displayName(admin)} (${admin.email})` : adminId })}{' '}
          {format(t.admin.impersonationEnds, { time: formatRelative(data.session.expiresAt) })}
        </p>
        <Button
          variant="secondary"
          onClick={() => stop.mutate()}
          pending={stop.isPending}
          pendingLabel={t.admin.stopping}
        >
          {t.admin.stopImpersonating}
        </Button>
      </div>
      {error ? (
        <div className="admin-impersonation__error">
          <Alert tone="error" focus>
            {describeError(error, t)}
          </Alert>
        </div>
      ) : null}
    </aside>
  );
}
