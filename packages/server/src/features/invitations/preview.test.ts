/**
 * GET /organization/invitation-preview (issue 16 item 7): the invitation mail's link opened
 * signed out shows which organization invites, who invited, the role and the invited address,
 * for an open invitation only. A settled, canceled, expired or unknown id reads as not found,
 * and reading a preview changes nothing and signs nobody in.
 */
import { expect, it } from 'vitest';
import { describeOnDatabases, signUpUser } from '../../test/harness.ts';
import { owner } from '../../test/organizations.ts';

await describeOnDatabases('invitation preview', {}, (t) => {
  const invite = async (email: string) => {
    const { person, org } = await owner(t.app);
    await person.client.post('/update-user', { name: 'Ada Lovelace' });
    const res = await person.client.post('/organization/invite-member', {
      organizationId: org.id,
      email,
      role: 'admin',
    });
    expect(res.status, res.text).toBe(200);
    return { person, org, invitationId: res.json.id as string, expiresAt: res.json.expiresAt as string };
  };

  const statusOf = async (id: string) =>
    (await t.db.handle.db.selectFrom('invitation').select('status').where('id', '=', id).executeTakeFirst())?.status;

  it('tells a signed-out visitor the organization, the inviter, the role and the invited address', async () => {
    const { org, invitationId, expiresAt } = await invite('bob.preview@example.test');
    const visitor = t.app.client();
    const res = await visitor.get('/organization/invitation-preview', { query: { id: invitationId } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      id: invitationId,
      email: 'bob.preview@example.test',
      role: 'admin',
      expiresAt,
      organizationName: org.name,
      organizationSlug: org.slug,
      organizationLogo: null,
      inviterName: 'Ada Lovelace',
    });
    // nothing else of the invitation or the inviter, and no session
    expect(Object.keys(res.json)).not.toContain('inviterId');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await statusOf(invitationId)).toBe('pending');
  });

  it('names the inviter by address when they gave no name', async () => {
    const { person, org } = await owner(t.app);
    await person.client.post('/update-user', { name: '' });
    const inv = await person.client.post('/organization/invite-member', {
      organizationId: org.id,
      email: 'carol.preview@example.test',
      role: 'member',
    });
    const res = await t.app.client().get('/organization/invitation-preview', { query: { id: inv.json.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.inviterName).toBe(person.email);
  });

  it('reads as not found for an unknown id, and for an invitation answered, canceled or expired', async () => {
    const visitor = t.app.client();
    const unknown = await visitor.get('/organization/invitation-preview', { query: { id: 'no-such-invitation' } });
    expect([unknown.status, unknown.json.code]).toEqual([400, 'INVITATION_NOT_FOUND']);

    const accepted = await invite('dan.preview@example.test');
    const dan = await signUpUser(t.app, { email: 'dan.preview@example.test' });
    expect(
      (await dan.client.post('/organization/accept-invitation', { invitationId: accepted.invitationId })).status,
    ).toBe(200);
    const canceled = await invite('erin.preview@example.test');
    expect(
      (await canceled.person.client.post('/organization/cancel-invitation', { invitationId: canceled.invitationId }))
        .status,
    ).toBe(200);
    const expired = await invite('fay.preview@example.test');

    t.app.clock.advance(49 * 3600);
    for (const id of [accepted.invitationId, canceled.invitationId, expired.invitationId]) {
      const res = await visitor.get('/organization/invitation-preview', { query: { id } });
      expect([res.status, res.json.code, res.json.organizationName]).toEqual([400, 'INVITATION_NOT_FOUND', undefined]);
    }
    // the reads changed none of them
    expect(await statusOf(accepted.invitationId)).toBe('accepted');
    expect(await statusOf(canceled.invitationId)).toBe('canceled');
    expect(await statusOf(expired.invitationId)).toBe('pending');
  });

  it('refuses a missing id as a validation error', async () => {
    const res = await t.app.client().get('/organization/invitation-preview');
    expect([res.status, res.json.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});
