/**
 * The ways into an account without a password (issue 15; docs/passkeys.md, docs/magic-link.md,
 * docs/email-otp.md), each offered on the sign-in screen only where the operator turned it on
 * (public configuration `features.passkey`, `magicLink`, `emailOTP`):
 *
 * - "Sign in with a passkey": the browser's prompt (pages/auth/passkey-sign-in.ts; the autofill is
 *   started there too);
 * - "Email me a sign-in link": POST /sign-in/magic-link, then "check your inbox"; the link itself
 *   is followed by the server, which signs in and sends the browser on to `next` (a refused link
 *   lands on /error with its code, a second factor on /two-factor);
 * - "Email me a sign-in code": POST /email-otp/send-verification-otp, then the code, which
 *   POST /sign-in/email-otp turns into a session (or the two-factor challenge).
 *
 * The two mailed ways take the address typed in the sign-in form's first field.
 */
import { useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FormError } from '../../components/form-error.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { validateEmail } from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import type { PasskeySignIn } from './passkey-sign-in.ts';
import './passwordless.css';

/** A mailed way in, once its mail is on its way: the step the sign-in screen shows instead of its form. */
export interface EmailStep {
  kind: 'link' | 'code';
  email: string;
}

/** Where a refused link sends the browser: the error page says why in plain words (INVALID_TOKEN…). */
const LINK_ERROR_PATH = '/error';

export function sendLink(email: string, next: string) {
  return authClient.signIn.magicLink({ email, callbackURL: next, errorCallbackURL: LINK_ERROR_PATH });
}

export function sendCode(email: string) {
  return authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' });
}

/** Whether the sign-in screen has anything to offer besides the password. */
export function passwordlessOffered(): boolean {
  const { features } = getConfig();
  return features.passkey || features.magicLink || features.emailOTP;
}

interface OptionsProps {
  /** What the sign-in form's first field holds. */
  email: string;
  next: string;
  /** The password form is being sent. */
  disabled: boolean;
  passkey: PasskeySignIn;
  /** The typed address cannot take a mail: the form shows `message` at its field and focuses it. */
  onEmailInvalid: (message: string) => void;
  /** The mail is on its way: the screen moves to the step that follows it. */
  onEmailSent: (step: EmailStep) => void;
}

/** The buttons under the password form, and what went wrong with the last of them. */
export function PasswordlessOptions({ email, next, disabled, passkey, onEmailInvalid, onEmailSent }: OptionsProps) {
  const { t } = useI18n();
  const { features } = getConfig();
  const [sending, setSending] = useState<EmailStep['kind'] | null>(null);
  const [error, setError] = useState<{ kind: EmailStep['kind']; error: AuthError } | null>(null);
  if (!passwordlessOffered()) return null;

  const mail = async (kind: EmailStep['kind']) => {
    const address = email.trim();
    const invalid = validateEmail(address, t);
    setError(null);
    if (invalid) {
      onEmailInvalid(invalid);
      return;
    }
    setSending(kind);
    const result = kind === 'link' ? await sendLink(address, next) : await sendCode(address);
    setSending(null);
    if (result.error) {
      setError({ kind, error: result.error });
      return;
    }
    onEmailSent({ kind, email: address });
  };

  const startPasskey = () => {
    setError(null);
    void passkey.start();
  };

  const busy = disabled || passkey.pending || sending !== null;
  // one message at a time: the last button pressed
  const shown = error ? (
    <FormError error={error.error} retry={() => void mail(error.kind)} />
  ) : passkey.error ? (
    <FormError error={passkey.error} retry={startPasskey} />
  ) : passkey.failure ? (
    <Alert tone="error" focus>
      {passkey.failure}
    </Alert>
  ) : null;

  return (
    <div className="passwordless">
      <div className="divider" role="presentation">
        <span>{t.signIn.divider}</span>
      </div>
      <fieldset className="passwordless__list">
        <legend className="visually-hidden">{t.signIn.otherWays}</legend>
        {features.passkey ? (
          <Button
            variant="secondary"
            block
            onClick={startPasskey}
            disabled={busy}
            pending={passkey.pending}
            pendingLabel={t.signIn.passkeyPending}
          >
            {t.signIn.passkey}
          </Button>
        ) : null}
        {features.magicLink ? (
          <Button
            variant="secondary"
            block
            onClick={() => void mail('link')}
            disabled={busy}
            pending={sending === 'link'}
            pendingLabel={t.signIn.sending}
          >
            {t.signIn.emailLink}
          </Button>
        ) : null}
        {features.emailOTP ? (
          <Button
            variant="secondary"
            block
            onClick={() => void mail('code')}
            disabled={busy}
            pending={sending === 'code'}
            pendingLabel={t.signIn.sending}
          >
            {t.signIn.emailCode}
          </Button>
        ) : null}
      </fieldset>
      {shown}
    </div>
  );
}
