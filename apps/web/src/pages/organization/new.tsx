import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { focusFirstInvalid } from '../../components/focus.ts';
import { FormFieldset } from '../../components/form-fieldset.tsx';
import { PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authErrorOf } from '../../lib/query.ts';
import { type FieldErrors, hasErrors } from '../../lib/validation.ts';
import { checkNewOrganization, isSlugTaken, SLUG_MAX_LENGTH, slugify } from './checks.ts';
import { useCreateOrganization } from './mutations.ts';
import { SlugStatus } from './slug-status.tsx';
import { useSetOrganizationFlash, useSlugAvailability } from './state.ts';

type Key = 'name' | 'slug' | 'logo';
const IDS: Record<Key, string> = { name: 'org-name', slug: 'org-slug', logo: 'org-logo' };
const ORDER: readonly Key[] = ['name', 'slug', 'logo'];

/** `/organization/new`: name, slug (checked while typing) and an optional logo address. */
export function CreateOrganizationPage() {
  const { t, format } = useI18n();
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const setOrganizationFlash = useSetOrganizationFlash();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  // the slug follows the name until the person edits it
  const [slugEdited, setSlugEdited] = useState(false);
  const [logo, setLogo] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const availability = useSlugAvailability(slug, t);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkNewOrganization({ name, slug, logo }, t);
    const found: FieldErrors<Key> = {
      ...checked,
      slug: checked.slug ?? (availability === 'taken' ? t.organization.slugTaken : undefined),
    };
    setErrors(found);
    create.reset();
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    create.mutate(
      { name: name.trim(), slug: slug.trim(), ...(logo.trim() ? { logo: logo.trim() } : {}) },
      {
        onSuccess: (organization) => {
          setOrganizationFlash(format(t.organization.created, { name: organization.name }));
          navigate('/organization/invitations');
        },
        onError: (error) => {
          const refused = authErrorOf(error);
          if (refused && isSlugTaken(refused)) {
            const slugErrors = { slug: t.organization.slugTaken };
            setErrors(slugErrors);
            focusFirstInvalid(ORDER, slugErrors, IDS);
          }
        },
      },
    );
  };

  // a taken slug is said at the slug field; any other refusal above the form
  const serverError = authErrorOf(create.error);
  const shownError = serverError && !isSlugTaken(serverError) ? serverError : null;

  return (
    <div className="org-narrow">
      <section className="card panel" aria-labelledby="org-new-title">
        <PageHeading id="org-new-title">{t.organization.createTitle}</PageHeading>
        <p className="panel__description">{t.organization.createDescription}</p>
        <form className="form" onSubmit={onSubmit} noValidate>
          <FormFieldset legend={t.organization.createTitle} pending={create.isPending} error={shownError}>
            <Field
              id={IDS.name}
              label={t.organization.nameLabel}
              value={name}
              onValueChange={(value) => {
                setName(value);
                if (!slugEdited) setSlug(slugify(value));
              }}
              error={errors.name}
              autoComplete="organization"
              required
            />
            <Field
              id={IDS.slug}
              label={t.organization.slugLabel}
              hint={t.organization.slugHint}
              value={slug}
              onValueChange={(value) => {
                setSlugEdited(true);
                setSlug(value.toLowerCase());
              }}
              error={errors.slug}
              status={<SlugStatus slug={slug.trim()} availability={availability} />}
              autoCapitalize="off"
              spellCheck={false}
              maxLength={SLUG_MAX_LENGTH}
              required
            />
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
            <div className="form__actions">
              <Button type="submit" pending={create.isPending} pendingLabel={t.organization.creating}>
                {t.organization.createSubmit}
              </Button>
            </div>
          </FormFieldset>
        </form>
      </section>
    </div>
  );
}
