/**
 * The second factor asked for inside a session (docs/admin.md, "A second factor for admin
 * actions"): when the server refuses an admin change with 403 SECOND_FACTOR_REQUIRED, the
 * re-authentication provider (reauth.tsx) opens this dialog. It takes the same code as the
 * sign-in's two-factor step (the same field, normalisation and checks as
 * pages/two-factor/challenge.tsx): a code from the authenticator app, or a backup code. The
 * server then replaces the session by one that proved the factor now; the app reads it and
 * the refused call is made once more. Where passkeys are on and the account has one, a passkey
 * is offered as well (POST /two-factor/verify-passkey in the session; for an account without
 * codes it is the only way). An account with neither is told where to turn two-factor on.
 */

import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { getConfig } from '../config.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { authClient } from '../lib/auth.ts';
import { describeError, errorCodeOf } from '../lib/errors.ts';
import { useRefreshSession, useSession } from '../lib/session.ts';
import type { AuthError } from '../lib/wire-types.ts';
import { passkeysQuery } from '../pages/account/passkeys.tsx';
import { normalizeCode, validateCode } from '../pages/two-factor/challenge.tsx';
import { PasskeyFactorButton } from '../pages/two-factor/passkey-factor.tsx';
import { Button, Spinner } from './button.tsx';
import { Field } from './field.tsx';
import { focusWhenReady } from './focus.ts';
import { FormError } from './form-error.tsx';
import { QuestionDialog } from './question-dialog.tsx';
import './reauth.css';

type Method = 'totp' | 'backup';

const CODE_ID = 'step-up-code';
/** Codes that mean the typed code was wrong: shown on the field, the dialog stays. */
const WRONG_CODE = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE']);

export function StepUpDialog({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const { t } = useI18n();
  const titleId = useId();
  const bodyId = useId();
  const session = useSession();
  const enrolled = session.data?.user.twoFactorEnabled === true;
  const passkeysOn = getConfig().features.passkey;
  const passkeys = useQuery({ ...passkeysQuery(), enabled: passkeysOn });
  const hasPasskey = passkeysOn && (passkeys.data?.length ?? 0) > 0;

  return (
    <QuestionDialog titleId={titleId} bodyId={bodyId} onCancel={onCancel}>
      {enrolled || hasPasskey ? (
        <CodeStep
          titleId={titleId}
          bodyId={bodyId}
          codes={enrolled}
          passkey={hasPasskey}
          onVerified={onVerified}
          onCancel={onCancel}
        />
      ) : passkeysOn && passkeys.isPending ? (
        <div className="reauth__loading">
          <h2 id={titleId} className="section-title">
            {t.reauth.secondFactorTitle}
          </h2>
          <p id={bodyId} className="muted">
            <Spinner label={t.common.loading} />
          </p>
        </div>
      ) : (
        <div className="reauth__body">
          <h2 id={titleId} className="section-title">
            {t.reauth.secondFactorTitle}
          </h2>
          <p id={bodyId} className="muted">
            {t.reauth.secondFactorMissing}
          </p>
          <div className="form__actions">
            <Link className="button button--primary" to="/settings/two-factor" onClick={onCancel}>
              {t.reauth.secondFactorSettings}
            </Link>
            <Button variant="ghost" onClick={onCancel}>
              {t.reauth.cancel}
            </Button>
          </div>
        </div>
      )}
    </QuestionDialog>
  );
}

function CodeStep({
  titleId,
  bodyId,
  codes,
  passkey,
  onVerified,
  onCancel,
}: {
  titleId: string;
  bodyId: string;
  /** The account has two-factor codes (an authenticator app and backup codes). */
  codes: boolean;
  /** The account has a passkey, and passkeys are on. */
  passkey: boolean;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const refreshSession = useRefreshSession();
  const [method, setMethod] = useState<Method>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const [passkeyPending, setPasskeyPending] = useState(false);

  useEffect(() => {
    document.getElementById(CODE_ID)?.focus();
  }, []);

  const verified = async () => {
    // the session was replaced by one that proved the factor now: the app reads it before the call is made again
    await refreshSession();
    onVerified();
  };

  const switchTo = (next: Method) => {
    setMethod(next);
    setCode('');
    setError(undefined);
    setServerError(null);
    focusWhenReady(CODE_ID);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = normalizeCode(code, method);
    const found = validateCode(value, method, t);
    setError(found);
    setServerError(null);
    if (found) {
      document.getElementById(CODE_ID)?.focus();
      return;
    }
    setPending(true);
    const result =
      method === 'totp'
        ? await authClient.twoFactor.verifyTotp({ code: value })
        : await authClient.twoFactor.verifyBackupCode({ code: value });
    if (result.error) {
      setPending(false);
      if (WRONG_CODE.has(errorCodeOf(result.error) ?? '')) {
        setError(describeError(result.error, t));
        focusWhenReady(CODE_ID);
      } else {
        setServerError(result.error);
      }
      return;
    }
    await verified();
  };

  const passkeyButton = passkey ? (
    <PasskeyFactorButton
      trustDevice={false}
      disabled={pending}
      onStart={() => {
        setError(undefined);
        setServerError(null);
      }}
      onError={setServerError}
      onVerified={verified}
      onPendingChange={setPasskeyPending}
    />
  ) : null;

  if (!codes)
    return (
      <div className="reauth__body">
        <h2 id={titleId} className="section-title">
          {t.reauth.secondFactorTitle}
        </h2>
        <p id={bodyId} className="muted">
          {t.reauth.secondFactorPasskeyBody}
        </p>
        {serverError ? <FormError error={serverError} /> : null}
        {passkeyButton}
        <div className="form__actions">
          <Button variant="ghost" onClick={onCancel}>
            {t.reauth.cancel}
          </Button>
        </div>
      </div>
    );

  return (
    <form className="form reauth__body" onSubmit={onSubmit} noValidate>
      <h2 id={titleId} className="section-title">
        {t.reauth.secondFactorTitle}
      </h2>
      <p id={bodyId} className="muted">
        {method === 'totp' ? t.reauth.secondFactorBody : t.reauth.secondFactorBackupBody}
      </p>
      <fieldset className="form__fieldset" disabled={pending || passkeyPending}>
        <legend className="visually-hidden">{t.reauth.secondFactorTitle}</legend>
        {serverError ? <FormError error={serverError} retry="submit" /> : null}
        <Field
          id={CODE_ID}
          label={method === 'totp' ? t.twoFactor.totpLabel : t.twoFactor.backupLabel}
          value={code}
          onValueChange={setCode}
          error={error}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          inputMode={method === 'backup' ? 'text' : 'numeric'}
          maxLength={method === 'backup' ? 64 : 12}
          required
        />
        <div className="form__actions">
          <Button type="submit" pending={pending} pendingLabel={t.twoFactor.submitting}>
            {t.twoFactor.submit}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t.reauth.cancel}
          </Button>
        </div>
      </fieldset>
      <p className="reauth__alternative small">
        <button
          type="button"
          className="link-button"
          onClick={() => switchTo(method === 'totp' ? 'backup' : 'totp')}
          disabled={pending}
        >
          {method === 'totp' ? t.twoFactor.useBackup : t.twoFactor.useTotp}
        </button>
      </p>
      {passkeyButton}
    </form>
  );
}
