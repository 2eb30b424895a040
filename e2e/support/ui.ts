/**
 * Small helpers for journeys: the app's own messages (so every assertion holds in every language),
 * the server's view of the session as the page sees it, and numbered full-page screenshots.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { CATALOG } from '../../apps/web/src/i18n/catalog.ts';
import type { LanguageTag } from '../../apps/web/src/i18n/languages.ts';
import { format, type Messages } from '../../apps/web/src/i18n/messages.ts';
import { expectNoAxeViolations, expectNoAxeViolationsInOtherTheme } from './axe.ts';
import { SCREENSHOTS_DIR } from './paths.ts';

export type Theme = 'light' | 'dark';
export type { LanguageTag, Messages };
export { format };

export function messagesFor(lang: LanguageTag): Messages {
  return CATALOG[lang];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches exactly this text (accessible names are compared whole, not as substrings). */
export function exactly(text: string): RegExp {
  return new RegExp(`^${escapeRegExp(text)}$`);
}

/** Matches a filled-in message template: each `{placeholder}` stands for any text. */
export function template(message: string, known: Record<string, string> = {}): RegExp {
  const parts = message.split(/(\{\w+\})/g).map((part) => {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    if (key === undefined) return escapeRegExp(part);
    const value = known[key];
    return value === undefined ? '.+' : escapeRegExp(value);
  });
  return new RegExp(`^${parts.join('')}$`);
}

export interface ServerSession {
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    username?: string | null;
    language?: number | null;
  };
  session: { id: string; token: string };
}

/** What the server says about this page's cookies: GET /api/auth/get-session from the page itself. */
export async function serverSession(page: Page): Promise<ServerSession | null> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`get-session answered ${response.status}`);
    const text = await response.text();
    return text ? (JSON.parse(text) as ServerSession | null) : null;
  });
}

/** The providers of the page's linked accounts, as the server lists them. */
export async function linkedProviders(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/list-accounts', { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`list-accounts answered ${response.status}`);
    const accounts = (await response.json()) as { providerId: string }[];
    return accounts.map((account) => account.providerId).sort();
  });
}

/** Relative luminance (0 black … 1 white) of the page background, to tell the theme a person sees. */
export async function backgroundLuminance(page: Page): Promise<number> {
  const color = await page.evaluate(() => {
    const body = getComputedStyle(document.body).backgroundColor;
    const html = getComputedStyle(document.documentElement).backgroundColor;
    return body === 'rgba(0, 0, 0, 0)' ? html : body;
  });
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/**
 * Writes `e2e/screenshots/<journey>/<nn>-<screen>-<lang>-<theme>.png`, numbered in the order taken.
 * Screenshots of the same journey, language and theme from an earlier run are removed first.
 *
 * Every screen photographed is also checked with axe-core (WCAG 2.1 A/AA, `support/axe.ts`), so
 * each screen of every journey, in the language and theme it runs in, has no violations. Not
 * checked: the screenshots of a failed step, and pages that are not the web app (the local
 * OpenID provider's login and consent pages, which have no `#root`).
 */
export class Screenshots {
  private count = 0;
  readonly dir: string;

  /**
   * `checkOtherTheme`: a journey that runs in one theme only has each screen checked with axe in
   * the other theme as well (the system's colour scheme switched and back, see `support/axe.ts`).
   */
  constructor(
    journey: string,
    private readonly lang: LanguageTag,
    private readonly theme: Theme,
    private readonly options: { checkOtherTheme?: boolean } = {},
  ) {
    this.dir = join(SCREENSHOTS_DIR, journey);
    mkdirSync(this.dir, { recursive: true });
    const suffix = `-${lang}-${theme}.png`;
    for (const file of readdirSync(this.dir)) {
      if (file.endsWith(suffix)) rmSync(join(this.dir, file));
    }
  }

  async take(page: Page, screen: string): Promise<string> {
    this.count += 1;
    const file = join(this.dir, `${String(this.count).padStart(2, '0')}-${screen}-${this.lang}-${this.theme}.png`);
    // a full-page image of a scrolled page draws the sticky header mid-page: shoot from the top
    await page.evaluate(async () => {
      await document.fonts.ready;
      window.scrollTo(0, 0);
    });
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    if (!screen.startsWith('failed-') && (await page.locator('#root').count()) > 0) {
      const label = `${screen} (${this.lang}, ${this.theme})`;
      await expectNoAxeViolations(page, label);
      if (this.options.checkOtherTheme) await expectNoAxeViolationsInOtherTheme(page, label);
    }
    return file;
  }
}
