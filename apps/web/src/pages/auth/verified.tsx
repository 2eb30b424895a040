import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { focusWhenReady } from '../../components/focus.ts';
import { FormError } from '../../components/form-error.tsx';
import { AuthCard, FullPageSpinner } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { ErrorCode, Messages } from '../../i18n/messages.ts';
import { authClient } from '../../lib/auth.ts';
import { sessionQuery } from '../../lib/session.ts';
import { HOME_PATH, safeNextPath, validateEmail } from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';

type VerifyError = 'token_expired' | 'invalid_token' | 'user_not_found' | 'unauthorized';

/** The codes the server redirects with (lower case, `/verified?error=invalid_token`; upper case was seen too). */
function knownError(code: string): VerifyError | null {
  if (code === 'token_expired' || code === 'invalid_token' || code === 'user_not_found' || code === 'unauthorized') {
    return code;
  }
  if (code === 'invalid_user') return 'unauthorized';
  return null;
}

/** What the link's refusal means, in words about this link; another code the server sent is said as the server means it. */
function messageFor(code: string, t: Messages): string {
  switch (knownError(code)) {
    case 'token_expired':
      return t.verifyEmail.tokenExpired;
    case 'invalid_token':
      return t.verifyEmail.invalidToken;
    case 'user_not_found':
      return t.verifyEmail.userNotFound;
    case 'unauthorized':
      return t.verifyEmail.unauthorized;
    default: {
      const upper = code.toUpperCase();
      return Object.hasOwn(t.errors, upper) ? t.errors[upper as ErrorCode] : t.verifyEmail.unknown;
    }
  }
}

/**
 * Where the verification link lands: `/verified`, or `/verified?error=<code>` when the server
 * refused it. A landing without an error is checked against the account before anything is
 * claimed: a change-of-address link moves the account to an address that still needs its own
 * verification, and "Email verified" would then be untrue.
 */
export function VerifiedPage() {
  const { t, format } = useI18n();
  const [params] = useSearchParams();
  const error = params.get('error')?.toLowerCase() || null;
  // the verification changed `emailVerified` (and may have signed the person in): the session is read
  // afresh on landing here, once (joining a read already under way rather than starting another)
  const session = useQuery({ ...sessionQuery(), refetchOnMount: error ? true : 'always' });

  if (session.isPending || (!error && !session.isFetchedAfterMount)) return <FullPageSpinner />;
  const user = session.data?.user ?? null;
  const next = user ? HOME_PATH : '/sign-in';
  // where the person was going when they signed up (an invitation): on there, through sign-in if needed
  const onward = safeNextPath(params.get('next'));
  const continueTo = onward === HOME_PATH ? next : user ? onward : `/sign-in?next=${encodeURIComponent(onward)}`;

  if (!error && user && !user.emailVerified) {
    return (
      <AuthCard
        key="new-address"
        title={t.verifyEmail.newAddressTitle}
        footer={
          <p>
            <Link to={next}>{t.common.settings}</Link>
          </p>
        }
      >
        <Alert tone="info">{format(t.verifyEmail.newAddressBody, { email: user.email })}</Alert>
        <ResendVerification signedInEmail={user.email} />
      </AuthCard>
    );
  }

  if (!error) {
    return (
      <AuthCard key="verified" title={t.verifyEmail.successTitle}>
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
        <Link className="button button--primary button--block" to={continueTo}>
          {onward !== HOME_PATH ? t.verifyEmail.continue : user ? t.common.settings : t.common.signIn}
        </Link>
      </AuthCard>
    );
  }

  const known = knownError(error);
  const deadLink = known === 'token_expired' || known === 'invalid_token';
  // signed in with a verified address, a new link is neither needed nor sent: say so instead of offering one
  const alreadyVerified = deadLink && user?.emailVerified === true;
  // Signed out, the page cannot know whether the address is verified: a link that still lives verifies
  // again and lands on "Email verified" (CONTRACT §4.10), so one refused here expired, was cut short or
  // names an address the account left; the person may well have verified with it (or another) before.
  const mayBeVerified = deadLink && user === null;
  // signed out, `unauthorized` means the account has ways in beyond a password: its owner confirms
  // the address signed in, and someone who did not create it claims it with a reset link instead
  const signInToVerify = known === 'unauthorized' && user === null;
  return (
    <AuthCard
      title={t.verifyEmail.errorTitle}
      footer={
        <p>
          <Link to={next}>{user ? t.common.settings : t.common.backToSignIn}</Link>
        </p>
      }
    >
      {signInToVerify ? (
        <Alert
          tone="error"
          actions={
            <>
              <Link className="button button--primary" to="/sign-in">
                {t.common.signIn}
              </Link>
              <Link className="button button--secondary" to="/forgot-password">
                {t.verifyEmail.claimByReset}
              </Link>
            </>
          }
        >
          {t.verifyEmail.signInToVerify}
        </Alert>
      ) : (
        <Alert tone="error">
          {alreadyVerified && known === 'token_expired' ? t.errors.TOKEN_EXPIRED : messageFor(error, t)}
        </Alert>
      )}
      {alreadyVerified ? <Alert tone="info">{t.errors.EMAIL_ALREADY_VERIFIED}</Alert> : null}
      {mayBeVerified ? (
        <Alert
          tone="info"
          actions={
            <Link className="button button--secondary" to={continueTo}>
              {t.common.signIn}
            </Link>
          }
        >
          {t.verifyEmail.maybeVerified}
        </Alert>
      ) : null}
      {deadLink && !alreadyVerified ? <ResendVerification signedInEmail={user?.email ?? null} /> : null}
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
      focusWhenReady('verify-email');
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
        {serverError ? <FormError error={serverError} retry="submit" /> : null}
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
