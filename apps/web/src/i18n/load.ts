/**
 * The languages' messages, fetched one language at a time: each `import()` below is a file of its
 * own in the build, so a visitor downloads the language the page is shown in and no other (English
 * is fetched like any other, only when it is the language chosen or the fallback). A language is
 * three files: the first part (the sign-in page, the frame of every page, the error catalogue),
 * fetched with the page; the rest of the screens' (`more`), fetched with the first screen past
 * sign-in (components/lazy-page.tsx); the admin console's, fetched only when the console (or its
 * header link, or the impersonation banner) is shown. Loaded messages stay in memory for the visit.
 */
import type { LanguageTag } from './languages.ts';
import type { AdminMessages, CoreMessages, Messages, MoreMessages } from './messages.ts';

const CORE: Readonly<Record<LanguageTag, () => Promise<CoreMessages>>> = {
  en: () => import('./locales/en.ts').then((m) => m.en),
  es: () => import('./locales/es.ts').then((m) => m.es),
  de: () => import('./locales/de.ts').then((m) => m.de),
  fr: () => import('./locales/fr.ts').then((m) => m.fr),
  pl: () => import('./locales/pl.ts').then((m) => m.pl),
  tr: () => import('./locales/tr.ts').then((m) => m.tr),
  uk: () => import('./locales/uk.ts').then((m) => m.uk),
  ru: () => import('./locales/ru.ts').then((m) => m.ru),
};

const MORE: Readonly<Record<LanguageTag, () => Promise<MoreMessages>>> = {
  en: () => import('./locales/more/en.ts').then((m) => m.moreEn),
  es: () => import('./locales/more/es.ts').then((m) => m.moreEs),
  de: () => import('./locales/more/de.ts').then((m) => m.moreDe),
  fr: () => import('./locales/more/fr.ts').then((m) => m.moreFr),
  pl: () => import('./locales/more/pl.ts').then((m) => m.morePl),
  tr: () => import('./locales/more/tr.ts').then((m) => m.moreTr),
  uk: () => import('./locales/more/uk.ts').then((m) => m.moreUk),
  ru: () => import('./locales/more/ru.ts').then((m) => m.moreRu),
};

const ADMIN: Readonly<Record<LanguageTag, () => Promise<AdminMessages>>> = {
  en: () => import('./locales/admin/en.ts').then((m) => m.adminEn),
  es: () => import('./locales/admin/es.ts').then((m) => m.adminEs),
  de: () => import('./locales/admin/de.ts').then((m) => m.adminDe),
  fr: () => import('./locales/admin/fr.ts').then((m) => m.adminFr),
  pl: () => import('./locales/admin/pl.ts').then((m) => m.adminPl),
  tr: () => import('./locales/admin/tr.ts').then((m) => m.adminTr),
  uk: () => import('./locales/admin/uk.ts').then((m) => m.adminUk),
  ru: () => import('./locales/admin/ru.ts').then((m) => m.adminRu),
};

/** One kind of file per language: fetched once, shared by concurrent callers, retried after a failure. */
function cache<T>(loaders: Readonly<Record<LanguageTag, () => Promise<T>>>) {
  const loaded = new Map<LanguageTag, T>();
  const pending = new Map<LanguageTag, Promise<T>>();
  return {
    get: (tag: LanguageTag): T | undefined => loaded.get(tag),
    set: (tag: LanguageTag, value: T) => loaded.set(tag, value),
    load(tag: LanguageTag): Promise<T> {
      const ready = loaded.get(tag);
      if (ready) return Promise.resolve(ready);
      let request = pending.get(tag);
      if (!request) {
        request = loaders[tag]().then(
          (value) => {
            loaded.set(tag, value);
            pending.delete(tag);
            return value;
          },
          (err: unknown) => {
            pending.delete(tag);
            throw err;
          },
        );
        pending.set(tag, request);
      }
      return request;
    },
  };
}

const core = cache(CORE);
const more = cache(MORE);
const admin = cache(ADMIN);

/** A language's messages when they are already here (a render can use them at once), else undefined. */
export const loadedMessages = core.get;
/** Fetches a language's messages once (a failed fetch is forgotten, so the next call tries again). */
export const loadMessages = core.load;
/** The messages of the screens past sign-in in a language, when already here. */
export const loadedMoreMessages = more.get;
/** Fetches the messages of the screens past sign-in in a language once. */
export const loadMoreMessages = more.load;
/** The admin console's messages in a language, when already here. */
export const loadedAdminMessages = admin.get;
/** Fetches the admin console's messages in a language once. */
export const loadAdminMessages = admin.load;

/** Hands over messages already at hand (the unit tests' full catalogue), as if they had been fetched. */
export function provideMessages(catalog: Partial<Readonly<Record<LanguageTag, Messages>>>): void {
  for (const [tag, messages] of Object.entries(catalog) as [LanguageTag, Messages | undefined][]) {
    if (!messages) continue;
    const { admin: adminPart, ...rest } = messages;
    // each part gets the whole: a part's keys are all there, and the extra ones are never read
    core.set(tag, rest);
    more.set(tag, rest);
    admin.set(tag, adminPart);
  }
}
