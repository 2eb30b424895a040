import { expect, it } from 'vitest';
import {
  BASE_URL,
  CLIENT_ID,
  describeDialect,
  fakeEndpoints,
  startFakeProvider,
} from '../../../test/oauth-provider.ts';
import { createProvider } from '../oauth-client.ts';
import { facebookDialect } from './fixtures/facebook.ts';

describeDialect(facebookDialect);

it('facebook: verifies Limited Login ID tokens against the JWKS', async () => {
  const fake = await startFakeProvider();
  const facebook = createProvider(
    'facebook',
    { clientId: CLIENT_ID, endpoints: fakeEndpoints(fake.url) },
    {
      baseURL: BASE_URL,
    },
  );
  const token = await fake.signIdToken({ sub: '10158', name: 'Mark', email: 'mark@example.com', nonce: 'n1' });
  expect(await facebook.verifyIdToken(token, { nonce: 'n1' })).toMatchObject({
    id: '10158',
    email: 'mark@example.com',
  });
  expect(await facebook.verifyIdToken(await fake.signIdToken({ sub: 'x' }, { audience: 'another-app' }))).toBeNull();
  await fake.close();
});
