/**
 * The sign-in and sign-up screens in all eight languages and both themes, on a small phone (360 px), each
 * language picked with the language switcher: the page speaks that language (heading, `<html lang>`)
 * and nothing is wider than the screen (long German or Ukrainian words must not push the layout
 * sideways). The account journeys cover the signed-in screens in English and German.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../apps/web/src/i18n/languages.ts';
import { newJourneyContext, skipBrowserJourneys } from '../support/browser.ts';
import { type Environment, startEnvironment } from '../support/environment.ts';
import { exactly, messagesFor, Screenshots, type Theme } from '../support/ui.ts';

const THEMES: readonly Theme[] = ['light', 'dark'];

describe.skipIf(skipBrowserJourneys())('every language, both themes, on a phone', () => {
  let env: Environment;

  beforeAll(async () => {
    env = await startEnvironment();
  }, 120_000);

  afterAll(async () => {
    await env?.close();
  }, 30_000);

  for (const theme of THEMES) {
    it(`shows sign-in and sign-up in each language (${theme})`, async () => {
      const context: BrowserContext = await newJourneyContext(env.browser, {
        baseURL: env.latch.baseURL,
        viewport: { width: 360, height: 740 },
        colorScheme: theme,
      });
      try {
        const page: Page = await context.newPage();
        await page.goto('/sign-in');
        let current = messagesFor('en');
        for (const { tag } of LANGUAGES) {
          const t = messagesFor(tag);
          const shots = new Screenshots('languages', tag, theme);
          // the switcher is labelled in the language currently shown
          await page.getByRole('banner').getByLabel(exactly(current.common.language)).selectOption(tag);
          current = t;
          // the page switches once the language's messages have arrived (each language is a file of its own)
          await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(tag);

          // sign-in → sign-up → back, by the links a person would follow
          const steps: [string, string, () => Promise<void>][] = [
            ['sign-in', t.signIn.title, async () => {}],
            [
              'sign-up',
              t.signUp.title,
              () => page.getByRole('link', { name: exactly(t.signIn.createAccount) }).click(),
            ],
          ];
          for (const [screen, title, go] of steps) {
            await go();
            await page.getByRole('heading', { level: 1, name: exactly(title) }).waitFor();
            // a new screen starts at its top, even when the link was at the bottom of the last one
            expect(await page.evaluate(() => window.scrollY), `${screen} in ${tag} opens scrolled down`).toBe(0);
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            expect(overflow, `${screen} in ${tag} (${theme}) is wider than the screen`).toBeLessThanOrEqual(0);
            await shots.take(page, screen);
          }
          await page
            .getByRole('main')
            .getByRole('link', { name: exactly(t.common.signIn) })
            .click();
        }
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
