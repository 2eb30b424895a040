/**
 * The operator's brand (issue 16 item 8), in real Chromium: a service configured with a logo
 * (light and dark), a favicon, a primary colour, support and legal links and no "Protected by"
 * line shows them on the sign-in page and in the settings, in both themes, under the strict
 * CSP, and in the verification mail read from the SMTP receiver. The logo and favicon are paths
 * under the app, answered here as an operator's proxy would answer them on the same origin.
 * Screenshots in e2e/screenshots/branding/ (the branded sign-in page is also docs/images/).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { brandPalette } from '../../packages/server/src/core/config/branding.ts';
import { newJourneyContext, skipBrowserJourneys, WAIT_MS } from '../support/browser.ts';
import { type Environment, serviceLogErrors, startEnvironment } from '../support/environment.ts';
import { journeySteps } from '../support/journey.ts';
import { exactly, messagesFor, Screenshots } from '../support/ui.ts';

const t = messagesFor('en');
const skip = skipBrowserJourneys();

const APP = 'Acme ID';
const PRIMARY = '#0f766e';
const palette = brandPalette(PRIMARY);
const branding = {
  logo: { light: '/brand/logo-light.svg', dark: '/brand/logo-dark.svg' },
  favicon: '/brand/favicon.svg',
  primaryColor: PRIMARY,
  supportURL: 'https://help.acme.example/',
  termsURL: 'https://acme.example/terms',
  privacyURL: 'https://acme.example/privacy',
  poweredBy: false,
};

/** A word mark in the brand's colour: dark text for the light theme, light text for the dark one. */
function logoSvg(text: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="148" height="32" viewBox="0 0 148 32"><rect width="32" height="32" rx="16" fill="${PRIMARY}"/><path d="M9 22 16 9l7 13z" fill="#fff"/><text x="40" y="23" font-family="sans-serif" font-size="20" font-weight="700" fill="${text}">Acme ID</text></svg>`;
}

const ASSETS: Record<string, string> = {
  '/brand/logo-light.svg': logoSvg('#0b3b37'),
  '/brand/logo-dark.svg': logoSvg('#e6fffb'),
  '/brand/favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="16" fill="${PRIMARY}"/></svg>`,
};

/** `#rrggbb` as the browser reports a computed colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe.skipIf(skip)('branding journey (en, light and dark, 1280px)', () => {
  const person = { name: 'Ada Brand', email: 'ada.brand@example.test', password: 'copper kettle orchard 88' };

  let env: Environment;
  let light: Screenshots;
  let dark: Screenshots;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    env = await startEnvironment({ appName: APP, config: { branding } });
    light = new Screenshots('branding', 'en', 'light');
    dark = new Screenshots('branding', 'en', 'dark');
    context = await newJourneyContext(env.browser, { baseURL: env.latch.baseURL });
    // the operator's proxy: /brand/* on Latch's own origin
    await context.route(
      (url) => url.pathname.startsWith('/brand/'),
      (route) => {
        const body = ASSETS[new URL(route.request().url()).pathname];
        return body ? route.fulfill({ contentType: 'image/svg+xml', body }) : route.fulfill({ status: 404 });
      },
    );
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: console: ${message.text()}`);
    });
  }, 120_000);

  afterAll(async () => {
    await env?.close();
  }, 30_000);

  const step = journeySteps({ env: () => env, pages: () => ({ main: page }), shots: () => light });
  const field = (label: string) => page.getByLabel(exactly(label));
  const logo = () => page.getByRole('banner').getByRole('img', { name: exactly(APP) });
  const background = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);

  /** The brand as every screen shows it: logo loaded, favicon, footer links, no "Protected by". */
  const expectBrand = async (theme: 'light' | 'dark') => {
    await logo().waitFor();
    expect(await logo().getAttribute('src')).toBe(branding.logo[theme]);
    await page.waitForFunction(() => {
      // the theme's version: the other is not displayed
      const image = [...document.querySelectorAll<HTMLImageElement>('.brand__logo')].find((i) => i.offsetParent);
      return image?.complete && image.naturalWidth > 0;
    });
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe(branding.favicon);
    const footer = page.getByRole('navigation', { name: exactly(t.common.footerLinks) });
    expect(await footer.getByRole('link', { name: exactly(t.common.support) }).getAttribute('href')).toBe(
      branding.supportURL,
    );
    expect(await footer.getByRole('link', { name: exactly(t.common.terms) }).getAttribute('href')).toBe(
      branding.termsURL,
    );
    expect(await footer.getByRole('link', { name: exactly(t.common.privacy) }).getAttribute('href')).toBe(
      branding.privacyURL,
    );
    expect(await page.getByText(/Protected by/).count()).toBe(0);
  };

  step('the sign-in page shows the logo, the favicon, the colour and the links', async () => {
    await page.goto('/sign-in');
    await page.getByRole('heading', { level: 1, name: exactly(t.signIn.title) }).waitFor();
    expect(await page.title()).toContain(APP);
    await expectBrand('light');
    expect(await background('.button--primary')).toBe(rgb(palette.light.accent));
    await light.take(page, 'sign-in');
  });

  step('the settings show the brand after sign-up, in the light theme and the dark one', async () => {
    await page.goto('/sign-up');
    await field(t.signUp.nameLabel).fill(person.name);
    await field(t.common.email).fill(person.email);
    await field(t.common.password).fill(person.password);
    await page.getByRole('button', { name: exactly(t.signUp.submit) }).click();
    await page.waitForURL('**/settings/profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectBrand('light');
    expect(await background('.button--primary')).toBe(rgb(palette.light.accent));
    await light.take(page, 'settings');

    await page.getByRole('button', { name: exactly(t.common.themeToDark) }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await expectBrand('dark');
    expect(await background('.button--primary')).toBe(rgb(palette.dark.accent));
    const link = await page
      .locator('.site-footer a')
      .first()
      .evaluate((element) => getComputedStyle(element).color);
    expect(link).toBe(rgb(palette.dark.link));
    await dark.take(page, 'settings');
  });

  step('the verification mail carries the logo, the colour and the links', async () => {
    const mail = await env.smtp.waitFor(
      (m) => m.to.includes(person.email) && m.links.some((l) => l.includes('/verify-email?')),
      WAIT_MS,
    );
    expect(mail.html).toContain(`<img src="${env.latch.baseURL}/brand/logo-light.svg" alt="${APP}"`);
    expect(mail.html).toContain(`bgcolor="${palette.light.accent}"`);
    expect(mail.links).toEqual(expect.arrayContaining([branding.supportURL, branding.termsURL, branding.privacyURL]));
    expect(mail.text).toContain(`${t.common.support}: ${branding.supportURL}`);
    // the mail as a reader sees it
    const reader = await context.newPage();
    await reader.setContent(mail.html, { waitUntil: 'load' });
    await reader.getByRole('img', { name: exactly(APP) }).waitFor();
    expect(await reader.getByRole('link', { name: exactly('Privacy policy') }).getAttribute('href')).toBe(
      branding.privacyURL,
    );
    await light.take(reader, 'verification-mail');
    await reader.close();
  });

  step('meets no uncaught errors, no CSP refusals and no service log errors', async () => {
    expect(problems).toEqual([]);
    expect(serviceLogErrors(env)).toEqual([]);
  });
});
