/**
 * Renders a mail of a given kind in one of the eight languages: subject, HTML part and
 * plain-text part. Strings live in templates/strings/<tag>.ts, the layout in
 * templates/layout.ts.
 */
import type { ResolvedConfig } from '../config/resolve.ts';
import { formatDuration } from './duration.ts';
import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGE_TAGS,
  type LanguageCode,
  languageFromAcceptLanguage,
} from './languages.ts';
import { escapeHtml, renderHtmlLayout, renderTextLayout, type SafeHtml, trustedHtml } from './templates/layout.ts';
import { MAIL_STRINGS, type MailKind, type Placeholders } from './templates/strings/index.ts';

export type { MailKind } from './templates/strings/index.ts';
export { MAIL_KINDS } from './templates/strings/index.ts';

/** The operator's brand in a mail (docs/branding.md); see `mailBrand`. */
export interface MailBrand {
  /** Absolute URL of the logo shown in place of the app's name. */
  logoURL: string | null;
  /** The button's colour (already at AA contrast with its white text and the white card). */
  accent: string | null;
  supportURL: string | null;
  termsURL: string | null;
  privacyURL: string | null;
}

/**
 * The brand as mails carry it: the light theme's logo and accent (mail is read on a light
 * card), a logo given as a path made absolute on BASE_URL (a mail has no page to be relative to).
 */
export function mailBrand(config: Pick<ResolvedConfig, 'baseURL' | 'branding'>): MailBrand {
  const { branding } = config;
  const logo = branding.logo?.light ?? null;
  return {
    logoURL: logo === null ? null : logo.startsWith('/') ? `${config.baseURL}${logo}` : logo,
    accent: branding.palette?.light.accent ?? null,
    supportURL: branding.supportURL,
    termsURL: branding.termsURL,
    privacyURL: branding.privacyURL,
  };
}

export interface MailVars {
  appName: string;
  /** The operator's brand; Latch's own look without it. */
  brand?: MailBrand;
  /** The call to action; required for every kind but the notices and the two-factor code. */
  url?: string;
  /** Lifetime of the link (or of the code), shown in words. */
  expiresInSeconds?: number;
  userName?: string | null;
  /** The account's address, mentioned in the password-changed notice. */
  email?: string;
  newEmail?: string;
  organizationName?: string;
  inviterName?: string;
  /** A role name; the built-in owner/admin/member are translated, a comma-separated list is allowed. */
  role?: string;
  code?: string;
  providerName?: string;
  device?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type VarName = Exclude<keyof MailVars, 'appName' | 'expiresInSeconds' | 'userName' | 'brand'>;

/** What each kind cannot be written without. */
const REQUIRED: Record<MailKind, readonly VarName[]> = {
  'verify-email': ['url'],
  'reset-password': ['url'],
  'password-changed': [],
  'change-email-confirmation': ['url', 'newEmail'],
  'change-email-verification': ['url', 'newEmail'],
  'email-changed-notice': ['newEmail'],
  'delete-account': ['url'],
  invitation: ['url', 'organizationName'],
  'two-factor-otp': ['code'],
  'security-email-changed': ['url', 'email', 'newEmail'],
  'security-password-changed': ['url'],
  'security-provider-linked': ['url', 'providerName'],
  'security-two-factor-disabled': ['url'],
  'security-two-factor-enabled': [],
  'security-backup-codes': [],
  'security-provider-unlinked': ['providerName'],
  'security-passkey-added': ['url'],
  'security-passkey-removed': [],
  'security-new-sign-in': [],
  'magic-link': ['url'],
  'email-otp-sign-in': ['code'],
  'email-otp-verify-email': ['code'],
  'email-otp-reset-password': ['code'],
  'security-unproven-access-removed': ['email'],
};

/** Mails whose secret is a code to type, not a link: their lifetime reads "this code expires…". */
const CODE_KINDS: ReadonlySet<MailKind> = new Set([
  'two-factor-otp',
  'email-otp-sign-in',
  'email-otp-verify-email',
  'email-otp-reset-password',
]);

export function isCodeMail(kind: MailKind): boolean {
  return CODE_KINDS.has(kind);
}

/** Values shown in bold inside body paragraphs of the HTML part. */
const EMPHASISED = new Set<keyof Placeholders>([
  'email',
  'newEmail',
  'organizationName',
  'code',
  'providerName',
  'device',
]);

// Private-use characters mark where a value goes, so the HTML renderer can escape the
// template text and each value separately.
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';
const MARK_PATTERN = /\uE000(\w+)\uE001/g;

/** Collapses control characters and line breaks: a value must not add lines or headers. */
function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`renderMail: url is not an absolute URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`renderMail: url must be http(s), got ${parsed.protocol}`);
  }
}

function translateRole(role: string, names: Record<'owner' | 'admin' | 'member', string>): string {
  return role
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => (r === 'owner' || r === 'admin' || r === 'member' ? names[r] : r))
    .join(', ');
}

export function renderMail(kind: MailKind, vars: MailVars, language: LanguageCode): RenderedMail {
  for (const name of REQUIRED[kind]) {
    if (!vars[name]) throw new Error(`renderMail(${kind}): ${name} is required`);
  }
  if (vars.url !== undefined) checkUrl(vars.url);

  const lang = isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
  const strings = MAIL_STRINGS[lang];
  const k = strings.kinds[kind];
  const clean = (v: string | null | undefined) => (v ? oneLine(v) : '');
  const values: Placeholders = {
    appName: clean(vars.appName),
    userName: clean(vars.userName),
    email: clean(vars.email),
    newEmail: clean(vars.newEmail),
    organizationName: clean(vars.organizationName),
    inviterName: clean(vars.inviterName),
    role: vars.role ? translateRole(clean(vars.role), strings.roles) : '',
    code: clean(vars.code),
    providerName: clean(vars.providerName),
    device: clean(vars.device),
  };
  const marked = Object.fromEntries(
    Object.entries(values).map(([key, v]) => [key, v ? `${MARK_OPEN}${key}${MARK_CLOSE}` : '']),
  ) as unknown as Placeholders;

  /** Escapes a string built from markers, then puts each escaped value in its place. */
  const fill = (template: string, emphasise: boolean): SafeHtml =>
    trustedHtml(
      escapeHtml(template).replace(MARK_PATTERN, (_m, key: string) => {
        const value = escapeHtml(values[key as keyof Placeholders] ?? '');
        return emphasise && EMPHASISED.has(key as keyof Placeholders) ? `<strong>${value}</strong>` : value;
      }),
    );
  const html = (t: (p: Placeholders) => string, emphasise = false) => fill(t(marked), emphasise);

  const duration = vars.expiresInSeconds === undefined ? null : formatDuration(vars.expiresInSeconds, lang);
  const expires =
    duration === null ? undefined : isCodeMail(kind) ? strings.codeExpires(duration) : strings.linkExpires(duration);
  const subject = oneLine(k.subject(values));
  const tag = LANGUAGE_TAGS[lang];
  const brand = vars.brand;
  const brandLinks = brand
    ? [
        { label: strings.links.support, url: brand.supportURL },
        { label: strings.links.terms, url: brand.termsURL },
        { label: strings.links.privacy, url: brand.privacyURL },
      ].flatMap((link) => (link.url ? [{ label: link.label, url: link.url }] : []))
    : [];
  for (const link of brandLinks) checkUrl(link.url);

  const text = renderTextLayout({
    lang: tag,
    title: subject,
    preheader: k.preheader(values),
    appName: values.appName,
    heading: k.heading(values),
    greeting: strings.greeting(values),
    paragraphs: k.body(values),
    code: values.code || undefined,
    action: vars.url ? { label: k.action(values), url: vars.url } : undefined,
    fallbackLink: strings.fallbackLink,
    expires,
    notYou: k.notYou(values),
    footer: strings.footer(values),
    brand: brand && { logoURL: brand.logoURL, accent: brand.accent, links: brandLinks },
  });

  const htmlPart = renderHtmlLayout({
    lang: tag,
    title: escapeHtml(subject),
    preheader: html(k.preheader),
    appName: escapeHtml(values.appName),
    heading: html(k.heading),
    greeting: html(strings.greeting),
    paragraphs: k.body(marked).map((p) => fill(p, true)),
    code: values.code ? escapeHtml(values.code) : undefined,
    action: vars.url ? { label: html(k.action), url: vars.url } : undefined,
    fallbackLink: escapeHtml(strings.fallbackLink),
    expires: expires === undefined ? undefined : escapeHtml(expires),
    notYou: html(k.notYou),
    footer: html(strings.footer),
    brand: brand && {
      logoURL: brand.logoURL,
      accent: brand.accent,
      links: brandLinks.map((link) => ({ label: escapeHtml(link.label), url: link.url })),
    },
  });

  return { subject, text, html: htmlPart };
}

/**
 * The language of a mail: the user's stored language when it is one of ours, else the
 * best match of the request's Accept-Language, else English.
 */
export function pickLanguage(
  userLanguage: number | null | undefined,
  acceptLanguage: string | null | undefined,
): LanguageCode {
  if (isLanguageCode(userLanguage)) return userLanguage;
  return languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
