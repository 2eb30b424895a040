import type { LanguageCode } from '../../languages.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pl } from './pl.ts';
import { ru } from './ru.ts';
import { tr } from './tr.ts';
import type { MailStrings } from './types.ts';
import { uk } from './uk.ts';

export type { KindStrings, MailKind, MailStrings, Placeholders, PluralForms } from './types.ts';
export { MAIL_KINDS } from './types.ts';

/** Every language of the contract's enumeration: a missing one is a compile error. */
export const MAIL_STRINGS: Readonly<Record<LanguageCode, MailStrings>> = {
  0: ru,
  1: uk,
  3: en,
  4: es,
  6: de,
  15: pl,
  16: fr,
  82: tr,
};
