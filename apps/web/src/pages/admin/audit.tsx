/**
 * /admin/audit: the whole audit log (GET /admin/list-audit-events), newest first, with every filter
 * the endpoint takes, kept in the address; each row's details in a drawer; the matching events as a
 * file (JSON lines or CSV, streamed by the server); and the tamper check of the hash chains.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { focusFirstInvalid } from '../../components/focus.ts';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { authClient } from '../../lib/auth.ts';
import { authErrorOf } from '../../lib/query.ts';
import type { FieldErrors } from '../../lib/validation.ts';
import { EventDrawer, EventTable, peopleOfPages } from './audit-ui.tsx';
import { AUDIT_EVENT_TYPES } from './event-types.ts';
import { auditChainQuery, auditEventsQuery } from './queries.ts';
import type { AuditEvent, AuditFilters, ChainBreak, ChainVerification } from './types.ts';
import { eventLabel, LoadError, SelectField, ShowMore } from './ui.tsx';

type Outcome = 'any' | 'success' | 'failure';

/** The filter form's fields, as typed (dates as the browser's local date-time). */
interface FilterForm {
  type: string;
  outcome: Outcome;
  actor: string;
  target: string;
  organization: string;
  from: string;
  to: string;
}

/** `2026-11-25T10:00` (the local time a datetime-local field shows) for an ISO instant. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The ISO instant of a datetime-local value (read in the browser's time zone), or null. */
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function readForm(params: URLSearchParams): FilterForm {
  const outcome = params.get('outcome');
  return {
    type: params.get('type') ?? '',
    outcome: outcome === 'success' || outcome === 'failure' ? outcome : 'any',
    actor: params.get('actor') ?? '',
    target: params.get('target') ?? '',
    organization: params.get('org') ?? '',
    from: toLocalInput(params.get('from')),
    to: toLocalInput(params.get('to')),
  };
}

/** The list's filters from the address: only what is set. */
function readFilters(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  const type = params.get('type');
  const outcome = params.get('outcome');
  if (type) filters.type = type;
  if (outcome === 'success' || outcome === 'failure') filters.outcome = outcome;
  const actor = params.get('actor');
  const target = params.get('target');
  const organization = params.get('org');
  if (actor) filters.actorUserId = actor;
  if (target) filters.targetId = target;
  if (organization) filters.organizationId = organization;
  const from = fromLocalInput(toLocalInput(params.get('from')));
  const to = fromLocalInput(toLocalInput(params.get('to')));
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

type DateKey = 'from' | 'to';
const DATE_IDS: Record<DateKey, string> = { from: 'admin-audit-from', to: 'admin-audit-to' };

export function AuditLogPage() {
  const { t, format } = useI18n();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const events = useInfiniteQuery(auditEventsQuery(filters));
  const [open, setOpen] = useState<AuditEvent | null>(null);
  const error = authErrorOf(events.error);
  const list = events.data?.pages.flatMap((page) => page.events) ?? [];
  const people = peopleOfPages(events.data?.pages);

  const exportHref = (fileFormat: 'jsonl' | 'csv') =>
    authClient.admin.exportAuditEventsHref({ ...filters, format: fileFormat });

  return (
    <div className="admin-stack">
      <section className="card panel" aria-labelledby="admin-audit-title">
        <PageHeading id="admin-audit-title">{t.admin.auditTitle}</PageHeading>
        <p className="panel__description">{format(t.admin.auditDescription, { app: getConfig().appName })}</p>
        <AuditFiltersForm key={params.toString()} params={params} onApply={setParams} />
        {events.isPending ? (
          <FullPageSpinner />
        ) : error && list.length === 0 ? (
          <LoadError error={error} retry={() => void events.refetch()} />
        ) : list.length === 0 ? (
          <p className="muted admin-empty">{t.admin.noEvents}</p>
        ) : (
          <>
            <EventTable events={list} people={people} label={t.admin.eventsTableLabel} onOpen={setOpen} />
            {error ? <LoadError error={error} retry={() => void events.fetchNextPage()} /> : null}
            <ShowMore pages={events} boxed />
          </>
        )}
      </section>
      <section className="card panel" aria-labelledby="admin-export-title">
        <h2 id="admin-export-title" className="section-title">
          {t.admin.exportTitle}
        </h2>
        <p className="panel__description">{t.admin.exportDescription}</p>
        <div className="admin-actions">
          {/* a download the browser streams to disk, with the session's cookie and the server's file name */}
          <a className="button button--secondary" href={exportHref('jsonl')} download>
            <span>{t.admin.exportJsonl}</span>
          </a>
          <a className="button button--secondary" href={exportHref('csv')} download>
            <span>{t.admin.exportCsv}</span>
          </a>
        </div>
      </section>
      <ChainCheck />
      {open ? <EventDrawer event={open} people={people} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function AuditFiltersForm({
  params,
  onApply,
}: {
  params: URLSearchParams;
  onApply: (params: URLSearchParams) => void;
}) {
  const { t } = useI18n();
  const [form, setForm] = useState<FilterForm>(() => readForm(params));
  const [errors, setErrors] = useState<FieldErrors<DateKey>>({});
  const set =
    <K extends keyof FilterForm>(key: K) =>
    (value: FilterForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  const typeOptions = useMemo(() => {
    const known = AUDIT_EVENT_TYPES.map((type) => ({ value: type, label: `${eventLabel(type, t)} (${type})` }));
    // a kind from a link that this build does not list still shows as chosen
    const extra = form.type && !(AUDIT_EVENT_TYPES as readonly string[]).includes(form.type) ? [form.type] : [];
    return [
      { value: '', label: t.admin.filterAnyType },
      ...extra.map((type) => ({ value: type, label: type })),
      ...known.sort((a, b) => a.label.localeCompare(b.label)),
    ];
  }, [t, form.type]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const from = fromLocalInput(form.from);
    const to = fromLocalInput(form.to);
    const found: FieldErrors<DateKey> = {
      from: form.from && !from ? t.admin.filterDateInvalid : undefined,
      to: form.to && !to ? t.admin.filterDateInvalid : from && to && to < from ? t.admin.filterRangeInvalid : undefined,
    };
    setErrors(found);
    if (found.from || found.to) {
      focusFirstInvalid(['from', 'to'], found, DATE_IDS);
      return;
    }
    const next = new URLSearchParams();
    if (form.type) next.set('type', form.type);
    if (form.outcome !== 'any') next.set('outcome', form.outcome);
    if (form.actor.trim()) next.set('actor', form.actor.trim());
    if (form.target.trim()) next.set('target', form.target.trim());
    if (form.organization.trim()) next.set('org', form.organization.trim());
    if (from) next.set('from', from);
    if (to) next.set('to', to);
    onApply(next);
  };

  return (
    <form className="admin-filters" onSubmit={submit} noValidate aria-label={t.admin.filtersTitle}>
      <SelectField
        id="admin-audit-type"
        label={t.admin.filterType}
        value={form.type}
        options={typeOptions}
        onChange={set('type')}
      />
      <SelectField<Outcome>
        id="admin-audit-outcome"
        label={t.admin.filterOutcome}
        value={form.outcome}
        options={[
          { value: 'any', label: t.admin.outcomeAny },
          { value: 'success', label: t.admin.outcomeSuccess },
          { value: 'failure', label: t.admin.outcomeFailure },
        ]}
        onChange={set('outcome')}
      />
      <Field
        id="admin-audit-actor"
        label={t.admin.filterActor}
        value={form.actor}
        onValueChange={set('actor')}
        autoComplete="off"
        spellCheck={false}
        maxLength={255}
      />
      <Field
        id="admin-audit-target"
        label={t.admin.filterTarget}
        value={form.target}
        onValueChange={set('target')}
        autoComplete="off"
        spellCheck={false}
        maxLength={255}
      />
      <Field
        id="admin-audit-organization"
        label={t.admin.filterOrganization}
        value={form.organization}
        onValueChange={set('organization')}
        autoComplete="off"
        spellCheck={false}
        maxLength={255}
      />
      <Field
        id={DATE_IDS.from}
        label={t.admin.filterFrom}
        type="datetime-local"
        value={form.from}
        onValueChange={set('from')}
        error={errors.from}
      />
      <Field
        id={DATE_IDS.to}
        label={t.admin.filterTo}
        type="datetime-local"
        value={form.to}
        onValueChange={set('to')}
        error={errors.to}
      />
      <div className="admin-filters__buttons">
        <Button type="submit">{t.admin.filterApply}</Button>
        {params.toString() ? (
          <Button variant="ghost" onClick={() => onApply(new URLSearchParams())}>
            {t.admin.filterReset}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function reasonLabel(reason: ChainBreak['reason'], t: Messages): string {
  return t.admin.chainReasons[reason];
}

/** GET /admin/verify-audit-chain on request: it reads the whole log. */
function ChainCheck() {
  const { t, formatDate } = useI18n();
  const chain = useQuery(auditChainQuery());
  const error = authErrorOf(chain.error);
  return (
    <section className="card panel" aria-labelledby="admin-chain-title">
      <h2 id="admin-chain-title" className="section-title">
        {t.admin.chainTitle}
      </h2>
      <p className="panel__description">{t.admin.chainDescription}</p>
      <div>
        <Button
          variant="secondary"
          onClick={() => void chain.refetch()}
          pending={chain.isFetching}
          pendingLabel={t.admin.chainRunning}
        >
          {t.admin.chainRun}
        </Button>
      </div>
      <div className="live" aria-live="polite">
        {error && !chain.isFetching ? <LoadError error={error} retry={() => void chain.refetch()} /> : null}
        {chain.data && !chain.isFetching ? (
          <ChainResult result={chain.data} checkedAt={formatDate(new Date(chain.dataUpdatedAt))} />
        ) : null}
      </div>
    </section>
  );
}

function ChainResult({ result, checkedAt }: { result: ChainVerification; checkedAt: string }) {
  const { t, format, formatDate } = useI18n();
  const note =
    result.unchainedEvents > 0 ? <p>{format(t.admin.chainUnchained, { count: result.unchainedEvents })}</p> : null;
  if (result.valid) {
    return (
      <Alert
        tone="success"
        title={format(t.admin.chainValid, { checked: result.checkedEvents, chains: result.chains })}
      >
        {note}
        <p>{format(t.admin.chainCheckedAt, { time: checkedAt })}</p>
      </Alert>
    );
  }
  return (
    <Alert tone="error" title={format(t.admin.chainBroken, { count: result.broken.length })}>
      <ul className="admin-breaks">
        {result.broken.map((broken) => (
          <li key={`${broken.chainId}:${broken.chainSeq ?? ''}:${broken.reason}`}>
            {format(t.admin.chainBreak, { chain: broken.chainId, reason: reasonLabel(broken.reason, t) })}
            {broken.eventId
              ? ` ${format(t.admin.chainBreakAt, {
                  id: broken.eventId,
                  seq: broken.chainSeq ?? '—',
                  time: broken.createdAt ? formatDate(broken.createdAt) : '—',
                })}`
              : null}
          </li>
        ))}
      </ul>
      {note}
      <p>{format(t.admin.chainCheckedAt, { time: checkedAt })}</p>
    </Alert>
  );
}
