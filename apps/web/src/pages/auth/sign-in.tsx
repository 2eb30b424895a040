import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox, Field, PasswordField } from '../../components/field.tsx';
import { focusFirstInvalid } from '../../components/focus.ts';
import { FormError } from '../../components/form-error.tsx';
import { AuthCard, RedirectIfSignedIn } from '../../components/layout.tsx';
import { lazyPage } from '../../components/lazy-page.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { errorCodeOf } from '../../lib/errors.ts';
import {
  type FieldErrors,
  hasErrors,
  safeNextPath,
  validateEmail,
  validateExistingPassword,
  validateUsername,
} from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import { useFinishSignIn } from './finish-sign-in.ts';
import { usePasskeySignIn } from './passkey-sign-in.ts';
import { type EmailStep, PasswordlessOptions } from './passwordless.tsx';
import { SocialButtons } from './social-buttons.tsx';

type Key = 'identifier' | 'password';
const IDS: Record<Key, string> = { identifier: 'sign-in-identifier', password: 'sign-in-password' };
const ORDER: readonly Key[] = ['identifier', 'password'];

// the mailed ways' steps: fetched once a mail was asked for, not with the sign-in page
const EmailLinkSent = lazyPage(() => import('./email-steps.tsx'), 'EmailLinkSent');
const EmailCodeStep = lazyPage(() => import('./email-steps.tsx'), 'EmailCodeStep');

export function SignInPage() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  return (
    <RedirectIfSignedIn to={next}>
      <SignInForm next={next} />
    </RedirectIfSignedIn>
  );
}

function SignInForm({ next }: { next: string }) {
  const { t, format } = useI18n();
  const { features, appName } = getConfig();
  const [params] = useSearchParams();
  const finishSignIn = useFinishSignIn(next);
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const [resend, setResend] = useState<'idle' | 'pending' | 'sent'>('idle');
  // a mailed way in (pages/auth/passwordless.tsx): its step replaces the form once the mail is sent
  const [emailStep, setEmailStep] = useState<EmailStep | null>(null);
  const passkey = usePasskeySignIn({
    // not while a mailed way's step is on screen: its page has no field for the autofill
    enabled: features.passkey && emailStep === null,
    onSignedIn: () => finishSignIn({ twoFactorRedirect: false }),
    onAutofillError: setServerError,
  });

  const notice = params.has('deleted')
    ? t.signIn.accountDeleted
    : params.has('passwordChanged')
      ? t.signIn.passwordChanged
      : params.has('signedOut')
        ? t.signIn.signedOut
        : null;
  // sent back by the two-factor challenge (pages/two-factor/challenge.tsx): it expired, or too many wrong codes voided it
  const twoFactorNotice =
    params.get('twoFactor') === 'expired'
      ? t.signIn.twoFactorExpired
      : params.get('twoFactor') === 'attempts'
        ? t.signIn.twoFactorAttempts
        : null;

  const validate = (): FieldErrors<Key> => {
    const value = identifier.trim();
    let identifierError: string | undefined;
    if (!value) identifierError = features.username ? t.validation.identifierRequired : t.validation.emailRequired;
    else if (value.includes('@') || !features.username) identifierError = validateEmail(value, t);
    else identifierError = validateUsername(value, t);
    return { identifier: identifierError, password: validateExistingPassword(password, t) };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setServerError(null);
    setResend('idle');
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    setPending(true);
    const value = identifier.trim();
    const result = value.includes('@')
      ? await authClient.signIn.email({ email: value, password, rememberMe })
      : await authClient.signIn.username({ username: value, password, rememberMe });
    if (result.error) {
      setPending(false);
      setServerError(result.error);
      return;
    }
    await finishSignIn(result.data);
  };

  const resendVerification = async () => {
    setResend('pending');
    await authClient.sendVerificationEmail({ email: identifier.trim(), callbackURL: '/verified' });
    // the answer is the same whether or not the address exists, so there is nothing else to show
    setResend('sent');
  };

  const canResend =
    serverError !== null && errorCodeOf(serverError) === 'EMAIL_NOT_VERIFIED' && identifier.includes('@');

  if (emailStep) {
    const Step = emailStep.kind === 'link' ? EmailLinkSent : EmailCodeStep;
    return <Step email={emailStep.email} next={next} onBack={() => setEmailStep(null)} />;
  }

  return (
    <AuthCard
      title={t.signIn.title}
      subtitle={format(t.signIn.subtitle, { app: appName })}
      footer={
        <p>
          {t.signIn.noAccount} <Link to="/sign-up">{t.signIn.createAccount}</Link>
        </p>
      }
    >
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {twoFactorNotice ? <Alert tone="warning">{twoFactorNotice}</Alert> : null}
      <form
        className="form"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={serverError ? 'sign-in-error' : undefined}
      >
        <fieldset className="form__fieldset" disabled={pending}>
          <legend className="visually-hidden">{t.signIn.title}</legend>
          {serverError ? (
            <FormError
              id="sign-in-error"
              error={serverError}
              retry="submit"
              actions={
                canResend && resend !== 'sent' ? (
                  <Button variant="secondary" onClick={resendVerification} pending={resend === 'pending'}>
                    {t.signIn.resendVerification}
                  </Button>
                ) : null
              }
            />
          ) : null}
          {resend === 'sent' ? (
            <Alert tone="success">{format(t.signIn.verificationSent, { email: identifier.trim() })}</Alert>
          ) : null}
          <Field
            id={IDS.identifier}
            label={features.username ? t.signIn.identifierLabel : t.common.email}
            value={identifier}
            onValueChange={setIdentifier}
            error={errors.identifier}
            type={features.username ? 'text' : 'email'}
            // `webauthn`: the browser's autofill offers passkeys here (pages/auth/passkey-sign-in.ts)
            autoComplete={features.passkey ? 'username webauthn' : 'username'}
            autoCapitalize="off"
            spellCheck={false}
            inputMode={features.username ? 'text' : 'email'}
            required
          />
          <PasswordField
            id={IDS.password}
            label={t.common.password}
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            autoComplete="current-password"
            required
          />
          <div className="form__row">
            <Checkbox
              id="sign-in-remember"
              label={t.signIn.rememberMe}
              checked={rememberMe}
              onCheckedChange={setRememberMe}
            />
          </div>
          <Button type="submit" block pending={pending} pendingLabel={t.signIn.submitting}>
            {t.signIn.submit}
          </Button>
          <p className="form__aside">
            <Link to="/forgot-password">{t.signIn.forgotPassword}</Link>
          </p>
        </fieldset>
      </form>
      <PasswordlessOptions
        email={identifier}
        next={next}
        disabled={pending}
        passkey={passkey}
        onEmailInvalid={(message) => {
          const found = { identifier: message };
          setErrors(found);
          focusFirstInvalid(ORDER, found, IDS);
        }}
        onEmailSent={setEmailStep}
      />
      <SocialButtons callbackURL={next} disabled={pending || passkey.pending} />
    </AuthCard>
  );
}
