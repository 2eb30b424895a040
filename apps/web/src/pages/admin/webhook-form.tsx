/**
 * An endpoint's fields, for adding one and for editing one: the URL, a description, the events it
 * receives (all of them, including kinds added later, or a chosen few) and whether it is on. The
 * server checks the URL again (https, a public address: WEBHOOK_URL_NOT_ALLOWED, shown at the field).
 */
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Checkbox, Field } from '../../components/field.tsx';
import { focusFirstInvalid, focusWhenReady } from '../../components/focus.ts';
import { FormFieldset } from '../../components/form-fieldset.tsx';
import { ErrorIcon } from '../../components/icons.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError, errorCodeOf } from '../../lib/errors.ts';
import type { FieldErrors } from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import type { EndpointFields } from './mutations.ts';
import { eventLabel } from './ui.tsx';

type Key = 'url' | 'events';

/** The "every kind" subscription of the API. */
export const ALL_EVENTS = '*';

export function isValidWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function WebhookForm({
  idPrefix,
  initial,
  eventTypes,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  initial: EndpointFields;
  /** The kinds an endpoint may subscribe to (the server's list). */
  eventTypes: readonly string[];
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: AuthError | null;
  /** Resolves with the server's refusal (null once saved); a refusal of the URL takes focus there. */
  onSubmit: (fields: EndpointFields) => Promise<AuthError | null>;
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  const [url, setUrl] = useState(initial.url);
  const [description, setDescription] = useState(initial.description);
  const [all, setAll] = useState(initial.eventTypes.includes(ALL_EVENTS));
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    new Set(initial.eventTypes.filter((type) => type !== ALL_EVENTS)),
  );
  const [enabled, setEnabled] = useState(initial.enabled);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const legendId = useId();
  const ids: Record<Key, string> = { url: `${idPrefix}-url`, events: `${idPrefix}-all` };
  const urlRefused = error !== null && errorCodeOf(error) === 'WEBHOOK_URL_NOT_ALLOWED';
  const eventsErrorId = `${idPrefix}-events-error`;
  // every kind the server offers, and any the endpoint already has that it no longer lists
  const kinds = [...new Set([...eventTypes, ...chosen])];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors<Key> = {
      url: !url.trim() ? t.admin.urlRequired : isValidWebhookUrl(url.trim()) ? undefined : t.admin.urlInvalid,
      events: all || chosen.size > 0 ? undefined : t.admin.eventsRequired,
    };
    setErrors(found);
    if (found.url || found.events) {
      focusFirstInvalid(['url', 'events'], found, ids);
      return;
    }
    const refusal = await onSubmit({
      url: url.trim(),
      description: description.trim(),
      eventTypes: all ? [ALL_EVENTS] : [...chosen],
      enabled,
    });
    if (refusal && errorCodeOf(refusal) === 'WEBHOOK_URL_NOT_ALLOWED') focusWhenReady(ids.url);
  };

  const toggle = (type: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });

  return (
    <form className="form admin-webhook-form" onSubmit={submit} noValidate>
      <FormFieldset legend={submitLabel} pending={pending} error={urlRefused ? null : error}>
        <Field
          id={ids.url}
          label={t.admin.urlLabel}
          hint={t.admin.urlHint}
          type="url"
          value={url}
          onValueChange={setUrl}
          error={errors.url ?? (urlRefused && error ? describeError(error, t) : undefined)}
          autoComplete="off"
          spellCheck={false}
          maxLength={2048}
          required
        />
        <Field
          id={`${idPrefix}-description`}
          label={t.admin.descriptionLabel}
          labelNote={t.common.optional}
          value={description}
          onValueChange={setDescription}
          maxLength={500}
          autoComplete="off"
        />
        <fieldset
          className={`admin-events${errors.events ? ' admin-events--invalid' : ''}`}
          aria-describedby={errors.events ? eventsErrorId : undefined}
        >
          <legend id={legendId} className="field__label">
            {t.admin.eventsLegend}
          </legend>
          <Checkbox id={ids.events} label={t.admin.eventsAll} checked={all} onCheckedChange={setAll} />
          {all ? null : (
            <div className="admin-events__list">
              {kinds.map((type) => (
                <Checkbox
                  key={type}
                  id={`${idPrefix}-event-${type}`}
                  label={
                    <>
                      {eventLabel(type, t)} <span className="admin-mono muted">{type}</span>
                    </>
                  }
                  checked={chosen.has(type)}
                  onCheckedChange={(on) => toggle(type, on)}
                />
              ))}
            </div>
          )}
          {errors.events ? (
            <p className="field__error" id={eventsErrorId} role="alert">
              <ErrorIcon />
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <Checkbox
          id={`${idPrefix}-enabled`}
          label={t.admin.enabledLabel}
          checked={enabled}
          onCheckedChange={setEnabled}
        />
        <div className="form__actions">
          <Button type="submit" pending={pending} pendingLabel={pendingLabel}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              {t.admin.cancel}
            </Button>
          ) : null}
        </div>
      </FormFieldset>
    </form>
  );
}
