/**
 * An invitation to an address longer than any mail system carries (found by
 * security/fuzz-endpoints.test.ts): the invitation's own address check had no length limit, and
 * MariaDB's 255-character email column answered 500. Over 254 characters (RFC 5321) is
 * refused with 400 INVALID_EMAIL on every database, and no invitation is stored or mailed.
 */
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness.ts';
import { owner } from '../../test/organizations.ts';

await describeOnDatabases('invitation address length', {}, (t) => {
  it('refuses an address over 254 characters and stores no invitation', async () => {
    const { person, org } = await owner(t.app);
    const longEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    expect(longEmail.length).toBeGreaterThan(254);
    const mailsBefore = t.app.mailer.messages.length;
    const res = await person.client.post('/organization/invite-member', {
      organizationId: org.id,
      email: longEmail,
      role: 'member',
    });
    expect([res.status, res.json.code]).toEqual([400, 'INVALID_EMAIL']);
    const rows = await t.db.handle.db
      .selectFrom('invitation')
      .select('id')
      .where('organizationId', '=', org.id)
      .execute();
    expect(rows).toEqual([]);
    expect(t.app.mailer.messages.length).toBe(mailsBefore);
  });
});
