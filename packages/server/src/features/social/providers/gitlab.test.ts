import { expect, it } from 'vitest';
import { BASE_URL, CLIENT_ID, describeDialect, startFakeProvider } from '../../../test/oauth-provider.ts';
import { createProvider } from '../oauth-client.ts';
import { gitlabDialect, gitlabUser } from './fixtures/gitlab.ts';

describeDialect(gitlabDialect);

it('gitlab: a blocked account has no profile', async () => {
  const fake = await startFakeProvider({ 'GET /api/v4/user': () => ({ json: { ...gitlabUser, state: 'blocked' } }) });
  const gitlab = createProvider(
    'gitlab',
    { clientId: CLIENT_ID, endpoints: { issuer: fake.url } },
    { baseURL: BASE_URL },
  );
  const tokens = {
    accessToken: 't',
    refreshToken: null,
    idToken: null,
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    scopes: [],
    tokenType: null,
    raw: {},
  };
  expect(await gitlab.getUserProfile(tokens)).toBeNull();
  await fake.close();
});

it('gitlab: confirmed_at vouches for the address on gitlab.com only, never on a self-managed instance', async () => {
  const fake = await startFakeProvider({ 'GET /api/v4/user': () => ({ json: gitlabUser }) });
  const tokens = {
    accessToken: 't',
    refreshToken: null,
    idToken: null,
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    scopes: [],
    tokenType: null,
    raw: {},
  };
  const userInfo = `${fake.url}/api/v4/user`;
  const profileAt = (endpoints: Record<string, string>) =>
    createProvider('gitlab', { clientId: CLIENT_ID, endpoints }, { baseURL: BASE_URL }).getUserProfile(tokens);
  // gitlab.com (no base URL configured; the user-info URL alone points at the local server)
  expect(await profileAt({ userInfo })).toMatchObject({ email: gitlabUser.email, emailVerified: true });
  expect(await profileAt({ userInfo, issuer: 'https://gitlab.com/' })).toMatchObject({ emailVerified: true });
  // a self-managed instance: an instance without email confirmation sets confirmed_at on every account
  expect(await profileAt({ issuer: fake.url })).toMatchObject({ email: gitlabUser.email, emailVerified: false });
  expect(await profileAt({ userInfo, issuer: 'https://gitlab.example.com' })).toMatchObject({ emailVerified: false });
  await fake.close();
});
