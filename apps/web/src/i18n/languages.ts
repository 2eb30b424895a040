/**
 * The languages of the web app: the spec's numeric codes and their BCP 47 tags come from
 * the contract (packages/contract/src/language.ts, the table the server and the mails use);
 * this adds each language's name in itself and its writing direction, in menu order.
 */
import { LANGUAGES as CODES, LANGUAGE_TAGS, languageFromTag } from '@latch/contract';

const language = <const C extends keyof typeof LANGUAGE_TAGS, const T extends string, const N extends string>(
  code: C,
  tag: T,
  name: N,
) => {
  // the tag is the contract's for this code: loading the app (and every web test) fails if the two disagree
  if (LANGUAGE_TAGS[code] !== tag)
    throw new Error(`language ${code}: the contract says ${LANGUAGE_TAGS[code]}, not ${tag}`);
  return { code, tag, name, dir: 'ltr' } as const;
};

export const LANGUAGES = [
  language(CODES.ENG, 'en', 'English'),
  language(CODES.SPA, 'es', 'Español'),
  language(CODES.GERMAN, 'de', 'Deutsch'),
  language(CODES.FRA, 'fr', 'Français'),
  language(CODES.POL, 'pl', 'Polski'),
  language(CODES.TURKEY, 'tr', 'Türkçe'),
  language(CODES.UKR, 'uk', 'Українська'),
  language(CODES.RUS, 'ru', 'Русский'),
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

/** Our best match for the browser's preferred languages ("de-AT" → "de"), or null (the contract's rule). */
export function tagFromBrowser(preferred: readonly string[]): LanguageTag | null {
  for (const entry of preferred) {
    const code = languageFromTag(entry);
    if (code !== null) return tagFromCode(code);
  }
  return null;
}
