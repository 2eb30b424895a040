import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { PageHeading } from '../../components/layout.tsx';
import { useReauthenticate } from '../../components/reauth.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { useSession } from '../../lib/session.ts';
import { validateEmail } from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import { SettingsError } from './layout.tsx';

const NEW_EMAIL_ID = 'email-new';

export function EmailPage() {
  const { t, format } = useI18n();
  const { features } = getConfig();
  const session = useSession();
  const reauthenticate = useReauthenticate();
  const user = session.data?.user;
  const [resend, setResend] = useState<'idle' | 'pending' | 'sent'>('idle');
  const [resendError, setResendError] = useState<AuthError | null>(null);
  const [newEmail, setNewEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (!user) return null;

  const sendVerification = async () => {
    setResend('pending');
    setResendError(null);
    const result = await authClient.sendVerificationEmail({ email: user.email, callbackURL: '/verified' });
    if (result.error) {
      setResend('idle');
      setResendError(result.error);
    } else {
      setResend('sent');
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = newEmail.trim();
    const found =
      validateEmail(value, t) ??
      (value.toLowerCase() === user.email.toLowerCase() ? t.validation.emailSame : undefined);
    setFieldError(found);
    setServerError(null);
    setSentTo(null);
    if (found) {
      document.getElementById(NEW_EMAIL_ID)?.focus();
      return;
    }
    setPending(true);
    const result = await reauthenticate(() => authClient.changeEmail({ newEmail: value, callbackURL: '/verified' }));
    setPending(false);
    if (result.error) {
      setServerError(result.error);
      return;
    }
    setSentTo(value);
    setNewEmail('');
  };

  return (
    <>
      <section className="card panel" aria-labelledby="email-title">
        <PageHeading id="email-title">{t.settings.email}</PageHeading>
        <p className="panel__description">{t.emailSettings.description}</p>
        <dl className="facts">
          <div className="facts__row">
            <dt>{t.emailSettings.current}</dt>
            <dd>
              <span className="facts__value">{user.email}</span>{' '}
              <Badge tone={user.emailVerified ? 'ok' : 'warn'}>
                {user.emailVerified ? t.emailSettings.verified : t.emailSettings.unverified}
              </Badge>
            </dd>
          </div>
        </dl>
        {!user.emailVerified && features.emailVerification ? (
          <div className="panel__actions" aria-live="polite">
            {resendError ? <SettingsError error={resendError} retry={sendVerification} /> : null}
            {resend === 'sent' ? (
              <Alert tone="success">{format(t.emailSettings.resent, { email: user.email })}</Alert>
            ) : (
              <Button
                variant="secondary"
                onClick={sendVerification}
                pending={resend === 'pending'}
                pendingLabel={t.emailSettings.resending}
              >
                {t.emailSettings.resend}
              </Button>
            )}
          </div>
        ) : null}
      </section>
      <section className="card panel" aria-labelledby="change-email-title">
        <h2 id="change-email-title" className="section-title">
          {t.emailSettings.changeTitle}
        </h2>
        <form className="form" onSubmit={onSubmit} noValidate>
          <fieldset className="form__fieldset" disabled={pending}>
            <legend className="visually-hidden">{t.emailSettings.changeTitle}</legend>
            {serverError ? <SettingsError error={serverError} retry="submit" /> : null}
            <div className="live" aria-live="polite">
              {sentTo ? <Alert tone="success">{format(t.emailSettings.sent, { email: sentTo })}</Alert> : null}
            </div>
            <Field
              id={NEW_EMAIL_ID}
              label={t.emailSettings.newEmailLabel}
              value={newEmail}
              onValueChange={setNewEmail}
              error={fieldError}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="off"
              spellCheck={false}
              required
            />
            <div className="form__actions">
              <Button type="submit" pending={pending} pendingLabel={t.emailSettings.submitting}>
                {t.emailSettings.submit}
              </Button>
            </div>
          </fieldset>
        </form>
      </section>
    </>
  );
}
