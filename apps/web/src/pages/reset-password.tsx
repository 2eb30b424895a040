import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, FormFieldset, focusFirstInvalid, PasswordField } from '../components/form.tsx';
import { AuthCard, PasswordStrength } from '../components/layout.tsx';
import { useI18n } from '../i18n/i18n.tsx';
import { type AuthError, authClient } from '../lib/auth.ts';
import { describeError, errorCodeOf, isNewPasswordError } from '../lib/errors.ts';
import {
  type FieldErrors,
  hasErrors,
  passwordHint,
  validateConfirmation,
  validateNewPassword,
} from '../lib/validation.ts';

type Key = 'password' | 'confirm';
const IDS: Record<Key, string> = { password: 'reset-password', confirm: 'reset-confirm' };
const ORDER: readonly Key[] = ['password', 'confirm'];

/** `/reset-password?token=…` from the emailed link; `?error=INVALID_TOKEN` when the link was bad. */
export function ResetPasswordPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  const footer = (
    <p>
      <Link to="/sign-in">{t.common.backToSignIn}</Link>
    </p>
  );

  const tokenRejected = serverError !== null && errorCodeOf(serverError) === 'INVALID_TOKEN';
  if (linkError || !token || tokenRejected) {
    return (
      <AuthCard title={t.resetPassword.invalidTitle} footer={footer}>
        <Alert tone="error">
          {linkError || tokenRejected ? t.resetPassword.invalidBody : t.resetPassword.missingToken}
        </Alert>
        <Link className="button button--primary button--block" to="/forgot-password">
          {t.resetPassword.requestNew}
        </Link>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title={t.resetPassword.successTitle}>
        <Alert tone="success">{t.resetPassword.success}</Alert>
        <Link className="button button--primary button--block" to="/sign-in">
          {t.common.signIn}
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors<Key> = {
      password: validateNewPassword(password, t),
      confirm: validateConfirmation(password, confirm, t),
    };
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    setPending(true);
    const result = await authClient.resetPassword({ newPassword: password, token });
    setPending(false);
    if (result.error && isNewPasswordError(result.error)) {
      const passwordErrors = { password: describeError(result.error, t) };
      setErrors(passwordErrors);
      focusFirstInvalid(ORDER, passwordErrors, IDS);
    } else if (result.error) setServerError(result.error);
    else setDone(true);
  };

  return (
    <AuthCard title={t.resetPassword.title} subtitle={t.resetPassword.subtitle} footer={footer}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormFieldset legend={t.resetPassword.title} pending={pending} error={serverError}>
          <PasswordField
            id={IDS.password}
            label={t.resetPassword.newPasswordLabel}
            hint={passwordHint(t)}
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            status={<PasswordStrength password={password} />}
            autoComplete="new-password"
            required
          />
          <PasswordField
            id={IDS.confirm}
            label={t.resetPassword.confirmPasswordLabel}
            value={confirm}
            onValueChange={setConfirm}
            error={errors.confirm}
            autoComplete="new-password"
            required
          />
          <Button type="submit" block pending={pending} pendingLabel={t.resetPassword.submitting}>
            {t.resetPassword.submit}
          </Button>
        </FormFieldset>
      </form>
    </AuthCard>
  );
}
