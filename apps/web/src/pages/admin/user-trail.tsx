/**
 * A person's audit trail: what they did (actorUserId) and what was done to them (targetId), as two
 * tabs, since the log's filters all apply together. The whole log opens at the same filter.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { FullPageSpinner } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authErrorOf } from '../../lib/query.ts';
import { EventDrawer, EventTable, peopleOfPages } from './audit-ui.tsx';
import { auditEventsQuery } from './queries.ts';
import type { AdminUser, AuditEvent } from './types.ts';
import { displayName, LoadError, ShowMore } from './ui.tsx';

/** Rows of a trail per page: the latest, with "Show more" for the rest. */
const TRAIL_PAGE = 10;

type Side = 'by' | 'on';

export function UserTrail({ user }: { user: AdminUser }) {
  const { t, format } = useI18n();
  const [side, setSide] = useState<Side>('on');
  const [open, setOpen] = useState<AuditEvent | null>(null);
  const filters = side === 'by' ? { actorUserId: user.id } : { targetId: user.id };
  const events = useInfiniteQuery(auditEventsQuery(filters, TRAIL_PAGE));
  const error = authErrorOf(events.error);
  const list = events.data?.pages.flatMap((page) => page.events) ?? [];
  const people = peopleOfPages(events.data?.pages);
  const name = displayName(user);
  const tabs: { side: Side; label: string }[] = [
    { side: 'on', label: format(t.admin.trailOn, { name }) },
    { side: 'by', label: format(t.admin.trailBy, { name }) },
  ];
  const logLink = `/admin/audit?${new URLSearchParams(side === 'by' ? { actor: user.id } : { target: user.id })}`;

  return (
    <section className="card panel" aria-labelledby="admin-trail-title">
      <div className="admin-head">
        <h2 id="admin-trail-title" className="section-title">
          {t.admin.trailTitle}
        </h2>
        <Link to={logLink}>{t.admin.trailOpenLog}</Link>
      </div>
      {/* a pair of toggle buttons: the table below follows the one pressed */}
      <fieldset className="admin-segments">
        <legend className="visually-hidden">{t.admin.trailTitle}</legend>
        {tabs.map((tab) => (
          <button
            key={tab.side}
            type="button"
            className={`admin-segments__button${side === tab.side ? ' admin-segments__button--on' : ''}`}
            aria-pressed={side === tab.side}
            onClick={() => setSide(tab.side)}
          >
            {tab.label}
          </button>
        ))}
      </fieldset>
      {events.isPending ? (
        <FullPageSpinner />
      ) : error && list.length === 0 ? (
        <LoadError error={error} retry={() => void events.refetch()} />
      ) : list.length === 0 ? (
        <p className="muted">{t.admin.trailEmpty}</p>
      ) : (
        <>
          <EventTable
            events={list}
            people={people}
            label={tabs.find((tab) => tab.side === side)?.label ?? ''}
            onOpen={setOpen}
          />
          <ShowMore pages={events} boxed />
        </>
      )}
      {open ? <EventDrawer event={open} people={people} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
