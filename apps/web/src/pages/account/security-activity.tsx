import type { audit } from '@latch/contract';
import { authMutationOptions, authQueryOptions, latchKeys } from '@latch/react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { authClient } from '../../lib/auth.ts';
import { authErrorOf } from '../../lib/query.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import type { AnswerOf } from '../../lib/wire-types.ts';
import { SettingsError } from './layout.tsx';

export type OwnEvent = AnswerOf<typeof audit.listOwnAuditEvents>['events'][number];

const PAGE_SIZE = 20;
const ACTIVITY_KEY = [...latchKeys.all(), 'own-audit-events'] as const;

/** One page of the person's own events, after `cursor` ('' for the newest). */
function activityPage(cursor: string) {
  return authQueryOptions(ACTIVITY_KEY, () =>
    authClient.listOwnAuditEvents({ limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
  ).queryFn();
}

/** The event's name in the person's words; kinds this page does not know are named by their group. */
export function eventLabel(event: Pick<OwnEvent, 'type' | 'outcome'>, t: Messages): string {
  const e = t.securityEvents;
  const labels: Record<string, string> = {
    sign_up: e.signUp,
    sign_out: e.signOut,
    'session.revoked': e.sessionRevoked,
    'password.changed': e.passwordChanged,
    'password.reset': e.passwordReset,
    'two_factor.enabled': e.twoFactorEnabled,
    'two_factor.disabled': e.twoFactorDisabled,
    'two_factor.backup_codes_regenerated': e.backupCodes,
    'passkey.added': e.passkeyAdded,
    'passkey.removed': e.passkeyRemoved,
    'passkey.renamed': e.passkeyRenamed,
    'email.verified': e.emailVerified,
    'email.change_requested': e.emailChangeRequested,
    'email.change_confirmed': e.emailChanged,
    'account.linked': e.accountLinked,
    'account.unlinked': e.accountUnlinked,
    'user.banned': e.banned,
    'user.unbanned': e.unbanned,
    'user.role_changed': e.roleChanged,
    'user.created': e.createdByAdmin,
    'user.updated': e.updatedByAdmin,
    'impersonation.started': e.impersonationStarted,
    'impersonation.stopped': e.impersonationStopped,
  };
  if (event.type === 'sign_in') return event.outcome === 'failure' ? e.signInRefused : e.signIn;
  const known = labels[event.type];
  if (known) return known;
  return /^(organization|member|invitation|team)\./.test(event.type) ? e.organizationActivity : e.otherActivity;
}

/** Who did it, in words: the person's own device and address, or who else (never their address). */
function whoLine(event: OwnEvent, t: Messages, format: (template: string, values: Record<string, string>) => string) {
  if (event.byYou) {
    const device = describeUserAgent(event.userAgent);
    const name = format(t.sessions.deviceOn, {
      browser: device.browser ?? t.sessions.unknownBrowser,
      os: device.os ?? t.sessions.unknownOs,
    });
    return event.ipAddress ? format(t.securityActivity.fromDevice, { device: name, ip: event.ipAddress }) : name;
  }
  if (event.actorType === 'system' || event.actorType === 'server-api')
    return format(t.securityActivity.byService, { app: getConfig().appName });
  if (event.impersonated) return t.securityActivity.byImpersonation;
  if (event.outcome === 'failure') return t.securityActivity.byUnknown;
  return t.securityActivity.byAdmin;
}

/** The kinds a stranger could be behind: a way in, or a change to the ways in. */
const SUSPICIOUS = new Set([
  'sign_in',
  'password.changed',
  'password.reset',
  'two_factor.disabled',
  'passkey.added',
  'email.change_requested',
  'email.change_confirmed',
  'account.linked',
]);

/**
 * `/settings/activity`: the person's own security activity from the audit log (GET
 * /list-own-audit-events), newest first, a page at a time. "This wasn't me" on a sign-in or a
 * change of the ways in opens the two steps that lock a stranger out: sign out every other
 * device, then change the password.
 */
export function SecurityActivityPage() {
  const { t, format, formatDate, formatRelative } = useI18n();
  const queryClient = useQueryClient();
  const activity = useInfiniteQuery({
    queryKey: ACTIVITY_KEY,
    queryFn: ({ pageParam }) => activityPage(pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const [securing, setSecuring] = useState(false);
  const secureRef = useRef<HTMLElement>(null);
  const revokeOthers = useMutation({
    ...authMutationOptions((_: undefined) => authClient.revokeOtherSessions()),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: latchKeys.sessions() }),
        queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY }),
      ]),
  });
  const loadError = authErrorOf(activity.error);
  const revokeError = authErrorOf(revokeOthers.error);
  const events = activity.data?.pages.flatMap((page) => page.events) ?? [];

  const notMe = () => {
    setSecuring(true);
    revokeOthers.reset();
    // after it renders: the steps take the focus, so keyboard and screen-reader users land on them
    requestAnimationFrame(() => secureRef.current?.focus());
  };

  return (
    <section className="card panel" aria-labelledby="activity-title">
      <PageHeading id="activity-title">{t.settings.activity}</PageHeading>
      <p className="panel__description">{t.securityActivity.description}</p>
      {securing ? (
        <section ref={secureRef} tabIndex={-1} className="security-steps" aria-labelledby="secure-title">
          <h2 id="secure-title" className="section-title">
            {t.securityActivity.secureTitle}
          </h2>
          <p>{t.securityActivity.secureBody}</p>
          {revokeError ? <SettingsError error={revokeError} retry={() => revokeOthers.mutate(undefined)} /> : null}
          <div className="live" aria-live="polite">
            {revokeOthers.isSuccess ? <Alert tone="success">{t.sessions.othersRevoked}</Alert> : null}
          </div>
          <div className="form__actions">
            <Button
              variant="danger"
              onClick={() => revokeOthers.mutate(undefined)}
              pending={revokeOthers.isPending}
              pendingLabel={t.sessions.revokingOthers}
            >
              {t.sessions.revokeOthers}
            </Button>
            <Link to="/settings/password" className="button button--secondary">
              <span>{t.securityActivity.changePassword}</span>
            </Link>
          </div>
        </section>
      ) : null}
      {activity.isPending ? (
        <FullPageSpinner />
      ) : loadError ? (
        <SettingsError error={loadError} retry={() => void activity.refetch()} />
      ) : events.length === 0 ? (
        <p className="muted">{t.securityActivity.empty}</p>
      ) : (
        <ul className="list" aria-label={t.securityActivity.listLabel}>
          {events.map((event) => {
            const label = eventLabel(event, t);
            const when = formatRelative(event.createdAt);
            return (
              <li key={event.id} className="list__item">
                <div className="list__main">
                  <p className="list__title">
                    {label}{' '}
                    {event.outcome === 'failure' ? <Badge tone="warn">{t.securityActivity.refused}</Badge> : null}
                  </p>
                  <p className="list__meta">
                    <time dateTime={new Date(event.createdAt).toISOString()} title={formatDate(event.createdAt)}>
                      {when}
                    </time>
                  </p>
                  <p className="list__meta">{whoLine(event, t, format)}</p>
                </div>
                {SUSPICIOUS.has(event.type) ? (
                  <div className="list__actions">
                    <Button
                      variant="secondary"
                      onClick={notMe}
                      ariaLabel={format(t.securityActivity.notMeLabel, { event: label, time: when })}
                    >
                      {t.securityActivity.notMe}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {activity.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => void activity.fetchNextPage()}
            pending={activity.isFetchingNextPage}
            pendingLabel={t.securityActivity.loadingMore}
          >
            {t.securityActivity.loadMore}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
