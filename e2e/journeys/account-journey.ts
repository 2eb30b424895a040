/**
 * The life of one account, through the web app only, in one language and theme: sign up → verify
 * the email (the mail received over SMTP, its link opened in the browser) → sign out → sign in →
 * edit the profile → change the password → see and sign out a second browser's session → sign in
 * with the username → link Google (a local OpenID provider) → sign in with it → unlink it → reset a
 * forgotten password → delete the account.
 *
 * Every field is found by its label and every action by its role and name, using the app's own
 * messages for the language under test, so the same journey proves every language it runs in.
 * Each step saves full-page screenshots of the screens it visits.
 *
 * The steps share one browser page and run in order; after a failed step the rest are skipped
 * (they would only fail for the same reason).
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, type TestContext } from 'vitest';
import { languageByTag } from '../../apps/web/src/i18n/languages.ts';
import { MAIL_STRINGS } from '../../packages/server/src/core/mail/templates/strings/index.ts';
import { newJourneyContext, skipBrowserJourneys, WAIT_MS } from '../support/browser.ts';
import { type Environment, serviceLogErrors, startEnvironment } from '../support/environment.ts';
import { journeySteps } from '../support/journey.ts';
import {
  backgroundLuminance,
  exactly,
  format,
  type LanguageTag,
  linkedProviders,
  messagesFor,
  Screenshots,
  serverSession,
  type Theme,
  template,
} from '../support/ui.ts';

export interface JourneyVariant {
  /** The directory under e2e/screenshots. */
  journey: string;
  lang: LanguageTag;
  theme: Theme;
  /** Browser window size; a phone-sized one shows the narrow layout. */
  viewport: { width: number; height: number };
}

// generous: a wait ends as soon as the page is ready, and CI shares two cores with the server and the database suites

/** `ctx.skip()` throws; such a throw is a skip, not a failure of the step. */
const PROVIDER = 'Google';

export function describeAccountJourney(variant: JourneyVariant): void {
  const { lang, theme } = variant;
  const t = messagesFor(lang);
  const en = messagesFor('en');
  const skip = skipBrowserJourneys();

  describe.skipIf(skip)(`account journey (${lang}, ${theme}, ${variant.viewport.width}px)`, () => {
    const person = {
      name: lang === 'en' ? 'Ada Lovelace' : 'Ada Löwenherz',
      email: `ada.${lang}.${theme}@example.test`,
      username: `ada_${lang}_${theme}`,
      password: 'correct horse battery',
      newPassword: 'analytical engine 1843',
      resetPassword: 'difference engine 1822',
    };
    let env: Environment;
    let context: BrowserContext;
    let page: Page;
    let shots: Screenshots;
    /** Uncaught exceptions of every page (the journey fails on any), and console errors (for failure messages). */
    const uncaught: string[] = [];
    const pageErrors: string[] = [];
    /** What the page's Content-Security-Policy refused (the journey fails on any). */
    const cspViolations: string[] = [];
    let languageAfterSignUp: number | null = null;
    let verificationSubject = '';

    const newContext = async (): Promise<BrowserContext> => {
      const created = await newJourneyContext(env.browser, {
        baseURL: env.latch.baseURL,
        viewport: variant.viewport,
        colorScheme: theme,
      });
      created.on('page', (opened) => {
        opened.on('pageerror', (error) => {
          const line = `${opened.url()}: ${error.stack ?? error.message}`;
          uncaught.push(line);
          pageErrors.push(line);
        });
        opened.on('console', (message) => {
          if (message.type() === 'error') pageErrors.push(`${opened.url()}: console: ${message.text()}`);
          if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${opened.url()}: ${message.text()}`);
        });
      });
      return created;
    };

    beforeAll(async () => {
      env = await startEnvironment({ people: { [person.email]: person.name } });
      context = await newContext();
      page = await context.newPage();
      shots = new Screenshots(variant.journey, lang, theme);
    }, 120_000);

    afterAll(async () => {
      await env?.close();
    }, 30_000);

    const journeyStep = journeySteps({
      env: () => env,
      pages: () => ({ '': page }),
      shots: () => shots,
      browserErrors: () => pageErrors,
    });
    /** A step of the journey; `social` steps need the social sign-in routes of the server. */
    const step = (name: string, run: (ctx: TestContext) => Promise<void>, options: { social?: boolean } = {}) =>
      journeyStep(name, run, options.social ? () => env.socialUnavailable : undefined);

    // -- locators ------------------------------------------------------------------------------

    const heading = (text: string, on: Page = page) => on.getByRole('heading', { level: 1, name: exactly(text) });
    const field = (label: string | RegExp, on: Page = page) =>
      on.getByLabel(typeof label === 'string' ? exactly(label) : label);
    const button = (name: string | RegExp, within: Page | Locator = page) =>
      within.getByRole('button', { name: typeof name === 'string' ? exactly(name) : name });
    const status = (text: string | RegExp, on: Page = page) =>
      on.getByRole('status').filter({ hasText: typeof text === 'string' ? exactly(text) : text });
    const alert = (text: string, on: Page = page) => on.getByRole('alert').filter({ hasText: exactly(text) });
    const section = (title: string) => page.getByRole('region', { name: exactly(title) });
    const settingsNav = () => page.getByRole('navigation', { name: exactly(t.settings.navLabel) });

    const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });
    const openSettings = async (section: string, title = section) => {
      await settingsNav()
        .getByRole('link', { name: exactly(section) })
        .click();
      await visible(heading(title));
    };
    const signOut = async (on: Page = page) => {
      await on
        .getByRole('banner')
        .getByRole('button', { name: exactly(t.common.signOut) })
        .click();
      await on.waitForURL('**/sign-in?signedOut=1');
      await visible(status(t.signIn.signedOut, on));
    };
    const signIn = async (identifier: string, password: string, on: Page = page) => {
      await visible(heading(t.signIn.title, on));
      await field(t.signIn.identifierLabel, on).fill(identifier);
      await field(t.common.password, on).fill(password);
      await button(t.signIn.submit, on).click();
    };
    /**
     * Runs `trigger` (a click that leaves for the provider), walks the provider's login and consent
     * pages as `login`, and returns once back on Latch at `back`. It looks at where the browser is
     * rather than waiting for one navigation after another: when the provider still knows the person
     * it answers with redirects only, and the browser can be back before a navigation is awaited.
     */
    const passProvider = async (login: string, back: (url: URL) => boolean, trigger: () => Promise<void>) => {
      const isInteraction = (url: URL) => url.origin === env.oidc.issuer && url.pathname.startsWith('/interaction/');
      const start = page.url();
      await trigger();
      const submitted = new Set<string>();
      const deadline = Date.now() + WAIT_MS;
      while (Date.now() < deadline) {
        const here = page.url();
        const url = new URL(here);
        if (here !== start && back(url)) {
          await page.waitForLoadState('domcontentloaded');
          return;
        }
        if (isInteraction(url) && !submitted.has(here)) {
          try {
            const action = page.getByRole('button', { name: /^(Sign-in|Continue)$/ });
            await action.waitFor({ state: 'visible', timeout: 5_000 });
            if ((await action.textContent())?.trim() === 'Sign-in') {
              await page.getByPlaceholder('Enter any login').fill(login);
              await page.getByPlaceholder('and password').fill('any password will do');
            }
            // The provider's page restyles itself when its (blocked) web font fails; a click that
            // lands during that re-layout is lost: the form is clicked again when it was not sent.
            const sent = page
              .waitForRequest((request) => request.method() === 'POST' && request.url().startsWith(env.oidc.issuer), {
                timeout: 5_000,
              })
              .then(
                () => true,
                () => false,
              );
            await action.click();
            if (await sent) submitted.add(here);
          } catch {
            // the page moved on while it was being read: look again where the browser is now
          }
          continue;
        }
        // wait for the browser to move on (or a second, then look again)
        await page.waitForURL((next) => next.href !== here, { timeout: 1_000 }).catch(() => undefined);
      }
      const text = (
        await page
          .locator('body')
          .innerText()
          .catch(() => '')
      ).slice(0, 300);
      throw new Error(`still at ${page.url()} after ${WAIT_MS / 1000} s (${text.replace(/\s+/g, ' ')})`);
    };

    // -- the journey -----------------------------------------------------------------------------

    step(`signs up with a username, in ${lang} and the ${theme} theme`, async () => {
      await page.goto('/sign-up');
      await visible(heading(en.signUp.title));
      if (lang !== 'en') {
        await page.getByRole('banner').getByLabel(exactly(en.common.language)).selectOption(lang);
        await visible(heading(t.signUp.title));
      }
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      const luminance = await backgroundLuminance(page);
      if (theme === 'dark') expect(luminance).toBeLessThan(0.1);
      else expect(luminance).toBeGreaterThan(0.6);
      await shots.take(page, 'sign-up');

      // a form that validates before sending: empty fields are named, the first one gets focus
      await button(t.signUp.submit).click();
      await visible(page.getByText(exactly(t.validation.nameRequired)));
      expect(await field(t.signUp.nameLabel).getAttribute('aria-invalid')).toBe('true');
      expect(await field(t.signUp.nameLabel).evaluate((input) => input === document.activeElement)).toBe(true);
      await shots.take(page, 'sign-up-invalid');

      await field(t.signUp.nameLabel).fill(person.name);
      await field(t.common.email).fill(person.email);
      await field(template(`${t.signUp.usernameLabel} ({note})`, { note: t.common.optional })).fill(person.username);
      await field(t.common.password).fill(person.password);
      // corrected fields no longer claim to be empty
      await page.getByText(exactly(t.validation.nameRequired)).waitFor({ state: 'hidden' });
      expect(await field(t.signUp.nameLabel).getAttribute('aria-invalid')).toBeNull();
      await visible(page.getByText(format(t.signUp.usernameAvailable, { username: person.username })));
      await shots.take(page, 'sign-up-filled');
      await button(t.signUp.submit).click();

      await page.waitForURL('**/settings/profile');
      await visible(heading(t.settings.profile));
      const session = await serverSession(page);
      expect(session?.user).toMatchObject({
        email: person.email,
        name: person.name,
        username: person.username,
        emailVerified: false,
      });
      languageAfterSignUp = session?.user.language ?? null;
      await shots.take(page, 'profile-after-sign-up');
    });

    step('verifies the email address with the link mailed over SMTP', async () => {
      await openSettings(t.settings.email);
      await visible(page.getByText(exactly(t.emailSettings.unverified)));
      await shots.take(page, 'email-unverified');

      const mail = await env.smtp.waitFor(
        (m) => m.to.includes(person.email) && m.links.some((link) => link.includes('/verify-email?')),
        WAIT_MS,
      );
      verificationSubject = mail.subject;
      const link = mail.links.find((l) => l.includes('/verify-email?')) ?? '';
      expect(new URL(link).origin).toBe(env.latch.baseURL);
      await page.goto(link);
      await page.waitForURL('**/verified');
      await visible(heading(t.verifyEmail.successTitle));
      await visible(status(t.verifyEmail.successBody));
      await shots.take(page, 'email-verified');
      expect((await serverSession(page))?.user.emailVerified).toBe(true);

      await page
        .getByRole('main')
        .getByRole('link', { name: exactly(t.common.settings) })
        .click();
      await visible(heading(t.settings.profile));
      await openSettings(t.settings.email);
      await visible(page.getByText(exactly(t.emailSettings.verified)));
      await shots.take(page, 'email-verified-badge');
    });

    step('keeps the language chosen before signing up, on the account and in the mail', async () => {
      const code = languageByTag(lang).code;
      expect(languageAfterSignUp).toBe(code);
      const subject = MAIL_STRINGS[code].kinds['verify-email'].subject({
        appName: 'Latch',
        userName: person.name,
        email: person.email,
        newEmail: '',
        organizationName: '',
        inviterName: '',
        role: '',
        code: '',
        providerName: '',
        device: '',
      });
      expect(verificationSubject).toBe(subject);
    });

    step('signs out', async () => {
      await signOut();
      await visible(heading(t.signIn.title));
      expect(await serverSession(page)).toBeNull();
      await shots.take(page, 'signed-out');
      // settings are out of reach now: the app sends the person to sign in, and back afterwards
      await page.goto('/settings/sessions');
      await page.waitForURL('**/sign-in?next=%2Fsettings%2Fsessions');
      await visible(heading(t.signIn.title));
    });

    step('signs in with email and password, after a wrong password is refused', async () => {
      await signIn(person.email, 'not the password');
      await visible(alert(t.errors.INVALID_EMAIL_OR_PASSWORD));
      await shots.take(page, 'sign-in-wrong-password');
      await field(t.common.password).fill(person.password);
      await button(t.signIn.submit).click();
      // back where the person wanted to go before signing in
      await page.waitForURL('**/settings/sessions');
      await visible(heading(t.settings.sessions));
      expect((await serverSession(page))?.user.email).toBe(person.email);
    });

    step('edits the profile name', async () => {
      await openSettings(t.settings.profile);
      const nameField = section(t.settings.profile).getByLabel(exactly(t.profile.nameLabel));
      await nameField.fill(`${person.name} Byron`);
      await button(t.common.save).click();
      await visible(status(t.profile.saved));
      // the new name shows beside the settings (the header shows it too, on wide screens)
      await visible(page.getByRole('main').getByText(exactly(`${person.name} Byron`)));
      await shots.take(page, 'profile-saved');
      expect((await serverSession(page))?.user.name).toBe(`${person.name} Byron`);
    });

    step('changes the password', async () => {
      await openSettings(t.settings.password);
      await field(t.passwordSettings.currentLabel).fill(person.password);
      await field(t.passwordSettings.newLabel).fill(person.newPassword);
      await field(t.passwordSettings.confirmLabel).fill(`${person.newPassword}!`);
      await button(t.passwordSettings.submit).click();
      await visible(page.getByText(exactly(t.validation.passwordsDiffer)));
      await shots.take(page, 'password-mismatch');
      await field(t.passwordSettings.confirmLabel).fill(person.newPassword);
      await button(t.passwordSettings.submit).click();
      await visible(status(t.passwordSettings.changed));
      await shots.take(page, 'password-changed');
      // the form is emptied, and this device stays signed in
      expect(await field(t.passwordSettings.currentLabel).inputValue()).toBe('');
      expect(await serverSession(page)).not.toBeNull();
    });

    step("sees a second browser's session and signs it out", async () => {
      const other = await newContext();
      try {
        const phone = await other.newPage();
        await phone.goto('/sign-in');
        if (lang !== 'en') {
          await phone.getByRole('banner').getByLabel(exactly(en.common.language)).selectOption(lang);
        }
        await signIn(person.email, person.newPassword, phone);
        await phone.waitForURL('**/settings/profile');
        expect(await serverSession(phone)).not.toBeNull();

        await openSettings(t.settings.sessions);
        const sessions = section(t.settings.sessions).getByRole('listitem');
        await expect.poll(() => sessions.count(), { timeout: WAIT_MS }).toBe(2);
        await visible(sessions.first().getByText(exactly(t.sessions.thisDevice)));
        await shots.take(page, 'sessions-two-devices');

        await button(template(t.sessions.revokeLabel), section(t.settings.sessions)).click();
        await visible(status(t.sessions.revoked));
        await expect.poll(() => sessions.count(), { timeout: WAIT_MS }).toBe(1);
        await visible(page.getByText(exactly(t.sessions.noOthers)));
        await shots.take(page, 'sessions-other-signed-out');

        // the other browser finds itself signed out
        expect(await serverSession(phone)).toBeNull();
        await phone.reload();
        await phone.waitForURL('**/sign-in?next=*');
        await visible(heading(t.signIn.title, phone));
        await shots.take(phone, 'other-device-signed-out');
      } finally {
        await other.close();
      }
      expect(await serverSession(page)).not.toBeNull();
    });

    step('signs in with the username', async () => {
      await signOut();
      await signIn(person.username, person.newPassword);
      await page.waitForURL('**/settings/profile');
      await visible(heading(t.settings.profile));
      expect((await serverSession(page))?.user.username).toBe(person.username);
    });

    step(
      `links a ${PROVIDER} account (a local OpenID provider)`,
      async () => {
        await openSettings(t.settings.accounts);
        const accounts = section(t.settings.accounts);
        await visible(accounts.getByText(exactly(t.accounts.credential)));
        await visible(accounts.getByText(exactly(t.accounts.notLinked)));
        await shots.take(page, 'accounts-not-linked');
        await passProvider(
          person.email,
          (url) => url.origin === env.latch.baseURL && url.pathname === '/settings/accounts',
          () => button(format(t.accounts.link, { provider: PROVIDER }), accounts).click(),
        );
        await visible(status(format(t.accounts.linkedNote, { provider: PROVIDER })));
        await visible(button(format(t.accounts.unlink, { provider: PROVIDER }), accounts));
        await shots.take(page, 'accounts-linked');
        expect(await linkedProviders(page)).toEqual(['credential', 'google']);
      },
      { social: true },
    );

    step(
      `signs in with ${PROVIDER}`,
      async () => {
        await signOut();
        await shots.take(page, 'sign-in-with-provider');
        await passProvider(
          person.email,
          (url) => url.origin === env.latch.baseURL && url.pathname.startsWith('/settings'),
          () => button(format(t.signIn.continueWith, { provider: PROVIDER })).click(),
        );
        await visible(heading(t.settings.profile));
        const session = await serverSession(page);
        expect(session?.user).toMatchObject({ email: person.email, username: person.username });
      },
      { social: true },
    );

    step(
      `unlinks ${PROVIDER}`,
      async () => {
        await openSettings(t.settings.accounts);
        const accounts = section(t.settings.accounts);
        await button(format(t.accounts.unlink, { provider: PROVIDER }), accounts).click();
        await visible(status(format(t.accounts.unlinked, { provider: PROVIDER })));
        await visible(button(format(t.accounts.link, { provider: PROVIDER }), accounts));
        // the password is now the only way in, and the app says why it cannot be removed
        await visible(accounts.getByText(exactly(t.accounts.lastAccount)));
        await shots.take(page, 'accounts-unlinked');
        expect(await linkedProviders(page)).toEqual(['credential']);
      },
      { social: true },
    );

    step('resets a forgotten password with the mailed link', async () => {
      await signOut();
      await page.getByRole('link', { name: exactly(t.signIn.forgotPassword) }).click();
      await visible(heading(t.forgotPassword.title));
      await shots.take(page, 'forgot-password');
      await field(t.common.email).fill(person.email);
      await button(t.forgotPassword.submit).click();
      await visible(heading(t.forgotPassword.sentTitle));
      await visible(status(format(t.forgotPassword.sent, { email: person.email })));
      await shots.take(page, 'forgot-password-sent');

      const mail = await env.smtp.waitFor(
        (m) => m.to.includes(person.email) && m.links.some((link) => link.includes('/reset-password/')),
        WAIT_MS,
      );
      await page.goto(mail.links.find((l) => l.includes('/reset-password/')) ?? '');
      await page.waitForURL('**/reset-password?token=*');
      await visible(heading(t.resetPassword.title));
      await shots.take(page, 'reset-password');
      await field(t.resetPassword.newPasswordLabel).fill(person.resetPassword);
      await field(t.resetPassword.confirmPasswordLabel).fill(person.resetPassword);
      await button(t.resetPassword.submit).click();
      await visible(heading(t.resetPassword.successTitle));
      await shots.take(page, 'reset-password-done');

      await page
        .getByRole('main')
        .getByRole('link', { name: exactly(t.common.signIn) })
        .click();
      await signIn(person.email, person.newPassword);
      await visible(alert(t.errors.INVALID_EMAIL_OR_PASSWORD));
      await field(t.common.password).fill(person.resetPassword);
      await button(t.signIn.submit).click();
      await page.waitForURL('**/settings/profile');
    });

    step('deletes the account and lands on sign-in', async () => {
      await openSettings(t.settings.deleteAccount);
      await shots.take(page, 'delete-account');
      await field(t.deleteAccount.passwordLabel).fill(person.resetPassword);
      await button(t.deleteAccount.submit).click();
      // nothing is deleted until the person ticks the box
      await visible(page.getByText(exactly(t.validation.confirmRequired)));
      expect(await field(t.deleteAccount.confirm).getAttribute('aria-invalid')).toBe('true');
      await shots.take(page, 'delete-account-unconfirmed');
      expect(await serverSession(page)).not.toBeNull();

      await field(t.deleteAccount.confirm).check();
      await button(t.deleteAccount.submit).click();
      await page.waitForURL('**/sign-in?deleted=1');
      await visible(status(t.signIn.accountDeleted));
      await shots.take(page, 'account-deleted');
      expect(await serverSession(page)).toBeNull();

      // the account is gone: its credentials no longer work
      await signIn(person.email, person.resetPassword);
      await visible(alert(t.errors.INVALID_EMAIL_OR_PASSWORD));
    });

    step('shows a page-not-found screen for an unknown address', async () => {
      await page.goto('/no-such-page');
      await visible(heading(t.notFound.title));
      await shots.take(page, 'not-found');
    });

    step('meets no uncaught errors in the browser', async () => {
      expect(uncaught).toEqual([]);
    });

    step('runs whole under the strict Content-Security-Policy, which refused nothing', async () => {
      const answer = await page.goto('/sign-in');
      expect(answer?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
      expect(cspViolations).toEqual([]);
    });

    step('leaves no errors in the service log', async () => {
      expect(serviceLogErrors(env)).toEqual([]);
    });
  });
}
