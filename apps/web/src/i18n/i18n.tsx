import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { authClient } from '../lib/auth.ts';
import { useSession, useUserUpdated } from '../lib/session.ts';
import { CATALOG } from './catalog.ts';
import {
  DEFAULT_LANGUAGE,
  isLanguageTag,
  type LanguageTag,
  languageByTag,
  tagFromBrowser,
  tagFromCode,
} from './languages.ts';
import { format, type Messages } from './messages.ts';

const STORAGE_KEY = 'latch.language';

interface I18nValue {
  lang: LanguageTag;
  t: Messages;
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

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLang] = useState<LanguageTag>(initialLanguage);
  const session = useSession();
  const userUpdated = useUserUpdated();
  const signedIn = session.data !== null;
  const savedOnUser = tagFromCode(session.data?.user.language);

  // The language saved on the account wins over this browser's, once per change of that value.
  useEffect(() => {
    if (savedOnUser) {
      setLang(savedOnUser);
      store(savedOnUser);
    }
  }, [savedOnUser]);

  useEffect(() => {
    const language = languageByTag(lang);
    document.documentElement.lang = language.tag;
    document.documentElement.dir = language.dir;
  }, [lang]);

  const setLanguage = useCallback(
    (tag: LanguageTag) => {
      setLang(tag);
      store(tag);
      if (!signedIn) return;
      void authClient.updateUser({ language: languageByTag(tag).code }).then((result) => {
        if (!result.error) void userUpdated();
      });
    },
    [signedIn, userUpdated],
  );

  const value = useMemo<I18nValue>(() => {
    const dateFormat = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    const relativeFormat = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    return {
      lang,
      t: CATALOG[lang],
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
  }, [lang, setLanguage]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}
