/**
 * /admin/webhooks/deliveries: the delivery log (GET /admin/webhooks/list-deliveries), newest first,
 * by endpoint and status, with each delivery's last answer, its body in a drawer, and a replay
 * (the same event, the same webhook-id, as a new entry).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { format, type Messages } from '../../i18n/messages.ts';
import { describeError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { Drawer } from './dialog.tsx';
import { useReplayDelivery } from './mutations.ts';
import { deliveriesQuery, webhookEndpointsQuery } from './queries.ts';
import type { DeliveryFilters, DeliveryStatus, WebhookDelivery } from './types.ts';
import { eventLabel, LoadError, SelectField, ShowMore } from './ui.tsx';

const STATUSES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed'];

function statusLabel(status: DeliveryStatus, t: Messages): string {
  if (status === 'pending') return t.admin.statusPending;
  if (status === 'succeeded') return t.admin.statusSucceeded;
  return t.admin.statusFailed;
}

function StatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useI18n();
  const tone = status === 'succeeded' ? ' badge--ok' : status === 'failed' ? ' admin-badge--danger' : ' badge--warn';
  return <span className={`badge${tone}`}>{statusLabel(status, t)}</span>;
}

/** The last attempt's outcome: the server's short error ("timeout after 15000 ms"), else its HTTP status. */
function lastAnswer(delivery: WebhookDelivery, t: Messages): string {
  if (delivery.lastError) return delivery.lastError;
  if (delivery.lastStatusCode !== null) return format(t.admin.httpStatus, { code: delivery.lastStatusCode });
  return '—';
}

export function DeliveriesPage() {
  const { t, formatDate, formatRelative } = useI18n();
  const [params, setParams] = useSearchParams();
  const endpointId = params.get('endpoint') ?? '';
  const statusParam = params.get('status');
  const status = STATUSES.find((s) => s === statusParam) ?? null;
  const filters = useMemo<DeliveryFilters>(
    () => ({ ...(endpointId ? { endpointId } : {}), ...(status ? { status } : {}) }),
    [endpointId, status],
  );
  const endpoints = useQuery(webhookEndpointsQuery());
  const deliveries = useInfiniteQuery(deliveriesQuery(filters));
  const replay = useReplayDelivery();
  const [open, setOpen] = useState<WebhookDelivery | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const error = authErrorOf(deliveries.error);
  const off = error?.status === 404;
  const replayError = authErrorOf(replay.error);
  const list = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];
  const urlOf = (id: string) => endpoints.data?.endpoints.find((endpoint) => endpoint.id === id)?.url ?? id;

  const choose = (key: 'endpoint' | 'status', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };

  const send = (delivery: WebhookDelivery) => {
    setNote(null);
    replay.mutate(delivery.id, { onSuccess: () => setNote(t.admin.replayed) });
  };

  return (
    <section className="card panel" aria-labelledby="admin-deliveries-title">
      <PageHeading id="admin-deliveries-title">{t.admin.deliveriesTitle}</PageHeading>
      <p className="panel__description">{t.admin.deliveriesDescription}</p>
      {off ? (
        <Alert tone="info">{t.admin.webhooksOff}</Alert>
      ) : (
        <>
          <div className="admin-toolbar">
            <SelectField
              id="admin-deliveries-endpoint"
              label={t.admin.filterEndpoint}
              value={endpointId}
              options={[
                { value: '', label: t.admin.anyEndpoint },
                ...(endpoints.data?.endpoints ?? []).map((endpoint) => ({ value: endpoint.id, label: endpoint.url })),
                // an endpoint named by the address but gone (or not loaded yet)
                ...(endpointId && !endpoints.data?.endpoints.some((endpoint) => endpoint.id === endpointId)
                  ? [{ value: endpointId, label: endpointId }]
                  : []),
              ]}
              onChange={(value) => choose('endpoint', value)}
            />
            <SelectField
              id="admin-deliveries-status"
              label={t.admin.filterStatus}
              value={status ?? ''}
              options={[
                { value: '', label: t.admin.anyStatus },
                ...STATUSES.map((value) => ({ value, label: statusLabel(value, t) })),
              ]}
              onChange={(value) => choose('status', value)}
            />
          </div>
          {replayError ? (
            <Alert tone="error" focus>
              {describeError(replayError, t)}
            </Alert>
          ) : null}
          <div className="live" aria-live="polite">
            {note ? <Alert tone="success">{note}</Alert> : null}
          </div>
          {deliveries.isPending ? (
            <FullPageSpinner />
          ) : error && list.length === 0 ? (
            <LoadError error={error} retry={() => void deliveries.refetch()} />
          ) : list.length === 0 ? (
            <p className="muted admin-empty">{t.admin.noDeliveries}</p>
          ) : (
            <>
              <div className="admin-table-wrap">
                <table className="admin-table admin-table--deliveries">
                  <caption className="visually-hidden">{t.admin.deliveriesTableLabel}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t.admin.columnTime}</th>
                      <th scope="col">{t.admin.columnEvent}</th>
                      <th scope="col">{t.admin.columnEndpoint}</th>
                      <th scope="col">{t.admin.columnStatus}</th>
                      <th scope="col">{t.admin.columnAttempts}</th>
                      <th scope="col">{t.admin.columnLastAnswer}</th>
                      <th scope="col">{t.admin.columnNextAttempt}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t.admin.columnDetails}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((delivery) => {
                      const event = eventLabel(delivery.eventType, t);
                      const url = urlOf(delivery.endpointId);
                      return (
                        <tr key={delivery.id}>
                          <td data-label={t.admin.columnTime}>{formatDate(delivery.createdAt)}</td>
                          <td data-label={t.admin.columnEvent}>
                            {event}
                            {delivery.replayOf ? <span className="admin-cell-note">{t.admin.isReplay}</span> : null}
                          </td>
                          <td data-label={t.admin.columnEndpoint} className="admin-table__url">
                            <span className="admin-mono">{url}</span>
                          </td>
                          <td data-label={t.admin.columnStatus}>
                            <StatusBadge status={delivery.status} />
                          </td>
                          <td data-label={t.admin.columnAttempts}>{delivery.attempts}</td>
                          <td data-label={t.admin.columnLastAnswer}>{lastAnswer(delivery, t)}</td>
                          <td data-label={t.admin.columnNextAttempt}>
                            {delivery.nextAttemptAt ? formatRelative(delivery.nextAttemptAt) : '—'}
                          </td>
                          <td className="admin-table__action">
                            <span className="admin-row-actions">
                              <Button
                                variant="ghost"
                                onClick={() => setOpen(delivery)}
                                ariaLabel={format(t.admin.deliveryDetailsLabel, { event, url })}
                              >
                                {t.admin.openEvent}
                              </Button>
                              <Button
                                variant="secondary"
                                onClick={() => send(delivery)}
                                pending={replay.isPending && replay.variables === delivery.id}
                                pendingLabel={t.admin.replaying}
                                disabled={replay.isPending}
                                ariaLabel={format(t.admin.replayLabel, { event, url })}
                              >
                                {t.admin.replay}
                              </Button>
                            </span>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <ShowMore pages={deliveries} boxed />
            </>
          )}
        </>
      )}
      {open ? <DeliveryDrawer delivery={open} url={urlOf(open.endpointId)} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function DeliveryDrawer({ delivery, url, onClose }: { delivery: WebhookDelivery; url: string; onClose: () => void }) {
  const { t, formatDate } = useI18n();
  const rows: [string, string][] = [
    [t.admin.columnEndpoint, url],
    [t.admin.columnStatus, statusLabel(delivery.status, t)],
    [t.admin.columnAttempts, String(delivery.attempts)],
    [t.admin.fieldLastAttempt, delivery.lastAttemptAt ? formatDate(delivery.lastAttemptAt) : '—'],
    [t.admin.columnNextAttempt, delivery.nextAttemptAt ? formatDate(delivery.nextAttemptAt) : '—'],
    [t.admin.columnLastAnswer, lastAnswer(delivery, t)],
    [t.admin.fieldMessageId, delivery.messageId],
    [t.admin.fieldEventId, delivery.eventId],
    [t.admin.fieldReplayOf, delivery.replayOf ?? '—'],
    [t.admin.fieldId, delivery.id],
  ];
  return (
    <Drawer title={eventLabel(delivery.eventType, t)} onClose={onClose}>
      <dl className="facts admin-drawer__facts">
        {rows.map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{label}</dt>
            <dd className="facts__value">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="admin-drawer__subtitle">{t.admin.payloadLabel}</h3>
      <pre className="admin-json">{JSON.stringify(delivery.payload, null, 2)}</pre>
    </Drawer>
  );
}
