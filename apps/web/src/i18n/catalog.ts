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
import { moreDe } from './locales/more/de.ts';
import { moreEn } from './locales/more/en.ts';
import { moreEs } from './locales/more/es.ts';
import { moreFr } from './locales/more/fr.ts';
import { morePl } from './locales/more/pl.ts';
import { moreRu } from './locales/more/ru.ts';
import { moreTr } from './locales/more/tr.ts';
import { moreUk } from './locales/more/uk.ts';
import { pl } from './locales/pl.ts';
import { ru } from './locales/ru.ts';
import { tr } from './locales/tr.ts';
import { uk } from './locales/uk.ts';
import type { AdminMessages, CoreMessages, Messages, MoreMessages } from './messages.ts';

/** A language's three files as one catalogue (the error messages of the first two as one list). */
function whole(core: CoreMessages, more: MoreMessages, admin: AdminMessages): Messages {
  return { ...core, ...more, errors: { ...core.errors, ...more.errors }, admin };
}

/**
 * Every language whole, for the tests (translation coverage, the journeys' expected texts). The app
 * itself never imports this: it fetches one language at a time (i18n/load.ts).
 */
export const CATALOG: Readonly<Record<LanguageTag, Messages>> = {
  en: whole(en, moreEn, adminEn),
  es: whole(es, moreEs, adminEs),
  de: whole(de, moreDe, adminDe),
  fr: whole(fr, moreFr, adminFr),
  pl: whole(pl, morePl, adminPl),
  tr: whole(tr, moreTr, adminTr),
  uk: whole(uk, moreUk, adminUk),
  ru: whole(ru, moreRu, adminRu),
};
