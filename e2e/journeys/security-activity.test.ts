/**
 * A person's own security activity (issue 13 item 4), in real Chromium: after a stranger's refused
 * attempt on their password and a sign-in on a second device, the settings page lists both (the
 * refused one without anyone's address), and "This wasn't me" signs the other device out.
 * Screenshots in e2e/screenshots/security-activity/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { newJourneyContext, skipBrowserJourneys } from '../support/browser.ts';
import { type Environment, serviceLogErrors, startEnvironment } from '../support/environment.ts';
import { journeySteps } from '../support/journey.ts';
import { exactly, messagesFor, Screenshots, serverSession } from '../support/ui.ts';

const t = messagesFor('en');
const skip = skipBrowserJourneys();

describe.skipIf(skip)('security activity journey (en, light, 1280px)', () => {
  const person = { name: 'Hedy Lamarr', email: 'hedy.activity@example.test', password: 'frequency hopping 1942' };

  let env: Environment;
  let shots: Screenshots;
  const contexts: BrowserContext[] = [];
  let page: Page;
  let other: Page;
  const uncaught: string[] = [];

  beforeAll(async () => {
    env = await startEnvironment();
    shots = new Screenshots('security-activity', 'en', 'light', { checkOtherTheme: true });
    for (let i = 0; i < 2; i++) contexts.push(await newJourneyContext(env.browser, { baseURL: env.latch.baseURL }));
    page = await (contexts[0] as BrowserContext).newPage();
    other = await (contexts[1] as BrowserContext).newPage();
    for (const p of [page, other]) p.on('pageerror', (error) => uncaught.push(`${p.url()}: ${error.message}`));
  }, 120_000);

  afterAll(async () => {
    await env?.close();
  }, 30_000);

  const step = journeySteps({ env: () => env, pages: () => ({ main: page, other }), shots: () => shots });
  const field = (p: Page, label: string) => p.getByLabel(exactly(label));
  const activityList = () => page.getByRole('list', { name: exactly(t.securityActivity.listLabel) });
  const rowOf = (label: string) => activityList().getByRole('listitem').filter({ hasText: label });

  const signIn = async (p: Page, password: string) => {
    await p.goto('/sign-in');
    await field(p, t.signIn.identifierLabel).fill(person.email);
    await field(p, t.common.password).fill(password);
    await p.getByRole('button', { name: exactly(t.signIn.submit) }).click();
  };

  step('the person signs up; a stranger fails at their password; a second device signs in', async () => {
    await page.goto('/sign-up');
    await field(page, t.signUp.nameLabel).fill(person.name);
    await field(page, t.common.email).fill(person.email);
    await field(page, t.common.password).fill(person.password);
    await page.getByRole('button', { name: exactly(t.signUp.submit) }).click();
    await page.waitForURL('**/settings/profile');
    await signIn(other, 'not the password at all');
    await other.getByRole('alert').waitFor();
    await signIn(other, person.password);
    await other.waitForURL('**/settings/profile');
  });

  step('the settings list the sign-ins, the refused attempt without an address, newest first', async () => {
    await page
      .getByRole('navigation', { name: exactly(t.settings.navLabel) })
      .getByRole('link', { name: exactly(t.settings.activity) })
      .click();
    await page.getByRole('heading', { level: 1, name: exactly(t.settings.activity) }).waitFor();
    await activityList().waitFor();
    const titles = await activityList().locator('.list__title').allTextContents();
    expect(titles.map((text) => text.trim())).toEqual([
      t.securityEvents.signIn,
      `${t.securityEvents.signInRefused} ${t.securityActivity.refused}`,
      t.securityEvents.signIn,
      t.securityEvents.signUp,
    ]);
    expect(await rowOf(t.securityEvents.signUp).textContent()).toContain('127.0.0.1');
    const refused = rowOf(t.securityEvents.signInRefused);
    expect(await refused.textContent()).toContain(t.securityActivity.byUnknown);
    expect(await refused.textContent()).not.toContain('127.0.0.1');
    await shots.take(page, 'activity');
  });

  step('"This wasn\'t me" signs every other device out', async () => {
    await rowOf(t.securityEvents.signInRefused)
      .getByRole('button', { name: new RegExp(`^${t.securityActivity.notMe}`) })
      .click();
    await page.getByRole('heading', { level: 2, name: exactly(t.securityActivity.secureTitle) }).waitFor();
    await page.getByRole('button', { name: exactly(t.sessions.revokeOthers) }).click();
    await page
      .getByRole('status')
      .filter({ hasText: exactly(t.sessions.othersRevoked) })
      .waitFor();
    await shots.take(page, 'not-me-done');
    expect(await serverSession(other)).toBeNull();
    expect((await serverSession(page))?.user.email).toBe(person.email);
    // the revocation is in the list now
    await rowOf(t.securityEvents.sessionRevoked).first().waitFor();
  });

  step('meets no uncaught errors and leaves none in the service log', async () => {
    expect(uncaught).toEqual([]);
    expect(serviceLogErrors(env)).toEqual([]);
  });
});
