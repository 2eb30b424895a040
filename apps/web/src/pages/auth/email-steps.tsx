/**
 * The steps of the two mailed ways in (pages/auth/passwordless.tsx), shown by the sign-in screen in
 * place of its form once the mail is on its way: "check your inbox" for a link, the code's form for
 * a code. A file of their own, fetched when a mail was asked for: the sign-in page's first download
 * does not carry them.
 */
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { focusWhenReady } from '../../components/focus.ts';
import { FormError } from '../../components/form-error.tsx';
import { AuthCard } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { authClient } from '../../lib/auth.ts';
import { describeError, errorCodeOf } from '../../lib/errors.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import { useFinishSignIn } from './finish-sign-in.ts';
import { sendCode, sendLink } from './passwordless.tsx';

function MailIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <rect x="5" y="10" width="38" height="28" rx="5" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="m7 13 17 13 17-13" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
    </svg>
  );
}

/** "Check your inbox" after a sign-in link was asked for; another link on demand. */
export function EmailLinkSent({ email, next, onBack }: { email: string; next: string; onBack: () => void }) {
  const { t, format } = useI18n();
  const [pending, setPending] = useState(false);
  const [resent, setResent] = useState(false);
  const [error, setError] = useState<AuthError | null>(null);

  const resend = async () => {
    setPending(true);
    setResent(false);
    setError(null);
    const result = await sendLink(email, next);
    setPending(false);
    if (result.error) setError(result.error);
    else setResent(true);
  };

  return (
    <AuthCard title={t.emailLink.title}>
      <div className="inbox-illustration" aria-hidden="true">
        <MailIcon />
      </div>
      <Alert tone="success">{format(t.emailLink.body, { email })}</Alert>
      <p className="muted small">{t.emailLink.noMail}</p>
      {error ? <FormError error={error} retry={() => void resend()} /> : null}
      <div className="live" aria-live="polite">
        {resent ? <Alert tone="success">{format(t.emailLink.resent, { email })}</Alert> : null}
      </div>
      <div className="passwordless__list">
        <Button
          variant="secondary"
          block
          onClick={() => void resend()}
          pending={pending}
          pendingLabel={t.emailLink.resending}
        >
          {t.emailLink.resend}
        </Button>
        <Button variant="ghost" block onClick={onBack} disabled={pending}>
          {t.emailLink.otherAddress}
        </Button>
      </div>
    </AuthCard>
  );
}

const CODE_ID = 'email-code';
/** Refusals of the typed code itself: said at its field, and another try may follow. */
const WRONG_CODE = new Set(['INVALID_OTP', 'OTP_EXPIRED']);

/** Digits only (spaces typed by habit are dropped); the configured length is 6 to 12 (docs/email-otp.md). */
export function validateEmailCode(value: string, t: Messages): string | undefined {
  if (!value) return t.emailCode.codeRequired;
  if (!/^\d{6,12}$/.test(value)) return t.emailCode.codeFormat;
  return undefined;
}

/** The code mailed for a sign-in: typed here, it signs in (or leads to the second factor). */
export function EmailCodeStep({ email, next, onBack }: { email: string; next: string; onBack: () => void }) {
  const { t, format } = useI18n();
  const finishSignIn = useFinishSignIn(next);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const [resend, setResend] = useState<'idle' | 'pending' | 'sent'>('idle');
  /** What "Try again" repeats when the service could not be reached. */
  const [lastAction, setLastAction] = useState<'verify' | 'resend'>('verify');

  const sendAgain = async () => {
    setResend('pending');
    setLastAction('resend');
    setServerError(null);
    setFieldError(undefined);
    const result = await sendCode(email);
    if (result.error) {
      setResend('idle');
      setServerError(result.error);
      return;
    }
    setCode('');
    setResend('sent');
    focusWhenReady(CODE_ID);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    const invalid = validateEmailCode(value, t);
    setFieldError(invalid);
    setServerError(null);
    setLastAction('verify');
    if (invalid) {
      focusWhenReady(CODE_ID);
      return;
    }
    setPending(true);
    const result = await authClient.signIn.emailOtp({ email, otp: value });
    if (result.error) {
      setPending(false);
      if (WRONG_CODE.has(errorCodeOf(result.error) ?? '')) {
        setFieldError(describeError(result.error, t));
        focusWhenReady(CODE_ID);
      } else {
        setServerError(result.error);
      }
      return;
    }
    await finishSignIn(result.data);
  };

  const busy = pending || resend === 'pending';
  const spent = serverError !== null && errorCodeOf(serverError) === 'TOO_MANY_ATTEMPTS';

  return (
    <AuthCard title={t.emailCode.title} subtitle={format(t.emailCode.subtitle, { email })}>
      <form
        className="form"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={serverError ? 'email-code-error' : undefined}
      >
        <fieldset className="form__fieldset" disabled={busy}>
          <legend className="visually-hidden">{t.emailCode.title}</legend>
          {serverError ? (
            <FormError
              id="email-code-error"
              error={serverError}
              retry={lastAction === 'resend' ? () => void sendAgain() : 'submit'}
              actions={
                spent ? (
                  <Button variant="secondary" onClick={() => void sendAgain()}>
                    {t.emailCode.resend}
                  </Button>
                ) : null
              }
            />
          ) : null}
          <div className="live" aria-live="polite">
            {resend === 'sent' ? <Alert tone="success">{format(t.emailCode.resent, { email })}</Alert> : null}
          </div>
          {/* lets a password manager keep the code's account apart */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <Field
            id={CODE_ID}
            label={t.emailCode.codeLabel}
            value={code}
            onValueChange={setCode}
            error={fieldError}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            inputMode="numeric"
            maxLength={16}
            required
          />
          <Button type="submit" block pending={pending} pendingLabel={t.emailCode.submitting}>
            {t.emailCode.submit}
          </Button>
        </fieldset>
      </form>
      <div className="passwordless__list">
        <Button
          variant="secondary"
          block
          onClick={() => void sendAgain()}
          disabled={pending}
          pending={resend === 'pending'}
          pendingLabel={t.emailCode.resending}
        >
          {t.emailCode.resend}
        </Button>
        <Button variant="ghost" block onClick={onBack} disabled={busy}>
          {t.emailCode.otherAddress}
        </Button>
      </div>
    </AuthCard>
  );
}
