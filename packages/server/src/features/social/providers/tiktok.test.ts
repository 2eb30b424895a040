import { expect, it } from 'vitest';
import {
  BASE_URL,
  CLIENT_ID,
  describeDialect,
  fakeEndpoints,
  startFakeProvider,
} from '../../../test/oauth-provider.ts';
import { createProvider } from '../oauth-client.ts';
import { tiktokDialect } from './fixtures/tiktok.ts';

describeDialect(tiktokDialect);

it('tiktok: an error object in a 200 answer is a user-info failure', async () => {
  const fake = await startFakeProvider({
    'GET /userinfo': () => ({
      json: { data: {}, error: { code: 'scope_not_authorized', message: 'no', log_id: 'x' } },
    }),
  });
  const tiktok = createProvider(
    'tiktok',
    { clientId: CLIENT_ID, endpoints: fakeEndpoints(fake.url) },
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
  await expect(tiktok.getUserProfile(tokens)).rejects.toMatchObject({ reason: 'unable_to_get_user_info' });
  await fake.close();
});
