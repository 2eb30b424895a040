import type { adminEn } from './locales/admin/en.ts';
import type { en } from './locales/en.ts';
import type { moreEn } from './locales/more/en.ts';

/**
 * Every language has three files: `CoreMessages` (the sign-in page, the frame of every page, the
 * error catalogue), `MoreMessages` (every other screen but the admin console's) and `AdminMessages`;
 * a missing, extra or misspelled key does not compile. The three are fetched apart (i18n/load.ts):
 * the first with the page, the second with the first screen past sign-in, the console's part only
 * when the console or its header link is shown.
 */
export type CoreMessages = typeof en;
export type MoreMessages = typeof moreEn;
export type AdminMessages = typeof adminEn;
export type Messages = CoreMessages & MoreMessages & { admin: AdminMessages };

export type ErrorCode = keyof Messages['errors'];
export type OAuthErrorCode = keyof Messages['errorPage']['codes'];

/** Fills `{name}` placeholders; unknown placeholders are left as they are. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : match,
  );
}
