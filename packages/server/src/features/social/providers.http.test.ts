/**
 * Every provider through Latch's HTTP API, against a local server speaking that provider's dialect (the same
 * fixtures as the engine tests, providers/fixtures/<id>.ts): POST /sign-in/social → the provider's authorize
 * endpoint "approves" → GET /callback/<id> (Apple: a form_post POST, answered with a 302 to the GET) → a session.
 * The fakes check client authentication, PKCE, the redirect URI and each provider's quirks, so a session at the
 * end means Latch spoke the dialect. One SQLite database and one app for the whole file.
 */
import { SOCIAL_PROVIDER_IDS as PROVIDER_IDS } from '@latch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestResponse } from '../../test/client.ts';
import {
  BASE_URL,
  createTestApp,
  openSharedDatabase,
  type SharedDatabase,
  signUpUser,
  signUpVerifiedUser,
  type TestApp,
} from '../../test/harness.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  type DialectFake,
  fakeEndpoints,
  followAuthorization,
  type Person,
  startDialectFake,
} from '../../test/oauth-provider.ts';
import { DIALECTS } from './providers/fixtures/index.ts';
import type { ProviderEndpoints, ProviderId, ProviderOptions } from './providers/index.ts';

/** Providers whose users may have no address: phone sign-ups (Facebook), no confirmed e-mail (X). */
const SOMETIMES_WITHOUT_EMAIL: ReadonlySet<ProviderId> = new Set(['facebook', 'twitter']);

const fakes = new Map<ProviderId, { fake: DialectFake; endpoints: ProviderEndpoints }>();
let db: SharedDatabase;
let app: TestApp;

beforeAll(async () => {
  const socialProviders: Record<string, ProviderOptions> = {};
  await Promise.all(
    PROVIDER_IDS.map(async (id) => {
      const dialect = DIALECTS[id];
      const started = await startDialectFake(dialect);
      fakes.set(id, started);
      // What an operator writes in the configuration file: credentials and endpoint overrides (GitLab: its base URL).
      socialProviders[id] = {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        ...dialect.options,
        endpoints: (dialect.endpoints ?? fakeEndpoints)(started.fake.url),
      };
    }),
  );
  db = await openSharedDatabase('sqlite');
  app = createTestApp(db, { socialProviders });
  // The fakes sign ID tokens with real time; Latch checks them against its clock.
  app.clock.set(Date.now());
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  await Promise.all([...fakes.values()].map(({ fake }) => fake.close()));
});

function fakeOf(id: ProviderId): { fake: DialectFake; endpoints: ProviderEndpoints } {
  const started = fakes.get(id);
  if (!started) throw new Error(`no fake for ${id}`);
  return started;
}

/**
 * The browser's whole journey: sign-in/social (or link-social), the provider as `person`, back to the callback.
 * Answers the GET callback's response and the parameters the provider sent back.
 */
async function journey(
  browser: TestClient,
  id: ProviderId,
  person: Person,
  body: Record<string, unknown> = {},
  path = '/sign-in/social',
): Promise<{ res: TestResponse; callback: URLSearchParams }> {
  const { fake, endpoints } = fakeOf(id);
  fake.person = person;
  const start = await browser.post(path, {
    provider: id,
    callbackURL: '/after',
    errorCallbackURL: '/oops',
    ...body,
  });
  expect(start.status, start.text).toBe(200);
  expect(start.json.redirect).toBe(true);
  expect(start.location).toBe(start.json.url);
  const authorization = new URL(start.json.url);
  expect(`${authorization.origin}${authorization.pathname}`).toBe(endpoints.authorization);

  const answer = await followAuthorization(authorization);
  expect(answer.target).toBe(`${BASE_URL}/api/auth/callback/${id}`);
  expect(answer.params.get('state')).toBe(authorization.searchParams.get('state'));
  const callback = answer.params;
  if (answer.method === 'GET') return { res: await browser.get(`${answer.target}?${callback}`), callback };

  // form_post: a cross-site POST carries no SameSite=Lax cookie (a cookie-less client here); Latch answers with a
  // 302 to the GET callback, a top-level navigation that does carry the state cookie.
  const posted = await app.client().request('POST', answer.target, {
    rawBody: answer.params.toString(),
    contentType: 'application/x-www-form-urlencoded',
    origin: fake.url,
  });
  expect(posted.status).toBe(302);
  const location = new URL(posted.location ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(answer.target);
  expect(Object.fromEntries(location.searchParams)).toEqual(Object.fromEntries(callback));
  return { res: await browser.get(location.href), callback };
}

const sessionOf = async (browser: TestClient) => (await browser.get('/get-session')).json;
/** list-accounts as `provider:accountId` (the credential account's id is the user id). */
const accountsOf = async (browser: TestClient) =>
  ((await browser.get('/list-accounts')).json as { providerId: string; accountId: string }[])
    .map((a) => (a.providerId === 'credential' ? 'credential' : `${a.providerId}:${a.accountId}`))
    .sort();
const accountRows = async (id: ProviderId, accountId: string) =>
  db.handle.db
    .selectFrom('account')
    .select('userId')
    .where('providerId', '=', id)
    .where('accountId', '=', accountId)
    .execute();

for (const [index, id] of PROVIDER_IDS.entries()) {
  describe(`${id} through the HTTP API`, () => {
    const dialect = DIALECTS[id];
    const expected = dialect.expectedProfile;
    // Other people at the same provider, with ids of every provider's shape (GitHub, GitLab and Kick use numbers).
    const other = (n: number, email: string | null): Person => ({ id: String(900_000 + index * 10 + n), email });

    if (expected.email === null) {
      it(`${id} shares no e-mail: the callback ends on the error URL with email_not_found, without a user`, async () => {
        for (const attempt of [1, 2]) {
          const browser = app.client();
          const { res } = await journey(browser, id, dialect.person, { newUserCallbackURL: '/welcome' });
          expect([res.status, res.location], `attempt ${attempt}`).toEqual([302, '/oops?error=email_not_found']);
          expect(browser.cookie('session_token')).toBeUndefined();
          expect(browser.cookie('state')).toBeUndefined();
          expect(await sessionOf(browser)).toBeNull();
        }
        expect(await accountRows(id, dialect.person.id)).toEqual([]);
      });

      it(`${id} links to a signed-in person without an e-mail, and then signs that person in`, async () => {
        const me = await signUpVerifiedUser(app);
        const before = await accountsOf(me.client);
        const { res } = await journey(me.client, id, dialect.person, { callbackURL: '/linked' }, '/link-social');
        expect([res.status, res.location]).toEqual([302, '/linked']);
        expect(await accountsOf(me.client)).toEqual([...before, `${id}:${dialect.person.id}`].sort());
        const browser = app.client();
        const { res: signIn } = await journey(browser, id, dialect.person, { newUserCallbackURL: '/welcome' });
        expect([signIn.status, signIn.location]).toEqual([302, '/after']);
        expect((await sessionOf(browser)).user.id).toBe(me.userId);
        // nobody else can link the same provider account any more
        const stranger = await signUpVerifiedUser(app);
        const { res: again } = await journey(
          stranger.client,
          id,
          dialect.person,
          { callbackURL: '/linked' },
          '/link-social',
        );
        expect(again.location).toBe('/oops?error=account_already_linked_to_different_user');
      });
      return;
    }

    const email = expected.email.toLowerCase();
    let userId: string | undefined;

    it(`${id}: sign-in/social → the provider → callback → a new user with ${id}'s profile and a session`, async () => {
      const browser = app.client();
      const { res, callback } = await journey(browser, id, dialect.person, { newUserCallbackURL: '/welcome' });
      expect([res.status, res.location]).toEqual([302, '/welcome']);
      // Apple posts the name (`user`) with the first authorization only.
      expect(callback.has('user')).toBe(id === 'apple');
      expect(browser.cookie('session_token')).toBeDefined();
      expect(browser.cookie('state')).toBeUndefined();
      const session = await sessionOf(browser);
      expect(session.user).toMatchObject({
        email,
        name: expected.name,
        emailVerified: expected.emailVerified,
        image: expected.image,
      });
      expect(await accountsOf(browser)).toEqual([`${id}:${expected.id}`]);
      userId = session.user.id;
    });

    it(`${id}: a second sign-in of the same ${id} account reaches the same user`, async () => {
      expect(userId).toBeDefined();
      const browser = app.client();
      const { res, callback } = await journey(browser, id, dialect.person, { newUserCallbackURL: '/welcome' });
      expect([res.status, res.location]).toEqual([302, '/after']);
      expect(callback.has('user')).toBe(false);
      const session = await sessionOf(browser);
      // Apple sent the name on the first authorization only: the stored one stays.
      expect(session.user).toMatchObject({ id: userId, email, name: expected.name });
      expect(await accountRows(id, expected.id)).toEqual([{ userId }]);
    });

    if (expected.emailVerified) {
      it(`${id} vouches for the e-mail: it links to the verified local account with that address (§5.6)`, async () => {
        const local = await signUpUser(app, { email: `${id}-local@example.test` });
        await db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', local.userId).execute();
        const person = other(1, local.email);
        const browser = app.client();
        const { res } = await journey(browser, id, person, { newUserCallbackURL: '/welcome' });
        expect([res.status, res.location]).toEqual([302, '/after']);
        expect((await sessionOf(browser)).user).toMatchObject({
          id: local.userId,
          email: local.email,
          name: 'Test User',
        });
        expect(await accountsOf(local.client)).toEqual(['credential', `${id}:${person.id}`].sort());
      });
    } else {
      it(`${id} does not vouch for the e-mail: no implicit link to the local account (account_not_linked)`, async () => {
        const local = await signUpUser(app, { email: `${id}-local@example.test` });
        await db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', local.userId).execute();
        const person = other(1, local.email);
        const browser = app.client();
        const { res } = await journey(browser, id, person);
        expect([res.status, res.location]).toEqual([302, '/oops?error=account_not_linked']);
        expect(browser.cookie('session_token')).toBeUndefined();
        expect(await accountRows(id, person.id)).toEqual([]);
      });
    }

    if (SOMETIMES_WITHOUT_EMAIL.has(id)) {
      it(`${id}: a person without an e-mail there ends on email_not_found, without a user`, async () => {
        const person = other(2, null);
        const browser = app.client();
        const { res } = await journey(browser, id, person);
        expect([res.status, res.location]).toEqual([302, '/oops?error=email_not_found']);
        expect(browser.cookie('session_token')).toBeUndefined();
        expect(await accountRows(id, person.id)).toEqual([]);
      });
    }
  });
}
