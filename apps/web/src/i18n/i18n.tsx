import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { authClient } from '../lib/auth.ts';
import { useSession, useUserUpdated } from '../lib/session.ts';
import {
  DEFAULT_LANGUAGE,
  isLanguageTag,
  type LanguageTag,
  languageByTag,
  tagFromBrowser,
  tagFromCode,
} from './languages.ts';
import {
  loadAdminMessages,
  loadedAdminMessages,
  loadedMessages,
  loadedMoreMessages,
  loadMessages,
  loadMoreMessages,
} from './load.ts';
import { type AdminMessages, type CoreMessages, format, type Messages, type MoreMessages } from './messages.ts';

const STORAGE_KEY = 'latch.language';

interface I18nValue {
  lang: LanguageTag;
  t: Messages;
  /** Whether `t.admin` is here (the admin console's messages, fetched on first use). */
  adminReady: boolean;
  /** Fetches the admin console's messages in the language in force (and in every later one). */
  requestAdmin: () => void;
  /** Whether the messages of the screens past sign-in are in `t` (fetched with the first of them). */
  moreReady: boolean;
  /** Fetches the messages of the screens past sign-in in the language in force (and in every later one). */
  requestMore: () => void;
  /** Switches the language, remembers it in this browser and, when signed in, on the account. */
  setLanguage: (tag: LanguageTag) => void;
  format: typeof format;
  formatDate: (value: Date | string) => string;
  formatRelative: (value: Date | string) => string;
}

const I18nContext = createContext<I18nValue | null>(null);

function readStored(): LanguageTag | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguageTag(value) ? value : null;
  } catch {
    return null;
  }
}

function store(tag: LanguageTag): void {
  try {
    localStorage.setItem(STORAGE_KEY, tag);
  } catch {
    // private mode or storage full: the choice then lasts for this visit only
  }
}

export function initialLanguage(): LanguageTag {
  const browser =
    typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return readStored() ?? tagFromBrowser(browser) ?? DEFAULT_LANGUAGE;
}

/**
 * Fetches the first language's messages (the one `initialLanguage()` picks, English when that
 * fails), so that the app's first render has them: main.tsx renders once this settles, and no
 * screen ever shows before its words. Settles in any case; the provider tries again if need be.
 */
export function loadInitialMessages(): Promise<void> {
  return loadMessages(initialLanguage())
    .catch(() => loadMessages(DEFAULT_LANGUAGE))
    .then(
      () => undefined,
      () => undefined,
    );
}

interface Shown {
  lang: LanguageTag;
  t: CoreMessages;
  /** The messages of the screens past sign-in in this language, once fetched (with the first of them). */
  more: MoreMessages | undefined;
  /** The admin console's messages in this language, once fetched (only where the console is used). */
  admin: AdminMessages | undefined;
}

/** The parts of the messages a switch of language fetches besides the first (once a screen asked for them). */
interface Parts {
  more: boolean;
  admin: boolean;
}

function shownIfLoaded(lang: LanguageTag, parts: Parts): Shown | null {
  const t = loadedMessages(lang);
  const more = loadedMoreMessages(lang);
  const admin = loadedAdminMessages(lang);
  if (!t || (parts.more && !more) || (parts.admin && !admin)) return null;
  return { lang, t, more, admin };
}

/**
 * The language in force and its messages. A language is shown only once its messages are here: a
 * switch (the switcher, or the language saved on the account arriving with the session) fetches
 * them first and keeps the current language on screen meanwhile; the last switch asked for wins.
 * Until the first language's messages are here (main.tsx waits for them, so normally never),
 * nothing renders rather than keys or a mix of languages. The messages of the screens past sign-in
 * and the admin console's join once a screen asks for them (`WithMoreMessages`, `WithAdminMessages`),
 * and from then on every switch fetches them too.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(() =>
    shownIfLoaded(initialLanguage(), { more: false, admin: false }),
  );
  const latest = useRef(0);
  const wanted = useRef<LanguageTag>(shown?.lang ?? initialLanguage());
  const partsWanted = useRef<Parts>({ more: false, admin: false });
  const session = useSession();
  const userUpdated = useUserUpdated();
  const signedIn = session.data !== null;
  const savedOnUser = tagFromCode(session.data?.user.language);

  const hasShown = useRef(shown !== null);
  useEffect(() => {
    if (shown) hasShown.current = true;
  }, [shown]);

  const switchTo = useCallback((tag: LanguageTag) => {
    latest.current += 1;
    const request = latest.current;
    wanted.current = tag;
    const parts = { ...partsWanted.current };
    const ready = shownIfLoaded(tag, parts);
    if (ready) {
      setShown(ready);
      return;
    }
    Promise.all([
      loadMessages(tag),
      parts.more ? loadMoreMessages(tag) : loadedMoreMessages(tag),
      parts.admin ? loadAdminMessages(tag) : loadedAdminMessages(tag),
    ]).then(
      ([t, more, admin]) => {
        if (request === latest.current) setShown({ lang: tag, t, more, admin });
      },
      () => {
        // offline: the language on screen stays; with none on screen yet, English
        if (request === latest.current && !hasShown.current && tag !== DEFAULT_LANGUAGE) {
          loadMessages(DEFAULT_LANGUAGE).then(
            (t) => {
              if (request === latest.current)
                setShown({
                  lang: DEFAULT_LANGUAGE,
                  t,
                  more: loadedMoreMessages(DEFAULT_LANGUAGE),
                  admin: loadedAdminMessages(DEFAULT_LANGUAGE),
                });
            },
            () => undefined,
          );
        }
      },
    );
  }, []);

  const requestPart = useCallback(
    (part: keyof Parts) => {
      if (partsWanted.current[part]) return;
      partsWanted.current = { ...partsWanted.current, [part]: true };
      switchTo(wanted.current);
    },
    [switchTo],
  );
  const requestAdmin = useCallback(() => requestPart('admin'), [requestPart]);
  const requestMore = useCallback(() => requestPart('more'), [requestPart]);

  // normally the first language is here before the first render (main.tsx); if not, fetch it now
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (!shown) switchTo(wanted.current);
  }, []);

  // The language saved on the account wins over this browser's, once per change of that value.
  useEffect(() => {
    if (savedOnUser) {
      switchTo(savedOnUser);
      store(savedOnUser);
    }
  }, [savedOnUser, switchTo]);

  const lang = shown?.lang ?? null;
  useEffect(() => {
    if (!lang) return;
    const language = languageByTag(lang);
    document.documentElement.lang = language.tag;
    document.documentElement.dir = language.dir;
  }, [lang]);

  const setLanguage = useCallback(
    (tag: LanguageTag) => {
      switchTo(tag);
      store(tag);
      if (!signedIn) return;
      void authClient.updateUser({ language: languageByTag(tag).code }).then((result) => {
        if (!result.error) void userUpdated();
      });
    },
    [signedIn, userUpdated, switchTo],
  );

  const value = useMemo<I18nValue | null>(() => {
    if (!shown) return null;
    const { lang, more, admin } = shown;
    // without the parts no screen asked for yet (WithMoreMessages, WithAdminMessages): only those screens read them
    // the error messages are in both parts: those the sign-in page may need in the first, the others in the second
    const errors = { ...shown.t.errors, ...more?.errors };
    const t = { ...shown.t, ...more, errors, ...(admin ? { admin } : {}) } as Messages;
    const dateFormat = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    const relativeFormat = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    return {
      lang,
      t,
      adminReady: admin !== undefined,
      requestAdmin,
      moreReady: more !== undefined,
      requestMore,
      setLanguage,
      format,
      formatDate: (value) => {
        const date = new Date(value);
        return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
      },
      formatRelative: (value) => {
        const time = new Date(value).getTime();
        if (Number.isNaN(time)) return '';
        const seconds = Math.round((time - Date.now()) / 1000);
        const steps: [Intl.RelativeTimeFormatUnit, number][] = [
          ['second', 60],
          ['minute', 60],
          ['hour', 24],
          ['day', 30],
          ['month', 12],
          ['year', Number.POSITIVE_INFINITY],
        ];
        // under a minute reads as "now" rather than a ticking number of seconds
        if (Math.abs(seconds) < 60) return relativeFormat.format(0, 'second');
        let amount = seconds;
        for (const [unit, size] of steps) {
          if (Math.abs(amount) < size) return relativeFormat.format(amount, unit);
          amount = Math.round(amount / size);
        }
        return dateFormat.format(new Date(time));
      },
    };
  }, [shown, setLanguage, requestAdmin, requestMore]);

  if (!value) return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}

/**
 * Renders its children once the admin console's messages are here in the language in force
 * (fetching them on first use), and `fallback` meanwhile: around every screen that reads `t.admin`.
 */
export function WithAdminMessages({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { adminReady, requestAdmin } = useI18n();
  useEffect(() => {
    if (!adminReady) requestAdmin();
  }, [adminReady, requestAdmin]);
  return <>{adminReady ? children : fallback}</>;
}

/**
 * Renders its children once the messages of the screens past sign-in are here in the language in
 * force (fetching them on first use), and `fallback` meanwhile: around every screen but the
 * sign-in page and the error pages (components/lazy-page.tsx wraps every page fetched on first use).
 */
export function WithMoreMessages({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { moreReady, requestMore } = useI18n();
  useEffect(() => {
    if (!moreReady) requestMore();
  }, [moreReady, requestMore]);
  return <>{moreReady ? children : fallback}</>;
}
