/** Shared steps of the organization HTTP tests: an organization, people who joined it with a role. */
import { expect } from 'vitest';
import type { TestClient } from './client.ts';
import { signUpUser, type TestApp } from './harness.ts';

export interface Person {
  client: TestClient;
  email: string;
  userId: string;
  memberId: string;
}

export interface OrgJson {
  id: string;
  slug: string;
  name: string;
  members: { id: string; userId: string; role: string }[];
}

let counter = 0;
export const uniqueSlug = (p = 'org') => `${p}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export async function createOrg(client: TestClient, extra: Record<string, unknown> = {}): Promise<OrgJson> {
  const res = await client.post('/organization/create', { name: 'Test Org', slug: uniqueSlug(), ...extra });
  expect(res.status, res.text).toBe(200);
  return res.json as OrgJson;
}

export async function owner(app: TestApp): Promise<{ person: Person; org: OrgJson }> {
  const u = await signUpUser(app);
  const org = await createOrg(u.client);
  return { person: { ...u, memberId: org.members[0]?.id ?? '' }, org };
}

/** Someone who signed up, was invited by `by` with `role` and accepted. */
export async function join(app: TestApp, by: Person, orgId: string, role = 'member'): Promise<Person> {
  const u = await signUpUser(app);
  const inv = await by.client.post('/organization/invite-member', { email: u.email, role, organizationId: orgId });
  expect(inv.status, inv.text).toBe(200);
  const acc = await u.client.post('/organization/accept-invitation', { invitationId: inv.json.id });
  expect(acc.status, acc.text).toBe(200);
  return { ...u, memberId: acc.json.member.id };
}

export async function orgWithRoles(
  app: TestApp,
): Promise<{ org: OrgJson; owner: Person; admin: Person; member: Person }> {
  const o = await owner(app);
  const admin = await join(app, o.person, o.org.id, 'admin');
  const member = await join(app, o.person, o.org.id, 'member');
  return { org: o.org, owner: o.person, admin, member };
}

export async function activeOrgId(client: TestClient): Promise<string | null> {
  const res = await client.get('/get-session', { query: { disableCookieCache: 'true' } });
  return res.json?.session?.activeOrganizationId ?? null;
}
