/**
 * Who may vouch for an address (docs/social-sign-in.md, "Who vouches for the address"): attacks on an existing
 * account through social sign-in, where the attacker controls an account at the provider (or a whole Entra tenant,
 * or a self-managed GitLab without e-mail confirmation) and writes the victim's address into it. Each refusal also
 * checks that no row of the account tables changed and that the victim was mailed nothing.
 *
 * Microsoft is played by a local server that answers at login.microsoftonline.com's paths: the test routes that host
 * to it, so the configuration is exactly an operator's (`tenantId` and nothing else), discovery and JWKS included.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { TestClient, TestResponse } from '../../test/client.ts';
import {
  BASE_URL,
  describeOnDatabases,
  type SharedDatabase,
  signUpVerifiedUser,
  type TestApp,
} from '../../test/harness.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  type DialectFake,
  type FakeProvider,
  followAuthorization,
  startDialectFake,
  startFakeProvider,
} from '../../test/oauth-provider.ts';
import { gitlabDialect } from './providers/fixtures/gitlab.ts';

const AUTHORITY = 'https://login.microsoftonline.com';
/** The operator's tenant, configured by its domain name; Microsoft's discovery says which GUID that is. */
const CONTOSO = '72f988bf-86f1-41af-91ab-2d7cd011db47';
/** Another organisation's tenant, whose administrator is the attacker. */
const EVIL = '0e3e1e7b-5b1c-4d55-9c55-3a1f3b9e0a66';

const microsoft: FakeProvider = await startFakeProvider({
  'GET /contoso.com/v2.0/.well-known/openid-configuration': () => ({
    json: { issuer: `${AUTHORITY}/${CONTOSO}/v2.0`, jwks_uri: `${AUTHORITY}/contoso.com/discovery/v2.0/keys` },
  }),
});
// every tenant's keys are Microsoft's one signing key set
for (const tenant of ['contoso.com', 'common']) {
  microsoft.route(`GET /${tenant}/discovery/v2.0/keys`, async () => ({
    json: await (await fetch(`${microsoft.url}/jwks`)).json(),
  }));
}
const gitlab: DialectFake = (await startDialectFake(gitlabDialect)).fake;

const realFetch = globalThis.fetch;
/** The machine's "DNS": login.microsoftonline.com is the local Microsoft; everything else goes where it says. */
function routedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input);
  if (url.origin !== AUTHORITY) return realFetch(input, init);
  const local = `${microsoft.url}${url.pathname}${url.search}`;
  return input instanceof Request ? realFetch(new Request(local, input), init) : realFetch(local, init);
}
vi.stubGlobal('fetch', routedFetch);
afterAll(async () => {
  vi.unstubAllGlobals();
  await microsoft.close();
  await gitlab.close();
});

/** An ID token for this app, issued by `tid`'s tenant (Entra's `iss` always names the token's own tenant). */
function entraToken(tid: string, claims: Record<string, unknown>): Promise<string> {
  return microsoft.signIdToken(
    { sub: `sub-${Math.random()}`, oid: `oid-${Math.random()}`, tid, ver: '2.0', ...claims },
    { issuer: `${AUTHORITY}/${tid}/v2.0` },
  );
}

const TABLES = ['user', 'session', 'account', 'verification', 'twoFactor'] as const;
async function accountTables(db: SharedDatabase): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await db.handle.db.selectFrom(table).selectAll().execute();
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

const sessionUser = async (client: TestClient) =>
  ((await client.get('/get-session')).json?.user?.id as string | undefined) ?? null;
const mailsTo = (app: TestApp, email: string) => app.mailer.messages.filter((m) => m.to === email).length;

/** The redirect flow at a provider whose token endpoint answers with `idToken` (the callback's own code exchange). */
async function callbackWithIdToken(browser: TestClient, idToken: (nonce: string) => Promise<string>) {
  const start = await browser.post('/sign-in/social', {
    provider: 'microsoft',
    callbackURL: '/after',
    errorCallbackURL: '/oops',
  });
  expect(start.status, start.text).toBe(200);
  const authorize = new URL(start.json.url);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${AUTHORITY}/contoso.com/oauth2/v2.0/authorize`);
  const token = await idToken(authorize.searchParams.get('nonce') ?? '');
  microsoft.route('POST /contoso.com/oauth2/v2.0/token', () => ({
    json: { token_type: 'Bearer', access_token: 'at-graph', expires_in: 3600, id_token: token },
  }));
  const state = authorize.searchParams.get('state') ?? '';
  return browser.get(`${BASE_URL}/api/auth/callback/microsoft?code=c-${Math.random()}&state=${state}`);
}

await describeOnDatabases(
  'Microsoft with a tenant given by its domain name, trusted for linking',
  {
    socialProviders: { microsoft: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, tenantId: 'contoso.com' } },
    account: { accountLinking: { trustedProviders: ['microsoft'] } },
  },
  (t) => {
    let db: SharedDatabase;
    let app: TestApp;
    beforeAll(() => {
      ({ db, app } = t);
      // the local Microsoft signs with the real time
      app.clock.set(Date.now());
    });

    it("ID-token sign-in: another tenant's token carrying the victim's address opens nothing (INVALID_TOKEN)", async () => {
      const victim = await signUpVerifiedUser(app);
      const mails = mailsTo(app, victim.email);
      const before = await accountTables(db);
      const attacker = app.client();
      const res = await attacker.post('/sign-in/social', {
        provider: 'microsoft',
        idToken: { token: await entraToken(EVIL, { email: victim.email, xms_edov: true }) },
      });
      expect([res.status, res.json?.code]).toEqual([401, 'INVALID_TOKEN']);
      expect(await sessionUser(attacker)).toBeNull();
      expect(await accountTables(db)).toEqual(before);
      expect(mailsTo(app, victim.email)).toBe(mails);
    });

    it("the callback: another tenant's ID token at the code exchange ends on invalid_code", async () => {
      const victim = await signUpVerifiedUser(app);
      const mails = mailsTo(app, victim.email);
      const before = await accountTables(db);
      const attacker = app.client();
      const res: TestResponse = await callbackWithIdToken(attacker, (nonce) =>
        entraToken(EVIL, { email: victim.email, nonce }),
      );
      expect([res.status, res.location]).toEqual([302, '/oops?error=invalid_code']);
      expect(await sessionUser(attacker)).toBeNull();
      expect(await accountTables(db)).toEqual(before);
      expect(mailsTo(app, victim.email)).toBe(mails);
    });

    it("the tenant's own tokens still sign in, on both paths (its GUID is learnt from Microsoft's discovery)", async () => {
      const person = await signUpVerifiedUser(app);
      const viaIdToken = app.client();
      const res = await viaIdToken.post('/sign-in/social', {
        provider: 'microsoft',
        idToken: { token: await entraToken(CONTOSO, { email: person.email }) },
      });
      expect(res.status, res.text).toBe(200);
      expect(await sessionUser(viaIdToken)).toBe(person.userId);

      const browser = app.client();
      const done = await callbackWithIdToken(browser, (nonce) =>
        entraToken(CONTOSO, { email: `new-${Math.random().toString(36).slice(2)}@contoso.example`, nonce }),
      );
      expect([done.status, done.location]).toEqual([302, '/after']);
      expect(await sessionUser(browser)).not.toBeNull();
    });
  },
);

await describeOnDatabases(
  'what Microsoft and a self-managed GitLab vouch for, neither trusted',
  {
    socialProviders: {
      microsoft: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
      gitlab: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, endpoints: { issuer: gitlab.url } },
    },
  },
  (t) => {
    let db: SharedDatabase;
    let app: TestApp;
    beforeAll(() => {
      ({ db, app } = t);
      app.clock.set(Date.now());
    });

    const idTokenSignIn = (client: TestClient, token: string) =>
      client.post('/sign-in/social', { provider: 'microsoft', idToken: { token } });

    it('Microsoft (common): email_verified or verified_primary_email from any tenant does not link the victim', async () => {
      const victim = await signUpVerifiedUser(app);
      const mails = mailsTo(app, victim.email);
      const before = await accountTables(db);
      // what a hostile tenant's administrator can put in a token: a claims-mapping policy's
      // email_verified, and the optional claims their own directory fills
      for (const claims of [
        { email: victim.email, email_verified: true },
        { email: victim.email, verified_primary_email: [victim.email] },
        { email: victim.email, verified_secondary_email: [victim.email] },
        { email: victim.email, xms_edov: false, email_verified: true },
      ]) {
        const attacker = app.client();
        const res = await idTokenSignIn(attacker, await entraToken(EVIL, claims));
        expect([res.status, res.json?.code], JSON.stringify(claims)).toEqual([401, 'OAUTH_LINK_ERROR']);
        expect(await sessionUser(attacker)).toBeNull();
      }
      expect(await accountTables(db)).toEqual(before);
      expect(mailsTo(app, victim.email)).toBe(mails);
    });

    it("Microsoft (common): xms_edov, Entra's word that the address's domain is the tenant's own, links", async () => {
      const person = await signUpVerifiedUser(app);
      const browser = app.client();
      const res = await idTokenSignIn(browser, await entraToken(CONTOSO, { email: person.email, xms_edov: true }));
      expect(res.status, res.text).toBe(200);
      expect(await sessionUser(browser)).toBe(person.userId);
    });

    it('self-managed GitLab: confirmed_at (set on every account when the instance skips confirmation) links nothing', async () => {
      const victim = await signUpVerifiedUser(app);
      const mails = mailsTo(app, victim.email);
      const before = await accountTables(db);
      gitlab.person = { id: '4242', email: victim.email };
      const attacker = app.client();
      const start = await attacker.post('/sign-in/social', {
        provider: 'gitlab',
        callbackURL: '/after',
        errorCallbackURL: '/oops',
      });
      expect(start.status, start.text).toBe(200);
      const answer = await followAuthorization(start.json.url);
      const res = await attacker.get(`${answer.target}?${answer.params}`);
      expect([res.status, res.location]).toEqual([302, '/oops?error=account_not_linked']);
      expect(await sessionUser(attacker)).toBeNull();
      expect(await accountTables(db)).toEqual(before);
      expect(mailsTo(app, victim.email)).toBe(mails);
    });
  },
);
