/**
 * The admin console journey (issue 13 item 3), through the web app, in real Chromium: an operator
 * makes the first admin in the database → the admin signs in and finds the console in the header,
 * which a plain user neither sees nor may open → among 50 people the admin finds one, looks at
 * their sessions and bans them (the person's open session ends: their own browser says so) →
 * impersonates another person (the banner on every screen, "Stop impersonating" gives the admin's
 * session back) → reads both in the audit log, opens the ban's details, exports the log (CSV and
 * JSON lines, the downloads read back) and checks its chains → adds a webhook endpoint (the secret
 * shown once) and sees and replays its deliveries to a local receiver → finds an organization it is
 * no member of, with its members, invitations, teams and audit trail, and from a member to their
 * linked accounts and organizations.
 *
 * Screenshots in e2e/screenshots/admin-console/: the journey itself in English, light, 1280 px;
 * then every console screen again in English dark at 375 px, German dark at 375 px and German
 * light at 1280 px (each screen checked for its language and, on the phone, for no sideways
 * scrolling).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import SQLite from 'better-sqlite3';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { AUDIT_EVENT_TYPES } from '../../apps/web/src/pages/admin/event-types.ts';
import { newJourneyContext, skipBrowserJourneys, WAIT_MS } from '../support/browser.ts';
import { type Environment, serviceLogErrors, startEnvironment } from '../support/environment.ts';
import { journeySteps } from '../support/journey.ts';
import {
  exactly,
  format,
  type LanguageTag,
  type Messages,
  messagesFor,
  Screenshots,
  serverSession,
  type Theme,
  template,
} from '../support/ui.ts';

const t = messagesFor('en');
const skip = skipBrowserJourneys();

/** A local webhook receiver: answers 500 to the first delivery, 200 to the rest. */
interface Receiver {
  url: string;
  bodies: string[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(bodies.length === 1 ? 500 : 200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/latch`,
    bodies,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

interface UserJson {
  id: string;
  email: string;
  name: string;
}

describe.skipIf(skip)('admin console journey (en light 1280; en dark 375, de dark 375, de light 1280)', () => {
  const admin = { name: 'Grace Hopper', email: 'grace.admin@example.test', password: 'compile the first compiler' };
  const target = { name: 'Bob Babbage', email: 'bob.target@example.test', password: 'difference engine 1822' };
  const other = { name: 'Carol Shaw', email: 'carol.shaw@example.test', password: 'river raid 1982' };

  let env: Environment;
  let receiver: Receiver;
  let shots: Screenshots;
  let adminContext: BrowserContext;
  let targetContext: BrowserContext;
  let adminPage: Page;
  let targetPage: Page;
  const ids: Record<'target' | 'other' | 'organization', string> = { target: '', other: '', organization: '' };
  const organization = { name: 'Analytical Engines', slug: 'analytical-engines' };
  const uncaught: string[] = [];
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];

  const watch = (context: BrowserContext) => {
    context.on('page', (opened) => {
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
    return context;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    env = await startEnvironment({
      config: {
        // the local receiver is on loopback, over http: allowed for this journey only
        webhooks: { enabled: true, allowInsecureUrls: true, allowPrivateNetworks: true, workerIntervalMs: 200 },
      },
    });
    shots = new Screenshots('admin-console', 'en', 'light');
    adminContext = watch(await newJourneyContext(env.browser, { baseURL: env.latch.baseURL }));
    targetContext = watch(await newJourneyContext(env.browser, { baseURL: env.latch.baseURL }));
    adminPage = await adminContext.newPage();
    targetPage = await targetContext.newPage();
  }, 120_000);

  afterAll(async () => {
    await env?.close();
    await receiver?.close();
  }, 30_000);

  const step = journeySteps({
    env: () => env,
    pages: () => ({ admin: adminPage, target: targetPage }),
    shots: () => shots,
    browserErrors: () => pageErrors,
  });

  // -- locators and helpers ----------------------------------------------------------------------

  const heading = (page: Page, text: string) => page.getByRole('heading', { level: 1, name: exactly(text) });
  const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });
  const button = (within: Page | Locator, name: string) => within.getByRole('button', { name: exactly(name) });
  const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: exactly(text) });
  const consoleNav = (page: Page, m: Messages = t) => page.getByRole('navigation', { name: exactly(m.admin.navLabel) });
  const openSection = async (page: Page, label: string, title: string) => {
    await consoleNav(page)
      .getByRole('link', { name: exactly(label) })
      .click();
    await visible(heading(page, title));
  };
  const usersTable = (page: Page) => page.getByRole('table', { name: exactly(t.admin.usersTableLabel) });

  /** A call from the page itself, with its cookies (same origin: the origin check passes). */
  const api = <T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) =>
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
      .then(({ status: code, text }) => ({ status: code, json: JSON.parse(text || 'null') as T }));

  const signIn = async (page: Page, who: { email: string; password: string }) => {
    await page.goto('/sign-in');
    await visible(heading(page, t.signIn.title));
    await page.getByLabel(exactly(t.signIn.identifierLabel)).fill(who.email);
    await page.getByLabel(exactly(t.common.password)).fill(who.password);
    await button(page, t.signIn.submit).click();
    await page.waitForURL('**/settings/profile');
  };

  const searchUsers = async (page: Page, text: string) => {
    await page.getByLabel(exactly(t.admin.searchLabel)).fill(text);
    await button(page, t.admin.searchSubmit).click();
    await visible(page.getByText(exactly(format(t.admin.showing, { from: '1', to: '1', total: '1' }))));
  };

  // -- the journey -------------------------------------------------------------------------------

  step('an operator makes the first admin in the database; the admin finds the console in the header', async () => {
    const signUp = await fetch(`${env.latch.baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: env.latch.baseURL },
      body: JSON.stringify(admin),
    });
    expect(signUp.status).toBe(200);
    const db = new SQLite(env.latch.databaseFile, { timeout: 10_000 });
    try {
      const changed = db.prepare(`UPDATE "user" SET role = 'admin' WHERE email = ?`).run(admin.email);
      expect(changed.changes).toBe(1);
    } finally {
      db.close();
    }
    await signIn(adminPage, admin);
    await adminPage
      .getByRole('banner')
      .getByRole('link', { name: exactly(t.admin.entry) })
      .click();
    await visible(heading(adminPage, t.admin.usersTitle));
    await visible(consoleNav(adminPage));
  });

  step('fifty people have accounts; one of them signs in and may not open the console', async () => {
    // made through the admin API, as an import would; two of them with a password of their own
    const people = [
      ...Array.from({ length: 48 }, (_, i) => ({
        name: `Person ${String(i + 1).padStart(2, '0')}`,
        email: `person${String(i + 1).padStart(2, '0')}@example.test`,
      })),
      target,
      other,
    ];
    for (const person of people) {
      const made = await api<{ user: UserJson }>(adminPage, 'POST', '/admin/create-user', { ...person, role: 'user' });
      expect(made.status, person.email).toBe(200);
      if (person.email === target.email) ids.target = made.json.user.id;
      if (person.email === other.email) ids.other = made.json.user.id;
    }

    await signIn(targetPage, target);
    expect(
      await targetPage
        .getByRole('banner')
        .getByRole('link', { name: exactly(t.admin.entry) })
        .count(),
    ).toBe(0);
    await targetPage.goto('/admin/users');
    await visible(heading(targetPage, t.admin.notAllowedTitle));
    await visible(targetPage.getByText(format(t.admin.notAllowedBody, { app: 'Latch' })));
    await shots.take(targetPage, 'not-allowed');
  });

  step('the admin finds the person among many, by search', async () => {
    await adminPage.goto('/admin/users');
    await visible(heading(adminPage, t.admin.usersTitle));
    // 50 made above and the admin; 25 to a page
    await visible(adminPage.getByText(exactly(format(t.admin.showing, { from: '1', to: '25', total: '51' }))));
    expect(await usersTable(adminPage).getByRole('row').count()).toBe(26);
    await shots.take(adminPage, 'users');

    await button(adminPage, t.admin.nextPage).click();
    await visible(adminPage.getByText(exactly(format(t.admin.showing, { from: '26', to: '50', total: '51' }))));
    await searchUsers(adminPage, 'bob.target');
    await visible(usersTable(adminPage).getByText(exactly(target.email)));
    await shots.take(adminPage, 'users-search');
    await usersTable(adminPage)
      .getByRole('link', { name: new RegExp(target.name) })
      .click();
    await visible(heading(adminPage, target.name));
  });

  step('looks at their sessions: the browser they are signed in with', async () => {
    const sessions = adminPage.getByRole('list', {
      name: exactly(format(t.admin.sessionsListLabel, { name: target.name })),
    });
    await visible(sessions);
    expect(await sessions.getByRole('listitem').count()).toBe(1);
    await visible(sessions.getByText(format(t.sessions.deviceOn, { browser: 'Chrome', os: 'Linux' })));
    await shots.take(adminPage, 'user');
  });

  step('bans them after a dialog that says what happens; their open session ends at once', async () => {
    const actions = adminPage.getByRole('region', { name: exactly(t.admin.actionsTitle) });
    await button(actions, t.admin.ban).click();
    const dialog = adminPage.getByRole('dialog', { name: exactly(format(t.admin.banTitle, { name: target.name })) });
    await visible(dialog);
    await visible(dialog.getByText(format(t.admin.banBody, { name: target.name })));
    await dialog.getByLabel(new RegExp(`^${t.admin.banReasonLabel}`)).fill('Chargebacks on three cards');
    await dialog.getByLabel(exactly(t.admin.banDurationLabel)).selectOption('week');
    await shots.take(adminPage, 'ban-dialog');
    await button(dialog, t.admin.banSubmit).click();
    await visible(status(adminPage, format(t.admin.banned, { name: target.name })));
    await visible(adminPage.getByText(exactly(format(t.admin.noSessions, { name: target.name }))));
    await visible(button(adminPage.getByRole('region', { name: exactly(t.admin.actionsTitle) }), t.admin.unban));
    await shots.take(adminPage, 'banned');

    // from the person's own browser: no session any more, and signing in is refused as banned
    expect(await serverSession(targetPage)).toBeNull();
    await targetPage.goto('/settings/profile');
    await visible(heading(targetPage, t.signIn.title));
    await targetPage.getByLabel(exactly(t.signIn.identifierLabel)).fill(target.email);
    await targetPage.getByLabel(exactly(t.common.password)).fill(target.password);
    await button(targetPage, t.signIn.submit).click();
    await visible(targetPage.getByText(exactly(t.errors.BANNED_USER)));
  });

  step('impersonates another person: a banner on every screen, and "Stop impersonating" works', async () => {
    await openSection(adminPage, t.admin.navUsers, t.admin.usersTitle);
    await searchUsers(adminPage, 'carol');
    await usersTable(adminPage)
      .getByRole('link', { name: new RegExp(other.name) })
      .click();
    await visible(heading(adminPage, other.name));
    const actions = adminPage.getByRole('region', { name: exactly(t.admin.actionsTitle) });
    await button(actions, t.admin.impersonate).click();
    const dialog = adminPage.getByRole('dialog', {
      name: exactly(format(t.admin.impersonateTitle, { name: other.name })),
    });
    await visible(dialog.getByText(format(t.admin.impersonateBody, { name: other.name })));
    await shots.take(adminPage, 'impersonate-dialog');
    await button(dialog, t.admin.impersonateSubmit).click();

    await visible(heading(adminPage, t.settings.profile));
    const banner = adminPage.getByRole('complementary', { name: exactly(t.admin.impersonationRegion) });
    await visible(banner.getByText(format(t.admin.impersonationBanner, { name: other.name, email: other.email })));
    await visible(
      banner.getByText(format(t.admin.impersonationBy, { admin: `${admin.name} (${admin.email})` }), { exact: false }),
    );
    expect((await serverSession(adminPage))?.user.email).toBe(other.email);
    // the person is no admin: no console for this session
    expect(
      await adminPage
        .getByRole('banner')
        .getByRole('link', { name: exactly(t.admin.entry) })
        .count(),
    ).toBe(0);
    await shots.take(adminPage, 'impersonating');
    // another screen: the banner is there too
    await adminPage.goto('/settings/sessions');
    await visible(heading(adminPage, t.settings.sessions));
    await visible(banner);

    await button(banner, t.admin.stopImpersonating).click();
    await visible(heading(adminPage, other.name));
    await banner.waitFor({ state: 'detached' });
    expect((await serverSession(adminPage))?.user.email).toBe(admin.email);
    await shots.take(adminPage, 'impersonation-stopped');
  });

  step('reads both actions in the audit log, with the details of the ban', async () => {
    await openSection(adminPage, t.admin.navAudit, t.admin.auditTitle);
    const events = adminPage.getByRole('table', { name: exactly(t.admin.eventsTableLabel) });
    const banRow = events
      .getByRole('row')
      .filter({ hasText: t.admin.eventTypes['user.banned'] })
      // the page names the people of its events (one lookup per page), not their ids
      .filter({ hasText: target.name })
      .filter({ hasText: target.email });
    const impersonationRow = events
      .getByRole('row')
      .filter({ hasText: t.admin.eventTypes['impersonation.started'] })
      .filter({ hasText: other.name });
    await visible(banRow);
    await visible(impersonationRow);
    await visible(events.getByRole('row').filter({ hasText: t.admin.eventTypes['impersonation.stopped'] }).first());
    await shots.take(adminPage, 'audit-log');

    await banRow.getByRole('button').click();
    const drawer = adminPage.getByRole('dialog', { name: exactly(t.admin.eventTypes['user.banned']) });
    await visible(drawer.getByRole('link', { name: exactly(target.name) }).first());
    await visible(drawer.getByText(exactly(target.email)).first());
    await visible(drawer.getByText(/"expiresInSeconds": 604800/));
    await shots.take(adminPage, 'audit-details');
    await button(drawer, t.admin.close).click();
    await drawer.waitFor({ state: 'detached' });

    await adminPage.getByLabel(exactly(t.admin.filterType)).selectOption('user.banned');
    await button(adminPage, t.admin.filterApply).click();
    await adminPage.waitForURL(/type=user\.banned/);
    await expect.poll(() => events.getByRole('row').count(), { timeout: WAIT_MS }).toBe(2);
    await shots.take(adminPage, 'audit-filtered');
  });

  step('exports the log as CSV (the filter applies) and JSON lines, and its chains verify', async () => {
    const [csvDownload] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('link', { name: exactly(t.admin.exportCsv) }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(/^audit-events-.*\.csv$/);
    const csv = readFileSync(await csvDownload.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain('user.banned');
    expect(csv[1]).toContain(ids.target);

    await button(adminPage, t.admin.filterReset).click();
    await adminPage.waitForURL((url) => url.search === '');
    const [jsonDownload] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('link', { name: exactly(t.admin.exportJsonl) }).click(),
    ]);
    const lines = readFileSync(await jsonDownload.path(), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; targetId: string | null });
    expect(lines.some((e) => e.type === 'user.banned' && e.targetId === ids.target)).toBe(true);
    expect(lines.some((e) => e.type === 'impersonation.started' && e.targetId === ids.other)).toBe(true);
    expect(lines.filter((e) => e.type === 'user.created')).toHaveLength(50);

    await button(adminPage, t.admin.chainRun).click();
    await visible(adminPage.getByText(template(t.admin.chainValid)));
    await shots.take(adminPage, 'audit-verified');
  });

  step('adds a webhook endpoint (its secret shown once), then sees and replays its deliveries', async () => {
    const kinds = await api<{ eventTypes: string[] }>(adminPage, 'GET', '/admin/webhooks/list-event-types');
    // the console names every kind the server writes
    expect([...AUDIT_EVENT_TYPES].sort()).toEqual([...kinds.json.eventTypes].sort());

    await openSection(adminPage, t.admin.navWebhooks, t.admin.webhooksTitle);
    await visible(adminPage.getByText(exactly(t.admin.noEndpoints)));
    const form = adminPage.getByRole('region', { name: exactly(t.admin.addEndpointTitle) });
    await form.getByLabel(exactly(t.admin.urlLabel)).fill(receiver.url);
    await form.getByLabel(new RegExp(`^${t.admin.descriptionLabel}`)).fill('Security operations');
    await form.getByLabel(exactly(t.admin.eventsAll)).check();
    await button(form, t.admin.addSubmit).click();
    const secret = adminPage.getByLabel(exactly(format(t.admin.secretLabel, { url: receiver.url })));
    await visible(secret);
    expect(await secret.inputValue()).toMatch(/^whsec_/);
    await shots.take(adminPage, 'webhook-secret');
    await button(adminPage, t.admin.secretDone).click();
    await secret.waitFor({ state: 'detached' });

    // an event after the endpoint exists: the person is unbanned (through the API, as a script would)
    expect((await api(adminPage, 'POST', '/admin/unban-user', { userId: ids.target })).status).toBe(200);
    await openSection(adminPage, t.admin.navDeliveries, t.admin.deliveriesTitle);
    const table = adminPage.getByRole('table', { name: exactly(t.admin.deliveriesTableLabel) });
    // the receiver refuses the first attempt (HTTP 500); the retry five seconds later gets through
    await expect
      .poll(
        async () => {
          await adminPage.reload();
          await visible(heading(adminPage, t.admin.deliveriesTitle));
          return table.getByText(exactly(t.admin.statusSucceeded)).count();
        },
        { timeout: WAIT_MS, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    const delivered = table.getByRole('row').filter({ hasText: t.admin.eventTypes['user.unbanned'] }).first();
    await visible(delivered);
    await shots.take(adminPage, 'deliveries');
    const before = receiver.bodies.length;
    await delivered.getByRole('button', { name: new RegExp(`^${t.admin.replay}`) }).click();
    await visible(status(adminPage, t.admin.replayed));
    // a new entry in the log, and the receiver hears the same event again
    const unbanned = table.getByRole('row').filter({ hasText: t.admin.eventTypes['user.unbanned'] });
    await expect.poll(() => unbanned.count(), { timeout: WAIT_MS }).toBe(2);
    await expect.poll(() => receiver.bodies.length, { timeout: WAIT_MS }).toBeGreaterThan(before);
    const replayed = receiver.bodies.slice(before).map((body) => JSON.parse(body) as { type: string });
    expect(replayed.some((body) => body.type === 'user.unbanned')).toBe(true);
  });

  step("opens the organizations: one person's organization, its members, invitations, teams and trail", async () => {
    // Carol founds an organization, invites someone and makes a team, from her own browser
    await signIn(targetPage, other);
    const made = await api<{ id: string }>(targetPage, 'POST', '/organization/create', {
      name: organization.name,
      slug: organization.slug,
    });
    expect(made.status).toBe(200);
    ids.organization = made.json.id;
    const invited = await api(targetPage, 'POST', '/organization/invite-member', {
      email: 'person01@example.test',
      role: 'admin',
      organizationId: ids.organization,
    });
    expect(invited.status).toBe(200);
    const team = await api(targetPage, 'POST', '/organization/create-team', {
      name: 'Difference Engines',
      organizationId: ids.organization,
    });
    expect(team.status).toBe(200);

    // the admin, who is no member, finds it in the console
    await openSection(adminPage, t.admin.navOrganizations, t.admin.organizationsTitle);
    const list = adminPage.getByRole('table', { name: exactly(t.admin.organizationsTableLabel) });
    const row = list.getByRole('row').filter({ hasText: organization.name });
    await visible(row);
    await visible(row.getByText(exactly(organization.slug)));
    await shots.take(adminPage, 'organizations');
    await adminPage.getByLabel(exactly(t.admin.orgSearchLabel)).fill('ANALYTICAL');
    await button(adminPage, t.admin.searchSubmit).click();
    await visible(adminPage.getByText(exactly(format(t.admin.organizationsShown, { shown: '1', total: '1' }))));
    await row.getByRole('link').click();
    await visible(heading(adminPage, organization.name));

    const members = adminPage.getByRole('table', {
      name: exactly(format(t.admin.orgMembersTableLabel, { name: organization.name })),
    });
    await visible(
      members.getByRole('row').filter({ hasText: other.email }).getByText(exactly(t.organization.roleOwner)),
    );
    const invitations = adminPage.getByRole('table', {
      name: exactly(format(t.admin.orgInvitationsTableLabel, { name: organization.name })),
    });
    await visible(
      invitations
        .getByRole('row')
        .filter({ hasText: 'person01@example.test' })
        .getByText(exactly(t.admin.invitationStatuses.pending)),
    );
    const teams = adminPage.getByRole('list', {
      name: exactly(format(t.admin.orgTeamsListLabel, { name: organization.name })),
    });
    await visible(teams.getByText(exactly('Difference Engines')));
    const trail = adminPage.getByRole('table', {
      name: exactly(format(t.admin.orgTrailLabel, { name: organization.name })),
    });
    await visible(trail.getByRole('row').filter({ hasText: t.admin.eventTypes['organization.created'] }));
    await visible(trail.getByRole('row').filter({ hasText: t.admin.eventTypes['invitation.sent'] }));
    await shots.take(adminPage, 'organization');

    // from a member to their page: how they sign in, and where they belong
    await members.getByRole('link', { name: new RegExp(other.name) }).click();
    await visible(heading(adminPage, other.name));
    const accounts = adminPage.getByRole('list', {
      name: exactly(format(t.admin.accountsListLabel, { name: other.name })),
    });
    await visible(accounts.getByText(exactly(t.accounts.credential)));
    const memberships = adminPage.getByRole('list', {
      name: exactly(format(t.admin.userOrganizationsLabel, { name: other.name })),
    });
    await visible(memberships.getByRole('link', { name: exactly(organization.name) }));
    await shots.take(adminPage, 'user-organizations');
  });

  // -- the console screens in the other languages, themes and widths -----------------------------

  const variants: { lang: LanguageTag; theme: Theme; width: number }[] = [
    { lang: 'en', theme: 'dark', width: 375 },
    { lang: 'de', theme: 'dark', width: 375 },
    { lang: 'de', theme: 'light', width: 1280 },
  ];
  for (const variant of variants) {
    step(`every console screen in ${variant.lang}, ${variant.theme}, ${variant.width} px`, async () => {
      const m = messagesFor(variant.lang);
      const tour = new Screenshots('admin-console', variant.lang, variant.theme);
      const context = watch(
        await newJourneyContext(env.browser, {
          baseURL: env.latch.baseURL,
          viewport: { width: variant.width, height: variant.width < 600 ? 812 : 800 },
          colorScheme: variant.theme,
        }),
      );
      try {
        // the admin's own session, in this browser's language
        await context.addCookies(await adminContext.cookies());
        await context.addInitScript((tag) => {
          // also runs in about:blank, which has no storage
          if (location.protocol === 'http:') localStorage.setItem('latch.language', tag);
        }, variant.lang);
        const page = await context.newPage();
        const screens: { path: string; title: string; name: string; open?: (page: Page) => Promise<void> }[] = [
          { path: '/admin/users', title: m.admin.usersTitle, name: 'users' },
          { path: `/admin/users/${ids.target}`, title: target.name, name: 'user' },
          { path: '/admin/audit', title: m.admin.auditTitle, name: 'audit-log' },
          {
            path: '/admin/audit?type=user.banned',
            title: m.admin.auditTitle,
            name: 'audit-details',
            open: async (on) => {
              await on
                .getByRole('table', { name: exactly(m.admin.eventsTableLabel) })
                .getByRole('button')
                .first()
                .click();
              await visible(on.getByRole('dialog', { name: exactly(m.admin.eventTypes['user.banned']) }));
            },
          },
          { path: '/admin/organizations', title: m.admin.organizationsTitle, name: 'organizations' },
          { path: `/admin/organizations/${ids.organization}`, title: organization.name, name: 'organization' },
          { path: `/admin/users/${ids.other}`, title: other.name, name: 'user-organizations' },
          { path: '/admin/webhooks', title: m.admin.webhooksTitle, name: 'webhooks' },
          { path: '/admin/webhooks/deliveries', title: m.admin.deliveriesTitle, name: 'deliveries' },
        ];
        for (const screen of screens) {
          await page.goto(screen.path);
          await visible(heading(page, screen.title));
          // the page is in the language asked for, its data loaded
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(variant.lang);
          await visible(consoleNav(page, m));
          // a person's page loads several parts at once (accounts, organizations, sessions, trail): all of them
          const loading = page.getByRole('status').filter({ hasText: m.common.loading });
          await expect.poll(() => loading.count(), { timeout: WAIT_MS }).toBe(0);
          if (variant.width < 600) {
            const overflow = await page.evaluate(() => {
              const width = document.documentElement.clientWidth;
              // what sticks out, to say in the failure
              const wide = [...document.querySelectorAll('body *')]
                .filter((element) => element.getBoundingClientRect().right > width + 0.5)
                .slice(0, 5)
                .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
              return { by: document.documentElement.scrollWidth - width, wide };
            });
            expect(
              overflow.by,
              `${screen.name} is wider than the screen: ${overflow.wide.join(', ')}`,
            ).toBeLessThanOrEqual(0);
          }
          await screen.open?.(page);
          await tour.take(page, screen.name);
        }
      } finally {
        await context.close();
      }
    });
  }

  step('meets no uncaught errors and no Content-Security-Policy refusals in any browser', async () => {
    expect(uncaught).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  step('leaves no errors in the service log', async () => {
    expect(serviceLogErrors(env)).toEqual([]);
  });
});
