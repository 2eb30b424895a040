/**
 * The spec's numeric language enumeration (seed-spec §3): the code stored on the user as
 * `language`, its BCP 47 tag, its name in itself and its writing direction.
 */
export const LANGUAGES = [
  { code: 3, tag: 'en', name: 'English', dir: 'ltr' },
  { code: 4, tag: 'es', name: 'Español', dir: 'ltr' },
  { code: 6, tag: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 16, tag: 'fr', name: 'Français', dir: 'ltr' },
  { code: 15, tag: 'pl', name: 'Polski', dir: 'ltr' },
  { code: 82, tag: 'tr', name: 'Türkçe', dir: 'ltr' },
  { code: 1, tag: 'uk', name: 'Українська', dir: 'ltr' },
  { code: 0, tag: 'ru', name: 'Русский', dir: 'ltr' },
] as const;

export type Language = (typeof LANGUAGES)[number];
export type LanguageTag = Language['tag'];
export type LanguageCode = Language['code'];

export const DEFAULT_LANGUAGE: LanguageTag = 'en';

export function isLanguageTag(value: unknown): value is LanguageTag {
  return LANGUAGES.some((l) => l.tag === value);
}

export function languageByTag(tag: LanguageTag): Language {
  return LANGUAGES.find((l) => l.tag === tag) ?? LANGUAGES[0];
}

/** The tag for a numeric code saved on the user, or null when the code is not one of ours. */
export function tagFromCode(code: unknown): LanguageTag | null {
  return LANGUAGES.find((l) => l.code === code)?.tag ?? null;
}

/** Our best match for the browser's preferred languages ("de-AT" → "de"), or null. */
export function tagFromBrowser(preferred: readonly string[]): LanguageTag | null {
  for (const entry of preferred) {
    const primary = entry.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguageTag(primary)) return primary;
  }
  return null;
}
