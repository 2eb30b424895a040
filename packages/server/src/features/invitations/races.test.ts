/**
 * Invitations under concurrency (security issue, item 12) and the per-recipient mail limit
 * (item 6): concurrent invites of one address make one pending invitation, concurrent
 * invites of many addresses never pass the invitation limit, and one address gets a
 * bounded number of invitation mails from every organization together.
 */
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness.ts';
import { owner } from '../../test/organizations.ts';

await describeOnDatabases('invitations under a burst', { plugins: { organization: { invitationLimit: 5 } } }, (t) => {
  const pending = (organizationId: string) =>
    t.db.handle.db
      .selectFrom('invitation')
      .select(['email'])
      .where('organizationId', '=', organizationId)
      .where('status', '=', 'pending')
      .execute();

  it('20 concurrent invites of one address make one pending invitation', async () => {
    const { person, org } = await owner(t.app);
    const email = `burst-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        person.client.post('/organization/invite-member', { email, role: 'member', organizationId: org.id }),
      ),
    );
    expect(answers.every((r) => r.status < 500)).toBe(true);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await pending(org.id)).toHaveLength(1);
  });

  it('20 concurrent invites of different addresses stop at the invitation limit', async () => {
    const { person, org } = await owner(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        person.client.post('/organization/invite-member', {
          email: `many-${i}-${Math.random().toString(36).slice(2, 6)}@example.test`,
          role: 'member',
          organizationId: org.id,
        }),
      ),
    );
    expect(answers.every((r) => r.status < 500)).toBe(true);
    expect(await pending(org.id)).toHaveLength(5);
    expect(answers.filter((r) => r.json?.code === 'INVITATION_LIMIT_REACHED')).toHaveLength(15);
  });
});

await describeOnDatabases('invitation mails per recipient', { rateLimit: { enabled: true } }, (t) => {
  it('one address gets at most three invitation mails in ten minutes, from every organization together', async () => {
    const email = `popular-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const owners = [];
    for (let i = 0; i < 4; i++) {
      owners.push(await owner(t.app));
      // sign-up is limited per address (3 in 10 s): the owners sign up a while apart
      t.app.clock.advance(11);
    }
    const answers = [];
    for (const [i, { person, org }] of owners.entries()) {
      // each from its own address: the limit follows the recipient, not the sender
      answers.push(
        await person.client.post(
          '/organization/invite-member',
          { email, role: 'member', organizationId: org.id },
          { ip: `203.0.113.${i + 1}` },
        ),
      );
    }
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]?.headers.get('x-retry-after')).toMatch(/^\d+$/);
    expect(t.app.mailer.messages.filter((m) => m.to === email && m.kind === 'invitation')).toHaveLength(3);
    const rows = await t.db.handle.db.selectFrom('invitation').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(3);
    t.app.clock.advance(601);
    const later = await owners[3]?.person.client.post('/organization/invite-member', {
      email,
      role: 'member',
      organizationId: owners[3]?.org.id,
    });
    expect(later?.status).toBe(200);
  });

  it("a stranger who may not invite does not spend the recipient's mails", async () => {
    const email = `wanted-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const { org } = await owner(t.app);
    t.app.clock.advance(11);
    const stranger = await owner(t.app);
    const refused = [];
    for (let i = 0; i < 5; i++)
      refused.push(
        (
          await stranger.person.client.post(
            '/organization/invite-member',
            { email, role: 'member', organizationId: org.id },
            { ip: `203.0.113.${i + 10}` },
          )
        ).status,
      );
    expect(refused.every((status) => status === 400 || status === 403)).toBe(true);
    expect(await t.db.handle.db.selectFrom('invitation').select('id').where('email', '=', email).execute()).toEqual([]);
    t.app.clock.advance(11);
    const { person, org: own } = await owner(t.app);
    const real = await person.client.post('/organization/invite-member', {
      email,
      role: 'member',
      organizationId: own.id,
    });
    expect(real.status).toBe(200);
  });
});
