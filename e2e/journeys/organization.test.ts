/**
 * The organization journey, through the web app only, in real Chromium: an owner creates an
 * organization → invites a second person → that person opens the invitation mail (received over
 * SMTP), signs in and accepts → the owner makes them admin → the admin creates a team and adds
 * themself → the owner removes them. Two browser contexts, one per person; every field is found
 * by its label and every action by its role and name, with the app's own English messages.
 * Screenshots of each screen go to e2e/screenshots/organization/.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { newJourneyContext, skipBrowserJourneys, WAIT_MS } from '../support/browser.ts';
import { type Environment, startEnvironment } from '../support/environment.ts';
import { journeySteps } from '../support/journey.ts';
import { exactly, format, messagesFor, Screenshots, serverSession } from '../support/ui.ts';

// generous: a wait ends as soon as the page is ready, and CI shares two cores with the server and the database suites
const t = messagesFor('en');
const skip = skipBrowserJourneys();

interface MemberJson {
  id: string;
  role: string;
  user: { email: string };
}

describe.skipIf(skip)('organization journey (en, light, 1280px)', () => {
  const owner = { name: 'Ada Lovelace', email: 'ada.org@example.test', password: 'correct horse battery' };
  const invitee = { name: 'Bob Babbage', email: 'bob.org@example.test', password: 'difference engine 1822' };
  const organization = { name: 'Analytical Engines', slug: 'analytical-engines' };
  const teamName = 'Mill designers';

  let env: Environment;
  let shots: Screenshots;
  let ownerContext: BrowserContext;
  let inviteeContext: BrowserContext;
  let ownerPage: Page;
  let inviteePage: Page;
  let invitationLink = '';
  const uncaught: string[] = [];

  const newContext = async (): Promise<BrowserContext> => {
    return newJourneyContext(env.browser, { baseURL: env.latch.baseURL });
  };

  beforeAll(async () => {
    env = await startEnvironment();
    shots = new Screenshots('organization', 'en', 'light', { checkOtherTheme: true });
    ownerContext = await newContext();
    inviteeContext = await newContext();
    ownerPage = await ownerContext.newPage();
    inviteePage = await inviteeContext.newPage();
    for (const page of [ownerPage, inviteePage]) page.on('pageerror', (err) => uncaught.push(String(err)));
  }, 120_000);

  afterAll(async () => {
    await env?.close();
  }, 30_000);

  const step = journeySteps({
    env: () => env,
    pages: () => ({ owner: ownerPage, invitee: inviteePage }),
    shots: () => shots,
  });

  // -- locators --------------------------------------------------------------------------------

  const heading = (page: Page, text: string) => page.getByRole('heading', { level: 1, name: exactly(text) });
  const field = (page: Page, label: string | RegExp) =>
    page.getByLabel(typeof label === 'string' ? exactly(label) : label);
  const button = (within: Page | Locator, name: string) => within.getByRole('button', { name: exactly(name) });
  const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: exactly(text) });
  const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });
  const orgNav = (page: Page) => page.getByRole('navigation', { name: exactly(t.organization.navLabel) });
  const openSection = async (page: Page, label: string, title = label) => {
    await orgNav(page)
      .getByRole('link', { name: exactly(label) })
      .click();
    await visible(heading(page, title));
  };
  const membersList = (page: Page) => page.getByRole('list', { name: exactly(t.organization.members) });
  const memberRow = (page: Page, email: string) => membersList(page).getByRole('listitem').filter({ hasText: email });

  /** GET from the page itself, with its cookies: what the server says to this person. */
  const apiGet = <T>(page: Page, path: string) =>
    page
      .evaluate(async (url) => {
        const response = await fetch(url, { credentials: 'same-origin' });
        return { status: response.status, body: (await response.text()) || 'null' };
      }, `/api/auth${path}`)
      .then(({ status: code, body }) => ({ status: code, json: JSON.parse(body) as T }));

  // -- the journey -----------------------------------------------------------------------------

  step('the owner signs up and opens "Create organization" from the header', async () => {
    await ownerPage.goto('/sign-up');
    await visible(heading(ownerPage, t.signUp.title));
    await field(ownerPage, t.signUp.nameLabel).fill(owner.name);
    await field(ownerPage, t.common.email).fill(owner.email);
    await field(ownerPage, t.common.password).fill(owner.password);
    await button(ownerPage, t.signUp.submit).click();
    await ownerPage.waitForURL('**/settings/profile');

    const switcher = ownerPage
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(`^${t.organization.switcherLabel}`) });
    await switcher.click();
    expect(await switcher.getAttribute('aria-expanded')).toBe('true');
    await visible(ownerPage.getByText(exactly(t.organization.switcherEmpty)));
    await shots.take(ownerPage, 'switcher-empty');
    await ownerPage
      .getByRole('banner')
      .getByRole('link', { name: exactly(t.organization.create) })
      .click();
    await visible(heading(ownerPage, t.organization.createTitle));
  });

  step('the owner creates the organization; the form validates first and checks the slug live', async () => {
    await button(ownerPage, t.organization.createSubmit).click();
    await visible(ownerPage.getByText(exactly(t.organization.nameRequired)));
    expect(await field(ownerPage, t.organization.nameLabel).evaluate((el) => el === document.activeElement)).toBe(true);
    await shots.take(ownerPage, 'create-invalid');

    await field(ownerPage, t.organization.nameLabel).fill(organization.name);
    expect(await field(ownerPage, t.organization.slugLabel).inputValue()).toBe(organization.slug);
    await visible(ownerPage.getByText(exactly(format(t.organization.slugAvailable, { slug: organization.slug }))));
    await shots.take(ownerPage, 'create-filled');
    await button(ownerPage, t.organization.createSubmit).click();

    await ownerPage.waitForURL('**/organization/invitations');
    await visible(heading(ownerPage, t.organization.inviteTitle));
    await visible(status(ownerPage, format(t.organization.created, { name: organization.name })));
    // the new organization is active, on the session and in the header
    const session = await apiGet<{ session: { activeOrganizationId: string | null } }>(ownerPage, '/get-session');
    expect(session.json.session.activeOrganizationId).toBeTruthy();
    await visible(ownerPage.getByRole('banner').getByRole('button', { name: new RegExp(organization.name) }));
    // an owner sees every section
    for (const label of [
      t.organization.members,
      t.organization.invitations,
      t.organization.teams,
      t.organization.settings,
    ]) {
      await visible(orgNav(ownerPage).getByRole('link', { name: exactly(label) }));
    }
    await shots.take(ownerPage, 'created-invitations');
  });

  step('the owner invites the second person by email as a member', async () => {
    // the second person already has an account (made over HTTP, as another app would)
    const signUp = await fetch(`${env.latch.baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: env.latch.baseURL },
      body: JSON.stringify(invitee),
    });
    expect(signUp.status).toBe(200);

    await field(ownerPage, t.organization.inviteEmailLabel).fill('bob.org@example');
    await button(ownerPage, t.organization.inviteSubmit).click();
    await visible(ownerPage.getByText(exactly(t.validation.emailInvalid)));
    await field(ownerPage, t.organization.inviteEmailLabel).fill(invitee.email);
    expect(await field(ownerPage, t.organization.roleLabel).inputValue()).toBe('member');
    await button(ownerPage, t.organization.inviteSubmit).click();
    await visible(status(ownerPage, format(t.organization.invitationSent, { email: invitee.email })));
    const pending = ownerPage.getByRole('list', { name: exactly(t.organization.pendingTitle) });
    await visible(pending.getByText(exactly(invitee.email)));
    await visible(button(ownerPage, format(t.organization.resendLabel, { email: invitee.email })));
    await visible(button(ownerPage, format(t.organization.cancelInvitationLabel, { email: invitee.email })));
    await shots.take(ownerPage, 'invitation-pending');
  });

  step('the invitation mail arrives over SMTP with a link to the accept page', async () => {
    const mail = await env.smtp.waitFor(
      (m) => m.to.includes(invitee.email) && m.links.some((link) => link.includes('/accept-invitation/')),
      WAIT_MS,
    );
    invitationLink = mail.links.find((link) => link.includes('/accept-invitation/')) ?? '';
    expect(new URL(invitationLink).origin).toBe(env.latch.baseURL);
    expect(mail.text).toContain(organization.name);
  });

  step('signed out, the second person opens the link, signs in and comes back to the invitation', async () => {
    await inviteePage.goto(invitationLink);
    // signed out, the link already says which organization and who invited (issue 16 item 7)
    await visible(heading(inviteePage, format(t.organization.invitationJoin, { organization: organization.name })));
    await visible(inviteePage.getByText(exactly(format(t.organization.invitationFrom, { inviter: owner.name }))));
    await visible(inviteePage.getByText(exactly(format(t.organization.invitationSignInAs, { email: invitee.email }))));
    await shots.take(inviteePage, 'accept-signed-out');
    await inviteePage
      .getByRole('main')
      .getByRole('link', { name: exactly(t.common.signIn) })
      .click();
    await visible(heading(inviteePage, t.signIn.title));
    await field(inviteePage, t.signIn.identifierLabel).fill(invitee.email);
    await field(inviteePage, t.common.password).fill(invitee.password);
    await button(inviteePage, t.signIn.submit).click();

    await inviteePage.waitForURL((url) => url.pathname === new URL(invitationLink).pathname);
    await visible(heading(inviteePage, format(t.organization.invitationJoin, { organization: organization.name })));
    await visible(inviteePage.getByText(exactly(format(t.organization.invitationFrom, { inviter: owner.name }))));
    await shots.take(inviteePage, 'accept-invitation');
  });

  step('the second person accepts and the organization becomes theirs too', async () => {
    await button(inviteePage, t.organization.accept).click();
    await visible(heading(inviteePage, format(t.organization.welcomeTitle, { organization: organization.name })));
    await shots.take(inviteePage, 'accepted');
    await inviteePage.getByRole('link', { name: exactly(t.organization.openOrganization) }).click();
    await visible(heading(inviteePage, t.organization.members));
    await visible(memberRow(inviteePage, owner.email));
    // a plain member: no invitations tab, no role or remove controls
    expect(
      await orgNav(inviteePage)
        .getByRole('link', { name: exactly(t.organization.invitations) })
        .count(),
    ).toBe(0);
    expect(await membersList(inviteePage).getByRole('button').count()).toBe(0);
    await shots.take(inviteePage, 'members-as-member');
  });

  step('the owner makes them admin', async () => {
    await openSection(ownerPage, t.organization.members);
    const row = memberRow(ownerPage, invitee.email);
    await visible(row);
    const role = row.getByRole('combobox', { name: exactly(format(t.organization.roleOf, { name: invitee.name })) });
    await role.selectOption('admin');
    await button(row, format(t.organization.changeRoleLabel, { name: invitee.name })).click();
    await visible(
      status(ownerPage, format(t.organization.roleChanged, { name: invitee.name, role: t.organization.roleAdmin })),
    );
    await shots.take(ownerPage, 'made-admin');
    const members = await apiGet<{ members: MemberJson[] }>(ownerPage, '/organization/list-members');
    expect(members.json.members.find((m) => m.user.email === invitee.email)?.role).toBe('admin');
  });

  step('the admin sees the admin sections, but no "delete organization"', async () => {
    await inviteePage.reload();
    await visible(heading(inviteePage, t.organization.members));
    await visible(orgNav(inviteePage).getByRole('link', { name: exactly(t.organization.invitations) }));
    // the owner's row has no controls for an admin
    await visible(memberRow(inviteePage, owner.email));
    expect(await memberRow(inviteePage, owner.email).getByRole('button').count()).toBe(0);
    await openSection(inviteePage, t.organization.settings);
    await visible(field(inviteePage, t.organization.nameLabel));
    expect(await inviteePage.getByRole('heading', { name: exactly(t.organization.deleteTitle) }).count()).toBe(0);
    await shots.take(inviteePage, 'settings-as-admin');
  });

  step('the admin creates a team and adds themself to it', async () => {
    await openSection(inviteePage, t.organization.teams);
    await button(inviteePage, t.organization.createTeam).click();
    await visible(inviteePage.getByText(exactly(t.organization.teamNameRequired)));
    await field(inviteePage, t.organization.teamNameLabel).fill(teamName);
    await button(inviteePage, t.organization.createTeam).click();
    await visible(status(inviteePage, format(t.organization.teamCreated, { team: teamName })));
    const team = inviteePage.getByRole('region', { name: exactly(teamName) });
    await visible(team.getByText(exactly(t.organization.teamEmpty)));
    await shots.take(inviteePage, 'team-created');

    await team.getByLabel(exactly(format(t.organization.addToTeamLabel, { team: teamName }))).selectOption({
      label: `${invitee.name} (${invitee.email})`,
    });
    await button(team, t.organization.addToTeam).click();
    await visible(status(inviteePage, format(t.organization.teamMemberAdded, { name: invitee.name, team: teamName })));
    await visible(
      team
        .getByRole('list', { name: exactly(format(t.organization.teamMembersOf, { team: teamName })) })
        .getByText(exactly(invitee.name)),
    );
    await shots.take(inviteePage, 'team-member-added');
  });

  step('the owner removes them from the organization', async () => {
    await openSection(ownerPage, t.organization.teams);
    const team = ownerPage.getByRole('region', { name: exactly(teamName) });
    await visible(team.getByText(exactly(invitee.name)));
    await shots.take(ownerPage, 'teams-as-owner');

    await openSection(ownerPage, t.organization.members);
    const row = memberRow(ownerPage, invitee.email);
    await button(row, format(t.organization.removeLabel, { name: invitee.name })).click();
    await visible(
      row.getByText(
        exactly(format(t.organization.removeQuestion, { name: invitee.name, organization: organization.name })),
      ),
    );
    await shots.take(ownerPage, 'remove-confirm');
    await button(row, t.organization.removeConfirm).click();
    await visible(status(ownerPage, format(t.organization.memberRemoved, { name: invitee.name })));
    await memberRow(ownerPage, invitee.email).waitFor({ state: 'detached' });
    await shots.take(ownerPage, 'member-removed');

    const members = await apiGet<{ members: MemberJson[] }>(ownerPage, '/organization/list-members');
    expect(members.json.members.map((m) => m.user.email)).toEqual([owner.email]);
    // the removed person has no organization left: the app offers to create one
    await inviteePage.goto('/organization');
    await visible(heading(inviteePage, t.organization.title));
    await visible(inviteePage.getByText(exactly(t.organization.noneDescription)));
    expect((await serverSession(inviteePage))?.user.email).toBe(invitee.email);
    await shots.take(inviteePage, 'removed-no-organization');
  });

  step('meets no uncaught errors in either browser', async () => {
    expect(uncaught).toEqual([]);
  });

  step('leaves no errors in the service log', async () => {
    const errors = env.latch
      .output()
      .split('\n')
      .filter((line) => /\b(ERROR|FATAL)\b/.test(line));
    expect(errors).toEqual([]);
  });
});
