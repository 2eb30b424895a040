import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox, PasswordField } from '../../components/field.tsx';
import { focusFirstInvalid } from '../../components/focus.ts';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useReauthenticate } from '../../components/reauth.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { describeError, errorCodeOf } from '../../lib/errors.ts';
import { accountsQuery } from '../../lib/query.ts';
import { useLeaveSignedOut } from '../../lib/session.ts';
import { type FieldErrors, hasErrors, validateExistingPassword } from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import { SettingsError } from './layout.tsx';

type Key = 'password' | 'confirm';
const IDS: Record<Key, string> = { password: 'delete-password', confirm: 'delete-confirm' };
const ORDER: readonly Key[] = ['password', 'confirm'];

export function DeleteAccountPage() {
  const { t } = useI18n();
  const { features } = getConfig();
  const [disabledByServer, setDisabledByServer] = useState(false);
  const off = !features.deleteUser || disabledByServer;
  return (
    <section className="card panel panel--danger" aria-labelledby="delete-title">
      <PageHeading id="delete-title">{t.settings.deleteAccount}</PageHeading>
      <p className="panel__description">{t.deleteAccount.description}</p>
      {off ? (
        <Alert tone="info">{t.deleteAccount.disabled}</Alert>
      ) : (
        <DeleteForm onDisabled={() => setDisabledByServer(true)} />
      )}
    </section>
  );
}

function DeleteForm({ onDisabled }: { onDisabled: () => void }) {
  const { t } = useI18n();
  const leaveSignedOut = useLeaveSignedOut();
  const reauthenticate = useReauthenticate();
  const accounts = useQuery(accountsQuery());
  const hasPassword = accounts.data?.some((account) => account.providerId === 'credential') ?? false;
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const [emailSent, setEmailSent] = useState(false);

  if (accounts.isPending) return <FullPageSpinner />;
  if (emailSent) return <Alert tone="success">{t.deleteAccount.emailSent}</Alert>;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors<Key> = {
      password: hasPassword ? validateExistingPassword(password, t) : undefined,
      confirm: confirmed ? undefined : t.validation.confirmRequired,
    };
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    setPending(true);
    const result = await reauthenticate(() =>
      authClient.deleteUser({ ...(hasPassword ? { password } : {}), callbackURL: '/sign-in?deleted=1' }),
    );
    setPending(false);
    if (result.error) {
      // the server answers a bare 404 when the feature is off (CONTRACT.md §4.16)
      if (result.error.status === 404 && !result.error.code) {
        onDisabled();
        return;
      }
      if (errorCodeOf(result.error) === 'INVALID_PASSWORD') {
        const wrong = { password: describeError(result.error, t) };
        setErrors(wrong);
        focusFirstInvalid(ORDER, wrong, IDS);
      } else {
        setServerError(result.error);
      }
      return;
    }
    if (result.data.message === 'Verification email sent') {
      setEmailSent(true);
      return;
    }
    // the session is gone: on to sign-in, which records it (here and in other tabs)
    leaveSignedOut('/sign-in?deleted=1', { replace: true });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset className="form__fieldset" disabled={pending}>
        <legend className="visually-hidden">{t.settings.deleteAccount}</legend>
        {serverError ? <SettingsError error={serverError} retry="submit" /> : null}
        {hasPassword ? (
          <PasswordField
            id={IDS.password}
            label={t.deleteAccount.passwordLabel}
            hint={t.deleteAccount.passwordHint}
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            autoComplete="current-password"
            required
          />
        ) : (
          <p className="muted">{t.deleteAccount.noPassword}</p>
        )}
        <Checkbox
          id={IDS.confirm}
          label={t.deleteAccount.confirm}
          checked={confirmed}
          onCheckedChange={setConfirmed}
          error={errors.confirm}
        />
        <div className="form__actions">
          <Button type="submit" variant="danger" pending={pending} pendingLabel={t.deleteAccount.submitting}>
            {t.deleteAccount.submit}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
