/**
 * Who sends the fuzzed requests (security/fuzz-*.test.ts), and the real values they may
 * carry: ids, addresses and tokens of rows that exist, written as tokens in the generated
 * requests and resolved just before sending (so a counterexample stays printable).
 */
import { extractLinks } from '../core/mail/transport.ts';
import type { TestClient } from './client.ts';
import { app, db } from './fuzz-app.ts';
import { PASSWORD, signUpUser, signUpVerifiedUser } from './harness.ts';
import { codeFor } from './two-factor.ts';

export type IdentityName = 'anonymous' | 'user' | 'admin' | 'owner' | 'twoFactor' | 'challenged';
export const IDENTITIES: readonly IdentityName[] = ['anonymous', 'user', 'admin', 'owner', 'twoFactor', 'challenged'];

export interface Identity {
  client: TestClient;
  userId: string | null;
  email: string | null;
}

export interface Fixtures {
  identities: Record<IdentityName, Identity>;
  orgId: string;
  totpURI: string;
  backupCodes: string[];
}

export async function makeUser(kind: 'user' | 'admin' | 'owner'): Promise<Identity> {
  const u = await signUpVerifiedUser(app, { username: `fuzz_${kind}_${Math.random().toString(36).slice(2, 9)}` });
  if (kind === 'admin')
    await db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', u.userId).execute();
  return { client: u.client, userId: u.userId, email: u.email };
}

/** An organization of the owner with a team and a pending invitation, made active. */
export async function makeOrganization(owner: Identity): Promise<string> {
  const slug = `fuzz-${Math.random().toString(36).slice(2, 10)}`;
  const created = await owner.client.post('/organization/create', { name: 'Fuzz Org', slug });
  if (created.status !== 200) throw new Error(`organization/create: ${created.status} ${created.text}`);
  const orgId: string = created.json.id;
  const active = await owner.client.post('/organization/set-active', { organizationId: orgId });
  if (active.status !== 200) throw new Error(`organization/set-active: ${active.status} ${active.text}`);
  await owner.client.post('/organization/create-team', { name: 'Fuzz Team', organizationId: orgId });
  const invited = `invitee-${slug}@example.test`;
  await owner.client.post('/organization/invite-member', { email: invited, role: 'member', organizationId: orgId });
  return orgId;
}

export async function makeTwoFactorUser(): Promise<{ identity: Identity; uri: string; backupCodes: string[] }> {
  const u = await signUpUser(app);
  const enabled = await u.client.post('/two-factor/enable', { password: PASSWORD });
  if (enabled.status !== 200) throw new Error(`two-factor/enable: ${enabled.status} ${enabled.text}`);
  const uri: string = enabled.json.totpURI;
  const verified = await u.client.post('/two-factor/verify-totp', { code: codeFor(app, uri) });
  if (verified.status !== 200) throw new Error(`two-factor/verify-totp: ${verified.status} ${verified.text}`);
  return {
    identity: { client: u.client, userId: u.userId, email: u.email },
    uri,
    backupCodes: enabled.json.backupCodes,
  };
}

/** A browser that typed the right password of the two-factor user and now owes a code. */
export async function makeChallenged(email: string, userId: string): Promise<Identity> {
  const client = app.client();
  const res = await client.post('/sign-in/email', { email, password: PASSWORD });
  return { client, userId: res.json?.twoFactorRedirect === true ? userId : null, email };
}

export async function makeFixtures(): Promise<Fixtures> {
  const user = await makeUser('user');
  const admin = await makeUser('admin');
  const owner = await makeUser('owner');
  const orgId = await makeOrganization(owner);
  const tf = await makeTwoFactorUser();
  const challenged = await makeChallenged(tf.identity.email ?? '', tf.identity.userId ?? '');
  return {
    identities: {
      anonymous: { client: app.client(), userId: null, email: null },
      user,
      admin,
      owner,
      twoFactor: tf.identity,
      challenged,
    },
    orgId,
    totpURI: tf.uri,
    backupCodes: tf.backupCodes,
  };
}

export const fixtures = await makeFixtures();
let dirty = true;
let challengeUsed = false;

/** A request was served (not refused): the identities may have changed, check them before the next one. */
export function markDirty(): void {
  dirty = true;
}

/** A request went out as the browser halfway through a two-factor sign-in: it may owe no code any more. */
export function markChallengeUsed(): void {
  challengeUsed = true;
}

/** Still signed in as who they were, with the same powers? Otherwise made again (between requests). */
export async function ensureFixtures(): Promise<void> {
  const ids = fixtures.identities;
  ids.anonymous.client = app.client();
  if (challengeUsed) {
    challengeUsed = false;
    const tfUser = await db.handle.db
      .selectFrom('user')
      .select(['twoFactorEnabled', 'banned'])
      .where('id', '=', ids.twoFactor.userId ?? '')
      .executeTakeFirst();
    if (!tfUser?.twoFactorEnabled || tfUser.banned) dirty = true;
    else ids.challenged = await makeChallenged(ids.twoFactor.email ?? '', ids.twoFactor.userId ?? '');
  }
  if (!dirty) return;
  dirty = false;
  for (const name of ['user', 'admin', 'owner'] as const) {
    const id = ids[name];
    const session = await id.client.get('/get-session');
    const who = session.json?.user;
    if (session.status === 200 && who?.id === id.userId && !who.banned && (name !== 'admin' || who.role === 'admin'))
      continue;
    ids[name] = await makeUser(name);
    if (name === 'owner') fixtures.orgId = await makeOrganization(ids.owner);
  }
  const ownership = await db.handle.db
    .selectFrom('member')
    .select('id')
    .where('userId', '=', ids.owner.userId ?? '')
    .where('organizationId', '=', fixtures.orgId)
    .where('role', '=', 'owner')
    .executeTakeFirst();
  const active = (await ids.owner.client.get('/get-session')).json?.session?.activeOrganizationId;
  if (!ownership) fixtures.orgId = await makeOrganization(ids.owner);
  else if (active !== fixtures.orgId)
    await ids.owner.client.post('/organization/set-active', { organizationId: fixtures.orgId });
  const tfSession = await ids.twoFactor.client.get('/get-session');
  if (
    tfSession.status !== 200 ||
    tfSession.json?.user?.id !== ids.twoFactor.userId ||
    !tfSession.json?.user?.twoFactorEnabled
  ) {
    const tf = await makeTwoFactorUser();
    ids.twoFactor = tf.identity;
    fixtures.totpURI = tf.uri;
    fixtures.backupCodes = tf.backupCodes;
    ids.challenged = await makeChallenged(tf.identity.email ?? '', tf.identity.userId ?? '');
  }
  await refreshPool();
}

// ---------------------------------------------------------------------------------------
// Real values that requests may carry: ids, addresses and tokens of rows that exist

export const REF_KINDS = [
  'userId',
  'email',
  'username',
  'orgId',
  'orgSlug',
  'memberId',
  'teamId',
  'invitationId',
  'sessionToken',
  'mailToken',
  'totp',
  'backupCode',
] as const;
export type RefKind = (typeof REF_KINDS)[number];
export const pool = new Map<RefKind, string[]>();

export function cookieToken(client: TestClient): string | null {
  const value = client.cookie('session_token')?.value;
  return value ? (decodeURIComponent(value).split('.')[0] ?? null) : null;
}

export async function refreshPool(): Promise<void> {
  const q = db.handle.db;
  const ids = Object.values(fixtures.identities);
  const recent = <T>(rows: T[]) => rows.slice(-20);
  const users = recent(await q.selectFrom('user').select(['id', 'email', 'username']).execute());
  pool.set('userId', [...ids.flatMap((i) => (i.userId ? [i.userId] : [])), ...users.map((u) => u.id)]);
  pool.set('email', [...ids.flatMap((i) => (i.email ? [i.email] : [])), ...users.map((u) => u.email)]);
  pool.set(
    'username',
    users.flatMap((u) => (u.username ? [u.username] : [])),
  );
  const orgs = recent(await q.selectFrom('organization').select(['id', 'slug']).execute());
  pool.set('orgId', [fixtures.orgId, ...orgs.map((o) => o.id)]);
  pool.set(
    'orgSlug',
    orgs.map((o) => o.slug),
  );
  pool.set(
    'memberId',
    recent(await q.selectFrom('member').select('id').execute()).map((r) => r.id),
  );
  pool.set(
    'teamId',
    recent(await q.selectFrom('team').select('id').execute()).map((r) => r.id),
  );
  pool.set(
    'invitationId',
    recent(await q.selectFrom('invitation').select('id').execute()).map((r) => r.id),
  );
  pool.set(
    'sessionToken',
    ids.flatMap((i) => cookieToken(i.client) ?? []),
  );
  const mailTokens: string[] = [];
  for (const message of app.mailer.messages.slice(-20))
    for (const link of extractLinks(message.text)) {
      const url = new URL(link.replace(/&amp;/g, '&'));
      for (const [, v] of url.searchParams) if (v.length >= 16) mailTokens.push(v);
      const last = url.pathname.split('/').at(-1);
      if (last && last.length >= 16) mailTokens.push(last);
    }
  pool.set('mailToken', mailTokens);
  pool.set('backupCode', fixtures.backupCodes);
}

export const REF_PATTERN = /⟦ref:([a-zA-Z]+):(\d+)⟧/g;

export function resolveString(s: string): string {
  return s.replace(REF_PATTERN, (_m, kind: string, index: string) => {
    if (kind === 'totp') return codeFor(app, fixtures.totpURI);
    const values = pool.get(kind as RefKind) ?? [];
    return values.length ? (values[Number(index) % values.length] ?? '') : `missing-${kind}-${index}`;
  });
}

/** Replaces every reference by a current value; keeps own `__proto__` keys as own keys. */
export function resolve(value: unknown): unknown {
  if (typeof value === 'string') {
    const deepToken = DEEP_PATTERN.exec(value);
    return deepToken ? expandDeep(Number(deepToken[1]), deepToken[2] ?? 'array') : resolveString(value);
  }
  if (Array.isArray(value)) return value.map(resolve);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, resolveString(k), {
        value: resolve(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

/** A value nested `depth` levels deep, written as a token (fuzz-values.ts `deep`) that resolve() expands. */
export const DEEP_PATTERN = /^⟦deep:(\d+):(array|object)⟧$/;

export function expandDeep(depth: number, kind: string): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}
