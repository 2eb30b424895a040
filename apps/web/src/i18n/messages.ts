import type { adminEn } from './locales/admin/en.ts';
import type { en } from './locales/en.ts';

/**
 * Every language file is typed `CoreMessages` (every screen but the admin console's) and its admin
 * file `AdminMessages`: a missing, extra or misspelled key does not compile. The two are fetched
 * apart (i18n/load.ts): the console's part only when the console or its header link is shown.
 */
export type CoreMessages = typeof en;
export type AdminMessages = typeof adminEn;
export type Messages = CoreMessages & { admin: AdminMessages };

export type ErrorCode = keyof Messages['errors'];
export type OAuthErrorCode = keyof Messages['errorPage']['codes'];

/** Fills `{name}` placeholders; unknown placeholders are left as they are. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : match,
  );
}
