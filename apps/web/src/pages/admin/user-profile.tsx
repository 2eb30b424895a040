/**
 * A person's profile as an admin edits it (POST /admin/update-user): name, address, role, whether
 * the address is verified. Only what changed is sent; a new address is told to the old one by the
 * server.
 */
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox, Field } from '../../components/field.tsx';
import { focusFirstInvalid, focusWhenReady } from '../../components/focus.ts';
import { FormFieldset } from '../../components/form-fieldset.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError, errorCodeOf } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { type FieldErrors, hasErrors, validateEmail, validateName } from '../../lib/validation.ts';
import { type ProfileChanges, useUpdateUser } from './mutations.ts';
import type { AdminUser } from './types.ts';
import { roleLabel, SelectField } from './ui.tsx';

type Key = 'name' | 'email';
const ORDER: readonly Key[] = ['name', 'email'];
const IDS: Record<Key, string> = { name: 'admin-profile-name', email: 'admin-profile-email' };

function emailRefusal(code: string | null): boolean {
  return code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' || code === 'INVALID_EMAIL';
}

export function ProfileForm({ user }: { user: AdminUser }) {
  const { t } = useI18n();
  const update = useUpdateUser(user.id);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [role, setRole] = useState(user.role ?? '');
  const [verified, setVerified] = useState(user.emailVerified);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [note, setNote] = useState<string | null>(null);

  const serverError = authErrorOf(update.error);
  const atEmail = serverError !== null && emailRefusal(errorCodeOf(serverError));

  // the roles Latch knows, and the person's own when an operator configured another
  const roles = [...new Set(['user', 'admin', ...(user.role ? [user.role] : [])])];
  const roleOptions = [
    ...(user.role ? [] : [{ value: '', label: t.admin.roleDefault }]),
    ...roles.map((value) => ({ value, label: value.includes(',') ? value : roleLabel(value, t) })),
  ];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNote(null);
    const found: FieldErrors<Key> = { name: validateName(name, t), email: validateEmail(email, t) };
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    const changes: ProfileChanges = {};
    if (name.trim() !== user.name) changes.name = name.trim();
    if (email.trim().toLowerCase() !== user.email) changes.email = email.trim();
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
        <FormFieldset legend={t.admin.profileTitle} pending={update.isPending} error={atEmail ? null : serverError}>
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
            hint={t.admin.emailChangeHint}
            value={email}
            onValueChange={setEmail}
            error={errors.email ?? (atEmail && serverError ? describeError(serverError, t) : undefined)}
            autoComplete="off"
            spellCheck={false}
            required
          />
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
