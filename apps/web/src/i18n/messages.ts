import type { en } from './locales/en.ts';

/** Every language file is typed `Messages`: a missing, extra or misspelled key does not compile. */
export type Messages = typeof en;

export type ErrorCode = keyof Messages['errors'];
export type OAuthErrorCode = keyof Messages['errorPage']['codes'];

/** Fills `{name}` placeholders; unknown placeholders are left as they are. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : match,
  );
}
