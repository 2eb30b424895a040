/**
 * The shape every language's mail strings must have. Each language file declares
 * `const xx: MailStrings`, so a kind, a line or a plural form missing in any language
 * is a compile error.
 */

export const MAIL_KINDS = [
  'verify-email',
  'reset-password',
  'password-changed',
  'change-email-confirmation',
  'change-email-verification',
  'email-changed-notice',
  'delete-account',
  'invitation',
  'two-factor-otp',
  // security activity (features/security-notices): the first four carry a link that undoes the change
  'security-email-changed',
  'security-password-changed',
  'security-provider-linked',
  'security-two-factor-disabled',
  'security-two-factor-enabled',
  'security-backup-codes',
  'security-provider-unlinked',
  // a passkey added (undoable, like the four above) or removed (a notice)
  'security-passkey-added',
  'security-passkey-removed',
  'security-new-sign-in',
  // passwordless sign-in (features/magic-link, features/email-otp, features/mailbox-proof)
  'magic-link',
  'email-otp-sign-in',
  'email-otp-verify-email',
  'email-otp-reset-password',
  'security-unproven-access-removed',
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * Values a string may interpolate. Absent values are empty strings, so a string can
 * branch on them (`p.inviterName ? … : …`). A string must only interpolate them, never
 * inspect their content: the HTML renderer passes placeholders and escapes afterwards.
 */
export interface Placeholders {
  appName: string;
  userName: string;
  email: string;
  newEmail: string;
  organizationName: string;
  inviterName: string;
  /** Already translated when it is one of the built-in roles. */
  role: string;
  code: string;
  /** A sign-in provider's display name (GitHub, Google…). */
  providerName: string;
  /** Where a sign-in came from: the browser and system, and the address (new-sign-in notice). */
  device: string;
}

export type Text = (p: Placeholders) => string;

/** Word forms by Intl.PluralRules category; `other` is the fallback for a category not given. */
export interface PluralForms {
  one: string;
  few?: string;
  many?: string;
  other: string;
}

export interface KindStrings {
  subject: Text;
  /** The preview line mail clients show after the subject. */
  preheader: Text;
  heading: Text;
  /** Paragraphs of the body, before the call to action. */
  body: (p: Placeholders) => string[];
  /** The label of the button (and of the raw link in the text part). */
  action: Text;
  /** What to do when the reader did not ask for this mail. */
  notYou: Text;
}

export interface MailStrings {
  greeting: Text;
  /** Leads the raw link under the button in the HTML part. */
  fallbackLink: string;
  /** `duration` is already formatted, e.g. "2 hours". */
  linkExpires: (duration: string) => string;
  codeExpires: (duration: string) => string;
  footer: Text;
  /** The operator's links under the footer (branding.supportURL, termsURL, privacyURL). */
  links: { support: string; terms: string; privacy: string };
  /**
   * Units in the grammatical form that `linkExpires` and `codeExpires` need (for example
   * the accusative in Russian, Ukrainian and Polish: "действует 1 минуту").
   */
  units: { minute: PluralForms; hour: PluralForms; day: PluralForms };
  /** Names of the built-in organization roles; other roles are shown as they are. */
  roles: { owner: string; admin: string; member: string };
  kinds: Record<MailKind, KindStrings>;
}
