import { credentials } from '@latch/contract';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field, PasswordField } from '../../components/field.tsx';
import { focusFirstInvalid } from '../../components/focus.ts';
import { FormFieldset } from '../../components/form-fieldset.tsx';
import { AuthCard, RedirectIfSignedIn } from '../../components/layout.tsx';
import { PasswordStrength } from '../../components/password-strength.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { languageByTag } from '../../i18n/languages.ts';
import type { Messages } from '../../i18n/messages.ts';
import { authClient } from '../../lib/auth.ts';
import { checkBody } from '../../lib/contract-check.ts';
import { describeError, errorCodeOf, isNewPasswordError } from '../../lib/errors.ts';
import { useUsernameAvailability } from '../../lib/hooks.ts';
import {
  type FieldErrors,
  HOME_PATH,
  hasErrors,
  passwordHint,
  safeNextPath,
  validateEmail,
  validateName,
  validateNewPassword,
  validateUsername,
} from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import { useFinishSignIn } from './finish-sign-in.ts';
import { SocialButtons } from './social-buttons.tsx';

type Key = 'name' | 'email' | 'username' | 'password';
const IDS: Record<Key, string> = {
  name: 'sign-up-name',
  email: 'sign-up-email',
  username: 'sign-up-username',
  password: 'sign-up-password',
};
const ORDER: readonly Key[] = ['name', 'email', 'username', 'password'];

function signUpWords(t: Messages) {
  return {
    name: { required: t.validation.nameRequired },
    email: { required: t.validation.emailRequired, invalid: t.validation.emailInvalid },
    username: { required: t.validation.usernameInvalid },
    password: { required: t.validation.passwordRequired },
  };
}

/**
 * `/sign-up`, or `/sign-up?email=…&next=…` from an invitation: the invited address filled in, and
 * back to `next` after sign-up, or after the verification link when the server wants it first
 * (the link's callbackURL carries `next` to the verified page).
 */
export function SignUpPage() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const invitedEmail = params.get('email')?.trim() ?? '';
  return (
    <RedirectIfSignedIn to={next}>
      <SignUpForm next={next} invitedEmail={invitedEmail} />
    </RedirectIfSignedIn>
  );
}

function SignUpForm({ next, invitedEmail }: { next: string; invitedEmail: string }) {
  const { t, format, lang } = useI18n();
  const { features } = getConfig();
  const finishSignIn = useFinishSignIn(next);
  const [name, setName] = useState('');
  const [email, setEmail] = useState(invitedEmail);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const availability = useUsernameAvailability(features.username ? username : '', t);
  // the server refuses a password made of these (and of the service's name)
  const passwordContext = { email: email.trim(), name, username: features.username ? username.trim() : '' };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = username.trim();
    const body = {
      name: name.trim(),
      email: email.trim(),
      password,
      ...(features.username && wanted ? { username: wanted } : {}),
      // the language the page is in: the verification mail and later visits use it too
      language: languageByTag(lang).code,
      callbackURL: next === HOME_PATH ? '/verified' : `/verified?next=${encodeURIComponent(next)}`,
    };
    // the row's schema first (its limits), then the server's rules the schema does not hold
    const contract = checkBody(credentials.signUpEmail.body, body, signUpWords(t), t);
    const found: FieldErrors<Key> = {
      name: contract.name ?? validateName(name, t),
      email: contract.email ?? validateEmail(email, t),
      username:
        features.username && wanted
          ? (contract.username ??
            validateUsername(wanted, t) ??
            (availability === 'taken' ? format(t.signUp.usernameTaken, { username: wanted }) : undefined))
          : undefined,
      password: contract.password ?? validateNewPassword(password, t, passwordContext),
    };
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) {
      focusFirstInvalid(ORDER, found, IDS);
      return;
    }
    setPending(true);
    const result = await authClient.signUp.email(body);
    if (result.error) {
      setPending(false);
      const code = errorCodeOf(result.error);
      if (code?.startsWith('USERNAME') || code === 'INVALID_USERNAME') {
        const usernameErrors = { username: describeError(result.error, t) };
        setErrors(usernameErrors);
        focusFirstInvalid(ORDER, usernameErrors, IDS);
      } else if (isNewPasswordError(result.error)) {
        const passwordErrors = { password: describeError(result.error, t) };
        setErrors(passwordErrors);
        focusFirstInvalid(ORDER, passwordErrors, IDS);
      } else {
        setServerError(result.error);
      }
      return;
    }
    // No session means the server wants the address verified first (or hides whether it exists).
    setPending(false);
    if (!result.data.token) {
      setSentTo(email.trim());
      return;
    }
    await finishSignIn({ twoFactorRedirect: false });
  };

  if (sentTo) {
    return (
      <AuthCard
        key="sent"
        title={t.signUp.checkInboxTitle}
        footer={
          <p>
            <Link to="/sign-in">{t.common.backToSignIn}</Link>
          </p>
        }
      >
        <div className="inbox-illustration" aria-hidden="true">
          <MailIcon />
        </div>
        <Alert tone="success">{format(t.signUp.checkInboxBody, { email: sentTo })}</Alert>
      </AuthCard>
    );
  }

  const wanted = username.trim();
  const usernameStatus =
    availability === 'checking' ? (
      <span className="status status--muted">{format(t.signUp.usernameChecking, { username: wanted })}</span>
    ) : availability === 'available' ? (
      <span className="status status--ok">{format(t.signUp.usernameAvailable, { username: wanted })}</span>
    ) : availability === 'taken' ? (
      <span className="status status--bad">{format(t.signUp.usernameTaken, { username: wanted })}</span>
    ) : null;

  return (
    <AuthCard
      title={t.signUp.title}
      subtitle={t.signUp.subtitle}
      footer={
        <p>
          {t.signUp.haveAccount}{' '}
          <Link to={next === HOME_PATH ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`}>
            {t.common.signIn}
          </Link>
        </p>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormFieldset legend={t.signUp.title} pending={pending} error={serverError}>
          <Field
            id={IDS.name}
            label={t.signUp.nameLabel}
            value={name}
            onValueChange={setName}
            error={errors.name}
            autoComplete="name"
            required
          />
          <Field
            id={IDS.email}
            label={t.common.email}
            value={email}
            onValueChange={setEmail}
            error={errors.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            required
            {...(invitedEmail && email.trim().toLowerCase() === invitedEmail.toLowerCase()
              ? { hint: t.signUp.invitedAddress }
              : {})}
          />
          {features.username ? (
            <Field
              id={IDS.username}
              label={t.signUp.usernameLabel}
              labelNote={t.common.optional}
              hint={t.signUp.usernameHint}
              value={username}
              onValueChange={setUsername}
              error={errors.username}
              status={usernameStatus}
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={getConfig().username.maxLength}
            />
          ) : null}
          <PasswordField
            id={IDS.password}
            label={t.common.password}
            hint={passwordHint(t)}
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            status={<PasswordStrength password={password} context={passwordContext} />}
            autoComplete="new-password"
            required
          />
          <Button type="submit" block pending={pending} pendingLabel={t.signUp.submitting}>
            {t.signUp.submit}
          </Button>
        </FormFieldset>
      </form>
      <SocialButtons callbackURL={next} disabled={pending} />
    </AuthCard>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <rect x="5" y="10" width="38" height="28" rx="5" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="m7 13 17 13 17-13" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
    </svg>
  );
}
