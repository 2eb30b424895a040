/**
 * Audit events as the console shows them: a table (the whole log, a person's trail) and a drawer
 * with everything one row holds. Rows name people by id; the drawer looks the ids up.
 */
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { useSession } from '../../lib/session.ts';
import { Drawer } from './dialog.tsx';
import { userQuery } from './queries.ts';
import type { AuditEvent } from './types.ts';
import { displayName, eventLabel } from './ui.tsx';

function targetTypeLabel(type: string, t: Messages): string {
  const labels: Record<string, string> = t.admin.targetTypes;
  return Object.hasOwn(labels, type) ? (labels[type] as string) : type;
}

/** A user id as a link to their page ("you" for the signed-in admin). */
function UserRef({ id }: { id: string }) {
  const { t } = useI18n();
  const me = useSession().data?.user.id;
  return (
    <Link to={`/admin/users/${encodeURIComponent(id)}`} className="admin-mono admin-ref">
      {id === me ? t.admin.you : id}
    </Link>
  );
}

function Actor({ event }: { event: AuditEvent }) {
  const { t, format } = useI18n();
  let who: ReactNode;
  if (event.actorType === 'system') who = t.admin.actorSystem;
  else if (event.actorType === 'server-api') who = t.admin.actorServerApi;
  else if (event.actorUserId === null) who = t.admin.actorAnonymous;
  else who = <UserRef id={event.actorUserId} />;
  return (
    <>
      {who}
      {event.impersonatorUserId ? (
        <span className="admin-cell-note">{format(t.admin.viaImpersonator, { id: event.impersonatorUserId })}</span>
      ) : null}
    </>
  );
}

function Target({ event }: { event: AuditEvent }) {
  const { t } = useI18n();
  if (!event.targetId) return <span className="muted">—</span>;
  return (
    <>
      {event.targetType === 'user' ? (
        <UserRef id={event.targetId} />
      ) : (
        <span className="admin-mono">{event.targetId}</span>
      )}
      {event.targetType && event.targetType !== 'user' ? (
        <span className="admin-cell-note">{targetTypeLabel(event.targetType, t)}</span>
      ) : null}
    </>
  );
}

export function OutcomeBadge({ outcome }: { outcome: AuditEvent['outcome'] }) {
  const { t } = useI18n();
  return outcome === 'success' ? (
    <span className="badge badge--ok">{t.admin.outcomeSuccess}</span>
  ) : (
    <span className="badge admin-badge--danger">{t.admin.outcomeFailure}</span>
  );
}

export function EventTable({
  events,
  label,
  onOpen,
}: {
  events: readonly AuditEvent[];
  label: string;
  onOpen: (event: AuditEvent) => void;
}) {
  const { t, format, formatDate } = useI18n();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--events">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t.admin.columnTime}</th>
            <th scope="col">{t.admin.columnEvent}</th>
            <th scope="col">{t.admin.columnOutcome}</th>
            <th scope="col">{t.admin.columnActor}</th>
            <th scope="col">{t.admin.columnTarget}</th>
            <th scope="col">{t.admin.columnIp}</th>
            <th scope="col">
              <span className="visually-hidden">{t.admin.columnDetails}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const name = eventLabel(event.type, t);
            const time = formatDate(event.createdAt);
            return (
              <tr key={event.id}>
                <td data-label={t.admin.columnTime}>
                  <time dateTime={new Date(event.createdAt).toISOString()}>{time}</time>
                </td>
                <td data-label={t.admin.columnEvent}>
                  {name}
                  <span className="admin-cell-note admin-mono admin-type">{event.type}</span>
                </td>
                <td data-label={t.admin.columnOutcome}>
                  <OutcomeBadge outcome={event.outcome} />
                </td>
                <td data-label={t.admin.columnActor}>
                  <Actor event={event} />
                </td>
                <td data-label={t.admin.columnTarget}>
                  <Target event={event} />
                </td>
                <td data-label={t.admin.columnIp}>
                  <span className="admin-mono">{event.ipAddress ?? '—'}</span>
                </td>
                <td className="admin-table__action">
                  <Button
                    variant="ghost"
                    onClick={() => onOpen(event)}
                    ariaLabel={format(t.admin.openEventLabel, { event: name, time })}
                  >
                    {t.admin.openEvent}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A person named by id, with their name and address when they still exist. */
function PersonFact({ id }: { id: string }) {
  const { t } = useI18n();
  const user = useQuery({ ...userQuery(id), retry: false });
  return (
    <>
      <UserRef id={id} />
      {user.data ? (
        <span className="admin-cell-note">
          {displayName(user.data)} ({user.data.email})
        </span>
      ) : user.isError ? (
        <span className="admin-cell-note">{t.admin.personGone}</span>
      ) : null}
    </>
  );
}

export function EventDrawer({ event, onClose }: { event: AuditEvent; onClose: () => void }) {
  const { t, format, formatDate } = useI18n();
  const actor =
    event.actorType === 'system'
      ? t.admin.actorSystem
      : event.actorType === 'server-api'
        ? t.admin.actorServerApi
        : event.actorUserId === null
          ? t.admin.actorAnonymous
          : null;
  const rows: [string, ReactNode][] = [
    [t.admin.fieldTime, formatDate(event.createdAt)],
    [
      t.admin.fieldType,
      <span key="type" className="admin-mono">
        {event.type}
      </span>,
    ],
    [t.admin.fieldOutcome, <OutcomeBadge key="outcome" outcome={event.outcome} />],
    [t.admin.fieldActor, actor ?? (event.actorUserId ? <PersonFact key="actor" id={event.actorUserId} /> : '—')],
    ...(event.impersonatorUserId
      ? ([[t.admin.fieldImpersonator, <PersonFact key="impersonator" id={event.impersonatorUserId} />]] as [
          string,
          ReactNode,
        ][])
      : []),
    [
      t.admin.fieldTarget,
      event.targetId ? (
        event.targetType === 'user' ? (
          <PersonFact key="target" id={event.targetId} />
        ) : (
          <Fragment key="target">
            <span className="admin-mono">{event.targetId}</span>
            {event.targetType ? <span className="admin-cell-note">{targetTypeLabel(event.targetType, t)}</span> : null}
          </Fragment>
        )
      ) : (
        '—'
      ),
    ],
    [
      t.admin.fieldOrganization,
      event.organizationId ? (
        <span key="organization" className="admin-mono">
          {event.organizationId}
        </span>
      ) : (
        '—'
      ),
    ],
    [
      t.admin.fieldIp,
      event.ipAddress ? (
        <span key="ip" className="admin-mono">
          {event.ipAddress}
        </span>
      ) : (
        '—'
      ),
    ],
    [t.admin.fieldUserAgent, event.userAgent ?? '—'],
    [
      t.admin.fieldId,
      <span key="id" className="admin-mono">
        {event.id}
      </span>,
    ],
    [
      t.admin.fieldChain,
      event.chainId !== null && event.chainSeq !== null
        ? format(t.admin.chainPosition, { chain: event.chainId, seq: event.chainSeq })
        : t.admin.unchained,
    ],
    [
      t.admin.fieldHash,
      event.hash ? (
        <span key="hash" className="admin-mono admin-hash">
          {event.hash}
        </span>
      ) : (
        '—'
      ),
    ],
  ];
  return (
    <Drawer title={eventLabel(event.type, t)} onClose={onClose}>
      <dl className="facts admin-drawer__facts">
        {rows.map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{label}</dt>
            <dd className="facts__value">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="admin-drawer__subtitle">{t.admin.fieldDetails}</h3>
      {event.details && Object.keys(event.details).length > 0 ? (
        <pre className="admin-json">{JSON.stringify(event.details, null, 2)}</pre>
      ) : (
        <p className="muted">{t.admin.noDetails}</p>
      )}
    </Drawer>
  );
}
