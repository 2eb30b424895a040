import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Field } from '../components/form.tsx';
import { AuthCard, FullPageSpinner } from '../components/layout.tsx';
import { useI18n } from '../i18n/i18n.tsx';
import type { Messages } from '../i18n/messages.ts';
import { type AuthError, authClient, useSession } from '../lib/auth.ts';
import { describeError } from '../lib/errors.ts';
import { HOME_PATH, validateEmail } from '../lib/validation.ts';

type VerifyError = 'token_expired' | 'invalid_token' | 'user_not_found' | 'unauthorized' | 'unknown';

/** The server sends these in either case (`/verified?error=INVALID_TOKEN` was observed). */
function normaliseError(value: string): VerifyError {
  const code = value.toLowerCase();
  if (code === 'token_expired' || code === 'invalid_token' || code === 'user_not_found' || code === 'unauthorized') {
    return code;
  }
  if (code === 'invalid_user') return 'unauthorized';
  return 'unknown';
}

function messageFor(error: VerifyError, t: Messages): string {
  switch (error) {
    case 'token_expired':
      return t.verifyEmail.tokenExpired;
    case 'invalid_token':
      return t.verifyEmail.invalidToken;
    case 'user_not_found':
      return t.verifyEmail.userNotFound;
    case 'unauthorized':
      return t.verifyEmail.unauthorized;
    default:
      return t.verifyEmail.unknown;
  }
}

/** Where the verification link lands: `/verified`, or `/verified?error=<reason>`. */
export function VerifiedPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const session = useSession();
  const raw = params.get('error');
  const error = raw ? normaliseError(raw) : null;
  const { refetch } = session;

  // The verification changed `emailVerified` (and may have signed the person in): read it afresh.
  useEffect(() => {
    if (!error) void refetch();
  }, [error, refetch]);

  if (session.isPending) return <FullPageSpinner />;
  const signedIn = session.data !== null;
  const next = signedIn ? HOME_PATH : '/sign-in';

  if (!error) {
    return (
      <AuthCard title={t.verifyEmail.successTitle}>
        <div className="success-mark" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
            <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path
              d="m15 24.5 6.5 6.5L33.5 18"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
            />
          </svg>
        </div>
        <Alert tone="success">{t.verifyEmail.successBody}</Alert>
        <Link className="button button--primary button--block" to={next}>
          {signedIn ? t.common.settings : t.common.signIn}
        </Link>
      </AuthCard>
    );
  }

  const canResend = error === 'token_expired' || error === 'invalid_token';
  return (
    <AuthCard
      title={t.verifyEmail.errorTitle}
      footer={
        <p>
          <Link to={next}>{signedIn ? t.common.settings : t.common.backToSignIn}</Link>
        </p>
      }
    >
      <Alert tone="error">{messageFor(error, t)}</Alert>
      {canResend ? <ResendVerification signedInEmail={session.data?.user.email ?? null} /> : null}
    </AuthCard>
  );
}

function ResendVerification({ signedInEmail }: { signedInEmail: string | null }) {
  const { t, format } = useI18n();
  const [email, setEmail] = useState(signedInEmail ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateEmail(email, t);
    setFieldError(found);
    setServerError(null);
    if (found) {
      document.getElementById('verify-email')?.focus();
      return;
    }
    setPending(true);
    const result = await authClient.sendVerificationEmail({ email: email.trim(), callbackURL: '/verified' });
    setPending(false);
    if (result.error) setServerError(result.error);
    else setSentTo(email.trim());
  };

  if (sentTo) return <Alert tone="success">{format(t.verifyEmail.resent, { email: sentTo })}</Alert>;

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="resend-title">
      <h2 id="resend-title" className="section-title">
        {t.verifyEmail.resendTitle}
      </h2>
      <fieldset className="form__fieldset" disabled={pending}>
        {serverError ? (
          <Alert tone="error" focus>
            {describeError(serverError, t)}
          </Alert>
        ) : null}
        {signedInEmail ? null : (
          <Field
            id="verify-email"
            label={t.common.email}
            value={email}
            onValueChange={setEmail}
            error={fieldError}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
          />
        )}
        <Button type="submit" block pending={pending} pendingLabel={t.verifyEmail.resendSubmitting}>
          {t.verifyEmail.resendSubmit}
        </Button>
      </fieldset>
    </form>
  );
}
