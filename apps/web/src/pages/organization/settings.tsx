import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { focusFirstInvalid } from '../../components/focus.ts';
import { FormFieldset } from '../../components/form-fieldset.tsx';
import { PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError } from '../../lib/errors.ts';
import { authErrorOf, succeeded } from '../../lib/query.ts';
import { type FieldErrors, hasErrors, validateImageUrl } from '../../lib/validation.ts';
import type { FullOrganization } from '../../lib/wire-types.ts';
import { checkOrganizationChanges, isSlugTaken, SLUG_MAX_LENGTH } from './checks.ts';
import { useDeleteOrganization, useLeaveOrganization, useUpdateOrganization } from './mutations.ts';
import { canLeave } from './permissions.ts';
import { SlugStatus } from './slug-status.tsx';
import { useActiveOrganization, useSetOrganizationFlash, useSlugAvailability } from './state.ts';
import { ConfirmAction, OrganizationLogo } from './ui.tsx';

type Key = 'name' | 'slug' | 'logo';
const IDS: Record<Key, string> = { name: 'org-settings-name', slug: 'org-settings-slug', logo: 'org-settings-logo' };
const ORDER: readonly Key[] = ['name', 'slug', 'logo'];

/** `/organization/settings`: name, slug and logo (for those who may update), leave, delete (owners). */
export function OrganizationSettingsPage() {
  const { t } = useI18n();
  const { organization, member, abilities } = useActiveOrganization();
  return (
    <>
      <section className="card panel" aria-labelledby="org-settings-title">
        <PageHeading id="org-settings-title">{t.organization.settings}</PageHeading>
        {abilities.updateOrganization ? (
          <>
            <p className="panel__description">{t.organization.settingsDescription}</p>
            {/* keyed by the organization: saving keeps the form (and its "saved" note) on screen */}
            <OrganizationForm key={organization.id} organization={organization} />
          </>
        ) : (
          <>
            <p className="panel__description">{t.organization.settingsReadOnly}</p>
            <dl className="facts">
              <div className="facts__row">
                <dt>{t.organization.nameLabel}</dt>
                <dd className="facts__value">{organization.name}</dd>
              </div>
              <div className="facts__row">
                <dt>{t.organization.slugLabel}</dt>
                <dd className="facts__value">{organization.slug}</dd>
              </div>
            </dl>
          </>
        )}
      </section>
      {canLeave({ id: member.id, role: member.role }, organization.members) ? (
        <LeaveSection organization={organization} />
      ) : null}
      {abilities.deleteOrganization ? <DeleteSection organization={organization} /> : null}
    </>
  );
}

function OrganizationForm({ organization }: { organization: FullOrganization }) {
  const { t } = useI18n();
  const update = useUpdateOrganization(organization.id);
  const [name, setName] = useState(organization.name);
  const [slug, setSlug] = useState(organization.slug);
  const [logo, setLogo] = useState(organization.logo ?? '');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [note, setNote] = useState<string | null>(null);
  const availability = useSlugAvailability(slug, t, organization.slug);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkOrganizationChanges(organization.id, { name, slug, logo }, t);
    const found: FieldErrors<Key> = {
      ...checked,
      slug: checked.slug ?? (availability === 'taken' ? t.organization.slugTaken : undefined),
    };
    setErrors(found);
    update.reset();
    setNote(null);
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    const data: { name?: string; slug?: string; logo?: string } = {};
    if (name.trim() !== organization.name) data.name = name.trim();
    if (slug.trim() !== organization.slug) data.slug = slug.trim();
    if (logo.trim() !== (organization.logo ?? '')) data.logo = logo.trim();
    if (Object.keys(data).length === 0) {
      setNote(t.profile.noChanges);
      return;
    }
    update.mutate(data, {
      onSuccess: () => setNote(t.organization.saved),
      onError: (error) => {
        const refused = authErrorOf(error);
        if (refused && isSlugTaken(refused)) {
          const slugErrors = { slug: t.organization.slugTaken };
          setErrors(slugErrors);
          focusFirstInvalid(ORDER, slugErrors, IDS);
        }
      },
    });
  };

  // a taken slug is said at the slug field; any other refusal above the form
  const refused = authErrorOf(update.error);
  const serverError = refused && !isSlugTaken(refused) ? refused : null;
  const pending = update.isPending;

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormFieldset legend={t.organization.settings} pending={pending} error={serverError}>
        <div className="live" aria-live="polite">
          {note ? <Alert tone={note === t.organization.saved ? 'success' : 'info'}>{note}</Alert> : null}
        </div>
        <Field
          id={IDS.name}
          label={t.organization.nameLabel}
          value={name}
          onValueChange={setName}
          error={errors.name}
          required
        />
        <Field
          id={IDS.slug}
          label={t.organization.slugLabel}
          hint={t.organization.slugHint}
          value={slug}
          onValueChange={(value) => setSlug(value.toLowerCase())}
          error={errors.slug}
          status={<SlugStatus slug={slug.trim()} availability={availability} />}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={SLUG_MAX_LENGTH}
          required
        />
        <div className="image-field">
          <div className="image-field__preview">
            <OrganizationLogo
              organization={{ name: name || organization.name, logo: validateImageUrl(logo, t) ? null : logo }}
              size={64}
            />
          </div>
          <Field
            id={IDS.logo}
            label={t.organization.logoLabel}
            labelNote={t.common.optional}
            hint={t.organization.logoHint}
            value={logo}
            onValueChange={setLogo}
            error={errors.logo}
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://"
          />
        </div>
        <div className="form__actions">
          <Button type="submit" pending={pending} pendingLabel={t.common.saving}>
            {t.common.save}
          </Button>
        </div>
      </FormFieldset>
    </form>
  );
}

/** Leave the organization (not offered to the only owner, who would leave it without one). */
function LeaveSection({ organization }: { organization: FullOrganization }) {
  const { t, format } = useI18n();
  const navigate = useNavigate();
  const leaveOrganization = useLeaveOrganization(organization.id);
  const setOrganizationFlash = useSetOrganizationFlash();
  const error = authErrorOf(leaveOrganization.error);
  const pending = leaveOrganization.isPending;

  // the settings leave the screen with the membership: the note goes with the navigation
  const leave = async () => {
    if (!(await succeeded(leaveOrganization.mutateAsync()))) return;
    setOrganizationFlash(format(t.organization.left, { name: organization.name }));
    navigate('/organization');
  };

  return (
    <section className="card panel" aria-labelledby="org-leave-title">
      <h2 id="org-leave-title" className="section-title">
        {t.organization.leaveTitle}
      </h2>
      <p className="panel__description">{format(t.organization.leaveDescription, { name: organization.name })}</p>
      {error ? (
        <Alert tone="error" focus>
          {describeError(error, t)}
        </Alert>
      ) : null}
      <div className="form__actions">
        <ConfirmAction
          label={t.organization.leave}
          question={format(t.organization.leaveQuestion, { name: organization.name })}
          confirmLabel={t.organization.leaveConfirm}
          pendingLabel={t.organization.leaving}
          pending={pending}
          onConfirm={leave}
        />
      </div>
    </section>
  );
}

/** Delete the organization, after typing its slug (owners only: organization:delete). */
function DeleteSection({ organization }: { organization: FullOrganization }) {
  const { t, format } = useI18n();
  const navigate = useNavigate();
  const deleteOrganization = useDeleteOrganization(organization.id);
  const setOrganizationFlash = useSetOrganizationFlash();
  const [confirmation, setConfirmation] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const error = authErrorOf(deleteOrganization.error);
  const pending = deleteOrganization.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    deleteOrganization.reset();
    if (confirmation.trim() !== organization.slug) {
      setFieldError(format(t.organization.deleteMismatch, { slug: organization.slug }));
      document.getElementById('org-delete-confirm')?.focus();
      return;
    }
    setFieldError(undefined);
    // the settings leave the screen with the organization: the note goes with the navigation
    if (!(await succeeded(deleteOrganization.mutateAsync()))) return;
    setOrganizationFlash(format(t.organization.deleted, { name: organization.name }));
    navigate('/organization');
  };

  return (
    <section className="card panel panel--danger" aria-labelledby="org-delete-title">
      <h2 id="org-delete-title" className="section-title">
        {t.organization.deleteTitle}
      </h2>
      <p className="panel__description">{t.organization.deleteDescription}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <fieldset className="form__fieldset" disabled={pending}>
          <legend className="visually-hidden">{t.organization.deleteTitle}</legend>
          {error ? (
            <Alert tone="error" focus>
              {describeError(error, t)}
            </Alert>
          ) : null}
          <Field
            id="org-delete-confirm"
            label={format(t.organization.deleteConfirmLabel, { slug: organization.slug })}
            value={confirmation}
            onValueChange={setConfirmation}
            error={fieldError}
            autoCapitalize="off"
            autoComplete="off"
            spellCheck={false}
          />
          <div className="form__actions">
            <Button type="submit" variant="danger" pending={pending} pendingLabel={t.organization.deleting}>
              {t.organization.deleteSubmit}
            </Button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
