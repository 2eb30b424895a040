import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FormFieldset } from '../../components/form-fieldset.tsx';
import { AuthCard } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { validateEmail } from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';

const EMAIL_ID = 'forgot-email';

export function ForgotPasswordPage() {
  const { t, format } = useI18n();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateEmail(email, t);
    setError(found);
    setServerError(null);
    if (found) {
      document.getElementById(EMAIL_ID)?.focus();
      return;
    }
    setPending(true);
    const result = await authClient.requestPasswordReset({ email: email.trim(), redirectTo: '/reset-password' });
    setPending(false);
    if (result.error) setServerError(result.error);
    else setSentTo(email.trim());
  };

  const footer = (
    <p>
      <Link to="/sign-in">{t.common.backToSignIn}</Link>
    </p>
  );

  if (sentTo) {
    return (
      <AuthCard key="sent" title={t.forgotPassword.sentTitle} footer={footer}>
        <Alert tone="success">{format(t.forgotPassword.sent, { email: sentTo })}</Alert>
        <Button variant="secondary" block onClick={() => setSentTo(null)}>
          {t.forgotPassword.tryAnother}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard key="form" title={t.forgotPassword.title} subtitle={t.forgotPassword.subtitle} footer={footer}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormFieldset legend={t.forgotPassword.title} pending={pending} error={serverError}>
          <Field
            id={EMAIL_ID}
            label={t.common.email}
            value={email}
            onValueChange={setEmail}
            error={error}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            required
          />
          <Button type="submit" block pending={pending} pendingLabel={t.forgotPassword.submitting}>
            {t.forgotPassword.submit}
          </Button>
        </FormFieldset>
      </form>
    </AuthCard>
  );
}
