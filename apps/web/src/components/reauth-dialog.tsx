/**
 * The password dialog of re-authentication (reauth.tsx): asks for the password again and POSTs
 * /verify-password, or, for an account without a password, offers to sign in again. A file of its
 * own, fetched when the dialog first opens, so no page downloads it before it is needed.
 */

import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../i18n/i18n.tsx';
import { authClient } from '../lib/auth.ts';
import { describeError, errorCodeOf } from '../lib/errors.ts';
import { accountsQuery } from '../lib/query.ts';
import { useRefreshSession, useSession } from '../lib/session.ts';
import { useSignOut } from '../lib/sign-out.ts';
import { validateExistingPassword } from '../lib/validation.ts';
import type { AuthError } from '../lib/wire-types.ts';
import { Button, Spinner } from './button.tsx';
import { PasswordField } from './field.tsx';
import { focusWhenReady } from './focus.ts';
import { FormError } from './form-error.tsx';
import { QuestionDialog } from './question-dialog.tsx';
import './reauth.css';

const PASSWORD_ID = 'reauth-password';

/** The modal question: the password again, or (no password on the account) signing in again. */
export function ReauthDialog({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const { t } = useI18n();
  const titleId = useId();
  const bodyId = useId();
  const session = useSession();
  const email = session.data?.user.email ?? '';
  const accounts = useQuery(accountsQuery());
  // when the list cannot be read, ask for the password: signing in again stays on offer below it
  const hasPassword = accounts.isPending
    ? null
    : (accounts.data?.some((account) => account.providerId === 'credential') ?? true);

  return (
    <QuestionDialog titleId={titleId} bodyId={bodyId} onCancel={onCancel}>
      {hasPassword === null ? (
        <div className="reauth__loading">
          <h2 id={titleId} className="section-title">
            {t.reauth.title}
          </h2>
          <p id={bodyId} className="muted">
            <Spinner label={t.common.loading} />
          </p>
        </div>
      ) : hasPassword ? (
        <PasswordStep titleId={titleId} bodyId={bodyId} email={email} onVerified={onVerified} onCancel={onCancel} />
      ) : (
        <SignInAgainStep titleId={titleId} bodyId={bodyId} onCancel={onCancel} />
      )}
    </QuestionDialog>
  );
}

function PasswordStep({
  titleId,
  bodyId,
  email,
  onVerified,
  onCancel,
}: {
  titleId: string;
  bodyId: string;
  email: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const refreshSession = useRefreshSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    document.getElementById(PASSWORD_ID)?.focus();
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateExistingPassword(password, t);
    setError(found);
    setServerError(null);
    if (found) {
      document.getElementById(PASSWORD_ID)?.focus();
      return;
    }
    setPending(true);
    const result = await authClient.verifyPassword({ password });
    if (result.error) {
      setPending(false);
      if (errorCodeOf(result.error) === 'INVALID_PASSWORD') {
        setError(describeError(result.error, t));
        focusWhenReady(PASSWORD_ID);
      } else {
        setServerError(result.error);
      }
      return;
    }
    // the session was replaced by one signed in now: the app reads it before the call is made again
    await refreshSession();
    onVerified();
  };

  return (
    <form className="form reauth__body" onSubmit={onSubmit} noValidate>
      <h2 id={titleId} className="section-title">
        {t.reauth.title}
      </h2>
      <p id={bodyId} className="muted">
        {t.reauth.body}
      </p>
      <fieldset className="form__fieldset" disabled={pending}>
        <legend className="visually-hidden">{t.reauth.title}</legend>
        {serverError ? <FormError error={serverError} retry="submit" /> : null}
        {/* lets a password manager fill the password of the right account */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          id={PASSWORD_ID}
          label={t.reauth.passwordLabel}
          value={password}
          onValueChange={setPassword}
          error={error}
          autoComplete="current-password"
          required
        />
        <div className="form__actions">
          <Button type="submit" pending={pending} pendingLabel={t.reauth.submitting}>
            {t.reauth.submit}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t.reauth.cancel}
          </Button>
        </div>
      </fieldset>
      <SignInAgainLink />
    </form>
  );
}

/**
 * Signs out and goes to the sign-in page, which brings the person back here afterwards. A sign-out
 * that fails leaves the person signed in, so they stay here and are told (`error`).
 */
function useSignInAgain(): { start: () => void; pending: boolean; error: AuthError | null } {
  const location = useLocation();
  const signOut = useSignOut();
  const start = () => {
    const back = location.pathname + location.search;
    void signOut.signOut(`/sign-in?next=${encodeURIComponent(back)}`);
  };
  return { start, pending: signOut.isPending, error: signOut.error };
}

function SignInAgainLink() {
  const { t } = useI18n();
  const { start, pending, error } = useSignInAgain();
  return (
    <>
      {error ? <FormError error={error} retry={start} /> : null}
      <p className="reauth__alternative small">
        <button type="button" className="link-button" onClick={start} disabled={pending}>
          {t.reauth.signInInstead}
        </button>
      </p>
    </>
  );
}

function SignInAgainStep({ titleId, bodyId, onCancel }: { titleId: string; bodyId: string; onCancel: () => void }) {
  const { t } = useI18n();
  const { start, pending, error } = useSignInAgain();
  return (
    <div className="reauth__body">
      {error ? <FormError error={error} retry={start} /> : null}
      <h2 id={titleId} className="section-title">
        {t.reauth.socialTitle}
      </h2>
      <p id={bodyId} className="muted">
        {t.reauth.socialBody}
      </p>
      <div className="form__actions">
        <Button onClick={start} pending={pending} pendingLabel={t.reauth.leaving}>
          {t.reauth.signIn}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t.reauth.cancel}
        </Button>
      </div>
    </div>
  );
}
