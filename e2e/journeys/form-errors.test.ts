/**
 * Errors as a person meets them, in real Chromium (issue 16 items 1 and 2). After the server
 * refuses a submit, focus lands where the message is and the message is announced (role="alert"):
 * the field whose value was refused (the password page's current password, the two-factor confirm
 * step's and the sign-in challenge's code), or the form's alert (sign-in with a wrong password).
 * Chromium ignores focus() on a control of a disabled fieldset, so a focus moved before the form
 * is enabled again shows up here as focus on <body>.
 *
 * Then the service stops in the middle of the session: signing out says the person is still
 * signed in (and leaves them where they are), and saving a form says the service cannot be
 * reached, keeps what was typed and offers to try again.
 *
 * Screenshots in e2e/screenshots/form-errors/.
 */
import { Secret } from 'otpauth';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { TOTP_PERIOD_SECONDS, totp } from '../../packages/server/src/features/two-factor/totp.ts';
import { newJourneyContext, skipBrowserJourneys } from '../support/browser.ts';
import { type Environment, serviceLogErrors, startEnvironment } from '../support/environment.ts';
import { journeySteps } from '../support/journey.ts';
import { exactly, messagesFor, Screenshots, serverSession } from '../support/ui.ts';

const t = messagesFor('en');
const skip = skipBrowserJourneys();

/** A six-digit code that is valid in none of the steps the server could accept around now. */
function wrongCode(key: Uint8Array): string {
  const now = Date.now();
  const period = TOTP_PERIOD_SECONDS * 1000;
  const valid = new Set([-2, -1, 0, 1, 2].map((offset) => totp(key, now + offset * period)));
  for (let n = 0; ; n++) {
    const candidate = String((654321 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

/** What has the keyboard focus, as a screen reader would start from it. */
interface Focused {
  tag: string;
  id: string;
  role: string | null;
  text: string;
  /** The texts of the elements its aria-describedby names, each with whether it is an alert. */
  described: { text: string; alert: boolean }[];
}

describe.skipIf(skip)('form errors journey (en, light, 1280px)', () => {
  const person = { name: 'Mary Jackson', email: 'mary.errors@example.test', password: 'correct horse battery' };

  let env: Environment;
  let context: BrowserContext;
  let page: Page;
  let shots: Screenshots;
  const uncaught: string[] = [];
  const pageErrors: string[] = [];
  /** The authenticator app's key, read off the enrolment page. */
  let key: Uint8Array = new Uint8Array();
  /** The service's log up to the moment it was stopped on purpose. */
  let logBeforeStop = '';

  beforeAll(async () => {
    env = await startEnvironment();
    shots = new Screenshots('form-errors', 'en', 'light', { checkOtherTheme: true });
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

  // -- locators and probes -------------------------------------------------------------------

  const heading = (text: string) => page.getByRole('heading', { level: 1, name: exactly(text) });
  const field = (label: string) => page.getByLabel(exactly(label));
  const button = (name: string, within: Page | Locator = page) => within.getByRole('button', { name: exactly(name) });
  const status = (text: string) => page.getByRole('status').filter({ hasText: exactly(text) });
  const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });

  const focused = (): Promise<Focused> =>
    page.evaluate(() => {
      const element = document.activeElement ?? document.body;
      const described = (element.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id))
        .filter((node): node is HTMLElement => node !== null)
        .map((node) => ({
          text: node.textContent?.trim() ?? '',
          alert: node.getAttribute('role') === 'alert' || node.closest('[aria-live]') !== null,
        }));
      return {
        tag: element.tagName.toLowerCase(),
        id: element.id,
        role: element.getAttribute('role'),
        text: element.textContent?.trim() ?? '',
        described,
      };
    });

  /** Focus is on the field labelled `label`, which is invalid and names an alert that says `message`. */
  const expectFocusOnRefusedField = async (label: string, message: string) => {
    const id = await field(label).getAttribute('id');
    await expect.poll(async () => (await focused()).id, { timeout: 10_000 }).toBe(id);
    const now = await focused();
    expect(now.tag).toBe('input');
    expect(await field(label).getAttribute('aria-invalid')).toBe('true');
    expect(now.described).toContainEqual({ text: message, alert: true });
  };

  /** Focus is on an alert (a live region) that says `text`. */
  const expectFocusOnAlert = async (...texts: string[]) => {
    await expect.poll(async () => (await focused()).role, { timeout: 10_000 }).toBe('alert');
    const now = await focused();
    for (const text of texts) expect(now.text).toContain(text);
    return now;
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
  });

  step('the password page: a wrong current password takes focus, its message announced', async () => {
    await page.goto('/settings/password');
    await visible(heading(t.settings.password));
    await field(t.passwordSettings.currentLabel).fill('not the password');
    await field(t.passwordSettings.newLabel).fill('analytical engine 1843');
    await field(t.passwordSettings.confirmLabel).fill('analytical engine 1843');
    await button(t.passwordSettings.submit).click();
    await expectFocusOnRefusedField(t.passwordSettings.currentLabel, t.errors.INVALID_PASSWORD);
    await shots.take(page, 'password-wrong-current');
    // the typed values stay, so the person corrects only what was wrong
    expect(await field(t.passwordSettings.newLabel).inputValue()).toBe('analytical engine 1843');
  });

  step(
    'the two-factor confirm step: a wrong code takes focus, its message announced; a right one turns it on',
    async () => {
      await page.goto('/settings/two-factor');
      await visible(heading(t.settings.twoFactor));
      await button(t.twoFactorSettings.turnOn).click();
      await field(t.twoFactorSettings.passwordLabel).fill(person.password);
      await button(t.common.continue).click();
      await visible(page.getByRole('heading', { level: 2, name: exactly(t.twoFactorSettings.confirmTitle) }));
      const secret = (await page.locator('.secret').textContent())?.replace(/\s+/g, '') ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
      key = Secret.fromBase32(secret).bytes;

      await field(t.twoFactorSettings.codeLabel).fill(wrongCode(key));
      await button(t.twoFactorSettings.confirm).click();
      await expectFocusOnRefusedField(t.twoFactorSettings.codeLabel, t.errors.INVALID_CODE);
      await shots.take(page, 'two-factor-confirm-wrong-code');

      await field(t.twoFactorSettings.codeLabel).fill(totp(key, Date.now()));
      await button(t.twoFactorSettings.confirm).click();
      await visible(status(t.twoFactorSettings.enabled));
    },
  );

  step('sign-in with a wrong password: focus on the form’s alert, which says it', async () => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: exactly(t.common.signOut) })
      .click();
    await page.waitForURL('**/sign-in?signedOut=1');
    await field(t.signIn.identifierLabel).fill(person.email);
    await field(t.common.password).fill('not the password');
    await button(t.signIn.submit).click();
    await expectFocusOnAlert(t.errors.INVALID_EMAIL_OR_PASSWORD);
    await shots.take(page, 'sign-in-wrong-password');
  });

  step('the two-factor challenge: a wrong code takes focus, its message announced; a right one signs in', async () => {
    await field(t.common.password).fill(person.password);
    await button(t.signIn.submit).click();
    await page.waitForURL((url) => url.pathname === '/two-factor');
    await visible(heading(t.twoFactor.title));

    await field(t.twoFactor.totpLabel).fill(wrongCode(key));
    await button(t.twoFactor.submit).click();
    await expectFocusOnRefusedField(t.twoFactor.totpLabel, t.errors.INVALID_CODE);
    await shots.take(page, 'challenge-wrong-code');
    expect(await serverSession(page)).toBeNull();

    await field(t.twoFactor.totpLabel).fill(totp(key, Date.now()));
    await button(t.twoFactor.submit).click();
    await page.waitForURL('**/settings/profile');
    await visible(heading(t.settings.profile));
    expect(await serverSession(page)).toMatchObject({ user: { email: person.email } });
  });

  step('the service stops: signing out says the person is still signed in, and leaves them here', async () => {
    logBeforeStop = env.latch.output();
    await env.latch.stop();
    await page
      .getByRole('banner')
      .getByRole('button', { name: exactly(t.common.signOut) })
      .click();
    const alert = await expectFocusOnAlert(t.network.signOutFailed, t.network.unreachable);
    expect(alert.text).not.toContain(t.errors.INTERNAL_SERVER_ERROR);
    await visible(button(t.network.retry, page.getByRole('alert').filter({ hasText: t.network.signOutFailed })));
    await shots.take(page, 'sign-out-unreachable');
    expect(new URL(page.url()).pathname).toBe('/settings/profile');
    await visible(heading(t.settings.profile));
  });

  step('the service stopped: saving a form says so, keeps what was typed, and offers to try again', async () => {
    await field(t.profile.nameLabel).fill('Mary Winston Jackson');
    await button(t.common.save).click();
    const alert = await expectFocusOnAlert(t.network.unreachable, t.network.inputKept);
    expect(alert.text).not.toContain(t.errors.INTERNAL_SERVER_ERROR);
    expect(await field(t.profile.nameLabel).inputValue()).toBe('Mary Winston Jackson');
    await visible(button(t.network.retry, page.getByRole('main')));
    await shots.take(page, 'save-unreachable');
  });

  step('meets no uncaught errors in the browser', async () => {
    expect(uncaught).toEqual([]);
  });

  step('left no errors in the service log while it ran', async () => {
    expect(logBeforeStop).not.toBe('');
    expect(serviceLogErrors(env)).toEqual([]);
  });
});
