/**
 * The sign-in challenge (docs/two-factor.md): the password was right and sign-in answered
 * `twoFactorRedirect`. No session exists yet; the signed `two_factor` cookie names the
 * challenge, and one of verify-totp, verify-otp (after send-otp), verify-backup-code or a
 * passkey (pages/two-factor/passkey-factor.tsx, where the challenge lists one) completes the
 * sign-in.
 */
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox, Field } from '../../components/field.tsx';
import { focusFirstInvalid, focusWhenReady } from '../../components/focus.ts';
import { FormError } from '../../components/form-error.tsx';
import { AuthCard, RedirectIfSignedIn } from '../../components/layout.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { authClient } from '../../lib/auth.ts';
import { describeError, errorCodeOf } from '../../lib/errors.ts';
import { type FieldErrors, HOME_PATH, hasErrors, safeNextPath } from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import { useFinishSignIn } from '../auth/finish-sign-in.ts';
import { PasskeyFactorButton } from './passkey-factor.tsx';

export type TwoFactorMethod = 'totp' | 'otp' | 'backup';

type Key = 'code';
const IDS: Record<Key, string> = { code: 'two-factor-code' };
const ORDER: readonly Key[] = ['code'];

/** Codes that mean the typed code was wrong: shown on the field, the challenge goes on. */
const WRONG_CODE = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE', 'OTP_HAS_EXPIRED']);
/** Codes that mean the challenge is gone: only a new password sign-in starts another. */
const CHALLENGE_GONE: Record<string, 'expired' | 'attempts'> = {
  INVALID_TWO_FACTOR_COOKIE: 'expired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'attempts',
};

/** Six digits for app and emailed codes (spaces typed by habit are dropped); anything for backup codes. */
export function normalizeCode(value: string, method: TwoFactorMethod): string {
  return method === 'backup' ? value.trim() : value.replace(/\s+/g, '');
}

export function validateCode(value: string, method: TwoFactorMethod, t: Messages): string | undefined {
  if (method === 'backup') return value ? undefined : t.twoFactor.backupRequired;
  if (!value) return t.twoFactor.codeRequired;
  if (!/^\d{6}$/.test(value)) return t.twoFactor.codeFormat;
  return undefined;
}

function methodsFromState(state: unknown): string[] {
  if (typeof state !== 'object' || state === null || !('methods' in state)) return [];
  const { methods } = state as { methods: unknown };
  return Array.isArray(methods) ? methods.map(String) : [];
}

export function TwoFactorPage() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  return (
    <RedirectIfSignedIn to={next}>
      <TwoFactorChallenge next={next} />
    </RedirectIfSignedIn>
  );
}

function TwoFactorChallenge({ next }: { next: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const finishSignIn = useFinishSignIn(next);
  // sign-in passes the methods on offer; after a reload they are unknown, and the app is the usual one
  const offered = methodsFromState(location.state);
  const totpOffered = offered.length === 0 || offered.includes('totp');
  // not after a sign-in by mail: the mailbox was the first factor (docs/magic-link.md)
  const otpOffered = offered.length === 0 || offered.includes('otp');
  const passkeyOffered = getConfig().features.passkey && (offered.length === 0 || offered.includes('passkey'));
  const [method, setMethod] = useState<TwoFactorMethod>(totpOffered ? 'totp' : otpOffered ? 'otp' : 'backup');
  const [passkeyPending, setPasskeyPending] = useState(false);
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const [otp, setOtp] = useState<'idle' | 'pending' | 'sent'>('idle');
  /** What "Try again" repeats when the service could not be reached. */
  const [lastAction, setLastAction] = useState<'verify' | 'send'>('verify');

  /** A gone challenge cannot be retried here: back to sign-in, with a note saying why. */
  const handleError = (error: AuthError): void => {
    const code = errorCodeOf(error) ?? '';
    const gone = CHALLENGE_GONE[code];
    if (gone) {
      const query = new URLSearchParams({ twoFactor: gone });
      if (next !== HOME_PATH) query.set('next', next);
      navigate(`/sign-in?${query.toString()}`, { replace: true });
      return;
    }
    if (WRONG_CODE.has(code)) {
      const wrong = { code: describeError(error, t) };
      setErrors(wrong);
      focusFirstInvalid(ORDER, wrong, IDS);
      return;
    }
    setServerError(error);
  };

  const switchTo = (to: TwoFactorMethod) => {
    setMethod(to);
    setCode('');
    setErrors({});
    setServerError(null);
    document.getElementById(IDS.code)?.focus();
  };

  const sendOtp = async () => {
    setOtp('pending');
    setLastAction('send');
    setServerError(null);
    setErrors({});
    const result = await authClient.twoFactor.sendOtp();
    if (result.error) {
      setOtp('idle');
      handleError(result.error);
      return;
    }
    setMethod('otp');
    setCode('');
    setOtp('sent');
    // the field is still disabled with the rest of the form until the page shows the answer
    focusWhenReady(IDS.code);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = normalizeCode(code, method);
    const found: FieldErrors<Key> = { code: validateCode(value, method, t) };
    setErrors(found);
    setServerError(null);
    setLastAction('verify');
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    setPending(true);
    const body = { code: value, trustDevice };
    const result =
      method === 'totp'
        ? await authClient.twoFactor.verifyTotp(body)
        : method === 'otp'
          ? await authClient.twoFactor.verifyOtp(body)
          : await authClient.twoFactor.verifyBackupCode(body);
    if (result.error) {
      setPending(false);
      handleError(result.error);
      return;
    }
    // the second factor passed: the session exists now
    await finishSignIn({ twoFactorRedirect: false });
  };

  const copy = {
    totp: { subtitle: t.twoFactor.totpSubtitle, label: t.twoFactor.totpLabel },
    otp: { subtitle: t.twoFactor.otpSubtitle, label: t.twoFactor.otpLabel },
    backup: { subtitle: t.twoFactor.backupSubtitle, label: t.twoFactor.backupLabel },
  }[method];
  const busy = pending || otp === 'pending' || passkeyPending;

  return (
    <AuthCard
      title={t.twoFactor.title}
      subtitle={copy.subtitle}
      footer={
        <p>
          <Link to="/sign-in">{t.common.backToSignIn}</Link>
        </p>
      }
    >
      <form
        className="form"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={serverError ? 'two-factor-error' : undefined}
      >
        <fieldset className="form__fieldset" disabled={busy}>
          <legend className="visually-hidden">{t.twoFactor.title}</legend>
          {serverError ? (
            <FormError id="two-factor-error" error={serverError} retry={lastAction === 'send' ? sendOtp : 'submit'} />
          ) : null}
          <div className="live" aria-live="polite">
            {method === 'otp' && otp === 'sent' ? <Alert tone="success">{t.twoFactor.otpSent}</Alert> : null}
          </div>
          <Field
            id={IDS.code}
            label={copy.label}
            value={code}
            onValueChange={setCode}
            error={errors.code}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            inputMode={method === 'backup' ? 'text' : 'numeric'}
            maxLength={method === 'backup' ? 64 : 12}
            required
          />
          <div className="form__row">
            <Checkbox
              id="two-factor-trust"
              label={t.twoFactor.trustDevice}
              checked={trustDevice}
              onCheckedChange={setTrustDevice}
            />
          </div>
          <Button type="submit" block pending={pending} pendingLabel={t.twoFactor.submitting}>
            {t.twoFactor.submit}
          </Button>
        </fieldset>
      </form>
      <section className="stack" aria-labelledby="two-factor-other">
        <div className="divider" role="presentation">
          <span id="two-factor-other">{t.twoFactor.otherMethods}</span>
        </div>
        <div className="panel__actions">
          {passkeyOffered ? (
            <PasskeyFactorButton
              trustDevice={trustDevice}
              disabled={busy}
              onStart={() => {
                setServerError(null);
                setErrors({});
                setLastAction('verify');
              }}
              onError={handleError}
              onVerified={() => finishSignIn({ twoFactorRedirect: false })}
              onPendingChange={setPasskeyPending}
            />
          ) : null}
          {method !== 'totp' && totpOffered ? (
            <Button variant="secondary" block onClick={() => switchTo('totp')} disabled={busy}>
              {t.twoFactor.useTotp}
            </Button>
          ) : null}
          {otpOffered ? (
            <Button
              variant="secondary"
              block
              onClick={sendOtp}
              disabled={pending || passkeyPending}
              pending={otp === 'pending'}
              pendingLabel={t.twoFactor.sendingOtp}
            >
              {otp === 'sent' ? t.twoFactor.resendOtp : t.twoFactor.sendOtp}
            </Button>
          ) : null}
          {method !== 'backup' ? (
            <Button variant="secondary" block onClick={() => switchTo('backup')} disabled={busy}>
              {t.twoFactor.useBackup}
            </Button>
          ) : null}
        </div>
      </section>
    </AuthCard>
  );
}
