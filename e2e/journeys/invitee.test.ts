/**
 * The invitee's journey (issue 16 item 7), in real Chromium with the invitation mail received over
 * SMTP: the invited person opens the link signed out → sees the organization and who invited →
 * creates an account with the address filled in → lands back on the invitation → the verification
 * mail's link carries on to it as well → accepts. A second person, who signed up without the link,
 * sees the invitation in the header's switcher and accepts it there. Three browser contexts.
 * Screenshots in e2e/screenshots/invitee/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { newJourneyContext, skipBrowserJourneys, WAIT_MS } from '../support/browser.ts';
import { type Environment, serviceLogErrors, startEnvironment } from '../support/environment.ts';
import { journeySteps } from '../support/journey.ts';
import { exactly, format, messagesFor, Screenshots, serverSession } from '../support/ui.ts';

const t = messagesFor('en');
const skip = skipBrowserJourneys();

describe.skipIf(skip)('invitee journey (en, light, 1280px)', () => {
  const owner = { name: 'Ada Lovelace', email: 'ada.invitee@example.test', password: 'correct horse battery' };
  const invitee = { name: 'Bob Babbage', email: 'bob.invitee@example.test', password: 'difference engine 1822' };
  const second = { name: 'Carol Somerville', email: 'carol.invitee@example.test', password: 'mechanism of heavens' };
  const organization = { name: 'Difference Engines', slug: 'difference-engines' };

  let env: Environment;
  let shots: Screenshots;
  const contexts: BrowserContext[] = [];
  let ownerPage: Page;
  let inviteePage: Page;
  let secondPage: Page;
  let invitationLink = '';
  const uncaught: string[] = [];

  beforeAll(async () => {
    env = await startEnvironment();
    shots = new Screenshots('invitee', 'en', 'light', { checkOtherTheme: true });
    const pages: Page[] = [];
    for (let i = 0; i < 3; i++) {
      const context = await newJourneyContext(env.browser, { baseURL: env.latch.baseURL });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => uncaught.push(`${page.url()}: ${error.stack ?? error.message}`));
      pages.push(page);
    }
    [ownerPage, inviteePage, secondPage] = pages as [Page, Page, Page];
  }, 120_000);

  afterAll(async () => {
    await env?.close();
  }, 30_000);

  const step = journeySteps({
    env: () => env,
    pages: () => ({ owner: ownerPage, invitee: inviteePage, second: secondPage }),
    shots: () => shots,
  });

  const heading = (page: Page, text: string) => page.getByRole('heading', { level: 1, name: exactly(text) });
  const button = (page: Page, name: string) => page.getByRole('button', { name: exactly(name) });
  const field = (page: Page, label: string) => page.getByLabel(exactly(label));

  /** POST from the page, with its cookies, as the app's own calls go. */
  const apiPost = (page: Page, path: string, body: unknown) =>
    page.evaluate(
      async ({ url, json }) => {
        const response = await fetch(url, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(json),
        });
        return { status: response.status, text: await response.text() };
      },
      { url: `/api/auth${path}`, json: body },
    );

  const signUp = async (page: Page, person: { name: string; email: string; password: string }) => {
    await page.goto('/sign-up');
    await field(page, t.signUp.nameLabel).fill(person.name);
    await field(page, t.common.email).fill(person.email);
    await field(page, t.common.password).fill(person.password);
    await button(page, t.signUp.submit).click();
    await page.waitForURL('**/settings/profile');
  };

  const mailTo = (email: string, linkPart: string) =>
    env.smtp.waitFor((m) => m.to.includes(email) && m.links.some((link) => link.includes(linkPart)), WAIT_MS);

  step('the owner has an organization and invites an address that has no account yet', async () => {
    await signUp(ownerPage, owner);
    const created = await apiPost(ownerPage, '/organization/create', organization);
    expect(created.status, created.text).toBe(200);
    await ownerPage.goto('/organization/invitations');
    await heading(ownerPage, t.organization.inviteTitle).waitFor();
    await field(ownerPage, t.organization.inviteEmailLabel).fill(invitee.email);
    await button(ownerPage, t.organization.inviteSubmit).click();
    await ownerPage
      .getByRole('status')
      .filter({ hasText: exactly(format(t.organization.invitationSent, { email: invitee.email })) })
      .waitFor();
  });

  step('the invitation mail arrives over SMTP with the link to the invitation', async () => {
    const mail = await mailTo(invitee.email, '/accept-invitation/');
    invitationLink = mail.links.find((link) => link.includes('/accept-invitation/')) ?? '';
    expect(new URL(invitationLink).origin).toBe(env.latch.baseURL);
  });

  step('signed out, the link says which organization, who invited, the role and the address', async () => {
    await inviteePage.goto(invitationLink);
    await heading(inviteePage, format(t.organization.invitationJoin, { organization: organization.name })).waitFor();
    await inviteePage.getByText(exactly(format(t.organization.invitationFrom, { inviter: owner.name }))).waitFor();
    const facts = inviteePage.getByRole('main').locator('dl');
    expect(await facts.getByText(exactly(invitee.email)).count()).toBe(1);
    expect(await facts.getByText(exactly(t.organization.roleMember)).count()).toBe(1);
    await inviteePage.getByText(exactly(format(t.organization.invitationSignInAs, { email: invitee.email }))).waitFor();
    expect(await serverSession(inviteePage)).toBeNull();
    await shots.take(inviteePage, 'invitation-signed-out');
  });

  step('"Create an account" fills in the invited address and returns to the invitation', async () => {
    await inviteePage.getByRole('link', { name: exactly(t.signIn.createAccount) }).click();
    await heading(inviteePage, t.signUp.title).waitFor();
    expect(await field(inviteePage, t.common.email).inputValue()).toBe(invitee.email);
    await inviteePage.getByText(exactly(t.signUp.invitedAddress)).waitFor();
    await shots.take(inviteePage, 'sign-up-prefilled');
    await field(inviteePage, t.signUp.nameLabel).fill(invitee.name);
    await field(inviteePage, t.common.password).fill(invitee.password);
    await button(inviteePage, t.signUp.submit).click();

    await inviteePage.waitForURL((url) => url.pathname === new URL(invitationLink).pathname);
    await heading(inviteePage, format(t.organization.invitationJoin, { organization: organization.name })).waitFor();
    await inviteePage.getByText(exactly(format(t.organization.invitationFrom, { inviter: owner.name }))).waitFor();
    expect((await serverSession(inviteePage))?.user.email).toBe(invitee.email);
    await shots.take(inviteePage, 'invitation-signed-in');
  });

  step("the verification mail's link leads on to the invitation too", async () => {
    const mail = await mailTo(invitee.email, '/verify-email');
    const link = mail.links.find((l) => l.includes('/verify-email')) ?? '';
    const callbackURL = new URL(link).searchParams.get('callbackURL') ?? '';
    expect(callbackURL).toBe(`/verified?next=${encodeURIComponent(new URL(invitationLink).pathname)}`);
    await inviteePage.goto(link);
    await heading(inviteePage, t.verifyEmail.successTitle).waitFor();
    await shots.take(inviteePage, 'verified-continue');
    await inviteePage.getByRole('link', { name: exactly(t.verifyEmail.continue) }).click();
    await inviteePage.waitForURL((url) => url.pathname === new URL(invitationLink).pathname);
    await heading(inviteePage, format(t.organization.invitationJoin, { organization: organization.name })).waitFor();
  });

  step('the invited person accepts and is a member', async () => {
    await button(inviteePage, t.organization.accept).click();
    await heading(inviteePage, format(t.organization.welcomeTitle, { organization: organization.name })).waitFor();
    await shots.take(inviteePage, 'accepted');
    await inviteePage.getByRole('link', { name: exactly(t.organization.openOrganization) }).click();
    await heading(inviteePage, t.organization.members).waitFor();
    const members = inviteePage.getByRole('list', { name: exactly(t.organization.members) });
    await members.getByText(exactly(owner.email)).waitFor();
    await members.getByText(exactly(invitee.email)).waitFor();
  });

  step('a second person signs up without the link and verifies their address', async () => {
    await signUp(secondPage, second);
    const mail = await mailTo(second.email, '/verify-email');
    await secondPage.goto(mail.links.find((l) => l.includes('/verify-email')) ?? '');
    await heading(secondPage, t.verifyEmail.successTitle).waitFor();
    expect((await serverSession(secondPage))?.user.emailVerified).toBe(true);
  });

  step('invited later, they see the invitation in the header switcher and accept it there', async () => {
    const invited = await apiPost(ownerPage, '/organization/invite-member', { email: second.email, role: 'admin' });
    expect(invited.status, invited.text).toBe(200);
    await secondPage.goto('/settings/profile');
    const switcher = secondPage
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(format(t.organization.myInvitationsCount, { count: 1 })) });
    await switcher.waitFor();
    await switcher.click();
    const waiting = secondPage
      .getByRole('banner')
      .getByRole('region', { name: exactly(t.organization.myInvitationsTitle) });
    await waiting.getByText(exactly(organization.name)).waitFor();
    await waiting.getByText(exactly(t.organization.roleAdmin)).waitFor();
    await shots.take(secondPage, 'switcher-invitation');
    await waiting
      .getByRole('button', { name: exactly(format(t.organization.acceptLabel, { organization: organization.name })) })
      .click();
    await heading(secondPage, t.organization.members).waitFor();
    await secondPage
      .getByRole('status')
      .filter({ hasText: exactly(format(t.organization.accepted, { organization: organization.name })) })
      .waitFor();
    await secondPage
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(organization.name) })
      .waitFor();
    expect(
      await secondPage
        .getByRole('banner')
        .getByRole('button', { name: new RegExp(t.organization.myInvitationsCount.split(':')[0] ?? '') })
        .count(),
    ).toBe(0);
    await shots.take(secondPage, 'accepted-from-switcher');
  });

  step('meets no uncaught errors and leaves none in the service log', async () => {
    expect(uncaught).toEqual([]);
    expect(serviceLogErrors(env)).toEqual([]);
  });
});
