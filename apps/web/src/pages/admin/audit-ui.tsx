/**
 * Audit events as the console shows them: a table (the whole log, a person's trail) and a drawer
 * with everything one row holds. People are named by name and address, as the server sends them
 * with each page (`people`, one query for the page); an id it did not name is an account that no
 * longer exists, shown by its id.
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
import type { AuditEvent, AuditPage } from './types.ts';
import { displayName, eventLabel } from './ui.tsx';

function targetTypeLabel(type: string, t: Messages): string {
  const labels: Record<string, string> = t.admin.targetTypes;
  return Object.hasOwn(labels, type) ? (labels[type] as string) : type;
}

/** The people the events of a page name, by id (GET /admin/list-audit-events `people`). */
export type People = AuditPage['people'];

/** The people of every page loaded so far ("Show more" adds pages). */
export function peopleOfPages(pages: readonly { people: People }[] | undefined): People {
  return Object.assign({}, ...(pages ?? []).map((page) => page.people));
}

/** A user as a link to their page: their name ("you" for the signed-in admin), their address beside it. */
function UserRef({ id, people }: { id: string; people: People }) {
  const { t } = useI18n();
  const me = useSession().data?.user.id;
  const person = Object.hasOwn(people, id) ? people[id] : undefined;
  if (!person) {
    return (
      <Link to={`/admin/users/${encodeURIComponent(id)}`} className="admin-mono admin-ref">
        {id === me ? t.admin.you : id}
      </Link>
    );
  }
  return (
    <>
      <Link to={`/admin/users/${encodeURIComponent(id)}`} className="admin-ref">
        {id === me ? t.admin.you : displayName(person)}
      </Link>
      <span className="admin-cell-note">{person.email}</span>
    </>
  );
}

function Actor({ event, people }: { event: AuditEvent; people: People }) {
  const { t, format } = useI18n();
  let who: ReactNode;
  if (event.actorType === 'system') who = t.admin.actorSystem;
  else if (event.actorType === 'server-api') who = t.admin.actorServerApi;
  else if (event.actorUserId === null) who = t.admin.actorAnonymous;
  else who = <UserRef id={event.actorUserId} people={people} />;
  const impersonator = event.impersonatorUserId;
  const by = impersonator && Object.hasOwn(people, impersonator) ? people[impersonator] : undefined;
  return (
    <>
      {who}
      {impersonator ? (
        <span className="admin-cell-note">
          {format(t.admin.viaImpersonator, { id: by ? `${displayName(by)} (${by.email})` : impersonator })}
        </span>
      ) : null}
    </>
  );
}

function Target({ event, people }: { event: AuditEvent; people: People }) {
  const { t } = useI18n();
  if (!event.targetId) return <span className="muted">—</span>;
  return (
    <>
      {event.targetType === 'user' ? (
        <UserRef id={event.targetId} people={people} />
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
  people,
  label,
  onOpen,
}: {
  events: readonly AuditEvent[];
  people: People;
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
                  <Actor event={event} people={people} />
                </td>
                <td data-label={t.admin.columnTarget}>
                  <Target event={event} people={people} />
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

/** A person named by id, with their name and address when they still exist (asked for when the page did not name them). */
function PersonFact({ id, people }: { id: string; people: People }) {
  const { t } = useI18n();
  const named = Object.hasOwn(people, id);
  const user = useQuery({ ...userQuery(id), retry: false, enabled: !named });
  if (named) return <UserRef id={id} people={people} />;
  return (
    <>
      <UserRef id={id} people={people} />
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

export function EventDrawer({ event, people, onClose }: { event: AuditEvent; people: People; onClose: () => void }) {
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
    [
      t.admin.fieldActor,
      actor ?? (event.actorUserId ? <PersonFact key="actor" id={event.actorUserId} people={people} /> : '—'),
    ],
    ...(event.impersonatorUserId
      ? ([
          [t.admin.fieldImpersonator, <PersonFact key="impersonator" id={event.impersonatorUserId} people={people} />],
        ] as [string, ReactNode][])
      : []),
    [
      t.admin.fieldTarget,
      event.targetId ? (
        event.targetType === 'user' ? (
          <PersonFact key="target" id={event.targetId} people={people} />
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
