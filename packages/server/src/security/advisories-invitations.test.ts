/**
 * better-auth's security advisory about organization invitations (GHSA-fmh4-wcc4-5jm3),
 * replayed over HTTP against Latch: only the proven owner of the invited address finds, reads
 * or settles an invitation, with and without requireEmailVerificationOnInvitation.
 *
 * docs/security-advisories.md lists every advisory found, where, and why the ones without
 * a test do not apply; test/advisories.ts holds the shared setup (the snapshot of the account
 * tables each test compares before and after its attack).
 */
import { expect, it } from 'vitest';
import { REPLAYED, REPLAYED_OPTIONS, snapshot, unique } from '../test/advisories.ts';
import { describeOnDatabases, signUpUser, signUpVerifiedUser, verifyEmailOf } from '../test/harness.ts';
import { owner } from '../test/organizations.ts';

await describeOnDatabases(REPLAYED, REPLAYED_OPTIONS, (t) => {
  it('GHSA-fmh4-wcc4-5jm3 (CVE-2026-53514): without the mailed link, an account that claims the invited address can neither find nor settle the invitation, and no one else can settle it', async () => {
    const org = await owner(t.app);
    const invited = unique('invited');
    const claimant = await signUpUser(t.app, { email: invited });
    const invitation = await org.person.client.post('/organization/invite-member', {
      email: invited,
      role: 'admin',
      organizationId: org.org.id,
    });
    expect(invitation.status).toBe(200);
    const stranger = await signUpVerifiedUser(t.app);
    const before = await snapshot(t.db);
    // the unverified claimant cannot list the address's invitations, and ids are not guessable
    const listed = await claimant.client.get('/organization/list-user-invitations');
    expect([listed.status, listed.json.code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION']);
    expect(invitation.json.id).toMatch(/^[A-Za-z0-9]{32}$/);
    // a neighbour of the real id that differs whatever the collation (MariaDB compares ids without case)
    const guessed = `${invitation.json.id.slice(0, -1)}${invitation.json.id.toLowerCase().endsWith('a') ? 'b' : 'a'}`;
    for (const [path, body] of [
      ['/organization/accept-invitation', { invitationId: guessed }],
      ['/organization/reject-invitation', { invitationId: guessed }],
    ] as const) {
      const res = await claimant.client.post(path, body);
      expect([path, res.status, res.json.code]).toEqual([path, 400, 'INVITATION_NOT_FOUND']);
    }
    expect((await claimant.client.get('/organization/get-invitation', { query: { id: guessed } })).json.code).toBe(
      'INVITATION_NOT_FOUND',
    );
    // a verified account that is not the recipient gets nowhere, even with the real id
    for (const path of ['/organization/accept-invitation', '/organization/reject-invitation']) {
      const res = await stranger.client.post(path, { invitationId: invitation.json.id });
      expect([path, res.status, res.json.code]).toEqual([path, 403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION']);
    }
    const read = await stranger.client.get('/organization/get-invitation', { query: { id: invitation.json.id } });
    expect([read.status, read.json.code]).toEqual([403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION']);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

await describeOnDatabases(
  'GHSA-fmh4-wcc4-5jm3 with plugins.organization.requireEmailVerificationOnInvitation',
  { plugins: { organization: { requireEmailVerificationOnInvitation: true } } },
  (t) => {
    it('an account that claimed the invited address without proving it cannot settle or read the invitation, even with its id', async () => {
      const org = await owner(t.app);
      const invited = unique('invited');
      const claimant = await signUpUser(t.app, { email: invited });
      const invitation = await org.person.client.post('/organization/invite-member', {
        email: invited,
        role: 'admin',
        organizationId: org.org.id,
      });
      expect(invitation.status).toBe(200);
      const before = await snapshot(t.db);
      for (const path of ['/organization/accept-invitation', '/organization/reject-invitation']) {
        const res = await claimant.client.post(path, { invitationId: invitation.json.id });
        expect([path, res.status, res.json.code]).toEqual([
          path,
          403,
          'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
        ]);
      }
      const read = await claimant.client.get('/organization/get-invitation', { query: { id: invitation.json.id } });
      expect([read.status, read.json.code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION']);
      expect(await snapshot(t.db)).toEqual(before);
      // the mailbox's owner, once the address is proven, accepts
      await verifyEmailOf(t.app, claimant.client, invited);
      const accepted = await claimant.client.post('/organization/accept-invitation', {
        invitationId: invitation.json.id,
      });
      expect(accepted.status).toBe(200);
      expect(accepted.json.member.role).toBe('admin');
    });
  },
);
