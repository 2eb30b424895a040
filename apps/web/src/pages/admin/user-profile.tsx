/**
 * A person's profile as an admin edits it (POST /admin/update-user): name, address, username, role,
 * whether the address is verified. Only what changed is sent; a new address is told to the old one
 * by the server, and a username is checked by the server's username rules (a taken one is refused
 * with USERNAME_IS_ALREADY_TAKEN, shown at the field).
 */
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox, Field } from '../../components/field.tsx';
import { focusFirstInvalid, focusWhenReady } from '../../components/focus.ts';
import { FormFieldset } from '../../components/form-fieldset.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError, errorCodeOf } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { useSession } from '../../lib/session.ts';
import { type FieldErrors, hasErrors, validateEmail, validateName } from '../../lib/validation.ts';
import { type ProfileChanges, useUpdateUser } from './mutations.ts';
import type { AdminUser } from './types.ts';
import { isAdminRole, roleLabel, SelectField } from './ui.tsx';

type Key = 'name' | 'email' | 'username';
const ORDER: readonly Key[] = ['name', 'email', 'username'];
const IDS: Record<Key, string> = {
  name: 'admin-profile-name',
  email: 'admin-profile-email',
  username: 'admin-profile-username',
};

function emailRefusal(code: string | null): boolean {
  return code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' || code === 'INVALID_EMAIL';
}

const USERNAME_CODES = new Set([
  'USERNAME_IS_ALREADY_TAKEN',
  'USERNAME_TOO_SHORT',
  'USERNAME_TOO_LONG',
  'INVALID_USERNAME',
]);

function usernameRefusal(code: string | null): boolean {
  return code !== null && USERNAME_CODES.has(code);
}

/** The username as the person shows it (the display form keeps the case they typed). */
function shownUsername(user: AdminUser): string {
  return user.displayUsername ?? user.username ?? '';
}

export function ProfileForm({ user }: { user: AdminUser }) {
  const { t, format } = useI18n();
  const update = useUpdateUser(user.id);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [username, setUsername] = useState(shownUsername(user));
  const config = getConfig();
  const usernameOn = config.features.username;
  const [role, setRole] = useState(user.role ?? '');
  const [verified, setVerified] = useState(user.emailVerified);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  // the server refuses an admin's address (one admin would become another) and one's own here
  const self = useSession().data?.user.id === user.id;
  const emailLocked = self || user.isAdmin || isAdminRole(user.role);
  const [note, setNote] = useState<string | null>(null);

  const serverError = authErrorOf(update.error);
  const atEmail = serverError !== null && emailRefusal(errorCodeOf(serverError));
  const atUsername = serverError !== null && usernameRefusal(errorCodeOf(serverError));

  // the roles Latch knows, and the person's own when an operator configured another
  const roles = [...new Set(['user', 'admin', ...(user.role ? [user.role] : [])])];
  const roleOptions = [
    ...(user.role ? [] : [{ value: '', label: t.admin.roleDefault }]),
    ...roles.map((value) => ({ value, label: value.includes(',') ? value : roleLabel(value, t) })),
  ];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNote(null);
    const found: FieldErrors<Key> = {
      name: validateName(name, t),
      email: emailLocked ? undefined : validateEmail(email, t),
      // the server's rules decide the rest; an empty field keeps the username (it cannot be removed here)
      username:
        usernameOn && username.trim() === '' && shownUsername(user) !== '' ? t.admin.usernameRequired : undefined,
    };
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    const changes: ProfileChanges = {};
    if (name.trim() !== user.name) changes.name = name.trim();
    if (!emailLocked && email.trim().toLowerCase() !== user.email) changes.email = email.trim();
    if (usernameOn && username.trim() !== '' && username.trim() !== shownUsername(user))
      changes.username = username.trim();
    if (role !== (user.role ?? '') && role !== '') changes.role = role;
    if (verified !== user.emailVerified) changes.emailVerified = verified;
    if (Object.keys(changes).length === 0) {
      setNote(t.admin.profileUnchanged);
      return;
    }
    try {
      await update.mutateAsync(changes);
      // the fields already show what was saved; the note below says it was
    } catch (error) {
      const refusal = authErrorOf(error instanceof Error ? error : null);
      if (refusal && emailRefusal(errorCodeOf(refusal))) focusWhenReady(IDS.email);
      if (refusal && usernameRefusal(errorCodeOf(refusal))) focusWhenReady(IDS.username);
    }
  };

  return (
    <section className="card panel" aria-labelledby="admin-profile-title">
      <h2 id="admin-profile-title" className="section-title">
        {t.admin.profileTitle}
      </h2>
      <div className="live" aria-live="polite">
        {note ? <Alert tone="info">{note}</Alert> : null}
        {update.isSuccess ? <Alert tone="success">{t.admin.profileSaved}</Alert> : null}
      </div>
      <form className="form" onSubmit={submit} noValidate>
        <FormFieldset
          legend={t.admin.profileTitle}
          pending={update.isPending}
          error={atEmail || atUsername ? null : serverError}
        >
          <Field
            id={IDS.name}
            label={t.admin.nameLabel}
            value={name}
            onValueChange={setName}
            error={errors.name}
            autoComplete="off"
            required
          />
          <Field
            id={IDS.email}
            label={t.admin.emailLabel}
            type="email"
            hint={emailLocked ? t.admin.emailLockedHint : t.admin.emailChangeHint}
            readOnly={emailLocked}
            value={emailLocked ? user.email : email}
            onValueChange={setEmail}
            error={errors.email ?? (atEmail && serverError ? describeError(serverError, t) : undefined)}
            autoComplete="off"
            spellCheck={false}
            required
          />
          {usernameOn ? (
            <Field
              id={IDS.username}
              label={t.admin.usernameLabel}
              hint={format(t.admin.usernameHint, { min: config.username.minLength, max: config.username.maxLength })}
              value={username}
              onValueChange={setUsername}
              error={errors.username ?? (atUsername && serverError ? describeError(serverError, t) : undefined)}
              autoComplete="off"
              spellCheck={false}
              maxLength={255}
            />
          ) : null}
          <SelectField
            id="admin-profile-role"
            label={t.admin.roleLabel}
            value={role}
            options={roleOptions}
            onChange={setRole}
          />
          <Checkbox
            id="admin-profile-verified"
            label={t.admin.verifiedLabel}
            checked={verified}
            onCheckedChange={setVerified}
          />
          <div className="form__actions">
            <Button type="submit" pending={update.isPending} pendingLabel={t.common.saving}>
              {t.admin.profileSave}
            </Button>
          </div>
        </FormFieldset>
      </form>
    </section>
  );
}
