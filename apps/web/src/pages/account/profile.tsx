import { user as userRows } from '@latch/contract';
import { authMutationOptions } from '@latch/react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { focusFirstInvalid } from '../../components/focus.ts';
import { Avatar, LanguageSwitcher, PageHeading } from '../../components/layout.tsx';
import { useReauthenticate } from '../../components/reauth.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { checkBody } from '../../lib/contract-check.ts';
import { dataExportFileName, saveJsonFile } from '../../lib/download.ts';
import { describeError, errorCodeOf } from '../../lib/errors.ts';
import { useUsernameAvailability } from '../../lib/hooks.ts';
import { authErrorOf } from '../../lib/query.ts';
import { useSession, useUserUpdated } from '../../lib/session.ts';
import { type FieldErrors, hasErrors, validateImageUrl, validateName, validateUsername } from '../../lib/validation.ts';
import type { AuthError, User } from '../../lib/wire-types.ts';
import { SettingsError } from './layout.tsx';

type Key = 'name' | 'image' | 'username';
const IDS: Record<Key, string> = { name: 'profile-name', image: 'profile-image', username: 'profile-username' };
const ORDER: readonly Key[] = ['name', 'image', 'username'];

export function ProfilePage() {
  const { t, format } = useI18n();
  const session = useSession();
  const user = session.data?.user;
  return (
    <>
      <section className="card panel" aria-labelledby="profile-title">
        <PageHeading id="profile-title">{t.settings.profile}</PageHeading>
        <p className="panel__description">{format(t.profile.description, { app: getConfig().appName })}</p>
        {/* keyed by user so the form starts from the saved values after they change elsewhere */}
        {user ? <ProfileForm key={user.id} user={user} /> : null}
      </section>
      <section className="card panel" aria-labelledby="language-title">
        <h2 id="language-title" className="section-title">
          {t.profile.languageLabel}
        </h2>
        <p className="panel__description">{t.profile.languageHint}</p>
        <LanguageSwitcher />
      </section>
      {user ? <DataExport /> : null}
    </>
  );
}

/** "Download my data": GET /export-user-data saved as a JSON file (a sensitive call, so it may ask for the password). */
function DataExport() {
  const { t, format } = useI18n();
  const reauthenticate = useReauthenticate();
  const [saved, setSaved] = useState<string | null>(null);
  const download = useMutation({
    ...authMutationOptions((_: void) => reauthenticate(() => authClient.exportUserData())),
    onMutate: () => setSaved(null),
    onSuccess: (data) => {
      const file = dataExportFileName(getConfig().appName, data.exportedAt);
      saveJsonFile(data, file);
      setSaved(file);
    },
  });
  const error = authErrorOf(download.error);
  return (
    <section className="card panel" aria-labelledby="data-title">
      <h2 id="data-title" className="section-title">
        {t.profile.dataTitle}
      </h2>
      <p className="panel__description">{format(t.profile.dataDescription, { app: getConfig().appName })}</p>
      {error ? <SettingsError error={error} retry={() => download.mutate()} /> : null}
      <div className="live" aria-live="polite">
        {saved ? <Alert tone="success">{format(t.profile.dataDownloaded, { file: saved })}</Alert> : null}
      </div>
      <div className="form__actions">
        <Button
          variant="secondary"
          onClick={() => download.mutate()}
          pending={download.isPending}
          pendingLabel={t.profile.dataPreparing}
        >
          {t.profile.dataDownload}
        </Button>
      </div>
    </section>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { t, format } = useI18n();
  const { features } = getConfig();
  const savedUsername = user.displayUsername ?? user.username ?? '';
  const [name, setName] = useState(user.name);
  const [image, setImage] = useState(user.image ?? '');
  const [username, setUsername] = useState(savedUsername);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [previewBroken, setPreviewBroken] = useState(false);
  const userUpdated = useUserUpdated();
  const availability = useUsernameAvailability(features.username ? username : '', t, user.username);

  const imageUrl = image.trim();
  const imageValid = !validateImageUrl(imageUrl, t);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = username.trim();
    const usernameChanged = features.username && wanted !== savedUsername;
    // the row's schema first (its limits), then the server's rules the schema does not hold
    const contract = checkBody(
      userRows.updateUser.body,
      { name: name.trim(), image: imageUrl || null, ...(usernameChanged && wanted ? { username: wanted } : {}) },
      {
        name: { required: t.validation.nameRequired },
        image: { required: t.validation.imageUrlInvalid },
        username: { required: t.validation.usernameInvalid },
      },
      t,
    );
    const found: FieldErrors<Key> = {
      name: contract.name ?? validateName(name, t),
      image: contract.image ?? validateImageUrl(imageUrl, t),
      username:
        usernameChanged && wanted
          ? (contract.username ??
            validateUsername(wanted, t) ??
            (availability === 'taken' ? format(t.signUp.usernameTaken, { username: wanted }) : undefined))
          : undefined,
    };
    setErrors(found);
    setServerError(null);
    setNote(null);
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    const changes: { name?: string; image?: string | null; username?: string } = {};
    if (name.trim() !== user.name) changes.name = name.trim();
    if (imageUrl !== (user.image ?? '')) changes.image = imageUrl || null;
    if (usernameChanged && wanted) changes.username = wanted;
    if (Object.keys(changes).length === 0) {
      setNote(t.profile.noChanges);
      return;
    }
    setPending(true);
    const result = await authClient.updateUser(changes);
    setPending(false);
    if (result.error) {
      const code = errorCodeOf(result.error) ?? '';
      if (code.startsWith('USERNAME') || code === 'INVALID_USERNAME') {
        const usernameErrors = { username: describeError(result.error, t) };
        setErrors(usernameErrors);
        focusFirstInvalid(ORDER, usernameErrors, IDS);
      } else {
        setServerError(result.error);
      }
      return;
    }
    // the header and the settings show the new name and picture
    await userUpdated();
    setNote(t.profile.saved);
  };

  const wanted = username.trim();
  const usernameStatus =
    availability === 'checking' ? (
      <span className="status status--muted">{format(t.signUp.usernameChecking, { username: wanted })}</span>
    ) : availability === 'available' ? (
      <span className="status status--ok">{format(t.signUp.usernameAvailable, { username: wanted })}</span>
    ) : availability === 'taken' ? (
      <span className="status status--bad">{format(t.signUp.usernameTaken, { username: wanted })}</span>
    ) : null;

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset className="form__fieldset" disabled={pending}>
        <legend className="visually-hidden">{t.settings.profile}</legend>
        {serverError ? <SettingsError error={serverError} retry="submit" /> : null}
        <div className="live" aria-live="polite">
          {note ? <Alert tone={note === t.profile.saved ? 'success' : 'info'}>{note}</Alert> : null}
        </div>
        <Field
          id={IDS.name}
          label={t.profile.nameLabel}
          value={name}
          onValueChange={setName}
          error={errors.name}
          autoComplete="name"
          required
        />
        <div className="image-field">
          <div className="image-field__preview">
            {imageUrl && imageValid && !previewBroken ? (
              <img
                src={imageUrl}
                alt={t.profile.imagePreview}
                className="avatar"
                width={64}
                height={64}
                onError={() => setPreviewBroken(true)}
              />
            ) : (
              <Avatar user={{ name: name || user.name, email: user.email }} size={64} />
            )}
          </div>
          <Field
            id={IDS.image}
            label={t.profile.imageLabel}
            labelNote={t.common.optional}
            hint={t.profile.imageHint}
            value={image}
            onValueChange={(value) => {
              setImage(value);
              setPreviewBroken(false);
            }}
            error={errors.image}
            status={
              imageUrl && imageValid && previewBroken ? (
                <span className="status status--bad">{t.profile.imageBroken}</span>
              ) : null
            }
            type="url"
            inputMode="url"
            autoComplete="photo"
            spellCheck={false}
            placeholder="https://"
          />
        </div>
        {features.username ? (
          <Field
            id={IDS.username}
            label={t.profile.usernameLabel}
            hint={t.signUp.usernameHint}
            value={username}
            onValueChange={setUsername}
            error={errors.username}
            status={usernameStatus}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={getConfig().username.maxLength}
          />
        ) : null}
        <div className="form__actions">
          <Button type="submit" pending={pending} pendingLabel={t.common.saving}>
            {t.common.save}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
