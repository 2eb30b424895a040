/**
 * Two-factor authentication in the account settings (docs/two-factor.md, "Enrolment"):
 * off → password → enable (a new secret and backup codes, not yet on) → a first code from
 * the app confirms it → on. When on: turn it off, or replace the backup codes; both need
 * the password.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { renderSVG } from 'uqr';
import { Alert } from '../../components/alert.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Field, PasswordField } from '../../components/field.tsx';
import { focusFirstInvalid } from '../../components/focus.ts';
import { PageHeading } from '../../components/layout.tsx';
import { useReauthenticate } from '../../components/reauth.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { describeError, errorCodeOf } from '../../lib/errors.ts';
import { useRefreshSession, useSession } from '../../lib/session.ts';
import { validateExistingPassword } from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import { SettingsError } from '../account/layout.tsx';
import { BackupCodes } from './backup-codes.tsx';
import { normalizeCode, validateCode } from './challenge.tsx';

/** What the page shows below the status. */
type View =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: 'enable' | 'disable' | 'regenerate' }
  | { kind: 'enrol'; totpURI: string; backupCodes: string[] }
  | { kind: 'codes'; backupCodes: string[] };

/** The base32 key of an otpauth:// URI, for typing into an app that cannot scan. */
export function secretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** Groups of four characters are easier to copy by hand; authenticator apps ignore the spaces. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function TwoFactorSettingsPage() {
  const { t } = useI18n();
  const session = useSession();
  const enabled = session.data?.user.twoFactorEnabled === true;
  const [view, setView] = useState<View>({ kind: 'idle' });
  const [note, setNote] = useState<string | null>(null);

  const start = (purpose: 'enable' | 'disable' | 'regenerate') => {
    setNote(null);
    setView({ kind: 'password', purpose });
  };
  const finish = (message: string | null) => {
    setView({ kind: 'idle' });
    setNote(message);
  };

  return (
    <section className="card panel" aria-labelledby="two-factor-title">
      <PageHeading id="two-factor-title">{t.settings.twoFactor}</PageHeading>
      <p className="panel__description">{t.twoFactorSettings.description}</p>
      <dl className="facts">
        <div className="facts__row">
          <dt>{t.twoFactorSettings.status}</dt>
          <dd>
            <Badge tone={enabled ? 'ok' : 'warn'}>{enabled ? t.twoFactorSettings.on : t.twoFactorSettings.off}</Badge>
          </dd>
        </div>
      </dl>
      <div className="live" aria-live="polite">
        {note ? <Alert tone="success">{note}</Alert> : null}
      </div>
      {view.kind === 'idle' ? (
        <div className="form__actions">
          {enabled ? (
            <>
              <Button variant="secondary" onClick={() => start('regenerate')}>
                {t.twoFactorSettings.newBackupCodes}
              </Button>
              <Button variant="danger" onClick={() => start('disable')}>
                {t.twoFactorSettings.turnOff}
              </Button>
            </>
          ) : (
            <Button onClick={() => start('enable')}>{t.twoFactorSettings.turnOn}</Button>
          )}
        </div>
      ) : null}
      {view.kind === 'password' ? (
        <PasswordStep
          purpose={view.purpose}
          onCancel={() => finish(null)}
          onEnrol={(totpURI, backupCodes) => setView({ kind: 'enrol', totpURI, backupCodes })}
          onDisabled={() => finish(t.twoFactorSettings.disabled)}
          onCodes={(backupCodes) => setView({ kind: 'codes', backupCodes })}
        />
      ) : null}
      {view.kind === 'enrol' ? (
        <Enrolment
          totpURI={view.totpURI}
          backupCodes={view.backupCodes}
          onCancel={() => finish(null)}
          onEnabled={() => finish(t.twoFactorSettings.enabled)}
        />
      ) : null}
      {view.kind === 'codes' ? (
        <div className="stack">
          <BackupCodes title={t.twoFactorSettings.newCodesTitle} codes={view.backupCodes} />
          <div className="form__actions">
            <Button onClick={() => finish(null)}>{t.twoFactorSettings.done}</Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

const PASSWORD_ID = 'two-factor-password';
const CODE_ID = 'two-factor-confirm-code';

function PasswordStep({
  purpose,
  onCancel,
  onEnrol,
  onDisabled,
  onCodes,
}: {
  purpose: 'enable' | 'disable' | 'regenerate';
  onCancel: () => void;
  onEnrol: (totpURI: string, backupCodes: string[]) => void;
  onDisabled: () => void;
  onCodes: (backupCodes: string[]) => void;
}) {
  const { t } = useI18n();
  const refreshSession = useRefreshSession();
  const reauthenticate = useReauthenticate();
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    document.getElementById(PASSWORD_ID)?.focus();
  }, []);

  const copy = {
    enable: {
      title: t.twoFactorSettings.turnOn,
      description: t.twoFactorSettings.enableDescription,
      submit: t.common.continue,
      submitting: t.twoFactorSettings.checking,
    },
    disable: {
      title: t.twoFactorSettings.turnOff,
      description: t.twoFactorSettings.disableDescription,
      submit: t.twoFactorSettings.turnOff,
      submitting: t.twoFactorSettings.turningOff,
    },
    regenerate: {
      title: t.twoFactorSettings.newBackupCodes,
      description: t.twoFactorSettings.regenerateDescription,
      submit: t.twoFactorSettings.newBackupCodes,
      submitting: t.twoFactorSettings.generating,
    },
  }[purpose];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateExistingPassword(password, t);
    setError(found);
    setServerError(null);
    if (found) {
      focusFirstInvalid(['password'], { password: found }, { password: PASSWORD_ID });
      return;
    }
    setPending(true);
    const failed = (result: AuthError) => {
      setPending(false);
      if (errorCodeOf(result) === 'INVALID_PASSWORD') {
        const wrong = describeError(result, t);
        setError(wrong);
        focusFirstInvalid(['password'], { password: wrong }, { password: PASSWORD_ID });
      } else {
        setServerError(result);
      }
    };
    if (purpose === 'enable') {
      const result = await reauthenticate(() => authClient.twoFactor.enable({ password }));
      if (result.error) return failed(result.error);
      onEnrol(result.data.totpURI ?? '', result.data.backupCodes ?? []);
    } else if (purpose === 'disable') {
      const result = await reauthenticate(() => authClient.twoFactor.disable({ password }));
      if (result.error) return failed(result.error);
      await refreshSession();
      onDisabled();
    } else {
      const result = await reauthenticate(() => authClient.twoFactor.generateBackupCodes({ password }));
      if (result.error) return failed(result.error);
      onCodes(result.data.backupCodes);
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {copy.title}
      </h2>
      <p className="panel__description">{copy.description}</p>
      <fieldset className="form__fieldset" disabled={pending}>
        <legend className="visually-hidden">{copy.title}</legend>
        {serverError ? <SettingsError error={serverError} retry="submit" /> : null}
        <PasswordField
          id={PASSWORD_ID}
          label={t.twoFactorSettings.passwordLabel}
          hint={t.twoFactorSettings.passwordHint}
          value={password}
          onValueChange={setPassword}
          error={error}
          autoComplete="current-password"
          required
        />
        <div className="form__actions">
          <Button
            type="submit"
            variant={purpose === 'disable' ? 'danger' : 'primary'}
            pending={pending}
            pendingLabel={copy.submitting}
          >
            {copy.submit}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t.twoFactorSettings.cancel}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function Enrolment({
  totpURI,
  backupCodes,
  onCancel,
  onEnabled,
}: {
  totpURI: string;
  backupCodes: string[];
  onCancel: () => void;
  onEnabled: () => void;
}) {
  const { t } = useI18n();
  const refreshSession = useRefreshSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const secret = secretOf(totpURI);
  const svg = renderSVG(totpURI, { border: 2 });

  useEffect(() => {
    document.getElementById('two-factor-scan-title')?.focus();
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = normalizeCode(code, 'totp');
    const found = validateCode(value, 'totp', t);
    setError(found);
    setServerError(null);
    if (found) {
      focusFirstInvalid(['code'], { code: found }, { code: CODE_ID });
      return;
    }
    setPending(true);
    const result = await authClient.twoFactor.verifyTotp({ code: value });
    if (result.error) {
      setPending(false);
      if (errorCodeOf(result.error) === 'INVALID_CODE') {
        const wrong = describeError(result.error, t);
        setError(wrong);
        focusFirstInvalid(['code'], { code: wrong }, { code: CODE_ID });
      } else {
        setServerError(result.error);
      }
      return;
    }
    // the server rotated the session and now reports twoFactorEnabled
    await refreshSession();
    onEnabled();
  };

  return (
    <div className="stack">
      <h2 id="two-factor-scan-title" className="section-title" tabIndex={-1}>
        {t.twoFactorSettings.scanTitle}
      </h2>
      <p>{t.twoFactorSettings.scanBody}</p>
      <figure className="qr" aria-labelledby="two-factor-qr-caption">
        <img
          className="qr__image"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t.twoFactorSettings.qrLabel}
          width={200}
          height={200}
        />
        <figcaption id="two-factor-qr-caption" className="visually-hidden">
          {t.twoFactorSettings.qrLabel}
        </figcaption>
      </figure>
      <dl className="facts">
        <div className="facts__row">
          <dt>{t.twoFactorSettings.manualLabel}</dt>
          <dd>
            <code className="facts__value secret">{groupSecret(secret)}</code>
          </dd>
        </div>
      </dl>
      <BackupCodes title={t.twoFactorSettings.backupTitle} codes={backupCodes} />
      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="two-factor-confirm-title">
        <h2 id="two-factor-confirm-title" className="section-title">
          {t.twoFactorSettings.confirmTitle}
        </h2>
        <fieldset className="form__fieldset" disabled={pending}>
          <legend className="visually-hidden">{t.twoFactorSettings.confirmTitle}</legend>
          {serverError ? <SettingsError error={serverError} retry="submit" /> : null}
          <Field
            id={CODE_ID}
            label={t.twoFactorSettings.codeLabel}
            value={code}
            onValueChange={setCode}
            error={error}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={12}
            spellCheck={false}
            required
          />
          <div className="form__actions">
            <Button type="submit" pending={pending} pendingLabel={t.twoFactorSettings.confirming}>
              {t.twoFactorSettings.confirm}
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              {t.twoFactorSettings.cancel}
            </Button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
