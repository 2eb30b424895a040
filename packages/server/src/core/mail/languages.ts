/** The contract's language helpers mail uses, imported in one place. */
export {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGE_CODES,
  LANGUAGE_TAGS,
  LANGUAGES,
  type LanguageCode,
  languageFromAcceptLanguage,
} from '@latch/contract';
