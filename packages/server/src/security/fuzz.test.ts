/**
 * A property-based fuzz of the whole HTTP API. Every endpoint of the route table that
 * createAuth hands to the router (captured below, so an endpoint added to app.ts is fuzzed
 * without touching this file) gets random and adversarial requests: bodies of the wrong
 * type, huge strings, deep nesting, prototype-pollution keys, unicode, null bytes, broken
 * JSON, the wrong media type, strange path parameters, queries, cookies, origins and
 * headers; sent signed out, signed in as an ordinary user, an admin, an organization owner,
 * a user with an authenticator app, and a browser halfway through a two-factor sign-in.
 * Bodies follow the endpoint's own zod schema often enough to get past validation, with
 * ids, addresses and mailed tokens of real rows, so handlers are reached as well as checks.
 *
 * What a user would notice, checked after every request:
 *   - no 5xx: a request, however odd, is refused with a 4xx or served;
 *   - no hang: an answer within FUZZ_TIMEOUT_MS;
 *   - every 4xx is JSON with an error `code` (what the better-auth client reads);
 *   - a refused (4xx) request changed no row of any table (exclusions in IGNORED_TABLES and IGNORED_COLUMNS);
 *   - nothing was added to Object.prototype or Array.prototype.
 *
 * FUZZ_SEED picks the requests (a fixed default, so CI runs the same ones every time);
 * FUZZ_LONG=1 runs many more of them (FUZZ_RUNS sets the count per endpoint outright);
 * FUZZ_DIALECT=postgres|mysql runs the same on those databases; FUZZ_TIMEOUT_MS sets the
 * longest wait for one answer; FUZZ_STATS=1 prints what each endpoint answered, by status
 * and code (FUZZ_STATS=messages adds the messages), to see how far the requests get.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { LatchOptions } from '../core/config/schema.ts';
import type { Dialect } from '../core/db/schema.ts';
import type { Endpoint } from '../core/http/endpoint.ts';
import type { RouterOptions } from '../core/http/router.ts';
import { extractLinks } from '../core/mail/transport.ts';
import type { TestClient } from '../test/client.ts';
import {
  BASE_URL,
  createTestApp,
  openSharedDatabase,
  PASSWORD,
  signUpUser,
  signUpVerifiedUser,
  type TestApp,
} from '../test/harness.ts';
import { startGithubFake } from '../test/social-sign-in.ts';
import { codeFor } from '../test/two-factor.ts';

// The route table: whatever list createAuth gives the router, captured on its way there.
const table = vi.hoisted(() => ({ endpoints: null as readonly Endpoint[] | null }));
vi.mock('../core/http/router.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../core/http/router.ts')>();
  return {
    ...real,
    createRouter(options: RouterOptions) {
      table.endpoints = options.endpoints;
      return real.createRouter(options);
    },
  };
});

const LONG = process.env.FUZZ_LONG === '1';
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS = Number(process.env.FUZZ_RUNS ?? (LONG ? 400 : 20));
const REQUEST_TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 10_000);
const TEST_TIMEOUT_MS = LONG ? 3_600_000 : 60_000;
const ORIGIN = new URL(BASE_URL).origin;

const github = await startGithubFake();
// SQLite by default (the brief of this suite); FUZZ_DIALECT=postgres or mysql fuzzes those by hand
const DIALECT = (process.env.FUZZ_DIALECT ?? 'sqlite') as Dialect;
const db = await openSharedDatabase(DIALECT);
const OPTIONS: LatchOptions = {
  socialProviders: { github: github.options },
  // every optional endpoint on, so that each one is reached beyond "not enabled"
  user: { deleteUser: { enabled: true }, changeEmail: { enabled: true } },
  plugins: {
    username: {},
    organization: { teams: { enabled: true } },
    admin: { adminRoles: ['admin'] },
    twoFactor: {},
    jwt: {},
    passkey: {},
    magicLink: {},
    emailOTP: {},
  },
};
const app: TestApp = createTestApp(db, OPTIONS);
const endpoints = table.endpoints;
if (!endpoints?.length) throw new Error('the route table was not captured: did createAuth stop calling createRouter?');

afterAll(async () => {
  await app.close();
  await db.close();
  await github.close();
});

// ---------------------------------------------------------------------------------------
// The database before and after a request

/**
 * What may change although a request was refused, each on purpose:
 * - rateLimit: counts every request, refused or not (that is its job; off in tests anyway);
 * - signInLockout: a wrong password is refused AND counted, so that guessing slows down
 *   (features/credentials/lockout.ts);
 * - verification.attempts/updatedAt: a one-time code or two-factor challenge takes its try
 *   before the code is compared, in one UPDATE (core/db/verification-store.ts takeAttempt);
 *   a wrong code is then refused with the try spent;
 * - twoFactor.failedVerificationCount/lockedUntil: consecutive wrong second-factor codes of
 *   an account, counted on refusal to lock the factor (features/two-factor/challenge.ts).
 */
const IGNORED_TABLES = new Set(['rateLimit', 'signInLockout']);
/**
 * And one refusal that deletes on purpose: TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE voids the code
 * or challenge whose tries are all spent, so its verification row goes (two-factor/otp.ts
 * checkOtp, two-factor/challenge.ts); only such removals, and only with that code.
 */
const VOIDING_CODE = 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE';
/**
 * The audit log (auditEvent, features/audit) records refusals too, a failed sign-in above
 * all: a refused request may append events to it. Only new rows are let through; an audit
 * row changed or removed by a refusal still fails.
 */
const APPEND_ONLY = 'auditEvent: + ';
/**
 * Each appended audit row moves the head of the chain it joins (auditChain, docs/audit-log.md
 * "Tamper evidence"): a head may change only together with an appended audit row.
 */
const CHAIN_HEAD = 'auditChain: ';
const IGNORED_COLUMNS: Record<string, readonly string[]> = {
  verification: ['attempts', 'updatedAt'],
  twoFactor: ['failedVerificationCount', 'lockedUntil'],
};

const tableNames = (await db.handle.db.introspection.getTables())
  .map((t) => t.name)
  .filter((name) => !IGNORED_TABLES.has(name))
  .sort();
expect(tableNames).toEqual(expect.arrayContaining(['user', 'session', 'account', 'verification', 'organization']));

interface Snapshot {
  rows: Map<string, string[]>;
  /** SQLite's count of rows written when the rows were read (null elsewhere). */
  writes: number | null;
}

/**
 * SQLite's total_changes() counts every row written on its one writing connection, which
 * the app and this file share: while it stands still no row changed, and the tables are not
 * read again (this keeps long runs linear). Other databases are read in full every time.
 */
async function writeCount(): Promise<number | null> {
  if (DIALECT !== 'sqlite') return null;
  const result = await sql<{ n: number }>`select total_changes() as n`.execute(db.handle.db);
  return Number(result.rows[0]?.n);
}

let lastSnapshot: Snapshot | null = null;

async function snapshot(): Promise<Snapshot> {
  const writes = await writeCount();
  if (lastSnapshot && writes !== null && lastSnapshot.writes === writes) return lastSnapshot;
  const rows = new Map<string, string[]>();
  for (const name of tableNames) {
    const found = (await db.handle.db
      .selectFrom(name as 'user')
      .selectAll()
      .execute()) as unknown as Record<string, unknown>[];
    const ignored = IGNORED_COLUMNS[name] ?? [];
    rows.set(
      name,
      found
        .map((row) => {
          const kept: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(row)) if (!ignored.includes(k)) kept[k] = v;
          return JSON.stringify(kept, (_k, v: unknown) =>
            v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v,
          );
        })
        .sort(),
    );
  }
  lastSnapshot = { rows, writes };
  return lastSnapshot;
}

function differences(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const name of tableNames) {
    const a = new Set(before.rows.get(name));
    const b = new Set(after.rows.get(name));
    for (const row of a) if (!b.has(row)) out.push(`${name}: - ${row.slice(0, 400)}`);
    for (const row of b) if (!a.has(row)) out.push(`${name}: + ${row.slice(0, 400)}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Who sends the requests

type IdentityName = 'anonymous' | 'user' | 'admin' | 'owner' | 'twoFactor' | 'challenged';
const IDENTITIES: readonly IdentityName[] = ['anonymous', 'user', 'admin', 'owner', 'twoFactor', 'challenged'];

interface Identity {
  client: TestClient;
  userId: string | null;
  email: string | null;
}

interface Fixtures {
  identities: Record<IdentityName, Identity>;
  orgId: string;
  totpURI: string;
  backupCodes: string[];
}

async function makeUser(kind: 'user' | 'admin' | 'owner'): Promise<Identity> {
  const u = await signUpVerifiedUser(app, { username: `fuzz_${kind}_${Math.random().toString(36).slice(2, 9)}` });
  if (kind === 'admin')
    await db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', u.userId).execute();
  return { client: u.client, userId: u.userId, email: u.email };
}

/** An organization of the owner with a team and a pending invitation, made active. */
async function makeOrganization(owner: Identity): Promise<string> {
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

async function makeTwoFactorUser(): Promise<{ identity: Identity; uri: string; backupCodes: string[] }> {
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
async function makeChallenged(email: string, userId: string): Promise<Identity> {
  const client = app.client();
  const res = await client.post('/sign-in/email', { email, password: PASSWORD });
  return { client, userId: res.json?.twoFactorRedirect === true ? userId : null, email };
}

async function makeFixtures(): Promise<Fixtures> {
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

const fixtures = await makeFixtures();
let dirty = true;
let challengeUsed = false;

/** Still signed in as who they were, with the same powers? Otherwise made again (between requests). */
async function ensureFixtures(): Promise<void> {
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

const REF_KINDS = [
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
type RefKind = (typeof REF_KINDS)[number];
const pool = new Map<RefKind, string[]>();

function cookieToken(client: TestClient): string | null {
  const value = client.cookie('session_token')?.value;
  return value ? (decodeURIComponent(value).split('.')[0] ?? null) : null;
}

async function refreshPool(): Promise<void> {
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

const REF_PATTERN = /⟦ref:([a-zA-Z]+):(\d+)⟧/g;

function resolveString(s: string): string {
  return s.replace(REF_PATTERN, (_m, kind: string, index: string) => {
    if (kind === 'totp') return codeFor(app, fixtures.totpURI);
    const values = pool.get(kind as RefKind) ?? [];
    return values.length ? (values[Number(index) % values.length] ?? '') : `missing-${kind}-${index}`;
  });
}

/** Replaces every reference by a current value; keeps own `__proto__` keys as own keys. */
function resolve(value: unknown): unknown {
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

// ---------------------------------------------------------------------------------------
// Adversarial values

const ref = (kind: RefKind) => fc.nat({ max: 1000 }).map((i) => `⟦ref:${kind}:${i}⟧`);
const anyRef = fc.constantFrom(...REF_KINDS).chain(ref);

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '[object Object]',
  "' OR '1'='1' --",
  '"; DROP TABLE "user"; --',
  '%00',
  '%',
  '%zz',
  '../../../../etc/passwd',
  '\\',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}{{7*7}}',
  'http://evil.example/',
  '//evil.example',
  '/\\evil.example',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'http://localhost:3000.evil.example/',
  'http://localhost:3000/ok',
  '/dashboard?x=1#y',
  '\ud800',
  '\udfff\ud800',
  '🔐🔑'.repeat(40),
  'Ω≈ç√∫˜µ≤≥÷',
  'ﷺ',
  'الْعَرَبِيَّة',
  '\u202egnp.exe',
  '\ufeffBOM',
  'Z̸̢̛̤͓̈́͗a̷̛͈l̶g̴o̵',
  'a\r\nSet-Cookie: injected=1',
  'user@example.test',
  'USER@EXAMPLE.TEST',
  'a+b@example.test',
  '"quoted@local"@example.test',
  'ü@例え.jp',
  'x@localhost',
  '@',
  'a@b',
  ' user@example.test ',
  'admin',
  'owner',
  'member',
  'credential',
  'github',
  '000000',
  '12345678',
  PASSWORD,
];

const hugeString = fc
  .tuple(fc.constantFrom(257, 1025, 70_000, 300_000), fc.constantFrom('a', '\u0000', 'é', '😀', '%', ' '))
  .map(([n, ch]) => ch.repeat(n));

const asciiString = fc.string({ maxLength: 40 });
const fullUnicodeString = fc.string({ unit: 'binary', maxLength: 40 });

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 6 },
  { arbitrary: asciiString, weight: 2 },
  { arbitrary: fullUnicodeString, weight: 2 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: anyRef, weight: 3 },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value nested `depth` levels deep, as a token that resolve() expands (a counterexample stays printable). */
const deep = fc
  .tuple(fc.constantFrom(20, 200, 2000), fc.constantFrom('array', 'object'))
  .map(([depth, kind]) => `⟦deep:${depth}:${kind}⟧`);
const DEEP_PATTERN = /^⟦deep:(\d+):(array|object)⟧$/;

function expandDeep(depth: number, kind: string): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'toString', 'valueOf', ''];
const nastyKey = fc.oneof(fc.constantFrom(...POLLUTION_KEYS), asciiString, fullUnicodeString);

const pollution = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__": {"polluted": "yes", "role": "admin", "isAdmin": true}}'),
  { constructor: { prototype: { polluted: 'yes' } } },
  { prototype: { polluted: 'yes' } },
  { __proto__: null, polluted: 'yes' },
);

const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: nastyString, weight: 5 },
    { arbitrary: nastyNumber, weight: 2 },
    { arbitrary: fc.constantFrom<unknown>(true, false, null), weight: 2 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(nastyKey, tie('value'), { maxKeys: 4 }), weight: 1 },
    { arbitrary: pollution, weight: 1 },
    { arbitrary: deep, weight: 1 },
  ),
})).value;

// ---------------------------------------------------------------------------------------
// Values that follow an endpoint's zod schema (closely enough to get past it now and then)

interface ZodCheck {
  _zod: { def: { check: string; format?: string } };
}
interface ZodDef {
  type: string;
  innerType?: ZodLike;
  in?: ZodLike;
  shape?: Record<string, ZodLike>;
  element?: ZodLike;
  options?: readonly ZodLike[];
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  keyType?: ZodLike;
  valueType?: ZodLike;
  items?: readonly ZodLike[];
  getter?: () => ZodLike;
  format?: string;
  checks?: readonly ZodCheck[];
}
interface ZodLike {
  _zod: { def: ZodDef };
}

const asZod = (schema: unknown): ZodLike | null =>
  schema && typeof schema === 'object' && '_zod' in schema ? (schema as ZodLike) : null;

function isOptional(schema: ZodLike): boolean {
  const t = schema._zod.def.type;
  return t === 'optional' || t === 'default' || t === 'prefault';
}

/** The object schema at the heart of `schema` (through optional, pipe, default …), if any. */
function objectShape(schema: ZodLike | null, depth = 0): Record<string, ZodLike> | null {
  if (!schema || depth > 10) return null;
  const def = schema._zod.def;
  if (def.type === 'object' && def.shape) return def.shape;
  const inner = def.innerType ?? def.in ?? def.getter?.();
  if (inner) return objectShape(inner, depth + 1);
  if (def.type === 'union' || def.type === 'intersection') {
    for (const option of def.options ?? []) {
      const shape = objectShape(option, depth + 1);
      if (shape) return shape;
    }
  }
  return null;
}

const emails = fc.oneof(
  ref('email'),
  fc.nat({ max: 1_000_000 }).map((n) => `fuzz-${n}@example.test`),
  fc.constantFrom('Fuzz.Person@Example.Test', 'a+tag@example.test', 'ü@例え.jp', 'x@localhost', 'not-an-email'),
);
const passwords = fc.oneof(
  { arbitrary: fc.constant(PASSWORD), weight: 4 },
  { arbitrary: fc.constantFrom('password', 'short', 'Fuzzing-Is-Fun-42', 'ÄÖÜ-pässwörd-🔐-1234'), weight: 2 },
  { arbitrary: fc.string({ minLength: 8, maxLength: 140 }), weight: 1 },
);
const urls = fc.constantFrom(
  '/',
  '/dashboard',
  'http://localhost:3000/after',
  '/done?x=1',
  'https://evil.example/',
  '//evil.example',
  'javascript:alert(1)',
  '/\\evil.example',
  'http://localhost:3000/caf%C3%A9/ü',
);

/** A plausible string for a field of this name. */
function stringFor(field: string): fc.Arbitrary<string> {
  const f = field.toLowerCase();
  let plausible: fc.Arbitrary<string>;
  if (f.includes('email')) plausible = emails;
  else if (f.includes('password')) plausible = passwords;
  else if (f.includes('url') || f.includes('uri') || f === 'image' || f === 'logo') plausible = urls;
  else if (f === 'organizationid') plausible = ref('orgId');
  else if (f === 'organizationslug' || f === 'slug')
    plausible = fc.oneof(
      ref('orgSlug'),
      fc.nat().map((n) => `fuzz-slug-${n}`),
    );
  else if (f === 'userid') plausible = ref('userId');
  else if (f === 'memberid' || f === 'memberidorEmail'.toLowerCase())
    plausible = fc.oneof(ref('memberId'), ref('email'));
  else if (f === 'teamid') plausible = ref('teamId');
  else if (f === 'invitationid') plausible = ref('invitationId');
  else if (f.includes('token')) plausible = fc.oneof(ref('sessionToken'), ref('mailToken'));
  else if (f === 'code') plausible = fc.oneof(ref('totp'), ref('backupCode'), fc.stringMatching(/^\d{6}$/));
  else if (f === 'role') plausible = fc.constantFrom('owner', 'admin', 'member', 'user', 'admin,member', 'nonexistent');
  else if (f.includes('provider')) plausible = fc.constantFrom('github', 'credential', 'google', 'nope');
  else if (f.includes('username'))
    plausible = fc.oneof(
      ref('username'),
      fc.nat().map((n) => `fuzz_user_${n}`),
    );
  else if (f.endsWith('id')) plausible = anyRef;
  else if (f === 'name') plausible = fc.oneof(fc.constant('Fuzz Name'), fc.string({ minLength: 1, maxLength: 30 }));
  else plausible = fc.oneof(fc.string({ maxLength: 20 }), anyRef);
  return fc.oneof({ arbitrary: plausible, weight: 8 }, { arbitrary: nastyString, weight: 1 });
}

function valueFor(schema: ZodLike | undefined, field: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return nastyValue;
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return valueFor(def.innerType, field, depth + 1);
    case 'nullable':
      return fc.oneof({ arbitrary: valueFor(def.innerType, field, depth + 1), weight: 4 }, fc.constant(null));
    case 'pipe':
      return valueFor(def.in, field, depth + 1);
    case 'lazy':
      return valueFor(def.getter?.(), field, depth + 1);
    case 'string':
      return stringFor(field);
    case 'number':
    case 'int':
      return fc.oneof({ arbitrary: fc.integer({ min: -2, max: 1000 }), weight: 3 }, nastyNumber);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array':
      return fc.array(valueFor(def.element, field, depth + 1), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => valueFor(item, field, depth + 1)));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => valueFor(o, field, depth + 1)));
    case 'record':
      return fc.dictionary(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('organization', 'member', 'invitation', 'team', 'user')),
        valueFor(def.valueType, field, depth + 1),
        { maxKeys: 4 },
      );
    case 'object':
      return objectFor(schema, depth + 1);
    default:
      return nastyValue;
  }
}

/** An object with the schema's keys (required ones always, optional ones sometimes). */
function objectFor(schema: ZodLike | null, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const shape = objectShape(schema) ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    model[key] = valueFor(field, key, depth);
    if (!isOptional(field)) required.push(key);
  }
  return fc.record(model, { requiredKeys: required });
}

/** A schema-shaped body, then broken a little: a field of the wrong type, extra or polluting keys. */
function bodyValueFor(endpoint: Endpoint): fc.Arbitrary<unknown> {
  const schema = asZod(endpoint.body);
  const keys = Object.keys(objectShape(schema) ?? {});
  const key = keys.length ? fc.oneof(fc.constantFrom(...keys), nastyKey) : nastyKey;
  const shaped = fc
    .tuple(objectFor(schema), fc.array(fc.tuple(key, nastyValue), { minLength: 1, maxLength: 3 }), fc.nat({ max: 3 }))
    .map(([body, extra, breakIt]) => {
      if (breakIt > 0) return body;
      const out: Record<string, unknown> = { ...body };
      for (const [k, v] of extra)
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });
  return fc.oneof(
    { arbitrary: shaped, weight: 6 },
    { arbitrary: nastyValue, weight: 2 },
    { arbitrary: pollution, weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------
// Whole requests

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'form'; pairs: [string, string][]; contentType: string }
  | { kind: 'text'; text: string; contentType: string | null };

interface FuzzRequest {
  identity: IdentityName;
  method: string;
  params: string[];
  query: [string, string][];
  rawQuery: string;
  body: Body;
  origin: string | null;
  cookieMode: 'identity' | 'identity+junk' | 'junk' | 'none';
  junkCookies: string;
  headers: [string, string][];
  ip: string | null;
}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.latch+json',
  'application/json; charset=utf-16',
  'application/json;;;',
];
const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  '*/*',
  ';',
  'a'.repeat(5000),
  'application/jsonx',
];

const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":}',
  "{'a': 1}",
  '[1,2,',
  '{"a": 1,}',
  'undefined',
  'NaN',
  '\u0000',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
  '{"a": 1e400, "b": -1e400}',
  '"just a string"',
  '123456789012345678901234567890',
  'null',
  'true',
  '[]',
  '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{"email": ["a@b.co", "c@d.co"], "password": {"$ne": null}}',
];

/** Header values are bytes: printable Latin-1 (what a real client could send). */
const headerValue = fc.oneof(
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
      .map((c) => String.fromCharCode(c)),
    maxLength: 60,
  }),
  fc.constantFrom('', ';', '=', '"', 'x'.repeat(16_000), 'ü'.repeat(100)),
);

function rawBody(endpoint: Endpoint): fc.Arbitrary<Body> {
  const keys = Object.keys(objectShape(asZod(endpoint.body)) ?? {});
  const overflow = keys.length ? fc.constantFrom(...keys).map((k) => `{"${k}": 1e400}`) : fc.constant('{"x": 1e400}');
  const text = fc.oneof(
    fc.constantFrom(...MALFORMED_JSON),
    overflow,
    fc.constantFrom(50_000, 400_000).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    fc.constantFrom(50_000).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    fc.constant(`{"a":"${'x'.repeat(1_100_000)}"}`),
    fullUnicodeString,
  );
  return fc.record({
    kind: fc.constant('text' as const),
    text,
    contentType: fc.oneof(fc.constantFrom(...JSON_TYPES), fc.constantFrom(...WRONG_TYPES), fc.constant(null)),
  });
}

function bodyFor(endpoint: Endpoint): fc.Arbitrary<Body> {
  if (endpoint.method === 'GET') return fc.constant({ kind: 'none' });
  const keys = Object.keys(objectShape(asZod(endpoint.body)) ?? {});
  const formKey = keys.length ? fc.oneof(fc.constantFrom(...keys), nastyKey) : nastyKey;
  return fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: bodyValueFor(endpoint),
        contentType: fc.oneof(
          { arbitrary: fc.constant('application/json'), weight: 5 },
          fc.constantFrom(...JSON_TYPES),
        ),
      }),
      weight: 20,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('form' as const),
        pairs: fc.array(fc.tuple(formKey, fc.oneof(stringFor('x'), nastyString)), { maxLength: 5 }),
        contentType: fc.constantFrom(
          'application/x-www-form-urlencoded',
          'application/x-www-form-urlencoded; charset=utf-8',
        ),
      }),
      weight: 2,
    },
    { arbitrary: rawBody(endpoint), weight: 2 },
    {
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: bodyValueFor(endpoint),
        contentType: fc.constantFrom(...WRONG_TYPES),
      }),
      weight: 1,
    },
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
  );
}

const PATH_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '..',
  '.',
  '%2F',
  '%2e%2e',
  'a%2Fb',
  '__proto__',
  'constructor',
  '%F0%9F%94%90',
  'github',
  'google',
  'credential',
  'x'.repeat(4000),
];

/** Prefix of a path parameter to percent-encode (the others go into the path raw). */
const ENCODE = '⟪encode⟫';

const pathParam = fc.oneof(
  fc.constantFrom(...PATH_SEGMENTS),
  fc.oneof(anyRef, nastyString, fullUnicodeString).map((s) => `${ENCODE}${s}`),
);

/** A query of the schema's keys (a value that is not a string goes as JSON, an array as repeated keys), plus odd pairs. */
function queryFor(endpoint: Endpoint): fc.Arbitrary<[string, string][]> {
  const toText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  const shaped = objectFor(asZod(endpoint.query)).map((q) =>
    Object.entries(q).flatMap(([k, v]): [string, string][] =>
      Array.isArray(v) ? v.map((item): [string, string] => [k, toText(item)]) : [[k, toText(v)]],
    ),
  );
  const odd = fc.array(fc.tuple(nastyKey, nastyString), { maxLength: 3 });
  return fc.tuple(shaped, fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, odd)).map(([a, b]) => [...a, ...b]);
}

const RAW_QUERIES = [
  '',
  '',
  '',
  '%',
  '%zz=%zz',
  '&&&',
  '=',
  '==',
  'a[b]=c',
  '__proto__[polluted]=1',
  'constructor.prototype.polluted=1',
  `q=${'a'.repeat(20_000)}`,
  '?',
  '#x',
];

const origins = fc.oneof(
  { arbitrary: fc.constant(ORIGIN), weight: 12 },
  {
    arbitrary: fc.constantFrom<string | null>(
      null,
      'null',
      'http://evil.example',
      'http://localhost:3000.evil.example',
      'HTTP://LOCALHOST:3000',
      'http://localhost:3000/',
      `http://${'a'.repeat(10_000)}.example`,
      'not a url',
      'http://[::1',
    ),
    weight: 2,
  },
  { arbitrary: headerValue, weight: 1 },
);

const junkCookie = fc.oneof(
  fc.constantFrom(
    'latch.session_token=garbage',
    'latch.session_token=abc.def',
    'latch.session_token=',
    'latch.session_token="quoted.value"',
    'latch.session_token=%E0%A4%A',
    `latch.session_token=${'x'.repeat(8000)}.sig`,
    'latch.dont_remember=true.bad',
    'latch.session_data=eyJhbGciOiJub25lIn0.e30.',
    'latch.two_factor=forged.sig',
    'latch.oauth_state=forged',
    '=novalue',
    ';;;;',
    '__proto__=1',
    'constructor=x',
  ),
  fc.tuple(fc.constantFrom('latch.session_token', 'latch.two_factor', 'x'), headerValue).map(([k, v]) => `${k}=${v}`),
);

const extraHeaders = fc.array(
  fc.oneof(
    fc.tuple(
      fc.constant('accept-language'),
      fc.oneof(
        headerValue,
        fc.constantFrom(
          '*',
          'de-DE,de;q=0.9',
          'xx;q=abc',
          'en;q=-1',
          ';q=1',
          ',,,,',
          'zh-Hant-TW',
          'ü'.repeat(200),
          `${'en,'.repeat(3000)}de`,
        ),
      ),
    ),
    fc.tuple(fc.constant('user-agent'), headerValue),
    fc.tuple(fc.constant('accept'), fc.oneof(headerValue, fc.constantFrom('text/html', 'application/json', '*/*'))),
    fc.tuple(fc.constant('referer'), fc.oneof(headerValue, fc.constantFrom(`${ORIGIN}/page`, 'http://evil.example/'))),
    fc.tuple(
      fc.constant('authorization'),
      fc.oneof(headerValue, fc.constantFrom('Bearer ', 'Bearer x.y.z', 'Basic Og==')),
    ),
    fc.tuple(fc.constant('sec-fetch-site'), fc.constantFrom('same-origin', 'cross-site', 'none', '')),
    fc.tuple(fc.constant('x-forwarded-for'), headerValue),
    fc.tuple(fc.constant('content-length'), fc.constantFrom('0', '-1', 'abc', '99999999999999999999', '1048577')),
  ),
  { maxLength: 3 },
);

function requestFor(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const paramCount = endpoint.path.split('/').filter((s) => s.startsWith(':')).length;
  return fc.record({
    identity: fc.constantFrom(...IDENTITIES),
    method:
      endpoint.method === 'GET'
        ? fc.oneof({ arbitrary: fc.constant('GET'), weight: 9 }, fc.constant('HEAD'))
        : fc.constant('POST'),
    params: fc.array(pathParam, { minLength: paramCount, maxLength: paramCount }),
    query: queryFor(endpoint),
    rawQuery: fc.constantFrom(...RAW_QUERIES),
    body: bodyFor(endpoint),
    origin: origins,
    cookieMode: fc.constantFrom('identity', 'identity', 'identity', 'identity+junk', 'junk', 'none'),
    junkCookies: fc.array(junkCookie, { maxLength: 3 }).map((c) => c.join('; ')),
    headers: extraHeaders,
    ip: fc.constantFrom<string | null>('127.0.0.1', '127.0.0.1', '::1', '203.0.113.9', '::ffff:127.0.0.1', null),
  });
}

function encodeSegment(raw: string): string {
  const s = resolveString(raw);
  // ENCODE marks a value to percent-encode; the others go into the path as they are
  return s.startsWith(ENCODE) ? encodeURIComponent(s.slice(ENCODE.length)) : s;
}

function buildRequest(endpoint: Endpoint, req: FuzzRequest): Request {
  let i = 0;
  const path = endpoint.path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? encodeSegment(req.params[i++] ?? 'x') : seg))
    .join('/');
  const url = new URL(`${BASE_URL}/api/auth${path}`);
  const search = new URLSearchParams(req.query.map(([k, v]) => [resolveString(k), resolveString(v)]));
  url.search = [search.toString(), req.rawQuery].filter(Boolean).join('&');

  const headers = new Headers();
  for (const [k, v] of req.headers) headers.set(k, v);
  if (req.origin !== null) headers.set('origin', req.origin);
  const jar = [...fixtures.identities[req.identity].client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const cookie =
    req.cookieMode === 'identity'
      ? jar
      : req.cookieMode === 'identity+junk'
        ? [jar, req.junkCookies].filter(Boolean).join('; ')
        : req.cookieMode === 'junk'
          ? req.junkCookies
          : '';
  if (cookie) headers.set('cookie', cookie);
  else headers.delete('cookie');

  let body: string | undefined;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const b = req.body;
    if (b.kind === 'json') body = JSON.stringify(resolve(b.value)) ?? 'null';
    else if (b.kind === 'form')
      body = new URLSearchParams(b.pairs.map(([k, v]) => [resolveString(k), resolveString(v)])).toString();
    else if (b.kind === 'text') body = b.text;
    if (b.kind !== 'none') {
      if (b.contentType === null) headers.delete('content-type');
      else headers.set('content-type', b.contentType);
    }
  }
  return new Request(url, { method: req.method, headers, body });
}

function describeRequest(request: Request, req: FuzzRequest, body: string | undefined): string {
  const cut = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const headers = [...request.headers].map(([k, v]) => `${k}: ${cut(v, 120)}`).join('\n  ');
  return `${request.method} ${cut(request.url)} as ${req.identity}\n  ${headers}\n  body: ${cut(JSON.stringify(body ?? null), 600)}`;
}

// ---------------------------------------------------------------------------------------
// One request, every check

/** What each endpoint answered, by status and code: FUZZ_STATS=1 prints it (is the fuzz getting past validation?). */
const stats = new Map<string, Map<string, number>>();
afterAll(() => {
  if (!process.env.FUZZ_STATS) return;
  for (const [name, counts] of stats)
    process.stdout.write(
      `${name}: ${[...counts]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k}×${n}`)
        .join(', ')}\n`,
    );
});

function tally(name: string, outcome: string): void {
  const counts = stats.get(name) ?? new Map<string, number>();
  counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  stats.set(name, counts);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const objectKeys = Object.getOwnPropertyNames(Object.prototype).sort().join();
const arrayKeys = Object.getOwnPropertyNames(Array.prototype).sort().join();

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** The answer of `send`, or a failure naming the request when none comes within the time. */
async function answerOf(what: string, send: () => Promise<Answer>): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms:\n${what}`)),
      REQUEST_TIMEOUT_MS,
    );
  });
  return Promise.race([send(), timeout]).finally(() => clearTimeout(timer));
}

/** Every check of one answer (see the top of the file); `before` is the database before the request. */
async function checkAnswer(
  name: string,
  what: string,
  answer: Answer,
  before: Snapshot,
  logFrom: number,
  head = false,
) {
  const { status, text } = answer;
  const logged = app.logger.lines
    .slice(logFrom)
    .filter((l) => l.level === 'error')
    .map((l) => l.line.slice(0, 3000))
    .join('\n');
  expect(status, `${status} ${text.slice(0, 300)}\n${what}\n${logged}`).toBeLessThan(500);
  if (status < 400) dirty = true;
  const json = status >= 400 ? safeJson(text) : null;
  const code = json && typeof json === 'object' && 'code' in json ? json.code : undefined;
  const message = json && typeof json === 'object' && 'message' in json ? json.message : undefined;
  tally(
    name,
    `${status}${code ? ` ${String(code)}` : ''}${process.env.FUZZ_STATS === 'messages' && message ? ` ${String(message).slice(0, 80)}` : ''}`,
  );

  if (status >= 400 && !head) {
    expect(answer.contentType, what).toMatch(/^application\/json/);
    expect(typeof code === 'string' && code.length > 0, `no error code in ${text.slice(0, 300)}\n${what}`).toBe(true);
  }
  if (status >= 400) {
    const all = differences(before, await snapshot());
    const appended = all.some((line) => line.startsWith(APPEND_ONLY));
    const changed = all.filter(
      (line) =>
        !(code === VOIDING_CODE && line.startsWith('verification: - ')) &&
        !line.startsWith(APPEND_ONLY) &&
        !(appended && line.startsWith(CHAIN_HEAD)),
    );
    expect(changed, `${status} ${text.slice(0, 300)} but the database changed\n${what}`).toEqual([]);
  }
  expect(Object.getOwnPropertyNames(Object.prototype).sort().join(), what).toBe(objectKeys);
  expect(Object.getOwnPropertyNames(Array.prototype).sort().join(), what).toBe(arrayKeys);
}

async function sendAndCheck(endpoint: Endpoint, req: FuzzRequest, name = `${endpoint.method} ${endpoint.path}`) {
  await ensureFixtures();
  if (req.identity === 'challenged') challengeUsed = true;
  const request = buildRequest(endpoint, req);
  const body = request.body ? await request.clone().text() : undefined;
  const what = describeRequest(request, req, body);
  const logFrom = app.logger.lines.length;
  const before = await snapshot();
  const answer = await answerOf(what, async () => {
    const res = await app.auth.fetch(request, { ip: req.ip });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
  });
  await checkAnswer(name, what, answer, before, logFrom, req.method === 'HEAD');
}

function seedOf(name: string): number {
  return (SEED ^ createHash('sha256').update(name).digest().readInt32BE(0)) | 0;
}

const fuzzOptions = (name: string) => ({ seed: seedOf(name), numRuns: RUNS, endOnFailure: !LONG });

describe(`every endpoint of the route table, fuzzed (seed ${SEED}, ${RUNS} requests each)`, () => {
  it('the route table has the endpoints of every switched-on feature', () => {
    const keys = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
    for (const key of [
      'POST /sign-up/email',
      'POST /organization/create',
      'POST /admin/ban-user',
      'POST /two-factor/enable',
      'GET /jwks',
      'POST /sign-in/username',
      'POST /organization/create-team',
    ])
      expect(keys.has(key), key).toBe(true);
  });

  it('the database check sees a row that changes, and only the documented counters are ignored', async () => {
    const before = await snapshot();
    const userId = fixtures.identities.user.userId ?? '';
    await db.handle.db.updateTable('user').set({ name: 'Changed Behind The Check' }).where('id', '=', userId).execute();
    const renamed = await snapshot();
    expect(differences(before, renamed).join('\n')).toContain('Changed Behind The Check');
    await db.handle.db
      .insertInto('signInLockout')
      .values({ key: 'fuzz-self-check', failures: 1, lockedUntil: 0 })
      .execute();
    expect(differences(renamed, await snapshot())).toEqual([]);
    await db.handle.db.deleteFrom('signInLockout').where('key', '=', 'fuzz-self-check').execute();
    await db.handle.db.updateTable('user').set({ name: 'Test User' }).where('id', '=', userId).execute();
  });

  for (const endpoint of endpoints) {
    const name = `${endpoint.method} ${endpoint.path}`;
    it(
      name,
      async () => {
        await fc.assert(
          fc.asyncProperty(requestFor(endpoint), (req) => sendAndCheck(endpoint, req)),
          fuzzOptions(name),
        );
      },
      TEST_TIMEOUT_MS,
    );
  }

  it(
    'paths and methods outside the table',
    async () => {
      const known = endpoints.map((e) => e.path);
      const path = fc.oneof(
        fc
          .constantFrom(...known)
          .chain((p) =>
            fc.constantFrom(
              `${p}/`,
              `/${p}`,
              p.toUpperCase(),
              `${p}/extra`,
              `${p}%00`,
              p.replace(/\//g, '//'),
              `${p}/..`,
            ),
          ),
        fc.string({ maxLength: 40 }).map((s) => `/${encodeURIComponent(s)}`),
        fc.constantFrom('', '/', '/..', '/%2e%2e/%2e%2e/etc/passwd', '/__proto__', '/constructor/prototype'),
      );
      const fake: Endpoint = { method: 'POST', path: '/not-in-table', handler: () => null };
      await fc.assert(
        fc.asyncProperty(
          requestFor(fake),
          path,
          fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
          (req, p, method) => sendAndCheck({ ...fake, path: p }, { ...req, method, params: [] }, 'outside the table'),
        ),
        fuzzOptions('outside'),
      );
    },
    TEST_TIMEOUT_MS,
  );
  it(
    'GET /get-session by the fast session check (what the Node adapter tries first)',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...IDENTITIES),
          fc.constantFrom('identity', 'identity+junk', 'junk', 'none'),
          fc.array(junkCookie, { maxLength: 3 }).map((c) => c.join('; ')),
          fc.constantFrom<string | null>('127.0.0.1', '::1', '203.0.113.9', null),
          async (identity, mode, junk, ip) => {
            await ensureFixtures();
            const jar = [...fixtures.identities[identity].client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
            const parts =
              mode === 'identity' ? [jar] : mode === 'identity+junk' ? [jar, junk] : mode === 'junk' ? [junk] : [];
            const cookie = parts.filter(Boolean).join('; ') || undefined;
            const what = `fast session check as ${identity}, cookie: ${(cookie ?? '(none)').slice(0, 300)}, ip ${ip}`;
            const logFrom = app.logger.lines.length;
            const before = await snapshot();
            let general = false;
            const answer = await answerOf(what, async () => {
              const plain = await app.auth.fastSessionCheck({ cookie, ip });
              if (plain)
                return { status: plain.status, contentType: plain.headers['content-type'] ?? '', text: plain.body };
              // null: the general endpoint answers, as the adapter then asks it
              general = true;
              const res = await app.auth.fetch(
                new Request(`${BASE_URL}/api/auth/get-session`, { headers: cookie ? { cookie } : {} }),
                { ip, rateLimitChecked: true },
              );
              return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
            });
            await checkAnswer(general ? 'fast check → general' : 'fast session check', what, answer, before, logFrom);
          },
        ),
        fuzzOptions('fast session check'),
      );
    },
    TEST_TIMEOUT_MS,
  );
});
