/**
 * Debian's Chromium driven by playwright-core (no browser download). Where it is missing the
 * journeys are skipped with a line saying so, except under CI=true, where that is a failure.
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.LATCH_E2E_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumAvailable = existsSync(CHROMIUM_PATH);
const inCI = process.env.CI === 'true';

/**
 * True when the journeys should be skipped. Prints why once per file; under CI=true a missing
 * browser is not a reason to skip, so the journeys run and fail in `launchChromium`.
 */
export function skipBrowserJourneys(): boolean {
  if (chromiumAvailable) return false;
  if (inCI) return false;
  process.stdout.write(
    `e2e: skipping the browser journeys: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium; under CI=true this fails)\n`,
  );
  return true;
}

export async function launchChromium(): Promise<Browser> {
  if (!chromiumAvailable) {
    throw new Error(`e2e: no Chromium at ${CHROMIUM_PATH}; CI=true requires it (apt-get install chromium)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** How long a journey waits for anything a person would wait for (elements, mail, polls). */
export const WAIT_MS = 30_000;

export interface JourneyContextOptions {
  baseURL: string;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
}

/**
 * A browser context for a journey: Latch's origin, English first (a journey switches with the
 * language switcher), Berlin time, a person's patience, and hermetic: only the local servers
 * answer (the OpenID provider's login page asks Google for a web font).
 */
export async function newJourneyContext(browser: Browser, options: JourneyContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
  });
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.abort('blockedbyclient'),
  );
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(15_000);
  return context;
}
