/**
 * /admin/webhooks: the endpoints Latch sends audit events to (docs/webhooks.md): add one (its signing
 * secret is shown this once, with a copy button), edit, rotate the secret, delete. A server with
 * webhooks off answers 404 on every call: the page says how an operator turns them on.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authErrorOf, succeeded } from '../../lib/query.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import { ConfirmDialog } from './dialog.tsx';
import { AUDIT_EVENT_TYPES } from './event-types.ts';
import {
  type EndpointFields,
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
} from './mutations.ts';
import { webhookEndpointsQuery, webhookEventTypesQuery } from './queries.ts';
import type { WebhookEndpoint } from './types.ts';
import { CopyButton, eventLabel, LoadError } from './ui.tsx';
import { ALL_EVENTS, WebhookForm } from './webhook-form.tsx';

/** A secret the server answered once: shown until the admin says it is stored. */
interface Revealed {
  url: string;
  secret: string;
}

const EMPTY: EndpointFields = { url: '', description: '', eventTypes: [], enabled: true };

/** The error of a settled mutation call, for the form that waits on it. */
async function refusalOf(run: Promise<unknown>): Promise<AuthError | null> {
  try {
    await run;
    return null;
  } catch (error) {
    return authErrorOf(error instanceof Error ? error : null);
  }
}

export function WebhooksPage() {
  const { t, format } = useI18n();
  const endpoints = useQuery(webhookEndpointsQuery());
  const kinds = useQuery(webhookEventTypesQuery());
  const create = useCreateWebhookEndpoint();
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const loadError = authErrorOf(endpoints.error);
  const off = loadError?.status === 404;
  const eventTypes = kinds.data?.eventTypes ?? AUDIT_EVENT_TYPES;

  const add = async (fields: EndpointFields) => {
    setNote(null);
    const run = create.mutateAsync(fields);
    const refusal = await refusalOf(run);
    if (!refusal) {
      const answer = await run;
      setRevealed({ url: answer.endpoint.url, secret: answer.secret });
      setNote(format(t.admin.endpointCreated, { url: answer.endpoint.url }));
      // a fresh, empty form for the next one
      setFormKey((key) => key + 1);
      create.reset();
    }
    return refusal;
  };

  return (
    <div className="admin-stack">
      <section className="card panel" aria-labelledby="admin-webhooks-title">
        <PageHeading id="admin-webhooks-title">{t.admin.webhooksTitle}</PageHeading>
        <p className="panel__description">{t.admin.webhooksDescription}</p>
        {off ? (
          <Alert tone="info">{t.admin.webhooksOff}</Alert>
        ) : (
          <>
            <div className="live" aria-live="polite">
              {note ? <Alert tone="success">{note}</Alert> : null}
            </div>
            {revealed ? <SecretReveal revealed={revealed} onDone={() => setRevealed(null)} /> : null}
            {endpoints.isPending ? (
              <FullPageSpinner />
            ) : loadError || !endpoints.data ? (
              loadError ? (
                <LoadError error={loadError} retry={() => void endpoints.refetch()} />
              ) : null
            ) : endpoints.data.endpoints.length === 0 ? (
              <p className="muted">{t.admin.noEndpoints}</p>
            ) : (
              <ul className="list admin-endpoints" aria-label={t.admin.endpointsLabel}>
                {endpoints.data.endpoints.map((endpoint) => (
                  <EndpointItem
                    key={endpoint.id}
                    endpoint={endpoint}
                    eventTypes={eventTypes}
                    onSecret={setRevealed}
                    onNote={setNote}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      {off ? null : (
        <section className="card panel" aria-labelledby="admin-webhook-add-title">
          <h2 id="admin-webhook-add-title" className="section-title">
            {t.admin.addEndpointTitle}
          </h2>
          <WebhookForm
            key={formKey}
            idPrefix="admin-webhook-new"
            initial={EMPTY}
            eventTypes={eventTypes}
            submitLabel={t.admin.addSubmit}
            pendingLabel={t.admin.adding}
            pending={create.isPending}
            error={authErrorOf(create.error)}
            onSubmit={add}
          />
        </section>
      )}
    </div>
  );
}

/** The signing secret, this once: a read-only field to select, a copy button, and "I have stored it". */
function SecretReveal({ revealed, onDone }: { revealed: Revealed; onDone: () => void }) {
  const { t, format } = useI18n();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const id = 'admin-webhook-secret';
  return (
    <div className="alert alert--warning admin-secret">
      <div className="alert__body">
        <p className="alert__title">{t.admin.secretTitle}</p>
        <p className="alert__text">{t.admin.secretBody}</p>
        <div className="field">
          <label className="field__label" htmlFor={id}>
            {format(t.admin.secretLabel, { url: revealed.url })}
          </label>
          <div className="admin-secret__row">
            <input ref={ref} id={id} className="input admin-mono" value={revealed.secret} readOnly spellCheck={false} />
            <CopyButton value={revealed.secret} />
          </div>
        </div>
        <div>
          <Button variant="secondary" onClick={onDone}>
            {t.admin.secretDone}
          </Button>
        </div>
      </div>
    </div>
  );
}

function EndpointItem({
  endpoint,
  eventTypes,
  onSecret,
  onNote,
}: {
  endpoint: WebhookEndpoint;
  eventTypes: readonly string[];
  onSecret: (revealed: Revealed) => void;
  onNote: (note: string | null) => void;
}) {
  const { t, format, formatDate } = useI18n();
  const [mode, setMode] = useState<'view' | 'edit' | 'rotate' | 'delete'>('view');
  const update = useUpdateWebhookEndpoint(endpoint.id);
  const rotate = useRotateWebhookSecret(endpoint.id);
  const remove = useDeleteWebhookEndpoint(endpoint.id);
  const url = endpoint.url;
  const all = endpoint.eventTypes.includes(ALL_EVENTS);

  const save = async (fields: EndpointFields) => {
    onNote(null);
    const refusal = await refusalOf(update.mutateAsync(fields));
    if (!refusal) {
      setMode('view');
      onNote(format(t.admin.endpointSaved, { url: fields.url }));
    }
    return refusal;
  };

  if (mode === 'edit') {
    return (
      <li className="list__item admin-endpoint admin-endpoint--editing">
        <WebhookForm
          idPrefix={`admin-webhook-${endpoint.id}`}
          initial={{
            url,
            description: endpoint.description ?? '',
            eventTypes: endpoint.eventTypes,
            enabled: endpoint.enabled,
          }}
          eventTypes={eventTypes}
          submitLabel={t.admin.saveEndpoint}
          pendingLabel={t.admin.savingEndpoint}
          pending={update.isPending}
          error={authErrorOf(update.error)}
          onSubmit={save}
          onCancel={() => {
            update.reset();
            setMode('view');
          }}
        />
      </li>
    );
  }

  return (
    <li className="list__item admin-endpoint">
      <div className="list__main">
        <p className="list__title admin-mono admin-endpoint__url">{url}</p>
        {endpoint.description ? <p className="list__meta">{endpoint.description}</p> : null}
        <p className="admin-badges">
          {endpoint.enabled ? (
            <span className="badge badge--ok">{t.admin.endpointEnabled}</span>
          ) : (
            <span className="badge admin-badge">{t.admin.endpointDisabled}</span>
          )}
          {all ? (
            <span className="badge badge--accent">{t.admin.allEvents}</span>
          ) : (
            endpoint.eventTypes.map((type) => (
              <span key={type} className="badge admin-badge" title={type}>
                {eventLabel(type, t)}
              </span>
            ))
          )}
        </p>
        <p className="list__meta">{format(t.admin.endpointAdded, { date: formatDate(endpoint.createdAt) })}</p>
      </div>
      <div className="list__actions admin-endpoint__actions">
        <Button variant="secondary" onClick={() => setMode('edit')} ariaLabel={format(t.admin.editLabel, { url })}>
          {t.admin.edit}
        </Button>
        <Link
          to={`/admin/webhooks/deliveries?endpoint=${encodeURIComponent(endpoint.id)}`}
          className="button button--secondary"
          aria-label={format(t.admin.deliveriesOfLabel, { url })}
        >
          <span>{t.admin.deliveriesOf}</span>
        </Link>
        <Button variant="secondary" onClick={() => setMode('rotate')} ariaLabel={format(t.admin.rotateLabel, { url })}>
          {t.admin.rotate}
        </Button>
        <Button
          variant="danger"
          onClick={() => setMode('delete')}
          ariaLabel={format(t.admin.deleteEndpointLabel, { url })}
        >
          {t.admin.deleteEndpoint}
        </Button>
      </div>
      {mode === 'rotate' ? (
        <ConfirmDialog
          title={format(t.admin.rotateTitle, { url })}
          description={<p>{t.admin.rotateBody}</p>}
          confirmLabel={t.admin.rotateSubmit}
          pendingLabel={t.admin.rotating}
          pending={rotate.isPending}
          error={authErrorOf(rotate.error)}
          tone="primary"
          onConfirm={() =>
            rotate.mutate(undefined, {
              onSuccess: (answer) => {
                setMode('view');
                onNote(format(t.admin.secretRotated, { url }));
                onSecret({ url, secret: answer.secret });
              },
            })
          }
          onClose={() => {
            rotate.reset();
            setMode('view');
          }}
        />
      ) : null}
      {mode === 'delete' ? (
        <ConfirmDialog
          title={format(t.admin.deleteEndpointTitle, { url })}
          description={<p>{t.admin.deleteEndpointBody}</p>}
          confirmLabel={t.admin.deleteEndpointSubmit}
          pendingLabel={t.admin.deletingEndpoint}
          pending={remove.isPending}
          error={authErrorOf(remove.error)}
          // the item leaves the list once deleted: the note is the page's, said after the call settles
          onConfirm={() =>
            void succeeded(remove.mutateAsync()).then((ok) => {
              if (ok) onNote(format(t.admin.endpointDeleted, { url }));
            })
          }
          onClose={() => {
            remove.reset();
            setMode('view');
          }}
        />
      ) : null}
    </li>
  );
}
