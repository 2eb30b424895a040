/**
 * The mailed links that guard a way into the account, followed in real Chromium from the mail
 * received over SMTP: sign up and verify → ask to move the account to a new address, where the
 * sign-in is too old and the password is asked again in a dialog → the approval mail to the
 * CURRENT address opens a page that shows both addresses and changes nothing until "Approve" →
 * the security notice to the old address opens a page whose one button undoes the move, signs out
 * everywhere and leads to choosing a new password → a second request is refused with "This wasn't
 * me", which ends every session → used links say they no longer work.
 *
 * The service runs with a re-authentication window of a few seconds (session.reauthenticationAge),
 * so that the "recent sign-in" rule is met in the journey, not only in unit tests. Screenshots
 * go to e2e/screenshots/mailed-links/.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { ReceivedMail } from '../../packages/server/src/test/smtp-receiver.ts';
import { startSmtpReceiver } from '../../packages/server/src/test/smtp-receiver.ts';
import { launchChromium, newJourneyContext, skipBrowserJourneys, WAIT_MS } from '../support/browser.ts';
import { type Environment, serviceLogErrors } from '../support/environment.ts';
import { journeySteps } from '../support/journey.ts';
import { startOidcProvider } from '../support/oidc.ts';
import { startLatch, withFreshPort } from '../support/service.ts';
import { exactly, format, messagesFor, Screenshots, serverSession } from '../support/ui.ts';
import { ensureWebBuilt } from '../support/web-build.ts';

const t = messagesFor('en');
const skip = skipBrowserJourneys();
/** Seconds a sign-in counts as recent: short, so that the journey meets the rule by waiting. */
const REAUTHENTICATION_AGE = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment of the other journeys, with a short re-authentication window. */
async function startMailedLinksEnvironment(): Promise<Environment> {
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
      const oidc = await startOidcProvider({ redirectURI: `http://127.0.0.1:${port}/api/auth/callback/google` });
      try {
        const latch = await startLatch({
          port,
          smtpURL: smtp.url,
          config: {
            appName: 'Latch',
            session: { reauthenticationAge: REAUTHENTICATION_AGE },
            // the journey signs in several times within seconds, as no person would
            rateLimit: { enabled: false },
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

describe.skipIf(skip)('mailed-links journey (en, light, 1280px)', () => {
  const person = {
    name: 'Mary Somerville',
    email: 'mary.links@example.test',
    newEmail: 'mary.moved@example.test',
    otherEmail: 'mary.elsewhere@example.test',
    password: 'correct horse battery',
    chosenPassword: 'difference engine 1822',
  };

  let env: Environment;
  let context: BrowserContext;
  let page: Page;
  let shots: Screenshots;
  const uncaught: string[] = [];
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  /** Links kept to open a second time. */
  let approveLink = '';
  let undoLink = '';
  let refuseLink = '';

  beforeAll(async () => {
    env = await startMailedLinksEnvironment();
    shots = new Screenshots('mailed-links', 'en', 'light', { checkOtherTheme: true });
    context = await newJourneyContext(env.browser, { baseURL: env.latch.baseURL });
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
  }, 180_000);

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
  const field = (label: string, within: Page | Locator = page) => within.getByLabel(exactly(label));
  const button = (name: string, within: Page | Locator = page) => within.getByRole('button', { name: exactly(name) });
  const link = (name: string) => page.getByRole('main').getByRole('link', { name: exactly(name) });
  const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });
  const text = (value: string) => page.getByText(exactly(value));

  /** The first mail after `since` (an index into the received mail) of `kind` to `to`, and its link to `path`. */
  const mailedLink = async (since: number, kind: string, to: string, path: string) => {
    const mail: ReceivedMail = await env.smtp.waitFor(
      (m) => env.smtp.messages.indexOf(m) >= since && m.kind === kind && m.to.includes(to),
      WAIT_MS,
    );
    const found = mail.links.find((l) => new URL(l).pathname === path);
    expect(found, `${kind} to ${to} has no ${path} link:\n${mail.links.join('\n')}`).toBeDefined();
    const url = new URL(found ?? '');
    expect(url.origin).toBe(env.latch.baseURL);
    expect(url.searchParams.get('token')).toBeTruthy();
    return url.href;
  };

  const signIn = async (email: string, password: string) => {
    await page.goto('/sign-in');
    await visible(heading(t.signIn.title));
    await field(t.signIn.identifierLabel).fill(email);
    await field(t.common.password).fill(password);
    await button(t.signIn.submit).click();
  };

  /**
   * Settings › Email › change the address, once the sign-in is older than the window: the server
   * refuses, the dialog asks for the password, and the request goes through on its own afterwards.
   */
  const requestAddressChange = async (newEmail: string, password: string) => {
    await page.goto('/settings/email');
    await visible(heading(t.settings.email));
    await sleep((REAUTHENTICATION_AGE + 1) * 1000);
    await field(t.emailSettings.newEmailLabel).fill(newEmail);
    await button(t.emailSettings.submit).click();
    const dialog = page.getByRole('dialog', { name: exactly(t.reauth.title) });
    await visible(dialog);
    await visible(field(t.reauth.passwordLabel, dialog));
    await field(t.reauth.passwordLabel, dialog).fill(password);
    await button(t.reauth.submit, dialog).click();
    await visible(page.getByRole('status').filter({ hasText: format(t.emailSettings.sent, { email: newEmail }) }));
    await dialog.waitFor({ state: 'detached' });
  };

  // -- the journey -----------------------------------------------------------------------------

  step('signs up and verifies the address with the mailed link', async () => {
    await page.goto('/sign-up');
    await visible(heading(t.signUp.title));
    await field(t.signUp.nameLabel).fill(person.name);
    await field(t.common.email).fill(person.email);
    await field(t.common.password).fill(person.password);
    await button(t.signUp.submit).click();
    await page.waitForURL('**/settings/profile');
    const mail = await env.smtp.waitFor(
      (m) => m.to.includes(person.email) && m.links.some((l) => l.includes('/verify-email?')),
      WAIT_MS,
    );
    await page.goto(mail.links.find((l) => l.includes('/verify-email?')) ?? '');
    await page.waitForURL('**/verified');
    await visible(heading(t.verifyEmail.successTitle));
    expect((await serverSession(page))?.user).toMatchObject({ email: person.email, emailVerified: true });
  });

  step('asks to move the account: the sign-in is too old, so the password is asked again first', async () => {
    const before = env.smtp.messages.length;
    // a wrong password is refused in the dialog and nothing is sent
    await page.goto('/settings/email');
    await visible(heading(t.settings.email));
    await sleep((REAUTHENTICATION_AGE + 1) * 1000);
    await field(t.emailSettings.newEmailLabel).fill(person.newEmail);
    await button(t.emailSettings.submit).click();
    const dialog = page.getByRole('dialog', { name: exactly(t.reauth.title) });
    await visible(field(t.reauth.passwordLabel, dialog));
    await shots.take(page, 'reauth-dialog');
    await field(t.reauth.passwordLabel, dialog).fill('not the password');
    await button(t.reauth.submit, dialog).click();
    await visible(dialog.getByText(exactly(t.errors.INVALID_PASSWORD)));
    await shots.take(page, 'reauth-wrong-password');
    expect(env.smtp.messages.slice(before).filter((m) => m.kind === 'change-email-confirmation')).toEqual([]);

    await field(t.reauth.passwordLabel, dialog).fill(person.password);
    await button(t.reauth.submit, dialog).click();
    await visible(
      page.getByRole('status').filter({ hasText: format(t.emailSettings.sent, { email: person.newEmail }) }),
    );
    await dialog.waitFor({ state: 'detached' });
    await shots.take(page, 'change-requested');
    // nothing moves before the current address approves
    expect((await serverSession(page))?.user.email).toBe(person.email);
    approveLink = await mailedLink(before, 'change-email-confirmation', person.email, '/approve-email-change');
  });

  step('approves from the current address: both addresses shown, nothing changed until "Approve"', async () => {
    await page.goto(approveLink);
    await visible(heading(t.approveEmailChange.title));
    await visible(text(person.email));
    await visible(text(person.newEmail));
    await shots.take(page, 'approve-page');
    // opening the link (as a mail scanner does) changed nothing
    expect((await serverSession(page))?.user.email).toBe(person.email);

    const before = env.smtp.messages.length;
    await button(t.approveEmailChange.approve).click();
    await visible(heading(t.approveEmailChange.approvedTitle));
    await visible(text(format(t.approveEmailChange.approved, { newEmail: person.newEmail })));
    await shots.take(page, 'approved');
    expect((await serverSession(page))?.user).toMatchObject({ email: person.newEmail, emailVerified: false });
    // the new address gets its verification, the old one a notice with a link that undoes the move
    await env.smtp.waitFor(
      (m) => env.smtp.messages.indexOf(m) >= before && m.to.includes(person.newEmail) && m.links.length > 0,
      WAIT_MS,
    );
    undoLink = await mailedLink(before, 'security-email-changed', person.email, '/undo-change');
  });

  step('undoes the move from the notice: old address back, signed out everywhere, a new password chosen', async () => {
    await page.goto(undoLink);
    await visible(heading(t.undoChange.title));
    await visible(button(t.undoChange.submit));
    await shots.take(page, 'undo-page');
    // opening the notice's link undid nothing: still signed in, still on the new address
    expect((await serverSession(page))?.user.email).toBe(person.newEmail);

    await button(t.undoChange.submit).click();
    await visible(heading(t.undoChange.doneTitle));
    await visible(text(t.undoChange.emailRestored));
    await visible(text(t.undoChange.signedOut));
    await shots.take(page, 'undone');
    expect(await serverSession(page)).toBeNull();

    // the password was cleared with the undo: the old one no longer signs in
    const choose = link(t.undoChange.choosePassword);
    const resetHref = (await choose.getAttribute('href')) ?? '';
    expect(resetHref).toMatch(/^\/reset-password\?token=[A-Za-z0-9]+$/);
    await choose.click();
    await page.waitForURL('**/reset-password?token=*');
    await visible(heading(t.resetPassword.title));
    // no authenticator app on this account: no code is asked
    expect(await field(t.twoFactor.totpLabel).count()).toBe(0);
    await field(t.resetPassword.newPasswordLabel).fill(person.chosenPassword);
    await field(t.resetPassword.confirmPasswordLabel).fill(person.chosenPassword);
    await shots.take(page, 'reset-after-undo');
    await button(t.resetPassword.submit).click();
    await visible(heading(t.resetPassword.successTitle));

    await signIn(person.email, person.password);
    await visible(page.getByRole('alert').filter({ hasText: exactly(t.errors.INVALID_EMAIL_OR_PASSWORD) }));
    await field(t.common.password).fill(person.chosenPassword);
    await button(t.signIn.submit).click();
    await page.waitForURL('**/settings/profile');
    expect((await serverSession(page))?.user).toMatchObject({ email: person.email, emailVerified: true });
  });

  step('a used undo link says it no longer works', async () => {
    await page.goto(undoLink);
    await button(t.undoChange.submit).click();
    await visible(heading(t.undoChange.invalidTitle));
    await shots.take(page, 'undo-link-used');
    // and it did nothing: this browser is still signed in
    expect((await serverSession(page))?.user.email).toBe(person.email);
  });

  step('"This wasn’t me" cancels another request and ends every session', async () => {
    const before = env.smtp.messages.length;
    await requestAddressChange(person.otherEmail, person.chosenPassword);
    refuseLink = await mailedLink(before, 'change-email-confirmation', person.email, '/approve-email-change');
    await page.goto(refuseLink);
    await visible(text(person.otherEmail));
    await button(t.approveEmailChange.refuse).click();
    await visible(heading(t.approveEmailChange.refusedTitle));
    await visible(link(t.approveEmailChange.changePassword));
    expect(await link(t.approveEmailChange.changePassword).getAttribute('href')).toBe('/forgot-password');
    await shots.take(page, 'refused');
    expect(await serverSession(page)).toBeNull();

    // the address did not move
    await signIn(person.email, person.chosenPassword);
    await page.waitForURL('**/settings/profile');
    expect((await serverSession(page))?.user.email).toBe(person.email);
  });

  step('a refused or approved approval link no longer works', async () => {
    for (const used of [refuseLink, approveLink]) {
      await page.goto(used);
      await visible(heading(t.approveEmailChange.invalidTitle));
      expect(await button(t.approveEmailChange.approve).count()).toBe(0);
    }
    await shots.take(page, 'approve-link-used');
  });

  step(
    'the owner of an address a stranger signed up with says "No, I didn’t": the stranger’s password goes',
    async () => {
      const owner = `owner.${Date.now().toString(36)}@example.test`;
      const strangerPassword = 'the stranger chose this 77';
      const before = env.smtp.messages.length;
      // the stranger signs up with the owner's address, from a browser of their own (here, the test)
      const signUp = await fetch(`${env.latch.baseURL}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: env.latch.baseURL },
        body: JSON.stringify({ name: 'Mallory', email: owner, password: strangerPassword }),
      });
      expect(signUp.status).toBe(200);
      const mail = await env.smtp.waitFor(
        (m) =>
          env.smtp.messages.indexOf(m) >= before &&
          m.to.includes(owner) &&
          m.links.some((l) => l.includes('/verify-email?')),
        WAIT_MS,
      );
      const ownersBrowser = await newJourneyContext(env.browser, { baseURL: env.latch.baseURL });
      try {
        const ownersPage = await ownersBrowser.newPage();
        await ownersPage.goto(mail.links.find((l) => l.includes('/verify-email?')) ?? '');
        await ownersPage.waitForURL('**/confirm-email?**');
        await ownersPage.getByRole('heading', { level: 1, name: exactly(t.confirmEmail.title) }).waitFor();
        await ownersPage.getByText(exactly(format(t.confirmEmail.body, { email: owner }))).waitFor();
        await shots.take(ownersPage, 'confirm-email');
        await ownersPage.getByRole('button', { name: exactly(t.confirmEmail.notMine) }).click();
        await ownersPage.getByRole('heading', { level: 1, name: exactly(t.confirmEmail.claimedTitle) }).waitFor();
        expect(await serverSession(ownersPage)).toBeNull();
      } finally {
        await ownersBrowser.close();
      }
      const stranger = await fetch(`${env.latch.baseURL}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: env.latch.baseURL },
        body: JSON.stringify({ email: owner, password: strangerPassword }),
      });
      expect(stranger.status).toBe(401);
    },
  );

  step('meets no uncaught errors and no Content-Security-Policy refusals in the browser', async () => {
    expect(uncaught).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  step('leaves no errors in the service log', async () => {
    expect(serviceLogErrors(env)).toEqual([]);
  });
});
