/**
 * Signing in without a password (issue 15), through the web app only, in real Chromium with a
 * virtual authenticator (Chrome DevTools Protocol `WebAuthn.addVirtualAuthenticator`: CTAP2, a
 * platform authenticator with discoverable credentials and user verification): sign up → add a
 * passkey in the settings → sign out → sign in with it by the button → sign out → sign in with it by
 * the browser's autofill (conditional UI) → sign in with a link from the mail → sign in with a code
 * from the mail (both received over SMTP) → turn two-factor authentication on, sign in with the
 * password and pass the challenge with the passkey → delete the passkey.
 *
 * WebAuthn binds passkeys to a domain and an IP address is not one, so this service's BASE_URL is
 * `http://localhost:<port>` (browsers allow WebAuthn there without https). The virtual
 * authenticator answers without a person: a modal request at once, and a conditional request (the
 * autofill's) as soon as one is made, which stands in for the person picking the passkey the
 * browser offers in the email field. To keep the autofill's request from answering before the
 * button is pressed (or at all, while another way in is tried), the authenticator's automatic
 * presence is off while the page opens and on when the button is. A script added to every page records each navigator.credentials.get call and
 * its mediation, so the journey can tell the button's request from the autofill's.
 *
 * Screenshots go to e2e/screenshots/passwordless/.
 */
import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { totp } from '../../packages/server/src/features/two-factor/totp.ts';
import { startSmtpReceiver } from '../../packages/server/src/test/smtp-receiver.ts';
import { launchChromium, newJourneyContext, skipBrowserJourneys, WAIT_MS } from '../support/browser.ts';
import { type Environment, serviceLogErrors } from '../support/environment.ts';
import { journeySteps } from '../support/journey.ts';
import { startOidcProvider } from '../support/oidc.ts';
import { startLatch, withFreshPort } from '../support/service.ts';
import {
  exactly,
  format,
  type LanguageTag,
  messagesFor,
  Screenshots,
  serverSession,
  type Theme,
} from '../support/ui.ts';
import { ensureWebBuilt } from '../support/web-build.ts';

export interface PasswordlessVariant {
  lang: LanguageTag;
  theme: Theme;
  viewport: { width: number; height: number };
}

/** The other journeys' environment, on `localhost`, with the three passwordless plugins on. */
async function startPasswordlessEnvironment(): Promise<Environment> {
  const opened: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const step of opened.reverse()) await step().catch(() => undefined);
  };
  try {
    const browser = await launchChromium();
    opened.push(() => browser.close());
    await ensureWebBuilt();
    const smtp = await startSmtpReceiver();
    opened.push(() => smtp.close());
    // the provider must know Latch's port before Latch starts (support/service.ts withFreshPort)
    const { oidc, latch } = await withFreshPort(async (port) => {
      const oidc = await startOidcProvider({ redirectURI: `http://localhost:${port}/api/auth/callback/google` });
      try {
        const latch = await startLatch({
          port,
          hostname: 'localhost',
          smtpURL: smtp.url,
          config: {
            appName: 'Latch',
            // the journey signs in many times within seconds, as no person would
            rateLimit: { enabled: false },
            plugins: { passkey: { rpName: 'Latch E2E' }, magicLink: {}, emailOTP: {} },
          },
        });
        return { oidc, latch };
      } catch (err) {
        await oidc.close();
        throw err;
      }
    });
    opened.push(() => oidc.close());
    opened.push(() => latch.stop());
    return { smtp, oidc, latch, browser, socialUnavailable: 'not used by this journey', close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Added to every page before its own scripts: notes each navigator.credentials.get call's mediation. */
function recordCredentialRequests(): void {
  const calls: string[] = [];
  Object.defineProperty(window, '__latchCredentialRequests', { value: calls });
  const credentials = navigator.credentials;
  const original = credentials.get.bind(credentials);
  credentials.get = (options?: CredentialRequestOptions) => {
    calls.push(options?.mediation ?? 'modal');
    return original(options);
  };
}

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (spaces ignored): the authenticator app's key as the settings page shows it. */
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

interface ServerPasskey {
  id: string;
  name: string | null;
  lastUsedAt: string | null;
}

export function describePasswordlessJourney(variant: PasswordlessVariant): void {
  const { lang, theme } = variant;
  const t = messagesFor(lang);
  const en = messagesFor('en');
  const skip = skipBrowserJourneys();

  describe.skipIf(skip)(`passwordless journey (${lang}, ${theme}, ${variant.viewport.width}px)`, () => {
    const person = {
      name: lang === 'en' ? 'Hedy Lamarr' : 'Hedy Kiesler',
      email: `hedy.${lang}.${theme}@example.test`,
      password: 'frequency hopping 1942',
      passkeyName: lang === 'en' ? 'Work laptop' : 'Portable du bureau',
    };
    let env: Environment;
    let context: BrowserContext;
    let page: Page;
    let cdp: CDPSession;
    let authenticatorId = '';
    let shots: Screenshots;
    const uncaught: string[] = [];
    const pageErrors: string[] = [];
    const cspViolations: string[] = [];

    beforeAll(async () => {
      env = await startPasswordlessEnvironment();
      context = await newJourneyContext(env.browser, {
        baseURL: env.latch.baseURL,
        viewport: variant.viewport,
        colorScheme: theme,
      });
      await context.addInitScript(recordCredentialRequests);
      page = await context.newPage();
      page.on('pageerror', (error) => {
        const line = `${page.url()}: ${error.stack ?? error.message}`;
        uncaught.push(line);
        pageErrors.push(line);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(`${page.url()}: console: ${message.text()}`);
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
      });
      cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      shots = new Screenshots('passwordless', lang, theme);
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

    // -- locators and helpers --------------------------------------------------------------------

    const heading = (text: string) => page.getByRole('heading', { level: 1, name: exactly(text) });
    const field = (label: string | RegExp) => page.getByLabel(typeof label === 'string' ? exactly(label) : label);
    const button = (name: string) => page.getByRole('button', { name: exactly(name) });
    const status = (text: string) => page.getByRole('status').filter({ hasText: exactly(text) });
    const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });
    const settingsNav = () => page.getByRole('navigation', { name: exactly(t.settings.navLabel) });

    const landedSignedIn = async () => {
      await page.waitForURL('**/settings/profile');
      await visible(heading(t.settings.profile));
      expect((await serverSession(page))?.user.email).toBe(person.email);
    };

    const signOut = async () => {
      await page
        .getByRole('banner')
        .getByRole('button', { name: exactly(t.common.signOut) })
        .click();
      await page.waitForURL('**/sign-in?signedOut=1');
      await visible(heading(t.signIn.title));
      expect(await serverSession(page)).toBeNull();
    };

    /** The navigator.credentials.get calls since the page was loaded, by mediation ('modal' for the button's). */
    const credentialRequests = () =>
      page.evaluate(() => [
        ...((window as unknown as { __latchCredentialRequests?: string[] }).__latchCredentialRequests ?? []),
      ]);

    const presence = (enabled: boolean) =>
      cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });

    /** The person's passkeys as the server lists them. */
    const serverPasskeys = () =>
      page.evaluate(async () => {
        const response = await fetch('/api/auth/passkey/list-user-passkeys', { credentials: 'same-origin' });
        if (!response.ok) throw new Error(`list-user-passkeys answered ${response.status}`);
        return (await response.json()) as ServerPasskey[];
      });

    const mailTo = (kind: string, after: number) =>
      env.smtp.waitFor(
        (m) => env.smtp.messages.indexOf(m) >= after && m.kind === kind && m.to.includes(person.email),
        WAIT_MS,
      );

    // -- the journey -----------------------------------------------------------------------------

    step(`signs up with a password, in ${lang}, verifies the address and opens the passkeys settings`, async () => {
      await page.goto('/sign-up');
      await visible(heading(en.signUp.title));
      if (lang !== 'en') {
        await page.getByRole('banner').getByLabel(exactly(en.common.language)).selectOption(lang);
        await visible(heading(t.signUp.title));
      }
      await field(t.signUp.nameLabel).fill(person.name);
      await field(t.common.email).fill(person.email);
      await field(t.common.password).fill(person.password);
      await button(t.signUp.submit).click();
      await landedSignedIn();
      // proven now: a mailed link or code later signs in to this account as it is. (Before, the first
      // proof of the mailbox would void the password and passkeys a stranger may have set up: docs/magic-link.md.)
      const verification = await env.smtp.waitFor(
        (m) => m.kind === 'verify-email' && m.to.includes(person.email),
        WAIT_MS,
      );
      await page.goto(verification.links.find((l) => l.includes('/verify-email?')) ?? '');
      await page.waitForURL('**/verified');
      await visible(heading(t.verifyEmail.successTitle));
      expect((await serverSession(page))?.user.emailVerified).toBe(true);
      await page.goto('/settings/profile');
      await visible(heading(t.settings.profile));

      await settingsNav()
        .getByRole('link', { name: exactly(t.settings.passkeys) })
        .click();
      await page.waitForURL('**/settings/passkeys');
      await visible(heading(t.settings.passkeys));
      await visible(page.getByText(exactly(t.passkeys.none)));
      await shots.take(page, 'passkeys-none');
    });

    step('adds a passkey with the (virtual) authenticator', async () => {
      const added = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      authenticatorId = added.authenticatorId;

      await field(new RegExp(`^${t.passkeys.nameLabel}`)).fill(person.passkeyName);
      await button(t.passkeys.add).click();
      await visible(status(format(t.passkeys.added, { name: person.passkeyName })));
      const list = page.getByRole('list', { name: exactly(t.passkeys.listLabel) });
      await visible(list.getByText(exactly(person.passkeyName)));
      expect(await list.getByRole('listitem').first().textContent()).toContain(t.passkeys.neverUsed);
      await shots.take(page, 'passkey-added');

      const stored = await serverPasskeys();
      expect(stored).toEqual([expect.objectContaining({ name: person.passkeyName, lastUsedAt: null })]);
      // a discoverable credential: the autofill can offer it without an address typed
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]?.isResidentCredential).toBe(true);
      expect(credentials[0]?.rpId).toBe('localhost');
    });

    step('signs out, and signs in with the passkey by the button', async () => {
      // the autofill's request must wait while the page opens: the button's is the one that answers
      await presence(false);
      const before = (await credentialRequests()).length;
      const since = async () => (await credentialRequests()).slice(before);
      await signOut();
      const identifier = field(t.signIn.identifierLabel);
      expect(await identifier.getAttribute('autocomplete')).toBe('username webauthn');
      await expect.poll(since, { timeout: WAIT_MS }).toEqual(['conditional']);
      await visible(button(t.signIn.passkey));
      await visible(button(t.signIn.emailLink));
      await visible(button(t.signIn.emailCode));
      await shots.take(page, 'sign-in-passwordless');

      await presence(true);
      await button(t.signIn.passkey).click();
      await landedSignedIn();
      // the button's own request (the autofill's was cancelled for it), and no password typed
      expect(await since()).toEqual(['conditional', 'modal']);
      expect((await serverPasskeys())[0]?.lastUsedAt).not.toBeNull();
      await shots.take(page, 'signed-in-with-passkey');
    });

    step('signs out, and signs in with the passkey the autofill offers', async () => {
      await presence(false);
      const before = (await credentialRequests()).length;
      await signOut();
      await expect
        .poll(async () => (await credentialRequests()).slice(before), { timeout: WAIT_MS })
        .toEqual(['conditional']);
      // the page opened afresh with the authenticator present: its conditional request is answered
      // as when the person picks the passkey in the email field's autofill; nothing is clicked
      await presence(true);
      await page.goto('/sign-in');
      await landedSignedIn();
      // the autofill's request alone: no button was pressed on this page
      expect(await credentialRequests()).toEqual(['conditional']);
    });

    step('signs out, and signs in with a link from the mail', async () => {
      // the passkey stays on the device: its autofill must not answer while the mailed ways are tried
      await presence(false);
      await signOut();
      const before = env.smtp.messages.length;
      await field(t.signIn.identifierLabel).fill(person.email);
      await button(t.signIn.emailLink).click();
      await visible(heading(t.emailLink.title));
      await visible(page.getByText(exactly(format(t.emailLink.body, { email: person.email }))));
      await shots.take(page, 'email-link-sent');
      expect(await serverSession(page)).toBeNull();

      const mail = await mailTo('magic-link', before);
      const link = mail.links.find((l) => l.includes('/magic-link/verify?')) ?? '';
      expect(new URL(link).origin).toBe(env.latch.baseURL);
      await page.goto(link);
      await landedSignedIn();
    });

    step('opens a link on another device: that browser names the account and signs in only on the click', async () => {
      // asked for from elsewhere (here: by the test itself), so the device opening it holds no binding
      const before = env.smtp.messages.length;
      const asked = await fetch(`${env.latch.baseURL}/api/auth/sign-in/magic-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: env.latch.baseURL },
        body: JSON.stringify({ email: person.email, callbackURL: '/settings/profile' }),
      });
      expect(asked.status).toBe(200);
      const link = (await mailTo('magic-link', before)).links.find((l) => l.includes('/magic-link/verify?')) ?? '';
      const phone = await newJourneyContext(env.browser, {
        baseURL: env.latch.baseURL,
        viewport: { width: 390, height: 844 },
        colorScheme: theme,
      });
      try {
        const other = await phone.newPage();
        await other.goto(link);
        await other.waitForURL('**/magic-link?**');
        // a new browser without a language chosen reads English
        await other.getByRole('heading', { level: 1, name: exactly(en.magicLinkConfirm.title) }).waitFor();
        await other.getByText(exactly(format(en.magicLinkConfirm.existing, { email: person.email }))).waitFor();
        expect(await serverSession(other)).toBeNull();
        await shots.take(other, 'magic-link-other-device');
        await other.getByRole('button', { name: exactly(en.magicLinkConfirm.submit) }).click();
        await other.waitForURL('**/settings/profile');
        expect((await serverSession(other))?.user.email).toBe(person.email);
      } finally {
        await phone.close();
      }
      // this browser's session was not touched
      expect((await serverSession(page))?.user.email).toBe(person.email);
    });

    step('signs out, and signs in with a code from the mail, after a wrong one', async () => {
      await signOut();
      const before = env.smtp.messages.length;
      await field(t.signIn.identifierLabel).fill(person.email);
      await button(t.signIn.emailCode).click();
      await visible(heading(t.emailCode.title));
      const mail = await mailTo('email-otp-sign-in', before);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
      expect(code, mail.text).toMatch(/^\d{6}$/);

      const wrong = code === '000000' ? '111111' : '000000';
      await field(t.emailCode.codeLabel).fill(wrong);
      await button(t.emailCode.submit).click();
      await visible(page.getByText(exactly(t.errors.INVALID_OTP)));
      expect(await field(t.emailCode.codeLabel).getAttribute('aria-invalid')).toBe('true');
      await shots.take(page, 'email-code-wrong');
      expect(await serverSession(page)).toBeNull();

      await field(t.emailCode.codeLabel).fill(code);
      await shots.take(page, 'email-code');
      await button(t.emailCode.submit).click();
      await landedSignedIn();
    });

    step('turns two-factor on, and passes the challenge after the password with the passkey', async () => {
      await settingsNav()
        .getByRole('link', { name: exactly(t.settings.twoFactor) })
        .click();
      await visible(heading(t.settings.twoFactor));
      await button(t.twoFactorSettings.turnOn).click();
      await field(t.twoFactorSettings.passwordLabel).fill(person.password);
      await button(t.common.continue).click();
      await visible(page.locator('.secret'));
      const key = base32Decode((await page.locator('.secret').textContent()) ?? '');
      await field(t.twoFactorSettings.codeLabel).fill(totp(key, Date.now()));
      await button(t.twoFactorSettings.confirm).click();
      await visible(status(t.twoFactorSettings.enabled));

      await signOut();
      await field(t.signIn.identifierLabel).fill(person.email);
      await field(t.common.password).fill(person.password);
      await button(t.signIn.submit).click();
      await page.waitForURL('**/two-factor');
      await visible(heading(t.twoFactor.title));
      expect(await serverSession(page)).toBeNull();
      await visible(button(t.twoFactor.usePasskey));
      await shots.take(page, 'two-factor-passkey');

      const before = (await credentialRequests()).length;
      await presence(true);
      await button(t.twoFactor.usePasskey).click();
      await landedSignedIn();
      // the second factor's own request, for this account's passkeys
      expect((await credentialRequests()).slice(before)).toEqual(['modal']);
    });

    step('deletes the passkey in the settings', async () => {
      await settingsNav()
        .getByRole('link', { name: exactly(t.settings.passkeys) })
        .click();
      await visible(heading(t.settings.passkeys));
      const list = page.getByRole('list', { name: exactly(t.passkeys.listLabel) });
      await visible(list.getByText(exactly(person.passkeyName)));
      // used twice now: the list says when
      expect(await list.getByRole('listitem').first().textContent()).toContain(
        format(t.passkeys.lastUsed, { time: '' }).trim(),
      );
      await button(format(t.passkeys.deleteLabel, { name: person.passkeyName })).click();
      await visible(page.getByText(exactly(format(t.passkeys.deleteQuestion, { name: person.passkeyName }))));
      await shots.take(page, 'passkey-delete-question');
      await button(t.passkeys.deleteConfirm).click();
      await visible(status(format(t.passkeys.deleted, { name: person.passkeyName })));
      await visible(page.getByText(exactly(t.passkeys.none)));
      await shots.take(page, 'passkey-deleted');
      expect(await serverPasskeys()).toEqual([]);
      // the device forgets it too, so that no page offers a passkey the server no longer knows
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    });

    step('meets no uncaught errors and no refusal of the Content-Security-Policy in the browser', async () => {
      expect(uncaught).toEqual([]);
      expect(cspViolations).toEqual([]);
    });

    step('leaves no errors in the service log', async () => {
      expect(serviceLogErrors(env)).toEqual([]);
    });
  });
}
