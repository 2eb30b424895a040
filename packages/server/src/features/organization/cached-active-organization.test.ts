/**
 * A member who loses an organization (removed, left, or the organization deleted) does not
 * keep it as the active organization through a cache cookie written before: get-session
 * answers from the cookie cache only what is still true (docs/session-revocation.md).
 */
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { describeOnDatabases } from '../../test/harness.ts';
import { join, owner } from '../../test/organizations.ts';

/** What get-session answers from the cookie cache, as a browser reads it. */
async function cachedActive(client: TestClient): Promise<string | null> {
  const res = await client.get('/get-session');
  expect(res.status).toBe(200);
  return res.json?.session?.activeOrganizationId ?? null;
}

await describeOnDatabases(
  'the active organization in cache cookies',
  { session: { cookieCache: { enabled: true, maxAge: 300 } } },
  (t) => {
    async function activeMember() {
      const o = await owner(t.app);
      const member = await join(t.app, o.person, o.org.id);
      expect((await member.client.post('/organization/set-active', { organizationId: o.org.id })).status).toBe(200);
      // the cache cookie now names the organization
      expect(await cachedActive(member.client)).toBe(o.org.id);
      return { ...o, member };
    }

    it('a removed member no longer sees it as active, cache cookie or not', async () => {
      const { person, org, member } = await activeMember();
      const res = await person.client.post('/organization/remove-member', {
        memberIdOrEmail: member.memberId,
        organizationId: org.id,
      });
      expect(res.status).toBe(200);
      expect(await cachedActive(member.client)).toBeNull();
    });

    it('a member who left no longer sees it as active', async () => {
      const { org, member } = await activeMember();
      expect((await member.client.post('/organization/leave', { organizationId: org.id })).status).toBe(200);
      expect(await cachedActive(member.client)).toBeNull();
    });

    it('a deleted organization is active for nobody', async () => {
      const { person, org, member } = await activeMember();
      expect((await person.client.post('/organization/set-active', { organizationId: org.id })).status).toBe(200);
      expect((await person.client.post('/organization/delete', { organizationId: org.id })).status).toBe(200);
      expect(await cachedActive(member.client)).toBeNull();
      expect(await cachedActive(person.client)).toBeNull();
    });
  },
);
