/**
 * The two-factor journey, through the web app only, in real Chromium: sign up → turn two-factor
 * on in the settings (the QR code, the key and the backup codes; the first code confirms it) →
 * sign out → sign in with the password, where a wrong code is refused and a fresh code from the
 * "authenticator app" passes the challenge and returns the person to the page they asked for →
 * sign out → sign in with a backup code → a used backup code is refused the next time → sign in
 * with a code sent by email (received over SMTP).
 *
 * The test is the authenticator app: it reads the key the page shows and computes codes with the
 * server's own RFC 6238 functions (packages/server/src/features/two-factor/totp.ts).
 * Screenshots of each screen go to e2e/screenshots/two-factor/.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { TOTP_PERIOD_SECONDS, totp } from '../../packages/server/src/features/two-factor/totp.ts';
import { newJourneyContext, skipBrowserJourneys, WAIT_MS } from '../support/browser.ts';
import { type Environment, serviceLogErrors, startEnvironment } from '../support/environment.ts';
import { journeySteps } from '../support/journey.ts';
import { exactly, messagesFor, Screenshots, serverSession } from '../support/ui.ts';

// generous: a wait ends as soon as the page is ready, and CI shares two cores with the server and the database suites
const t = messagesFor('en');
const skip = skipBrowserJourneys();

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 §6 base32 (no padding, spaces ignored): the key as the otpauth URI and the page carry it. */
function base32Decode(text: string): Uint8Array {
  const bytes: number[] = [];
  let value = 0;
  let bits = 0;
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${JSON.stringify(char)} in ${text}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  return Uint8Array.from(bytes);
}

/** A six-digit code that is valid in none of the steps the server could accept around now. */
function wrongCode(key: Uint8Array): string {
  const now = Date.now();
  const period = TOTP_PERIOD_SECONDS * 1000;
  const valid = new Set([-2, -1, 0, 1, 2].map((offset) => totp(key, now + offset * period)));
  for (let n = 0; ; n++) {
    const candidate = String((123456 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

describe.skipIf(skip)('two-factor journey (en, light, 1280px)', () => {
  const person = { name: 'Grace Hopper', email: 'grace.2fa@example.test', password: 'correct horse battery' };

  let env: Environment;
  let context: BrowserContext;
  let page: Page;
  let shots: Screenshots;
  /** Uncaught exceptions of the page (the journey fails on any), and console errors (for failure messages). */
  const uncaught: string[] = [];
  const pageErrors: string[] = [];
  /** What the person noted down while turning two-factor on. */
  let key: Uint8Array = new Uint8Array();
  let backupCodes: string[] = [];

  beforeAll(async () => {
    env = await startEnvironment();
    shots = new Screenshots('two-factor', 'en', 'light', { checkOtherTheme: true });
    context = await newJourneyContext(env.browser, { baseURL: env.latch.baseURL });
    page = await context.newPage();
    page.on('pageerror', (error) => {
      const line = `${page.url()}: ${error.stack ?? error.message}`;
      uncaught.push(line);
      pageErrors.push(line);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`${page.url()}: console: ${message.text()}`);
    });
  }, 120_000);

  afterAll(async () => {
    await env?.close();
  }, 30_000);

  const step = journeySteps({
    env: () => env,
    pages: () => ({ '': page }),
    shots: () => shots,
    browserErrors: () => pageErrors,
  });

  // -- locators --------------------------------------------------------------------------------

  const heading = (text: string) => page.getByRole('heading', { level: 1, name: exactly(text) });
  const field = (label: string) => page.getByLabel(exactly(label));
  const button = (name: string, within: Page | Locator = page) => within.getByRole('button', { name: exactly(name) });
  const status = (text: string) => page.getByRole('status').filter({ hasText: exactly(text) });
  const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });
  const badge = (text: string) => page.locator('.badge').filter({ hasText: exactly(text) });

  /** Whether the server reports two-factor on for this page's session (null: no session). */
  const twoFactorOnServer = () =>
    page.evaluate(async () => {
      const response = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
      const text = await response.text();
      const body = text ? (JSON.parse(text) as { user?: { twoFactorEnabled?: boolean } } | null) : null;
      return body?.user ? body.user.twoFactorEnabled === true : null;
    });

  const signOut = async () => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: exactly(t.common.signOut) })
      .click();
    await page.waitForURL('**/sign-in?signedOut=1');
    await visible(status(t.signIn.signedOut));
  };

  /** Asks for a settings page while signed out, and signs in with the password: the challenge follows. */
  const signInToChallenge = async () => {
    await page.goto('/settings/two-factor');
    await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.has('next'));
    await visible(heading(t.signIn.title));
    await field(t.signIn.identifierLabel).fill(person.email);
    await field(t.common.password).fill(person.password);
    await button(t.signIn.submit).click();
    await page.waitForURL(
      (url) => url.pathname === '/two-factor' && url.searchParams.get('next') === '/settings/two-factor',
    );
    await visible(heading(t.twoFactor.title));
    // the password alone opens no session
    expect(await serverSession(page)).toBeNull();
  };

  /** Back on the page asked for, signed in, with two-factor still on. */
  const landedSignedIn = async () => {
    await page.waitForURL((url) => url.pathname === '/settings/two-factor');
    await visible(heading(t.settings.twoFactor));
    await visible(badge(t.twoFactorSettings.on));
    expect(await twoFactorOnServer()).toBe(true);
  };

  // -- the journey -----------------------------------------------------------------------------

  step('signs up', async () => {
    await page.goto('/sign-up');
    await visible(heading(t.signUp.title));
    await field(t.signUp.nameLabel).fill(person.name);
    await field(t.common.email).fill(person.email);
    await field(t.common.password).fill(person.password);
    await button(t.signUp.submit).click();
    await page.waitForURL('**/settings/profile');
    await visible(heading(t.settings.profile));
    expect(await twoFactorOnServer()).toBe(false);
  });

  step('turns two-factor on in the settings: QR code, key, backup codes, then a code from the app', async () => {
    await page
      .getByRole('navigation', { name: exactly(t.settings.navLabel) })
      .getByRole('link', { name: exactly(t.settings.twoFactor) })
      .click();
    await page.waitForURL('**/settings/two-factor');
    await visible(heading(t.settings.twoFactor));
    await visible(badge(t.twoFactorSettings.off));
    await shots.take(page, 'settings-off');

    await button(t.twoFactorSettings.turnOn).click();
    await field(t.twoFactorSettings.passwordLabel).fill(person.password);
    await button(t.common.continue).click();

    const figure = page.getByRole('figure', { name: exactly(t.twoFactorSettings.qrLabel) });
    await visible(figure);
    const image = figure.getByRole('img', { name: exactly(t.twoFactorSettings.qrLabel) });
    await visible(image);
    // the QR code really is drawn, not a broken image
    expect(await image.evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    const secret = (await page.locator('.secret').textContent())?.replace(/\s+/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    key = base32Decode(secret);
    // Latch's keys are 32 characters of [A-Za-z0-9_-] (docs/two-factor.md)
    expect(new TextDecoder().decode(key)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const codesList = page.getByRole('list', { name: exactly(t.twoFactorSettings.backupTitle) });
    await visible(codesList);
    backupCodes = (await codesList.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(backupCodes.length).toBeGreaterThanOrEqual(2);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    await shots.take(page, 'settings-enrol');
    // not on before the app is confirmed
    expect(await twoFactorOnServer()).toBe(false);

    await field(t.twoFactorSettings.codeLabel).fill(totp(key, Date.now()));
    await button(t.twoFactorSettings.confirm).click();
    await visible(status(t.twoFactorSettings.enabled));
    await visible(badge(t.twoFactorSettings.on));
    await shots.take(page, 'settings-on');
    expect(await twoFactorOnServer()).toBe(true);
  });

  step('signs out, signs in with the password and passes the challenge with a code from the app', async () => {
    await signOut();
    await signInToChallenge();
    await shots.take(page, 'challenge');

    // a wrong code is refused on the field, and the challenge goes on
    await field(t.twoFactor.totpLabel).fill(wrongCode(key));
    await button(t.twoFactor.submit).click();
    await visible(page.getByText(exactly(t.errors.INVALID_CODE)));
    expect(await field(t.twoFactor.totpLabel).getAttribute('aria-invalid')).toBe('true');
    await shots.take(page, 'challenge-wrong-code');
    expect(await serverSession(page)).toBeNull();

    // not trusted: the next sign-in in this browser must ask again
    expect(await field(t.twoFactor.trustDevice).isChecked()).toBe(false);
    // the first code of a sign-in: the step used while enrolling is not spent (docs/two-factor.md)
    await field(t.twoFactor.totpLabel).fill(totp(key, Date.now()));
    await button(t.twoFactor.submit).click();
    await landedSignedIn();
    expect(await serverSession(page)).toMatchObject({ user: { email: person.email } });
  });

  step('signs out, signs in again and passes the challenge with a backup code', async () => {
    await signOut();
    await signInToChallenge();
    await button(t.twoFactor.useBackup).click();
    await visible(page.getByText(exactly(t.twoFactor.backupSubtitle)));
    await field(t.twoFactor.backupLabel).fill(backupCodes[0] ?? '');
    await shots.take(page, 'challenge-backup-code');
    await button(t.twoFactor.submit).click();
    await landedSignedIn();
    await shots.take(page, 'signed-in-with-backup-code');
  });

  step('refuses a backup code that was used already, and takes another one', async () => {
    await signOut();
    await signInToChallenge();
    await button(t.twoFactor.useBackup).click();
    await field(t.twoFactor.backupLabel).fill(backupCodes[0] ?? '');
    await button(t.twoFactor.submit).click();
    await visible(page.getByText(exactly(t.errors.INVALID_BACKUP_CODE)));
    expect(await serverSession(page)).toBeNull();
    await field(t.twoFactor.backupLabel).fill(backupCodes[1] ?? '');
    await button(t.twoFactor.submit).click();
    await landedSignedIn();
  });

  step('signs in with a code sent by email', async () => {
    await signOut();
    await signInToChallenge();
    const before = env.smtp.messages.length;
    await button(t.twoFactor.sendOtp).click();
    await visible(status(t.twoFactor.otpSent));
    const mail = await env.smtp.waitFor(
      (m) => env.smtp.messages.indexOf(m) >= before && m.kind === 'two-factor-otp' && m.to.includes(person.email),
      WAIT_MS,
    );
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code, mail.text).toBeDefined();
    await field(t.twoFactor.otpLabel).fill(code ?? '');
    await shots.take(page, 'challenge-emailed-code');
    await button(t.twoFactor.submit).click();
    await landedSignedIn();
  });

  step('meets no uncaught errors in the browser', async () => {
    expect(uncaught).toEqual([]);
  });

  step('leaves no errors in the service log', async () => {
    expect(serviceLogErrors(env)).toEqual([]);
  });
});
