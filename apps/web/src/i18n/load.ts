/**
 * The languages' messages, fetched one language at a time: each `import()` below is a file of its
 * own in the build, so a visitor downloads the language the page is shown in and no other (English
 * is fetched like any other, only when it is the language chosen or the fallback). Loaded messages
 * stay in memory for the visit: switching back is immediate.
 */
import type { LanguageTag } from './languages.ts';
import type { Messages } from './messages.ts';

const LOADERS: Readonly<Record<LanguageTag, () => Promise<Messages>>> = {
  en: () => import('./locales/en.ts').then((m) => m.en),
  es: () => import('./locales/es.ts').then((m) => m.es),
  de: () => import('./locales/de.ts').then((m) => m.de),
  fr: () => import('./locales/fr.ts').then((m) => m.fr),
  pl: () => import('./locales/pl.ts').then((m) => m.pl),
  tr: () => import('./locales/tr.ts').then((m) => m.tr),
  uk: () => import('./locales/uk.ts').then((m) => m.uk),
  ru: () => import('./locales/ru.ts').then((m) => m.ru),
};

const loaded = new Map<LanguageTag, Messages>();
const pending = new Map<LanguageTag, Promise<Messages>>();

/** The language's messages when they are already here (a render can use them at once), else undefined. */
export function loadedMessages(tag: LanguageTag): Messages | undefined {
  return loaded.get(tag);
}

/**
 * Fetches a language's messages once; concurrent calls share the one request. A failed fetch (the
 * network dropped) is forgotten, so the next call tries again.
 */
export function loadMessages(tag: LanguageTag): Promise<Messages> {
  const ready = loaded.get(tag);
  if (ready) return Promise.resolve(ready);
  let request = pending.get(tag);
  if (!request) {
    request = LOADERS[tag]().then(
      (messages) => {
        loaded.set(tag, messages);
        pending.delete(tag);
        return messages;
      },
      (err: unknown) => {
        pending.delete(tag);
        throw err;
      },
    );
    pending.set(tag, request);
  }
  return request;
}

/** Hands over messages already at hand (the unit tests' full catalogue), as if they had been fetched. */
export function provideMessages(catalog: Partial<Readonly<Record<LanguageTag, Messages>>>): void {
  for (const [tag, messages] of Object.entries(catalog) as [LanguageTag, Messages | undefined][]) {
    if (messages) loaded.set(tag, messages);
  }
}
