import { latchKeys } from '@latch/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox, PasswordField } from '../../components/field.tsx';
import { focusFirstInvalid } from '../../components/focus.ts';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { PasswordStrength } from '../../components/password-strength.tsx';
import { useReauthenticate } from '../../components/reauth.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { describeError, errorCodeOf, isNewPasswordError } from '../../lib/errors.ts';
import { accountsQuery, authErrorOf } from '../../lib/query.ts';
import { useRefreshSession, useSession } from '../../lib/session.ts';
import {
  type FieldErrors,
  hasErrors,
  passwordHint,
  validateConfirmation,
  validateExistingPassword,
  validateNewPassword,
} from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import { SettingsError } from './layout.tsx';

type Key = 'current' | 'password' | 'confirm';
const IDS: Record<Key, string> = { current: 'password-current', password: 'password-new', confirm: 'password-confirm' };
const ORDER: readonly Key[] = ['current', 'password', 'confirm'];

export function PasswordPage() {
  const { t } = useI18n();
  const accounts = useQuery(accountsQuery());
  const loadError = authErrorOf(accounts.error);
  const hasPassword = accounts.data?.some((account) => account.providerId === 'credential') ?? false;
  return (
    <section className="card panel" aria-labelledby="password-title">
      <PageHeading id="password-title">{t.settings.password}</PageHeading>
      {accounts.isPending ? (
        <FullPageSpinner />
      ) : loadError ? (
        <SettingsError error={loadError} retry={() => void accounts.refetch()} />
      ) : hasPassword ? (
        <ChangePasswordForm />
      ) : (
        <SetPasswordByEmail />
      )}
    </section>
  );
}

function ChangePasswordForm() {
  const { t } = useI18n();
  const session = useSession();
  const reauthenticate = useReauthenticate();
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const me = session.data?.user;
  // the server refuses a password made of these (and of the service's name)
  const passwordContext = { email: me?.email, name: me?.name, username: me?.username };
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [revokeOthers, setRevokeOthers] = useState(true);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors<Key> = {
      current: validateExistingPassword(current, t),
      password: validateNewPassword(password, t, passwordContext),
      confirm: validateConfirmation(password, confirm, t),
    };
    setErrors(found);
    setServerError(null);
    setDone(false);
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    setPending(true);
    const result = await reauthenticate(() =>
      authClient.changePassword({ currentPassword: current, newPassword: password, revokeOtherSessions: revokeOthers }),
    );
    setPending(false);
    if (result.error) {
      if (errorCodeOf(result.error) === 'INVALID_PASSWORD') {
        const wrong = { current: describeError(result.error, t) };
        setErrors(wrong);
        focusFirstInvalid(ORDER, wrong, IDS);
      } else if (isNewPasswordError(result.error)) {
        const refused = { password: describeError(result.error, t) };
        setErrors(refused);
        focusFirstInvalid(ORDER, refused, IDS);
      } else {
        setServerError(result.error);
      }
      return;
    }
    setCurrent('');
    setPassword('');
    setConfirm('');
    setDone(true);
    // the other devices may have been signed out, and this one has a fresh session
    await Promise.all([queryClient.invalidateQueries({ queryKey: latchKeys.sessions() }), refreshSession()]);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="panel__description">{t.passwordSettings.changeDescription}</p>
      <fieldset className="form__fieldset" disabled={pending}>
        <legend className="visually-hidden">{t.passwordSettings.submit}</legend>
        {serverError ? <SettingsError error={serverError} retry="submit" /> : null}
        <div className="live" aria-live="polite">
          {done ? <Alert tone="success">{t.passwordSettings.changed}</Alert> : null}
        </div>
        {/* a hidden username helps password managers store the new password against the right account */}
        <UsernameHint />
        <PasswordField
          id={IDS.current}
          label={t.passwordSettings.currentLabel}
          value={current}
          onValueChange={setCurrent}
          error={errors.current}
          autoComplete="current-password"
          required
        />
        <PasswordField
          id={IDS.password}
          label={t.passwordSettings.newLabel}
          hint={passwordHint(t)}
          value={password}
          onValueChange={setPassword}
          error={errors.password}
          status={<PasswordStrength password={password} context={passwordContext} />}
          autoComplete="new-password"
          required
        />
        <PasswordField
          id={IDS.confirm}
          label={t.passwordSettings.confirmLabel}
          value={confirm}
          onValueChange={setConfirm}
          error={errors.confirm}
          autoComplete="new-password"
          required
        />
        <Checkbox
          id="password-revoke"
          label={t.passwordSettings.revokeOthers}
          checked={revokeOthers}
          onCheckedChange={setRevokeOthers}
        />
        <div className="form__actions">
          <Button type="submit" pending={pending} pendingLabel={t.passwordSettings.submitting}>
            {t.passwordSettings.submit}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function UsernameHint() {
  const session = useSession();
  const email = session.data?.user.email ?? '';
  return <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />;
}

/** `set-password` is server-only; a person without a password gets one through the reset-link flow. */
function SetPasswordByEmail() {
  const { t, format } = useI18n();
  const session = useSession();
  const email = session.data?.user.email ?? '';
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthError | null>(null);
  const [sent, setSent] = useState(false);

  const send = async () => {
    setPending(true);
    setError(null);
    const result = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
    setPending(false);
    if (result.error) setError(result.error);
    else setSent(true);
  };

  return (
    <div className="stack">
      <h2 className="section-title">{t.passwordSettings.setTitle}</h2>
      <p className="panel__description">{t.passwordSettings.setBody}</p>
      {error ? <SettingsError error={error} retry={send} /> : null}
      <div className="live" aria-live="polite">
        {sent ? <Alert tone="success">{format(t.passwordSettings.setLinkSent, { email })}</Alert> : null}
      </div>
      {sent ? null : (
        <div className="form__actions">
          <Button onClick={send} pending={pending} pendingLabel={t.passwordSettings.sendingSetLink}>
            {t.passwordSettings.sendSetLink}
          </Button>
        </div>
      )}
    </div>
  );
}
