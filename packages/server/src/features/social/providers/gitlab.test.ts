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
