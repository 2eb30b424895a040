import type { LanguageTag } from './languages.ts';
import { adminDe } from './locales/admin/de.ts';
import { adminEn } from './locales/admin/en.ts';
import { adminEs } from './locales/admin/es.ts';
import { adminFr } from './locales/admin/fr.ts';
import { adminPl } from './locales/admin/pl.ts';
import { adminRu } from './locales/admin/ru.ts';
import { adminTr } from './locales/admin/tr.ts';
import { adminUk } from './locales/admin/uk.ts';
import { de } from './locales/de.ts';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { fr } from './locales/fr.ts';
import { pl } from './locales/pl.ts';
import { ru } from './locales/ru.ts';
import { tr } from './locales/tr.ts';
import { uk } from './locales/uk.ts';
import type { Messages } from './messages.ts';

/**
 * Every language whole, for the tests (translation coverage, the journeys' expected texts). The app
 * itself never imports this: it fetches one language at a time (i18n/load.ts).
 */
export const CATALOG: Readonly<Record<LanguageTag, Messages>> = {
  en: { ...en, admin: adminEn },
  es: { ...es, admin: adminEs },
  de: { ...de, admin: adminDe },
  fr: { ...fr, admin: adminFr },
  pl: { ...pl, admin: adminPl },
  tr: { ...tr, admin: adminTr },
  uk: { ...uk, admin: adminUk },
  ru: { ...ru, admin: adminRu },
};
