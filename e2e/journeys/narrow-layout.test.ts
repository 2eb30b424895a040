/**
 * The signed-in frame on a 375 px phone (issue 16 item 4), in real Chromium: the header holds the
 * brand, the tools and the organization switcher in at most two rows, the organization's name is
 * readable (or, when too long, cut with an ellipsis and still whole in the button's name and
 * tooltip), and the settings and organization section tabs wrap instead of scrolling sideways out
 * of sight. Measured in the browser, in English and German (longer words), light and dark.
 * Screenshots in e2e/screenshots/narrow-layout/.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { newJourneyContext, skipBrowserJourneys } from '../support/browser.ts';
import { type Environment, serviceLogErrors, startEnvironment } from '../support/environment.ts';
import { journeySteps } from '../support/journey.ts';
import { exactly, messagesFor, Screenshots } from '../support/ui.ts';

const skip = skipBrowserJourneys();
const WIDTH = 375;
const en = messagesFor('en');
const de = messagesFor('de');

/** Where an element is drawn, rounded to whole pixels. */
interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element is not drawn');
  return {
    top: Math.round(box.y),
    bottom: Math.round(box.y + box.height),
    left: Math.round(box.x),
    right: Math.round(box.x + box.width),
  };
}

/** How many rows the boxes make: boxes whose vertical middles are within 12 px share a row. */
function rowsOf(boxes: Box[]): number {
  const middles = boxes.map((b) => (b.top + b.bottom) / 2).sort((a, b) => a - b);
  let rows = 0;
  let last = Number.NEGATIVE_INFINITY;
  for (const middle of middles) {
    if (middle - last > 12) rows += 1;
    last = middle;
  }
  return rows;
}

describe.skipIf(skip)('narrow layout journey (375px)', () => {
  const person = { name: 'Grace Hopper', email: 'grace.narrow@example.test', password: 'correct horse battery' };
  const organization = { name: 'Analytical Engines', slug: 'analytical-engines-narrow' };
  const longName = 'The Worshipful Company of Analytical Engine Makers and Mill Designers';

  let env: Environment;
  let context: BrowserContext;
  let page: Page;
  let shots: Screenshots;
  const uncaught: string[] = [];

  beforeAll(async () => {
    env = await startEnvironment();
    shots = new Screenshots('narrow-layout', 'en', 'light');
    context = await newJourneyContext(env.browser, {
      baseURL: env.latch.baseURL,
      viewport: { width: WIDTH, height: 740 },
    });
    page = await context.newPage();
    page.on('pageerror', (error) => uncaught.push(`${page.url()}: ${error.stack ?? error.message}`));
  }, 120_000);

  afterAll(async () => {
    await env?.close();
  }, 30_000);

  const step = journeySteps({ env: () => env, pages: () => ({ '': page }), shots: () => shots });

  const banner = () => page.getByRole('banner');
  const switcher = () => banner().getByRole('button', { name: new RegExp(`^${en.organization.switcherLabel}`) });
  const heading = (text: string) => page.getByRole('heading', { level: 1, name: exactly(text) });

  /** POST from the page, with its cookies and origin, as the app's own calls go. */
  const apiPost = (path: string, body: unknown) =>
    page.evaluate(
      async ({ url, json }) => {
        const response = await fetch(url, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(json),
        });
        return response.status;
      },
      { url: `/api/auth${path}`, json: body },
    );

  /** The header's measures: its height and the rows its parts are drawn in. */
  const measureHeader = async () => {
    const parts = [
      banner().getByRole('link').first(), // the brand
      switcher(),
      banner().getByRole('button', { name: exactly(en.common.signOut) }),
      banner().getByRole('combobox'),
    ];
    const boxes = await Promise.all(parts.map(boxOf));
    const header = await boxOf(banner());
    return { height: header.bottom - header.top, rows: rowsOf(boxes), boxes };
  };

  /** Every tab of a section navigation is drawn inside the screen, and the strip does not scroll. */
  const expectTabsFit = async (navName: string) => {
    const nav = page.getByRole('navigation', { name: exactly(navName) });
    const overflow = await nav.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
    const links = await nav.getByRole('link').all();
    expect(links.length).toBeGreaterThan(2);
    for (const link of links) {
      const box = await boxOf(link);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(WIDTH);
    }
    // nor does the page as a whole
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
    return nav;
  };

  step('a person signs up on a phone and has an organization', async () => {
    await page.goto('/sign-up');
    await page.getByLabel(exactly(en.signUp.nameLabel)).fill(person.name);
    await page.getByLabel(exactly(en.common.email)).fill(person.email);
    await page.getByLabel(exactly(en.common.password)).fill(person.password);
    await page.getByRole('button', { name: exactly(en.signUp.submit) }).click();
    await page.waitForURL('**/settings/profile');
    expect(await apiPost('/organization/create', organization)).toBe(200);
    await page.reload();
    await switcher().filter({ hasText: organization.name }).waitFor();
  });

  step('the header takes two rows at most, with the whole organization name readable', async () => {
    const { height, rows, boxes } = await measureHeader();
    expect(rows).toBeLessThanOrEqual(2);
    // two rows of 40 px controls with the header's padding; three rows were 150 px and more
    expect(height).toBeLessThanOrEqual(112);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(WIDTH);
    const name = switcher().locator('.org-switch__name');
    expect(await name.textContent()).toBe(organization.name);
    const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(false);
    await shots.take(page, 'header-short-name');
  });

  step('a long organization name is cut with an ellipsis but whole in the button name and tooltip', async () => {
    expect(await apiPost('/organization/update', { data: { name: longName } })).toBe(200);
    await page.reload();
    await switcher().filter({ hasText: longName }).waitFor();
    const { height, rows } = await measureHeader();
    expect(rows).toBeLessThanOrEqual(2);
    expect(height).toBeLessThanOrEqual(112);
    const name = switcher().locator('.org-switch__name');
    const drawn = await name.evaluate((el) => ({
      cut: el.scrollWidth > el.clientWidth,
      ellipsis: getComputedStyle(el).textOverflow,
    }));
    expect(drawn).toEqual({ cut: true, ellipsis: 'ellipsis' });
    expect(await switcher().getAttribute('title')).toBe(longName);
    expect(await switcher().evaluate((el) => el.textContent)).toContain(longName);
    const button = await boxOf(switcher());
    expect(button.right).toBeLessThanOrEqual(WIDTH);
    // the list spells it out whole, inside the screen
    await switcher().click();
    const item = banner().getByRole('button', { name: new RegExp(`^${longName}`) });
    await item.waitFor();
    const itemBox = await boxOf(item);
    expect(itemBox.left).toBeGreaterThanOrEqual(0);
    expect(itemBox.right).toBeLessThanOrEqual(WIDTH);
    await shots.take(page, 'header-long-name-open');
    await page.keyboard.press('Escape');
  });

  step('a signed-in page does not jump down when the header’s parts arrive', async () => {
    // The header's code, then the organization switcher's, arrive after the page's own content;
    // on a phone the switcher takes a row of its own. The row is held from the first paint of a
    // signed-in page, so its heading, once drawn, never moves (a jump moves a button under a
    // finger). Every frame of a fresh load records where the page's <h1> is drawn.
    await page.addInitScript(() => {
      const store = globalThis as unknown as { latchHeadingTops: number[] };
      store.latchHeadingTops = [];
      const started = performance.now();
      const frame = () => {
        const top = document.querySelector('main h1')?.getBoundingClientRect().top;
        if (top !== undefined) store.latchHeadingTops.push(Math.round(top));
        if (performance.now() - started < 4000) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    for (const [path, title] of [
      ['/settings/profile', en.settings.profile],
      ['/settings/sessions', en.settings.sessions],
    ] as const) {
      await page.goto(path);
      await heading(title).waitFor();
      await switcher().waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const tops = await page.evaluate(
        () => (globalThis as unknown as { latchHeadingTops: number[] }).latchHeadingTops,
      );
      expect(tops.length, path).toBeGreaterThan(0);
      expect([...new Set(tops)], path).toEqual([tops[0]]);
    }
  });

  step('the settings tabs wrap inside the screen; a deep link to the last one shows it current', async () => {
    await page.goto('/settings/delete');
    await heading(en.settings.deleteAccount).waitFor();
    const nav = await expectTabsFit(en.settings.navLabel);
    const current = nav.getByRole('link', { name: exactly(en.settings.deleteAccount) });
    expect(await current.getAttribute('aria-current')).toBe('page');
    expect(await current.isVisible()).toBe(true);
    await shots.take(page, 'settings-tabs');
  });

  step('the organization tabs wrap likewise, and a deep link lands on the tab it names', async () => {
    await page.goto('/organization/settings');
    await heading(en.organization.settings).waitFor();
    const nav = await expectTabsFit(en.organization.navLabel);
    expect(await nav.getByRole('link', { name: exactly(en.organization.settings) }).getAttribute('aria-current')).toBe(
      'page',
    );
    await shots.take(page, 'organization-tabs');
  });

  step('in German and the dark theme (longer words) the header and the tabs still fit', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/settings/profile');
    await heading(en.settings.profile).waitFor();
    await banner().getByLabel(exactly(en.common.language)).selectOption('de');
    await page.getByRole('navigation', { name: exactly(de.settings.navLabel) }).waitFor();
    await expectTabsFit(de.settings.navLabel);
    const parts = [
      banner().getByRole('link').first(),
      banner().getByRole('button', { name: new RegExp(`^${de.organization.switcherLabel}`) }),
      banner().getByRole('button', { name: exactly(de.common.signOut) }),
    ];
    const boxes = await Promise.all(parts.map(boxOf));
    expect(rowsOf(boxes)).toBeLessThanOrEqual(2);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(WIDTH);
    await page.goto('/organization/members');
    await page.getByRole('heading', { level: 1, name: exactly(de.organization.members) }).waitFor();
    await expectTabsFit(de.organization.navLabel);
    await shots.take(page, 'organization-tabs-de-dark');
  });

  step('meets no uncaught errors and leaves none in the service log', async () => {
    expect(uncaught).toEqual([]);
    expect(serviceLogErrors(env)).toEqual([]);
  });
});
