import { authQueryOptions } from '@latch/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field, PasswordField } from '../../components/field.tsx';
import { focusFirstInvalid } from '../../components/focus.ts';
import { FormFieldset } from '../../components/form-fieldset.tsx';
import { AuthCard, FullPageSpinner } from '../../components/layout.tsx';
import { PasswordStrength } from '../../components/password-strength.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { describeError, errorCodeOf, isNewPasswordError } from '../../lib/errors.ts';
import {
  type FieldErrors,
  hasErrors,
  passwordHint,
  validateConfirmation,
  validateNewPassword,
} from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import { normalizeCode, validateCode } from '../two-factor/challenge.tsx';
import '../../components/reauth.css';

type Key = 'password' | 'confirm' | 'code';
const IDS: Record<Key, string> = { password: 'reset-password', confirm: 'reset-confirm', code: 'reset-code' };
const ORDER: readonly Key[] = ['password', 'confirm', 'code'];

/** What the server said of the link before the form is shown (POST /reset-password/check). */
type LinkState = 'checking' | 'invalid' | 'password' | 'second-factor';

/** `/reset-password?token=…` from the emailed link; `?error=INVALID_TOKEN` when the link was bad. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  // ask first whether the link still works and what it will need, so nobody types a password for nothing
  // (POST /reset-password/check spends nothing: a read, kept under the link's token)
  const check = useQuery({
    ...authQueryOptions(['web', 'reset-link', token ?? ''] as const, () =>
      authClient.links.checkResetToken({ token: token ?? '' }),
    ),
    enabled: Boolean(token) && !linkError,
  });
  // what the reset itself answered later, over what the check said
  const [learned, setLearned] = useState<LinkState | null>(null);
  const checked: LinkState = check.isPending
    ? 'checking'
    : // when the check itself fails (offline, older server), the form is shown and the reset answers for itself
      !check.data
      ? 'password'
      : !check.data.valid
        ? 'invalid'
        : check.data.secondFactor
          ? 'second-factor'
          : 'password';
  const link = learned ?? checked;

  if (linkError || !token || link === 'invalid') {
    return <InvalidLink missing={!linkError && !token} />;
  }
  if (link === 'checking') return <FullPageSpinner />;
  return (
    <ResetForm
      token={token}
      secondFactor={link === 'second-factor'}
      onInvalid={() => setLearned('invalid')}
      onSecondFactor={() => setLearned('second-factor')}
    />
  );
}

function InvalidLink({ missing }: { missing: boolean }) {
  const { t } = useI18n();
  return (
    <AuthCard
      title={t.resetPassword.invalidTitle}
      footer={
        <p>
          <Link to="/sign-in">{t.common.backToSignIn}</Link>
        </p>
      }
    >
      <Alert tone="error">{missing ? t.resetPassword.missingToken : t.resetPassword.invalidBody}</Alert>
      <Link className="button button--primary button--block" to="/forgot-password">
        {t.resetPassword.requestNew}
      </Link>
    </AuthCard>
  );
}

function ResetForm({
  token,
  secondFactor,
  onInvalid,
  onSecondFactor,
}: {
  token: string;
  secondFactor: boolean;
  onInvalid: () => void;
  onSecondFactor: () => void;
}) {
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [method, setMethod] = useState<'totp' | 'backup'>('totp');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const switched = useRef(false);

  // after "use a backup code" (and back) the new field takes the focus
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of method
  useEffect(() => {
    if (switched.current) document.getElementById(IDS.code)?.focus();
  }, [method]);

  if (done) {
    return (
      <AuthCard key="done" title={t.resetPassword.successTitle}>
        <Alert tone="success">{t.resetPassword.success}</Alert>
        <Link className="button button--primary button--block" to="/sign-in">
          {t.common.signIn}
        </Link>
      </AuthCard>
    );
  }

  const switchMethod = () => {
    switched.current = true;
    setMethod((m) => (m === 'totp' ? 'backup' : 'totp'));
    setCode('');
    setErrors(({ code: _, ...rest }) => rest);
  };

  const showOn = (key: Key, error: AuthError) => {
    const found = { [key]: describeError(error, t) };
    setErrors(found);
    focusFirstInvalid(ORDER, found, IDS);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = normalizeCode(code, method);
    const found: FieldErrors<Key> = {
      password: validateNewPassword(password, t),
      confirm: validateConfirmation(password, confirm, t),
      code: secondFactor ? validateCode(value, method, t) : undefined,
    };
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    setPending(true);
    const proof = !secondFactor ? {} : method === 'totp' ? { code: value } : { backupCode: value };
    const result = await authClient.resetPassword({ newPassword: password, token, ...proof });
    setPending(false);
    if (!result.error) {
      setDone(true);
      return;
    }
    const errorCode = errorCodeOf(result.error);
    if (errorCode === 'INVALID_TOKEN') onInvalid();
    else if (isNewPasswordError(result.error)) showOn('password', result.error);
    else if (errorCode === 'INVALID_CODE' || errorCode === 'INVALID_BACKUP_CODE') showOn('code', result.error);
    else if (errorCode === 'TWO_FACTOR_AUTHENTICATION_REQUIRED') {
      // the check could not tell (it failed, or the app was set up since): ask for the code now
      onSecondFactor();
      setServerError(result.error);
    } else setServerError(result.error);
  };

  return (
    <AuthCard
      title={t.resetPassword.title}
      subtitle={t.resetPassword.subtitle}
      footer={
        <p>
          <Link to="/sign-in">{t.common.backToSignIn}</Link>
        </p>
      }
    >
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
          {secondFactor ? (
            <>
              <Alert tone="info">{t.resetPassword.secondFactorNote}</Alert>
              <Field
                key={method}
                id={IDS.code}
                label={method === 'totp' ? t.twoFactor.totpLabel : t.twoFactor.backupLabel}
                value={code}
                onValueChange={setCode}
                error={errors.code}
                autoComplete="one-time-code"
                inputMode={method === 'totp' ? 'numeric' : 'text'}
                maxLength={method === 'totp' ? 12 : 64}
                autoCapitalize="off"
                spellCheck={false}
                required
              />
              <p className="small">
                <button type="button" className="link-button" onClick={switchMethod}>
                  {method === 'totp' ? t.twoFactor.useBackup : t.twoFactor.useTotp}
                </button>
              </p>
            </>
          ) : null}
          <Button type="submit" block pending={pending} pendingLabel={t.resetPassword.submitting}>
            {t.resetPassword.submit}
          </Button>
        </FormFieldset>
      </form>
    </AuthCard>
  );
}
