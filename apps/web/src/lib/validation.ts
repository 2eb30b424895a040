/**
 * The checks a form makes beside its row's schema (lib/contract-check.ts): rules the server applies
 * in its services rather than in the schema (a name present, an address well formed, a password's
 * policy, a username's shape), each with the server's own rule or configured limits.
 */
import {
  checkPasswordLength,
  EMAIL_MAX_LENGTH,
  emailProblem,
  isContextPassword,
  type PasswordContext,
  passwordLength,
} from '@latch/contract';
import { getConfig } from '../config.ts';
import { format, type Messages } from '../i18n/messages.ts';

const USERNAME_PATTERN = /^[a-zA-Z0-9_.]+$/;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function hasErrors<K extends string>(errors: FieldErrors<K>): boolean {
  return Object.values(errors).some(Boolean);
}

/** A person's name must be there (its length is the row's: contract-check). */
export function validateName(value: string, t: Messages): string | undefined {
  return value.trim() ? undefined : t.validation.nameRequired;
}

/**
 * An address by the contract's own rule (`emailProblem`, from which the server's `emailField` is
 * built), checked without zod: the sign-in page has this check and must stay light.
 */
export function validateEmail(value: string, t: Messages): string | undefined {
  if (!value.trim()) return t.validation.emailRequired;
  const problem = emailProblem(value);
  if (problem === 'too_long') return format(t.validation.nameTooLong, { max: EMAIL_MAX_LENGTH });
  return problem === 'invalid' ? t.validation.emailInvalid : undefined;
}

/**
 * For a password being chosen: the server's own rules from the contract, with the server's
 * configured lengths, and its refusal of the person's and the service's names. The
 * blocklist of common passwords is checked by the server only (PASSWORD_COMPROMISED).
 */
export function validateNewPassword(value: string, t: Messages, context: PasswordContext = {}): string | undefined {
  if (!value) return t.validation.passwordRequired;
  const { password: policy, appName } = getConfig();
  const problem = checkPasswordLength(value, policy);
  if (problem === 'PASSWORD_TOO_SHORT') return format(t.validation.passwordTooShort, { min: policy.minLength });
  if (problem === 'PASSWORD_TOO_LONG') return format(t.validation.passwordTooLong, { max: policy.maxLength });
  if (isContextPassword(value, { ...context, appName })) return t.validation.passwordContext;
  return undefined;
}

/** For a password being typed to prove who you are: only presence and the upper bound. */
export function validateExistingPassword(value: string, t: Messages): string | undefined {
  if (!value) return t.validation.passwordRequired;
  const { maxLength } = getConfig().password;
  if (passwordLength(value) > maxLength) return format(t.validation.passwordTooLong, { max: maxLength });
  return undefined;
}

export function validateConfirmation(password: string, confirmation: string, t: Messages): string | undefined {
  if (!confirmation) return t.validation.passwordRequired;
  if (password !== confirmation) return t.validation.passwordsDiffer;
  return undefined;
}

/** The username plugin's defaults: 3–30 characters of letters, digits, `_` and `.`. */
export function validateUsername(value: string, t: Messages): string | undefined {
  const username = value.trim();
  // the server's configured lengths (public configuration), not a copy of its defaults
  const { minLength, maxLength } = getConfig().username;
  if (username.length < minLength) return format(t.validation.usernameTooShort, { min: minLength });
  if (username.length > maxLength) return format(t.validation.usernameTooLong, { max: maxLength });
  if (!USERNAME_PATTERN.test(username)) return t.validation.usernameInvalid;
  return undefined;
}

export function validateImageUrl(value: string, t: Messages): string | undefined {
  if (!value.trim()) return undefined;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return t.validation.imageUrlInvalid;
    return undefined;
  } catch {
    return t.validation.imageUrlInvalid;
  }
}

/**
 * Where a signed-in person goes by default: the page itself, not `/settings`, whose index
 * only redirects. Two navigations to `/settings` in a row (a screen's own, and the one of
 * RedirectIfSignedIn once the session arrives) could leave the app on the bare index with
 * an empty page; both now go to the same final address.
 */
export const HOME_PATH = '/settings/profile';

/**
 * Where to go after signing in: only a same-site path, never `//host`, a backslash, or a
 * tab or newline (a browser drops those from a URL, so `/<TAB>/host` becomes `//host`).
 */
export function safeNextPath(value: string | null, fallback = HOME_PATH): string {
  if (!value?.startsWith('/') || value.startsWith('//') || /[\\]|%2f|%5c/i.test(value)) return fallback;
  // a control character (code below a space, or DEL) anywhere: refused
  if ([...value].some((c) => c < ' ' || c === '\u007f')) return fallback;
  return new URL(value, location.origin).origin === location.origin ? value : fallback;
}

/** The hint under a new-password field, with the server's configured lengths. */
export function passwordHint(t: Messages): string {
  const { minLength, maxLength } = getConfig().password;
  return format(t.passwordStrength.hint, { min: minLength, max: maxLength });
}
