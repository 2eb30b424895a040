/**
 * /admin/users/new: an account made by an admin (POST /admin/create-user). Nobody is signed in and
 * no mail is sent; without a password the person sets one through "Forgot password" or signs in
 * with a provider.
 */
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Checkbox, Field, PasswordField } from '../../components/field.tsx';
import { focusFirstInvalid, focusWhenReady } from '../../components/focus.ts';
import { FormFieldset } from '../../components/form-fieldset.tsx';
import { PageHeading } from '../../components/layout.tsx';
import { PasswordStrength } from '../../components/password-strength.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError, errorCodeOf, isNewPasswordError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { type FieldErrors, hasErrors, validateEmail, validateName, validateNewPassword } from '../../lib/validation.ts';
import { useCreateUser } from './mutations.ts';
import { SelectField, useSetAdminFlash } from './ui.tsx';

type Key = 'name' | 'email' | 'password';
const ORDER: readonly Key[] = ['name', 'email', 'password'];
const IDS: Record<Key, string> = {
  name: 'admin-create-name',
  email: 'admin-create-email',
  password: 'admin-create-password',
};

export function CreateUserPage() {
  const { t, format } = useI18n();
  const navigate = useNavigate();
  const setFlash = useSetAdminFlash();
  const create = useCreateUser();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<'user' | 'admin'>('user');
  const [verified, setVerified] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});

  const serverError = authErrorOf(create.error);
  const code = serverError ? errorCodeOf(serverError) : null;
  // refusals about one field are shown at that field
  const emailRefused = emailRefusedBy(code);
  const passwordRefused = serverError !== null && isNewPasswordError(serverError);
  const fieldError = (key: Key) => {
    if (errors[key]) return errors[key];
    if (serverError && key === 'email' && emailRefused) return describeError(serverError, t);
    if (serverError && key === 'password' && passwordRefused) return describeError(serverError, t);
    return undefined;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors<Key> = {
      name: validateName(name, t),
      email: validateEmail(email, t),
      password: password ? validateNewPassword(password, t, { name, email }) : undefined,
    };
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    try {
      const { user: created } = await create.mutateAsync({
        name: name.trim(),
        email: email.trim(),
        role,
        emailVerified: verified,
        ...(password ? { password } : {}),
      });
      setFlash(format(t.admin.created, { name: created.name || created.email }));
      navigate(`/admin/users/${encodeURIComponent(created.id)}`);
    } catch (error) {
      // a refusal about one field takes focus there; any other is the form's alert, which takes it itself
      const refusal = authErrorOf(error instanceof Error ? error : null);
      if (refusal && emailRefusedBy(errorCodeOf(refusal))) focusWhenReady(IDS.email);
      else if (refusal && isNewPasswordError(refusal)) focusWhenReady(IDS.password);
    }
  };

  return (
    <section className="card panel" aria-labelledby="admin-create-title">
      <PageHeading id="admin-create-title">{t.admin.createTitle}</PageHeading>
      <p className="panel__description">{t.admin.createDescription}</p>
      <form className="form" onSubmit={submit} noValidate>
        <FormFieldset
          legend={t.admin.createTitle}
          pending={create.isPending}
          error={serverError && !emailRefused && !passwordRefused ? serverError : null}
        >
          <Field
            id={IDS.name}
            label={t.admin.nameLabel}
            value={name}
            onValueChange={setName}
            error={fieldError('name')}
            autoComplete="off"
            required
          />
          <Field
            id={IDS.email}
            label={t.admin.emailLabel}
            type="email"
            value={email}
            onValueChange={setEmail}
            error={fieldError('email')}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <PasswordField
            id={IDS.password}
            label={t.admin.passwordLabel}
            labelNote={t.common.optional}
            hint={t.admin.passwordOptionalHint}
            value={password}
            onValueChange={setPassword}
            error={fieldError('password')}
            autoComplete="new-password"
          />
          <PasswordStrength password={password} context={{ name, email }} />
          <SelectField<'user' | 'admin'>
            id="admin-create-role"
            label={t.admin.roleLabel}
            value={role}
            options={[
              { value: 'user', label: t.admin.roleUser },
              { value: 'admin', label: t.admin.roleAdmin },
            ]}
            onChange={setRole}
          />
          <Checkbox
            id="admin-create-verified"
            label={t.admin.verifiedLabel}
            checked={verified}
            onCheckedChange={setVerified}
          />
          <div className="form__actions">
            <Button type="submit" pending={create.isPending} pendingLabel={t.admin.createSubmitting}>
              {t.admin.createSubmit}
            </Button>
            <Link to="/admin/users" className="button button--ghost">
              <span>{t.admin.backToUsers}</span>
            </Link>
          </div>
        </FormFieldset>
      </form>
    </section>
  );
}

function emailRefusedBy(code: string | null | undefined): boolean {
  return code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' || code === 'INVALID_EMAIL';
}
