/**
 * The spec's numeric language enumeration (§3). Codes are stored on the user as
 * numbers; the web app and the mail templates map them to BCP 47 tags.
 */
export const LANGUAGES = {
  RUS: 0,
  UKR: 1,
  ENG: 3,
  SPA: 4,
  GERMAN: 6,
  POL: 15,
  FRA: 16,
  TURKEY: 82,
} as const;

export type LanguageCode = (typeof LANGUAGES)[keyof typeof LANGUAGES];

export const LANGUAGE_CODES: readonly LanguageCode[] = Object.values(LANGUAGES);

/** BCP 47 tag of each language code. */
export const LANGUAGE_TAGS: Readonly<Record<LanguageCode, string>> = {
  0: 'ru',
  1: 'uk',
  3: 'en',
  4: 'es',
  6: 'de',
  15: 'pl',
  16: 'fr',
  82: 'tr',
};

export const DEFAULT_LANGUAGE: LanguageCode = LANGUAGES.ENG;

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'number' && (LANGUAGE_CODES as readonly number[]).includes(value);
}

/** The language code for a BCP 47 tag ("de-AT" -> 6), or null when none of ours. */
export function languageFromTag(tag: string): LanguageCode | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  for (const [code, t] of Object.entries(LANGUAGE_TAGS)) if (t === primary) return Number(code) as LanguageCode;
  return null;
}

/** Picks the best of our languages from an Accept-Language header, or null. */
export function languageFromAcceptLanguage(header: string | null | undefined): LanguageCode | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const code = languageFromTag(tag);
    if (code !== null) return code;
  }
  return null;
}
