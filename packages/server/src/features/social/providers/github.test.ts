import { expect, it } from 'vitest';
import {
  BASE_URL,
  CLIENT_ID,
  describeDialect,
  fakeEndpoints,
  startFakeProvider,
} from '../../../test/oauth-provider.ts';
import { createProvider } from '../oauth-client.ts';
import { githubDialect, githubUser } from './fixtures/github.ts';

describeDialect(githubDialect);

it('github: a 200 answer carrying an error is a refused code; a public e-mail keeps its verification state', async () => {
  const fake = await startFakeProvider({
    'POST /token': () => ({ json: { error: 'bad_verification_code', error_description: 'The code is incorrect' } }),
    'GET /userinfo': () => ({ json: { ...githubUser, email: 'public@example.com', name: 'The Octocat' } }),
    'GET /emails': () => ({ status: 404, json: { message: 'Not Found' } }),
  });
  const github = createProvider(
    'github',
    { clientId: CLIENT_ID, endpoints: fakeEndpoints(fake.url) },
    { baseURL: BASE_URL },
  );
  await expect(github.exchangeCode({ code: 'c', codeVerifier: 'v'.repeat(43) })).rejects.toMatchObject({
    reason: 'invalid_code',
    status: 200,
  });
  const profile = await github.getUserProfile({
    accessToken: 't',
    refreshToken: null,
    idToken: null,
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    scopes: [],
    tokenType: 'bearer',
    raw: {},
  });
  // Without the user:email scope the list is unavailable: the address is used but not trusted as verified.
  expect(profile).toMatchObject({ email: 'public@example.com', emailVerified: false, name: 'The Octocat' });
  await fake.close();
});
