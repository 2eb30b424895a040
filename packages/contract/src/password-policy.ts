/**
 * The password rules the server enforces and the web app hints with (NIST SP 800-63B rev 4
 * §3.1.1.2): a minimum and a maximum length counted in Unicode code points, no composition
 * rules, and a refusal of passwords made of the account's own context (its email, name or
 * username, or the service's name). The blocklist of common and breached passwords is the
 * server's alone (its data is large); which candidates of a password it looks up is decided
 * here, so that the rule is written once. docs/passwords.md explains the policy.
 */

/** better-auth's default minimum; NIST accepts 8 when the password is one of two factors. */
export const DEFAULT_MIN_PASSWORD_LENGTH = 8;
export const DEFAULT_MAX_PASSWORD_LENGTH = 128;
/** NIST SP 800-63B rev 4: the minimum for a password that is an account's only factor. */
export const NIST_SINGLE_FACTOR_MIN_PASSWORD_LENGTH = 15;

export interface PasswordLengthPolicy {
  minLength: number;
  maxLength: number;
}

export const DEFAULT_PASSWORD_POLICY: PasswordLengthPolicy = {
  minLength: DEFAULT_MIN_PASSWORD_LENGTH,
  maxLength: DEFAULT_MAX_PASSWORD_LENGTH,
};

/** The length as NIST counts it: each Unicode code point is one character (an emoji is one, not two). */
export function passwordLength(password: string): number {
  let n = 0;
  for (const _ of password) n++;
  return n;
}

export type PasswordLengthProblem = 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG';

export function checkPasswordLength(password: string, policy: PasswordLengthPolicy): PasswordLengthProblem | null {
  const length = passwordLength(password);
  if (length < policy.minLength) return 'PASSWORD_TOO_SHORT';
  if (length > policy.maxLength) return 'PASSWORD_TOO_LONG';
  return null;
}

/** What lists are compared with: compatibility-normalised (as the hash is) and case-folded. */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC').toLowerCase();
}

const TRAILING_SYMBOLS = /[^\p{L}\p{N}]+$/u;
const LEADING_NON_LETTERS = /^[^\p{L}]+/u;
const TRAILING_NON_LETTERS = /[^\p{L}]+$/u;
const NOT_ALPHANUMERIC = /[^\p{L}\p{N}]+/gu;
/** Shorter stems are not looked up on their own: "abc" must not refuse "abc-Something-9". */
const MIN_STEM_LENGTH = 4;

/**
 * The forms of a password that are looked up in the common-passwords list: the password
 * itself, without trailing symbols ("trustno1!" → "trustno1"), and without the digits and
 * symbols around it ("Monkey!2024" → "monkey"), the decorations people add to meet
 * composition rules. Words inside a longer phrase are never looked up alone.
 */
export function blocklistCandidates(password: string): string[] {
  const n = normalizePassword(password);
  const forms = new Set<string>([n]);
  const withoutSymbols = n.replace(TRAILING_SYMBOLS, '');
  if (withoutSymbols.length >= MIN_STEM_LENGTH) forms.add(withoutSymbols);
  const stem = n.replace(LEADING_NON_LETTERS, '').replace(TRAILING_NON_LETTERS, '');
  if (stem.length >= MIN_STEM_LENGTH) forms.add(stem);
  return [...forms];
}

/**
 * The forms looked up in the dictionary of ordinary words: the password and the password
 * without trailing symbols, never a stem with its digits removed ("Exactly8" stays allowed,
 * "exactly" and "exactly!" do not).
 */
export function dictionaryCandidates(password: string): string[] {
  const n = normalizePassword(password);
  const withoutSymbols = n.replace(TRAILING_SYMBOLS, '');
  return withoutSymbols && withoutSymbols !== n ? [n, withoutSymbols] : [n];
}

export interface PasswordContext {
  email?: string | null | undefined;
  name?: string | null | undefined;
  username?: string | null | undefined;
  /** The service's name (config appName). */
  appName?: string | null | undefined;
}

/** Context words shorter than this are not compared: "Al" as a name refuses nothing. */
const MIN_CONTEXT_WORD_LENGTH = 4;

function compact(value: string): string {
  return normalizePassword(value).replace(NOT_ALPHANUMERIC, '');
}

/**
 * The account's context words (NIST's "context-specific words"): the email, its local
 * part and the local part's pieces, the name and its parts, the username, the service's
 * name and its parts, each without case, spaces or punctuation.
 */
export function passwordContextWords(context: PasswordContext): string[] {
  const words = new Set<string>();
  const add = (value: string | null | undefined, splitOn: RegExp) => {
    if (!value) return;
    words.add(compact(value));
    for (const part of normalizePassword(value).split(splitOn)) words.add(compact(part));
  };
  if (context.email) {
    const local = context.email.split('@')[0] ?? '';
    words.add(compact(context.email));
    add(local, /[._+-]+/);
  }
  add(context.name, /[\s._-]+/);
  add(context.username, /[._-]+/);
  add(context.appName, /[\s._-]+/);
  return [...words].filter((w) => w.length >= MIN_CONTEXT_WORD_LENGTH);
}

/**
 * Whether the password is one of the context words, alone or only decorated with digits
 * and symbols ("Ada.Lovelace", "adalovelace1815", "Latch2024!" for the service "Latch").
 */
export function isContextPassword(password: string, context: PasswordContext): boolean {
  const words = new Set(passwordContextWords(context));
  if (words.size === 0) return false;
  const n = normalizePassword(password);
  const stem = n.replace(LEADING_NON_LETTERS, '').replace(TRAILING_NON_LETTERS, '');
  return words.has(compact(n)) || words.has(compact(stem));
}
