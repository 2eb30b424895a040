import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  describeOnDatabases,
  type SharedDatabase,
  signUpUser,
  signUpVerifiedUser,
  type TestApp,
} from '../../test/harness.ts';
import { beginSocial, errorOf, type GithubFake, socialSignIn, startGithubFake } from '../../test/social-sign-in.ts';

const github: GithubFake = await startGithubFake();
afterAll(() => github.close());

await describeOnDatabases('social sign-in', { socialProviders: { github: github.options } }, (t) => {
  let db: SharedDatabase;
  let app: TestApp;
  beforeAll(() => {
    ({ db, app } = t);
  });

  const stateRows = async () =>
    (
      await db.handle.db
        .selectFrom('verification')
        .select('identifier')
        .where('identifier', 'like', 'auth-state:%')
        .execute()
    ).length;
  const usersWithEmail = async (email: string) =>
    (await db.handle.db.selectFrom('user').select('id').where('email', '=', email).execute()).map((r) => r.id);
  const verify = (userId: string) =>
    db.handle.db.updateTable('user').set({ emailVerified: true }).where('id', '=', userId).execute();
  const providersOf = async (client: ReturnType<TestApp['client']>) =>
    ((await client.get('/list-accounts')).json as { providerId: string }[]).map((a) => a.providerId).sort();

  it('answers the authorization URL with a 32-character state, S256 PKCE and a signed state cookie', async () => {
    const client = app.client();
    const res = await client.post('/sign-in/social', { provider: 'github', callbackURL: '/after' });
    expect(res.status).toBe(200);
    expect(res.json.redirect).toBe(true);
    expect(res.location).toBe(res.json.url);
    const url = new URL(res.json.url);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/github');
    const cookie = res.setCookies.find((line) => /^[\w-]+\.state=/.test(line));
    expect(cookie).toMatch(/Max-Age=600; Path=\/; HttpOnly; SameSite=Lax/);
    // only a hash of the state is stored
    const state = url.searchParams.get('state') ?? '';
    const rows = await db.handle.db.selectFrom('verification').select(['identifier', 'value']).execute();
    expect(rows.some((r) => r.identifier.includes(state) || r.value.includes(state))).toBe(false);

    const quiet = await client.post('/sign-in/social', { provider: 'github', disableRedirect: true });
    expect([quiet.json.redirect, quiet.location]).toEqual([false, null]);
  });

  it('refuses unknown providers, reserved additionalParams and id tokens for GitHub', async () => {
    const client = app.client();
    const unknown = await client.post('/sign-in/social', { provider: 'myspace' });
    expect([unknown.status, unknown.json.code]).toEqual([404, 'PROVIDER_NOT_FOUND']);
    const unconfigured = await client.post('/sign-in/social', { provider: 'google' });
    expect([unconfigured.status, unconfigured.json.code]).toEqual([404, 'PROVIDER_NOT_FOUND']);
    const reserved = await client.post('/sign-in/social', {
      provider: 'github',
      additionalParams: { redirect_uri: 'https://evil.example' },
    });
    expect([reserved.status, reserved.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    const allowed = await client.post('/sign-in/social', {
      provider: 'github',
      additionalParams: { allow_signup: 'false' },
    });
    expect(new URL(allowed.json.url).searchParams.get('allow_signup')).toBe('false');
    const idToken = await client.post('/sign-in/social', { provider: 'github', idToken: { token: 'a.b.c' } });
    expect([idToken.status, idToken.json.code]).toEqual([404, 'ID_TOKEN_NOT_SUPPORTED']);
  });

  it('a new person gets a user, an account and a session, and lands on newUserCallbackURL', async () => {
    const client = app.client();
    const profile = github.profile();
    const rowsBefore = await stateRows();
    const res = await socialSignIn(github, client, profile, { newUserCallbackURL: '/welcome' });
    expect([res.status, res.location]).toEqual([302, '/welcome']);
    expect(client.cookie('session_token')).toBeDefined();
    expect(client.cookie('state')).toBeUndefined();
    expect(await stateRows()).toBe(rowsBefore);
    const session = (await client.get('/get-session')).json;
    expect(session.user).toMatchObject({ email: profile.email, name: profile.name, emailVerified: true });
    expect(await providersOf(client)).toEqual(['github']);

    const again = app.client();
    const second = await socialSignIn(github, again, profile, { newUserCallbackURL: '/welcome' });
    expect(second.location).toBe('/after');
    expect((await again.get('/get-session')).json.user.id).toBe(session.user.id);
  });

  it('the state is single-use, bound to the browser and expires after 10 minutes', async () => {
    const profile = github.profile();
    const starter = app.client();
    const authorizationURL = await beginSocial(starter);
    const snapshot = new Map(starter.jar);
    const callback = await github.authorize(authorizationURL, profile);

    const stranger = app.client();
    const foreign = await stranger.get(callback);
    expect(errorOf(foreign)).toBe('state_not_found');
    expect(foreign.location).toMatch(/^http:\/\/localhost:3000\/api\/auth\/error\?/);
    expect(stranger.cookie('session_token')).toBeUndefined();

    expect((await starter.get(callback)).location).toBe('/after');
    // a fresh code for the same state, replayed with the cookie the browser had then
    const replayer = app.client();
    for (const [k, v] of snapshot) replayer.jar.set(k, v);
    const replay = await replayer.get(await github.authorize(authorizationURL, profile));
    expect(errorOf(replay)).toBe('state_not_found');
    expect(replayer.cookie('session_token')).toBeUndefined();

    const slow = app.client();
    const late = await github.authorize(await beginSocial(slow), profile);
    app.clock.advance(601);
    try {
      const expired = await slow.get(late);
      expect(errorOf(expired)).toBe('state_not_found');
      expect(slow.cookie('session_token')).toBeUndefined();
    } finally {
      app.clock.advance(-601);
    }
  });

  it('callback failures redirect with the spec error values', async () => {
    const client = app.client();
    const missing = await client.get('/callback/github', { query: { code: 'x' } });
    expect(errorOf(missing)).toBe('state_not_found');

    const denied = await client.get(
      await github.authorize(await beginSocial(client, { errorCallbackURL: '/oops' }), null, {
        test_error: 'access_denied',
      }),
    );
    expect(denied.location).toBe('/oops?error=access_denied&error_description=the+user+said+no');

    const noCode = new URL(
      await github.authorize(await beginSocial(client, { errorCallbackURL: '/oops' }), github.profile()),
    );
    noCode.searchParams.delete('code');
    expect((await client.get(noCode.href)).location).toBe('/oops?error=no_code');

    const badCode = new URL(await github.authorize(await beginSocial(client), github.profile()));
    badCode.searchParams.set('code', 'forged');
    expect(errorOf(await client.get(badCode.href))).toBe('invalid_code');
    expect(client.cookie('session_token')).toBeUndefined();

    const repeated = await client.get('/callback/github?state=a&state=b');
    expect(errorOf(repeated)).toBe('invalid_callback_request');
  });

  it('a form_post callback is redirected to the GET callback with the same parameters', async () => {
    const client = app.client();
    const res = await client.request('POST', '/callback/github', {
      rawBody: 'code=abc&state=xyz&user=%7B%22name%22%3A%7B%22firstName%22%3A%22A%22%7D%7D',
      contentType: 'application/x-www-form-urlencoded',
      origin: 'https://appleid.apple.com',
    });
    expect(res.status).toBe(302);
    const target = new URL(res.location ?? '');
    expect(target.origin + target.pathname).toBe('http://localhost:3000/api/auth/callback/github');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      code: 'abc',
      state: 'xyz',
      user: '{"name":{"firstName":"A"}}',
    });
  });

  it('implicit linking needs a vouched email and a verified local email', async () => {
    const local = await signUpUser(app);
    // provider does not vouch → not linked
    const untrusted = await socialSignIn(
      github,
      app.client(),
      github.profile({ email: local.email, emailVerified: false }),
    );
    expect(errorOf(untrusted)).toBe('account_not_linked');
    // provider vouches but the local email is unverified → not linked
    const unverifiedLocal = await socialSignIn(github, app.client(), github.profile({ email: local.email }));
    expect(errorOf(unverifiedLocal)).toBe('account_not_linked');
    expect(await providersOf(local.client)).toEqual(['credential']);

    await verify(local.userId);
    const client = app.client();
    const linked = await socialSignIn(github, client, github.profile({ email: local.email }));
    expect(linked.location).toBe('/after');
    expect((await client.get('/get-session')).json.user.id).toBe(local.userId);
    expect(await providersOf(local.client)).toEqual(['credential', 'github']);
  });

  it('trusted providers link an unvouched email; disabled linking never links', async () => {
    const trusting = createTestApp(db, {
      socialProviders: { github: github.options },
      account: { accountLinking: { trustedProviders: ['github'] } },
    });
    const closed = createTestApp(db, {
      socialProviders: { github: github.options },
      account: { accountLinking: { enabled: false } },
    });
    try {
      const local = await signUpUser(trusting);
      await verify(local.userId);
      const refused = await socialSignIn(github, closed.client(), github.profile({ email: local.email }));
      expect(errorOf(refused)).toBe('account_not_linked');
      const client = trusting.client();
      const linked = await socialSignIn(github, client, github.profile({ email: local.email, emailVerified: false }));
      expect(linked.location).toBe('/after');
      expect((await client.get('/get-session')).json.user.id).toBe(local.userId);
    } finally {
      await trusting.close();
      await closed.close();
    }
  });

  it('disableSignUp and disableImplicitSignUp (unless requestSignUp) refuse new people', async () => {
    const noSignUp = createTestApp(db, { socialProviders: { github: { ...github.options, disableSignUp: true } } });
    const explicitOnly = createTestApp(db, {
      socialProviders: { github: { ...github.options, disableImplicitSignUp: true } },
    });
    try {
      const profile = github.profile();
      expect(errorOf(await socialSignIn(github, noSignUp.client(), profile))).toBe('signup_disabled');
      expect(errorOf(await socialSignIn(github, explicitOnly.client(), profile))).toBe('signup_disabled');
      expect(await usersWithEmail(profile.email)).toEqual([]);
      const asked = await socialSignIn(github, explicitOnly.client(), profile, { requestSignUp: true });
      expect(asked.location).toBe('/after');
      // an existing provider account still signs in where sign-up is off
      expect((await socialSignIn(github, noSignUp.client(), profile)).location).toBe('/after');
    } finally {
      await noSignUp.close();
      await explicitOnly.close();
    }
  });

  it('two callbacks racing for one new provider account create one user and one account', async () => {
    const profile = github.profile();
    const browsers = [app.client(), app.client(), app.client()];
    const callbacks = await Promise.all(browsers.map(async (b) => github.authorize(await beginSocial(b), profile)));
    const results = await Promise.all(browsers.map((b, i) => b.get(callbacks[i] ?? '')));
    for (const res of results) expect(res.status).toBe(302);
    const users = await usersWithEmail(profile.email);
    expect(users).toHaveLength(1);
    const accounts = await db.handle.db
      .selectFrom('account')
      .select('userId')
      .where('accountId', '=', profile.id)
      .execute();
    expect(accounts).toEqual([{ userId: users[0] }]);
    // every browser that did not fail ended up signed in as that one user
    for (const [i, res] of results.entries()) {
      if (errorOf(res)) continue;
      expect((await browsers[i]?.get('/get-session'))?.json.user.id).toBe(users[0]);
    }
  });

  it('link-social links to the signed-in user, keeps the session, and refuses foreign or mismatched accounts', async () => {
    const me = await signUpVerifiedUser(app);
    const before = (await me.client.get('/get-session')).json.session.id;
    const profile = github.profile({ email: me.email });
    const res = await socialSignIn(github, me.client, profile, { callbackURL: '/linked' }, '/link-social');
    expect(res.location).toBe('/linked');
    expect((await me.client.get('/get-session')).json.session.id).toBe(before);
    expect(await providersOf(me.client)).toEqual(['credential', 'github']);

    const other = await signUpVerifiedUser(app);
    const taken = await socialSignIn(github, other.client, { ...profile, email: other.email }, {}, '/link-social');
    expect(errorOf(taken)).toBe('account_already_linked_to_different_user');
    const mismatch = await socialSignIn(github, other.client, github.profile(), {}, '/link-social');
    expect(errorOf(mismatch)).toBe('email_does_not_match');
    const unvouched = await socialSignIn(
      github,
      other.client,
      github.profile({ email: other.email, emailVerified: false }),
      {},
      '/link-social',
    );
    expect(errorOf(unvouched)).toBe('unable_to_link_account');
    expect(await providersOf(other.client)).toEqual(['credential']);

    const anonymous = await app.client().post('/link-social', { provider: 'github' });
    expect([anonymous.status, anonymous.json.code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('a link started with a copied cookie dies when the owner revokes the session: the callback links nothing', async () => {
    const owner = await signUpVerifiedUser(app);
    const thief = owner.client.fresh();
    for (const [name, value] of owner.client.jar) thief.jar.set(name, value);
    const thiefsGithub = github.profile({ email: owner.email, emailVerified: true });
    const authorizationURL = await beginSocial(thief, {}, '/link-social');
    expect((await owner.client.post('/revoke-sessions', {})).status).toBe(200);
    app.clock.advance(5 * 60);
    const accountsBefore = await db.handle.db
      .selectFrom('account')
      .selectAll()
      .where('userId', '=', owner.userId)
      .execute();
    const res = await thief.get(await github.authorize(authorizationURL, thiefsGithub));
    expect(errorOf(res)).toBe('unable_to_link_account');
    expect(await db.handle.db.selectFrom('account').selectAll().where('userId', '=', owner.userId).execute()).toEqual(
      accountsBefore,
    );
  });
});
