import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  describeOnDatabases,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';
import { type GithubFake, socialSignIn, startGithubFake } from '../../test/social-sign-in.ts';

const github: GithubFake = await startGithubFake();
afterAll(() => github.close());

await describeOnDatabases('provider tokens', { socialProviders: { github: github.options } }, (t) => {
  let db: SharedDatabase;
  let app: TestApp;
  beforeAll(() => {
    ({ db, app } = t);
  });

  const accountRow = (providerAccountId: string) =>
    db.handle.db.selectFrom('account').selectAll().where('accountId', '=', providerAccountId).executeTakeFirstOrThrow();

  async function signedInWithGithub(target: TestApp = app) {
    const client = target.client();
    const profile = github.profile();
    const res = await socialSignIn(github, client, profile);
    expect(res.location).toBe('/after');
    const account = (await client.get('/list-accounts')).json.find(
      (a: { providerId: string }) => a.providerId === 'github',
    );
    return { client, profile, accountRowId: account.id as string };
  }

  it('stores provider tokens encrypted; the option off stores them as they are', async () => {
    const { profile } = await signedInWithGithub();
    const plaintext = github.issued.at(-1) ?? '';
    const row = await accountRow(profile.id);
    expect(row.accessToken).toMatch(/^v1:/);
    expect(row.refreshToken).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(plaintext);
    expect(JSON.stringify(row)).not.toContain('ghr_');
    expect(row.scope).toBe('read:user,user:email');

    const plain = createTestApp(db, {
      socialProviders: { github: github.options },
      account: { encryptOAuthTokens: false },
    });
    try {
      const other = await signedInWithGithub(plain);
      expect((await accountRow(other.profile.id)).accessToken).toBe(github.issued.at(-1));
    } finally {
      await plain.close();
    }
  });

  it('a returning sign-in replaces the stored tokens', async () => {
    const { profile } = await signedInWithGithub();
    const first = (await accountRow(profile.id)).accessToken;
    await socialSignIn(github, app.client(), profile);
    expect((await accountRow(profile.id)).accessToken).not.toBe(first);
  });

  it('refresh-token refreshes at the provider and stores the new tokens', async () => {
    const { client, profile, accountRowId } = await signedInWithGithub();
    const before = await accountRow(profile.id);
    const res = await client.post('/refresh-token', { accountId: accountRowId });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ providerId: 'github', accountId: profile.id, scope: 'read:user,user:email' });
    expect(res.json.accessToken).toBe(github.issued.at(-1));
    expect(res.json.refreshToken).toMatch(/^ghr_/);
    const after = await accountRow(profile.id);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessToken).toMatch(/^v1:/);
    // the spec's form: {providerId}
    expect((await client.post('/refresh-token', { providerId: 'github' })).status).toBe(200);
  });

  it('get-access-token answers the stored token, and refreshes one that expires within 5 s', async () => {
    const { client, accountRowId } = await signedInWithGithub();
    const current = github.issued.at(-1);
    const res = await client.post('/get-access-token', { accountId: accountRowId });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ accessToken: current, scopes: ['read:user', 'user:email'], idToken: null });
    app.clock.advance(3600 - 4);
    try {
      const refreshed = await client.post('/get-access-token', { accountId: accountRowId });
      expect(refreshed.json.accessToken).not.toBe(current);
      expect(refreshed.json.accessToken).toBe(github.issued.at(-1));
    } finally {
      app.clock.advance(-(3600 - 4));
    }
  });

  it('account-info reads the provider profile with the stored token', async () => {
    const { client, profile, accountRowId } = await signedInWithGithub();
    const res = await client.get('/account-info', { query: { accountId: accountRowId } });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ id: profile.id, email: profile.email, emailVerified: true });
    expect(res.json.account).toEqual({ id: accountRowId, providerId: 'github', accountId: profile.id });
  });

  it('only the owner reaches an account; credential accounts and missing sessions are refused', async () => {
    const { accountRowId } = await signedInWithGithub();
    const stranger = await signUpUser(app);
    for (const [method, path] of [
      ['POST', '/refresh-token'],
      ['POST', '/get-access-token'],
    ] as const) {
      const res = await stranger.client.request(method, path, { body: { accountId: accountRowId } });
      expect([res.status, res.json.code]).toEqual([400, 'ACCOUNT_NOT_FOUND']);
      const anonymous = await app.client().request(method, path, { body: { accountId: accountRowId } });
      expect(anonymous.status).toBe(401);
    }
    const info = await stranger.client.get('/account-info', { query: { accountId: accountRowId } });
    expect([info.status, info.json.code]).toEqual([400, 'ACCOUNT_NOT_FOUND']);

    const [credential] = (await stranger.client.get('/list-accounts')).json;
    const refresh = await stranger.client.post('/refresh-token', { accountId: credential.id });
    expect([refresh.status, refresh.json.code]).toEqual([400, 'PROVIDER_NOT_SUPPORTED']);
    const access = await stranger.client.post('/get-access-token', { accountId: credential.id });
    expect([access.status, access.json.code]).toEqual([400, 'PROVIDER_NOT_SUPPORTED']);
    const credentialInfo = await stranger.client.get('/account-info', { query: { accountId: credential.id } });
    expect([credentialInfo.status, credentialInfo.json.code]).toEqual([400, 'PROVIDER_NOT_CONFIGURED']);
  });

  it('an admin impersonating the person reads none of their provider tokens, and nothing changes', async () => {
    const { client: owner, profile, accountRowId } = await signedInWithGithub();
    const admin = await signUpUser(app);
    await db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    const acting = app.client();
    await acting.post('/sign-in/email', { email: admin.email, password: PASSWORD });
    const ownerId = (await owner.get('/get-session')).json.user.id;
    const started = await acting.post('/admin/impersonate-user', { userId: ownerId });
    expect(started.json.session.impersonatedBy).toBe(admin.userId);
    const before = await accountRow(profile.id);
    const issued = github.issued.length;
    const providerRequests = github.fake.requests.length;
    const attempts = [
      await acting.post('/get-access-token', { accountId: accountRowId }),
      await acting.post('/get-access-token', { providerId: 'github' }),
      await acting.post('/refresh-token', { accountId: accountRowId }),
      await acting.post('/refresh-token', { providerId: 'github' }),
      await acting.get('/account-info', { query: { accountId: accountRowId } }),
    ];
    for (const res of attempts) {
      expect([res.status, res.json.code]).toEqual([403, 'NOT_ALLOWED_WHILE_IMPERSONATING']);
      for (const secret of ['accessToken', 'refreshToken', 'idToken', 'user', 'data'])
        expect(res.json[secret]).toBeUndefined();
    }
    // no token was refreshed at the provider or rewritten, and the provider was not asked
    expect(await accountRow(profile.id)).toEqual(before);
    expect(github.issued.length).toBe(issued);
    expect(github.fake.requests.length).toBe(providerRequests);
    // the person still reads their own tokens
    expect((await owner.post('/get-access-token', { accountId: accountRowId })).status).toBe(200);
  });

  it('a refresh the provider refuses answers FAILED_TO_REFRESH_ACCESS_TOKEN; no refresh token, REFRESH_TOKEN_NOT_FOUND', async () => {
    const { client, profile, accountRowId } = await signedInWithGithub();
    // the fake rotates refresh tokens: a stale stored one is refused
    const stale = (await accountRow(profile.id)).refreshToken;
    expect((await client.post('/refresh-token', { accountId: accountRowId })).status).toBe(200);
    await db.handle.db.updateTable('account').set({ refreshToken: stale }).where('id', '=', accountRowId).execute();
    const refused = await client.post('/refresh-token', { accountId: accountRowId });
    expect([refused.status, refused.json.code]).toEqual([400, 'FAILED_TO_REFRESH_ACCESS_TOKEN']);
    await db.handle.db.updateTable('account').set({ refreshToken: null }).where('id', '=', accountRowId).execute();
    const none = await client.post('/refresh-token', { accountId: accountRowId });
    expect([none.status, none.json.code]).toEqual([400, 'REFRESH_TOKEN_NOT_FOUND']);
  });
});
