/**
 * Unit tests render in any language at once: every language's messages are handed to the loader
 * (i18n/load.ts) as if fetched, so `<I18nProvider>` renders on the first pass, as in the app after
 * main.tsx has fetched the page's language. Imported by the render helpers and by tests that build
 * their own providers.
 */
import { CATALOG } from '../i18n/catalog.ts';
import { provideMessages } from '../i18n/load.ts';

provideMessages(CATALOG);
