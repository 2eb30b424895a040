/**
 * The sign-in page's weight (issue 14 item 4): the production build of the current sources, served
 * by the real service (brotli copies, as browsers get them), opened at /sign-in in a fresh Chromium
 * context with nothing cached. Every JavaScript response the page receives until the network is idle
 * is added up at the size it crossed the wire with (the encoded body), and the sum must stay within
 * the budget. The page must work (the sign-in form is there), and what it must not download is
 * checked by what the files contain, read from their source maps: no module of the admin console
 * (src/pages/admin), no QR code library (uqr), one language only. Prints the figure and each file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newJourneyContext, skipBrowserJourneys } from '../support/browser.ts';
import { type Environment, startEnvironment } from '../support/environment.ts';
import { ROOT } from '../support/paths.ts';
import { exactly, messagesFor } from '../support/ui.ts';

/**
 * Issue 14's budget for the first load of /sign-in: JavaScript, compressed as served. Measured 99.6
 * KB on 2026-11-25: React 19 (react-dom and the scheduler) is about 60 KB of it, the router 13 and
 * the query cache 9; the rest is the sign-in page, the frame, the API client and the first part of
 * the English messages (2.1 KB). docs/performance.md, "Web app weight", says what keeps it there.
 */
const BUDGET_BYTES = 100 * 1024;

const skip = skipBrowserJourneys();
const ASSETS = join(ROOT, 'apps/web/dist/assets');
const en = messagesFor('en');
const de = messagesFor('de');

interface Loaded {
  path: string;
  encoding: string;
  /** The body's size on the wire (after content-encoding). */
  bytes: number;
}

/** The sources (modules) a built file was made from, by its source map beside it in dist. */
function sourcesOf(path: string): string[] {
  const map = join(ROOT, 'apps/web/dist', `${path}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

const ADMIN = /(^|\/)src\/pages\/admin\//;
const QR = /node_modules\/uqr\//;
const LOCALE = /(^|\/)src\/i18n\/locales\/([a-z]{2})\.ts$/;

describe.skipIf(skip)('the web app’s weight: first load of /sign-in', () => {
  let env: Environment;
  let context: BrowserContext;
  let page: Page;
  const scripts: Loaded[] = [];
  const pending: Promise<void>[] = [];

  const record = (response: Response) => {
    const url = new URL(response.url());
    if (url.origin !== env.latch.baseURL || !/\.m?js$/.test(url.pathname)) return;
    pending.push(
      (async () => {
        const [headers, sizes] = await Promise.all([response.allHeaders(), response.request().sizes()]);
        scripts.push({
          path: url.pathname,
          encoding: headers['content-encoding'] ?? 'identity',
          bytes: sizes.responseBodySize,
        });
      })(),
    );
  };

  /** The sources of every file requested so far. */
  const requestedSources = () => scripts.flatMap((script) => sourcesOf(script.path));

  beforeAll(async () => {
    env = await startEnvironment();
    context = await newJourneyContext(env.browser, { baseURL: env.latch.baseURL });
    page = await context.newPage();
    page.on('response', record);
  });

  afterAll(async () => {
    await context?.close();
    await env?.close();
  });

  it('opens /sign-in within the budget of JavaScript, compressed, with a working form', async () => {
    await page.goto('/sign-in', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: exactly(en.signIn.title) }).waitFor();
    await expect(page.getByRole('button', { name: exactly(en.signIn.submit) }).isVisible()).resolves.toBe(true);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);

    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const lines = scripts
      .slice()
      .sort((a, b) => b.bytes - a.bytes)
      .map((s) => `  ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.encoding.padEnd(8)} ${s.path}`);
    process.stdout.write(
      `web budget: /sign-in loads ${scripts.length} JavaScript files, ${(total / 1024).toFixed(1)} KB compressed (budget ${BUDGET_BYTES / 1024} KB)\n${lines.join('\n')}\n`,
    );

    // the service sends the brotli copies the build wrote: every file big enough to have one comes as br
    for (const script of scripts) {
      if (existsSync(join(ROOT, 'apps/web/dist', `${script.path}.br`))) expect(script.encoding, script.path).toBe('br');
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('downloads no admin console, no QR code library and one language', () => {
    // the build has them (so the check below can fail): in files of their own
    const built = readdirSync(ASSETS)
      .filter((name) => name.endsWith('.js'))
      .flatMap((name) => sourcesOf(`/assets/${name}`));
    expect(built.some((source) => ADMIN.test(source))).toBe(true);
    expect(built.some((source) => QR.test(source))).toBe(true);

    const sources = requestedSources();
    expect(sources.filter((source) => ADMIN.test(source))).toEqual([]);
    expect(sources.filter((source) => QR.test(source))).toEqual([]);
    const languages = sources.flatMap((source) => LOCALE.exec(source)?.[2] ?? []);
    expect(languages).toEqual(['en']);
  });

  it('fetches another language when it is chosen, and only then switches', async () => {
    const before = scripts.length;
    await page.getByLabel(exactly(en.common.language)).selectOption('de');
    await page.getByRole('heading', { level: 1, name: exactly(de.signIn.title) }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const languages = scripts
      .slice(before)
      .flatMap((script) => sourcesOf(script.path))
      .flatMap((source) => LOCALE.exec(source)?.[2] ?? []);
    expect(languages).toEqual(['de']);
  });
});
