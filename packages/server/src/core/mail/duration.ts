/**
 * Lifetimes in words ("1 hour", "2 часа", "1 hour and 30 minutes"), in the grammatical
 * form the mail sentences need. Plural categories come from Intl.PluralRules (CLDR), so
 * Russian, Ukrainian and Polish get their one/few/many forms right for any number.
 */
import { LANGUAGE_TAGS, type LanguageCode } from './languages.ts';
import { MAIL_STRINGS, type PluralForms } from './templates/strings/index.ts';

interface Formatters {
  plural: Intl.PluralRules;
  number: Intl.NumberFormat;
  list: Intl.ListFormat;
}

/**
 * One set of formatters per language, made on first use: building an Intl formatter costs
 * far more than using one (a new NumberFormat and ListFormat per mail were a quarter of
 * a millisecond of every sign-up's main thread).
 */
const formatters = new Map<string, Formatters>();

function formattersOf(tag: string): Formatters {
  let found = formatters.get(tag);
  if (!found) {
    found = {
      plural: new Intl.PluralRules(tag),
      number: new Intl.NumberFormat(tag),
      list: new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' }),
    };
    formatters.set(tag, found);
  }
  return found;
}

function pluralCategory(tag: string, n: number): Intl.LDMLPluralRule {
  return formattersOf(tag).plural.select(n);
}

/** The word form of `forms` for `n` in the language `tag` (falls back to `other`). */
function pluralForm(tag: string, n: number, forms: PluralForms): string {
  const category = pluralCategory(tag, n);
  if (category === 'zero' || category === 'two') return forms.other;
  return forms[category] ?? forms.other;
}

/**
 * Formats a lifetime given in seconds. Seconds are rounded up to whole minutes (at least
 * one); the largest unit is shown together with the next smaller one when that is not
 * zero ("1 day and 6 hours", "1 hour and 30 minutes"); smaller remainders are dropped.
 */
export function formatDuration(seconds: number, language: LanguageCode): string {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`invalid duration: ${seconds}`);
  const tag = LANGUAGE_TAGS[language];
  const { units } = MAIL_STRINGS[language];
  const totalMinutes = Math.max(1, Math.ceil(seconds / 60));
  const amounts: [number, PluralForms][] = [
    [Math.floor(totalMinutes / 1440), units.day],
    [Math.floor((totalMinutes % 1440) / 60), units.hour],
    [totalMinutes % 60, units.minute],
  ];
  const first = amounts.findIndex(([n]) => n > 0);
  const shown = amounts.slice(first, first + 2).filter(([n]) => n > 0);
  const { number, list } = formattersOf(tag);
  // a no-break space keeps the number and its unit on one line
  const parts = shown.map(([n, forms]) => `${number.format(n)}\u00a0${pluralForm(tag, n, forms)}`);
  return list.format(parts);
}
