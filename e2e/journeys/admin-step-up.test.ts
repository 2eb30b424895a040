/**
 * The second factor for admin actions (docs/admin.md), in real Chromium: the service runs with
 * plugins.admin.requireSecondFactor `when-enrolled` and a short secondFactorMaxAge → an admin with
 * two-factor on, whose proof has grown old, bans someone from the console → the server refuses
 * with SECOND_FACTOR_REQUIRED and the console asks for the code in a dialog → a wrong code is said
 * on the field → the right one steps the session up and the ban is made → the audit log holds the
 * refusal, the step-up and the ban. Screenshots in e2e/screenshots/admin-step-up/.
 */
import SQLite from 'better-sqlite3';
import { TOTP, URI } from 'otpauth';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { newJourneyContext, skipBrowserJourneys } from '../support/browser.ts';
import { type Environment, startEnvironment } from '../support/environment.ts';
import { journeySteps } from '../support/journey.ts';
import { exactly, format, messagesFor, Screenshots } from '../support/ui.ts';

const t = messagesFor('en');
const skip = skipBrowserJourneys();
/** Seconds a proof counts here: short, so that the journey sees one grow old. */
const MAX_AGE = 3;

describe.skipIf(skip)('admin step-up journey (en, light, 1280px)', () => {
  const admin = { name: 'Grace Hopper', email: 'grace.stepup@example.test', password: 'compile the first compiler' };
  const target = { name: 'Bob Babbage', email: 'bob.stepup@example.test' };

  let env: Environment;
  let context: BrowserContext;
  let page: Page;
  let shots: Screenshots;
  let totp: TOTP;
  let targetId = '';
  /** Uncaught exceptions of the page (the journey fails on any), and console errors (for failure messages). */
  const uncaught: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    env = await startEnvironment({
      config: { plugins: { admin: { requireSecondFactor: 'when-enrolled', secondFactorMaxAge: MAX_AGE } } },
    });
    shots = new Screenshots('admin-step-up', 'en', 'light');
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

  const heading = (text: string) => page.getByRole('heading', { level: 1, name: exactly(text) });
  const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });
  const button = (within: Page | Locator, name: string) => within.getByRole('button', { name: exactly(name) });

  /** A call from the page itself, with its cookies. */
  const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    page
      .evaluate(
        async ({ method, url, body }) => {
          const response = await fetch(url, {
            method,
            credentials: 'same-origin',
            ...(body === undefined
              ? {}
              : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
          });
          return { status: response.status, text: await response.text() };
        },
        { method, url: `/api/auth${path}`, body },
      )
      .then(({ status, text }) => ({ status, json: JSON.parse(text || 'null') as T }));

  step('an admin signs in, makes a person, and turns two-factor on (the first code proves the app)', async () => {
    const signUp = await fetch(`${env.latch.baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: env.latch.baseURL },
      body: JSON.stringify(admin),
    });
    expect(signUp.status).toBe(200);
    const db = new SQLite(env.latch.databaseFile, { timeout: 10_000 });
    try {
      expect(db.prepare(`UPDATE "user" SET role = 'admin' WHERE email = ?`).run(admin.email).changes).toBe(1);
    } finally {
      db.close();
    }
    await page.goto('/sign-in');
    await page.getByLabel(exactly(t.signIn.identifierLabel)).fill(admin.email);
    await page.getByLabel(exactly(t.common.password)).fill(admin.password);
    await button(page, t.signIn.submit).click();
    await page.waitForURL('**/settings/profile');

    // without two-factor this admin is not asked (when-enrolled)
    const made = await api<{ user: { id: string } }>('POST', '/admin/create-user', { ...target, role: 'user' });
    expect(made.status).toBe(200);
    targetId = made.json.user.id;

    const enabled = await api<{ totpURI: string }>('POST', '/two-factor/enable', { password: admin.password });
    expect(enabled.status).toBe(200);
    const parsed = URI.parse(enabled.json.totpURI);
    if (!(parsed instanceof TOTP)) throw new Error('not a TOTP URI');
    totp = parsed;
    expect((await api('POST', '/two-factor/verify-totp', { code: totp.generate() })).status).toBe(200);
    const session = await api<{ user: { twoFactorEnabled: boolean } }>('GET', '/get-session');
    expect(session.json.user.twoFactorEnabled).toBe(true);
  });

  step('its proof grows old; a ban asks for the code, a wrong one is said on the field', async () => {
    await page.waitForTimeout((MAX_AGE + 1) * 1000);
    await page.goto(`/admin/users/${targetId}`);
    await visible(heading(target.name));
    const actions = page.getByRole('region', { name: exactly(t.admin.actionsTitle) });
    await button(actions, t.admin.ban).click();
    const ban = page.getByRole('dialog', { name: exactly(format(t.admin.banTitle, { name: target.name })) });
    await visible(ban);
    await button(ban, t.admin.banSubmit).click();

    const stepUp = page.getByRole('dialog', { name: exactly(t.reauth.secondFactorTitle) });
    await visible(stepUp);
    await visible(stepUp.getByText(exactly(t.reauth.secondFactorBody)));
    await shots.take(page, 'step-up-dialog');
    const valid = new Set([-1, 0, 1].map((window) => totp.generate({ timestamp: Date.now() + window * 30_000 })));
    let wrong = '123456';
    while (valid.has(wrong)) wrong = String((Number(wrong) + 7919) % 1_000_000).padStart(6, '0');
    await stepUp.getByLabel(exactly(t.twoFactor.totpLabel)).fill(wrong);
    await button(stepUp, t.twoFactor.submit).click();
    await visible(stepUp.getByText(exactly(t.errors.INVALID_CODE)));
    await shots.take(page, 'step-up-wrong-code');
  });

  step('the right code steps the session up and the ban is made', async () => {
    const stepUp = page.getByRole('dialog', { name: exactly(t.reauth.secondFactorTitle) });
    await stepUp.getByLabel(exactly(t.twoFactor.totpLabel)).fill(totp.generate());
    await button(stepUp, t.twoFactor.submit).click();
    await visible(page.getByRole('status').filter({ hasText: exactly(format(t.admin.banned, { name: target.name })) }));
    await stepUp.waitFor({ state: 'detached' });
    await shots.take(page, 'banned-after-step-up');

    type Page = { events: { type: string; outcome: string; details: Record<string, unknown> | null }[] };
    const events = async (type: string) =>
      (await api<Page>('GET', `/admin/list-audit-events?type=${encodeURIComponent(type)}`)).json.events;
    expect((await events('admin.action_refused')).map((e) => [e.outcome, e.details?.path])).toEqual([
      ['failure', '/api/auth/admin/ban-user'],
    ]);
    expect((await events('two_factor.verified')).map((e) => e.details?.method)).toEqual(['totp']);
    expect(await events('user.banned')).toHaveLength(1);
    // the refusal (403) and the wrong code (401) are in the console as failed loads; nothing was thrown
    expect(uncaught).toEqual([]);
  });
});
