import { beforeAll, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { BASE_URL, describeOnDatabases, type SharedDatabase, signUpUser, type TestApp } from '../../test/harness.ts';
import { activeOrgId, createOrg, orgWithRoles, owner } from '../../test/organizations.ts';

const options = { appName: 'Latch Test', plugins: { organization: { invitationLimit: 3 } } };

await describeOnDatabases('invitations', options, (t) => {
  let db: SharedDatabase;
  let app: TestApp;
  beforeAll(() => {
    ({ db, app } = t);
  });

  const invite = (client: TestClient, body: Record<string, unknown>) =>
    client.post('/organization/invite-member', { role: 'member', ...body });

  it("invite-member: pending, lower-cased, 48 h, and a mail in the invitee's language linking to the accept page", async () => {
    const { person, org } = await owner(app);
    const invitee = await signUpUser(app);
    await db.handle.db.updateTable('user').set({ language: 6 }).where('id', '=', invitee.userId).execute();
    const res = await invite(person.client, { email: invitee.email.toUpperCase(), organizationId: org.id });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      email: invitee.email,
      role: 'member',
      status: 'pending',
      organizationId: org.id,
      inviterId: person.userId,
      teamId: null,
    });
    expect(Date.parse(res.json.expiresAt) - app.clock.now().getTime()).toBe(172_800_000);
    const mail = app.mailer.messages.filter((m) => m.to === invitee.email).at(-1);
    expect(mail?.kind).toBe('invitation');
    expect(mail?.text).toContain(`${BASE_URL}/accept-invitation/${res.json.id}`);
    expect(mail?.html).toContain(`${BASE_URL}/accept-invitation/${res.json.id}`);
    expect(mail?.subject).toContain('Test Org');
    expect(mail?.text).toMatch(/Einladung|eingeladen/);
  });

  it('invite-member refusals: members, duplicates, roles, owners, limits, teams, bad emails', async () => {
    const { org, owner: o, admin, member } = await orgWithRoles(app);
    expect((await invite(member.client, { email: 'a@example.test', organizationId: org.id })).json.code).toBe(
      'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
    );
    const asOwner = await invite(admin.client, { email: 'b@example.test', role: 'owner' });
    expect([asOwner.status, asOwner.json.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE']);
    expect((await invite(o.client, { email: member.email.toUpperCase() })).json.code).toBe(
      'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
    );
    const bad = await invite(o.client, { email: 'c@example.test', role: 'emperor' });
    expect(bad.json).toEqual({ code: 'ROLE_NOT_FOUND', message: 'ROLE_NOT_FOUND: emperor' });
    expect((await invite(o.client, { email: 'c@example.test', role: [] })).json.code).toBe('ROLE_NOT_FOUND');
    expect((await invite(o.client, { email: 'not-an-email' })).json.code).toBe('INVALID_EMAIL');
    expect((await invite(o.client, { email: 'c@example.test', teamId: 'missing' })).json.code).toBe('TEAM_NOT_FOUND');
    expect((await invite(o.client, { email: 'c@example.test', teamId: 'a,b' })).json.code).toBe('INVALID_TEAM_ID');
    const first = await invite(o.client, { email: 'd@example.test' });
    expect((await invite(o.client, { email: 'd@example.test' })).json.code).toBe(
      'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION',
    );
    app.clock.advance(3600);
    const sent = app.mailer.messages.length;
    const resent = await invite(o.client, { email: 'd@example.test', resend: true });
    expect(resent.json.id).toBe(first.json.id);
    expect(Date.parse(resent.json.expiresAt)).toBe(app.clock.now().getTime() + 172_800_000);
    expect(app.mailer.messages.length).toBe(sent + 1);
    await invite(o.client, { email: 'e@example.test' });
    await invite(o.client, { email: 'f@example.test' });
    const limit = await invite(o.client, { email: 'g@example.test' });
    expect([limit.status, limit.json.code]).toEqual([403, 'INVITATION_LIMIT_REACHED']);
    const stranger = await signUpUser(app);
    expect((await invite(stranger.client, { email: 'h@example.test', organizationId: org.id })).json.code).toBe(
      'MEMBER_NOT_FOUND',
    );
  });

  it('resend cannot reach an owner invitation for a non-owner: not shown, not extended, not mailed', async () => {
    const { owner: o, admin } = await orgWithRoles(app);
    const email = `boss-${Date.now().toString(36)}@example.test`;
    const original = await invite(o.client, { email, role: 'owner' });
    expect(original.status).toBe(200);
    app.clock.advance(3600);
    const sent = app.mailer.messages.length;
    const resent = await invite(admin.client, { email, role: 'member', resend: true });
    expect([resent.status, resent.json.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE']);
    expect(app.mailer.messages.length).toBe(sent);
    const row = await db.handle.db
      .selectFrom('invitation')
      .select('expiresAt')
      .where('id', '=', original.json.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).toISOString()).toBe(original.json.expiresAt);
    // the owner may still resend it
    expect((await invite(o.client, { email, role: 'owner', resend: true })).json.id).toBe(original.json.id);
  });

  it('a refused delivery leaves no invitation behind', async () => {
    const { person, org } = await owner(app);
    app.mailer.rejectAll(true);
    try {
      const res = await invite(person.client, { email: 'bounce@example.test', organizationId: org.id });
      expect(res.status).toBe(500);
      expect(res.json.code).toBe('FAILED_TO_SEND_EMAIL');
    } finally {
      app.mailer.rejectAll(false);
    }
    expect((await invite(person.client, { email: 'bounce@example.test', organizationId: org.id })).status).toBe(200);
  });

  it('accept: email case-insensitive, member with the role, team membership, active organization and team', async () => {
    const { person, org } = await owner(app);
    const team = await person.client.post('/organization/create-team', { name: 'Blue' });
    const invitee = await signUpUser(app);
    await createOrg(invitee.client);
    const inv = await invite(person.client, {
      email: invitee.email.toUpperCase(),
      role: ['admin', 'member'],
      teamId: team.json.id,
    });
    expect(inv.json.teamId).toBe(team.json.id);
    const intruder = await signUpUser(app);
    const wrong = await intruder.client.post('/organization/accept-invitation', { invitationId: inv.json.id });
    expect([wrong.status, wrong.json.code]).toEqual([403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION']);
    const res = await invitee.client.post('/organization/accept-invitation', { invitationId: inv.json.id });
    expect(res.status).toBe(200);
    expect(res.json.invitation.status).toBe('accepted');
    expect(res.json.member).toMatchObject({ userId: invitee.userId, organizationId: org.id, role: 'admin,member' });
    const session = (await invitee.client.get('/get-session', { query: { disableCookieCache: 'true' } })).json.session;
    expect(session).toMatchObject({ activeOrganizationId: org.id, activeTeamId: team.json.id });
    const members = await invitee.client.get('/organization/list-team-members', { query: { teamId: team.json.id } });
    expect(members.json.map((m: { userId: string }) => m.userId)).toContain(invitee.userId);
    const again = await invitee.client.post('/organization/accept-invitation', { invitationId: inv.json.id });
    expect([again.status, again.json.code, again.json.message]).toEqual([
      400,
      'INVITATION_NOT_FOUND',
      'Invitation not found',
    ]);
  });

  it('race: two accepts of one invitation make one member', async () => {
    for (let round = 0; round < 3; round++) {
      const { person, org } = await owner(app);
      const invitee = await signUpUser(app);
      const inv = await invite(person.client, { email: invitee.email, organizationId: org.id });
      const second = invitee.client.fresh();
      for (const [k, v] of invitee.client.jar) second.jar.set(k, v);
      const results = await Promise.all([
        invitee.client.post('/organization/accept-invitation', { invitationId: inv.json.id }),
        second.post('/organization/accept-invitation', { invitationId: inv.json.id }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const rows = await db.handle.db
        .selectFrom('member')
        .select('id')
        .where('organizationId', '=', org.id)
        .where('userId', '=', invitee.userId)
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('reject and cancel: final states, permissions, and neither can be reused', async () => {
    const { org, owner: o, admin, member } = await orgWithRoles(app);
    const invitee = await signUpUser(app);
    const inv = await invite(o.client, { email: invitee.email, organizationId: org.id });
    const rej = await invitee.client.post('/organization/reject-invitation', { invitationId: inv.json.id });
    expect(rej.json).toMatchObject({ invitation: { status: 'rejected' }, member: null });
    expect(
      (await invitee.client.post('/organization/accept-invitation', { invitationId: inv.json.id })).json.code,
    ).toBe('INVITATION_NOT_FOUND');
    expect(await activeOrgId(invitee.client)).toBeNull();
    const inv2 = await invite(o.client, { email: 'cancel-me@example.test', organizationId: org.id });
    const byMember = await member.client.post('/organization/cancel-invitation', { invitationId: inv2.json.id });
    expect([byMember.status, byMember.json.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION']);
    const ownerInv = await invite(o.client, { email: 'new-owner@example.test', role: 'owner', organizationId: org.id });
    expect(
      (await admin.client.post('/organization/cancel-invitation', { invitationId: ownerInv.json.id })).json.code,
    ).toBe('YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION');
    const canceled = await admin.client.post('/organization/cancel-invitation', { invitationId: inv2.json.id });
    expect(canceled.json).toMatchObject({ id: inv2.json.id, status: 'canceled' });
    expect((await o.client.post('/organization/cancel-invitation', { invitationId: inv2.json.id })).json.code).toBe(
      'INVITATION_NOT_FOUND',
    );
    const outsider = await signUpUser(app);
    const inv3 = await invite(o.client, { email: 'third@example.test', organizationId: org.id });
    expect(
      (await outsider.client.post('/organization/cancel-invitation', { invitationId: inv3.json.id })).json.code,
    ).toBe('MEMBER_NOT_FOUND');
  });

  it('expiry (injected clock): an expired invitation is neither read, accepted, rejected nor canceled', async () => {
    const { person, org } = await owner(app);
    const invitee = await signUpUser(app);
    const inv = await invite(person.client, { email: invitee.email, organizationId: org.id });
    app.clock.advance(172_799);
    expect((await invitee.client.get('/organization/get-invitation', { query: { id: inv.json.id } })).status).toBe(200);
    app.clock.advance(2);
    for (const res of [
      await invitee.client.get('/organization/get-invitation', { query: { id: inv.json.id } }),
      await invitee.client.post('/organization/accept-invitation', { invitationId: inv.json.id }),
      await invitee.client.post('/organization/reject-invitation', { invitationId: inv.json.id }),
      await person.client.post('/organization/cancel-invitation', { invitationId: inv.json.id }),
    ]) {
      expect([res.status, res.json.code]).toEqual([400, 'INVITATION_NOT_FOUND']);
    }
    expect((await invitee.client.get('/organization/list')).json).toEqual([]);
    const renewed = await invite(person.client, { email: invitee.email, organizationId: org.id });
    expect(renewed.json.id).not.toBe(inv.json.id);
  });

  it('get-invitation: recipient only, with organization and inviter; inviter gone', async () => {
    const { org, owner: o, admin } = await orgWithRoles(app);
    const invitee = await signUpUser(app);
    const inv = await invite(admin.client, { email: invitee.email, organizationId: org.id });
    const res = await invitee.client.get('/organization/get-invitation', { query: { id: inv.json.id } });
    expect(res.json).toMatchObject({
      id: inv.json.id,
      organizationName: 'Test Org',
      organizationSlug: org.slug,
      inviterEmail: admin.email,
      // Latch's own field: the name the mail gave
      inviterName: (await admin.client.get('/get-session')).json.user.name,
    });
    expect((await o.client.get('/organization/get-invitation', { query: { id: inv.json.id } })).json.code).toBe(
      'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
    );
    const anon = await app.client().get('/organization/get-invitation', { query: { id: inv.json.id } });
    expect([anon.status, anon.json.code]).toEqual([401, 'NOT_AUTHENTICATED']);
    await o.client.post('/organization/remove-member', { memberIdOrEmail: admin.memberId });
    const gone = await invitee.client.get('/organization/get-invitation', { query: { id: inv.json.id } });
    expect(gone.json.code).toBe('INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION');
  });

  it('list-invitations and list-user-invitations', async () => {
    const { org, owner: o, admin, member } = await orgWithRoles(app);
    await invite(o.client, { email: 'boss@example.test', role: 'owner', organizationId: org.id });
    const invitee = await signUpUser(app);
    await invite(o.client, { email: invitee.email, organizationId: org.id });
    const byOwner = await o.client.get('/organization/list-invitations');
    expect(byOwner.json.some((i: { email: string }) => i.email === 'boss@example.test')).toBe(true);
    const byAdmin = await admin.client.get('/organization/list-invitations', { query: { organizationId: org.id } });
    expect(byAdmin.json.some((i: { email: string }) => i.email === 'boss@example.test')).toBe(false);
    expect(byAdmin.json.some((i: { email: string }) => i.email === invitee.email)).toBe(true);
    expect((await member.client.get('/organization/list-invitations')).json.code).toBe(
      'YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS',
    );
    const stranger = await signUpUser(app);
    const refused = await stranger.client.get('/organization/list-invitations', { query: { organizationId: org.id } });
    expect([refused.status, refused.json.code]).toEqual([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']);
    expect((await stranger.client.get('/organization/list-invitations')).json.code).toBe('ORGANIZATION_ID_IS_REQUIRED');

    const unverified = await invitee.client.get('/organization/list-user-invitations');
    expect([unverified.status, unverified.json.code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION']);
    await db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', invitee.userId).execute();
    const mine = await invitee.client.get('/organization/list-user-invitations');
    expect(mine.json).toEqual([
      expect.objectContaining({ email: invitee.email, organizationId: org.id, organizationName: 'Test Org' }),
    ]);
    expect(
      (await invitee.client.get('/organization/list-user-invitations', { query: { email: 'boss@example.test' } }))
        .status,
    ).toBe(400);
    expect((await app.client().get('/organization/list-user-invitations')).status).toBe(400);
  });
});
