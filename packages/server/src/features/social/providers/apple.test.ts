import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  BASE_URL,
  CLIENT_ID,
  describeDialect,
  fakeEndpoints,
  startFakeProvider,
} from '../../../test/oauth-provider.ts';
import { createProvider } from '../oauth-client.ts';
import { appleDialect } from './fixtures/apple.ts';

describeDialect(appleDialect);

it('apple: omits form_post without name/email scopes; accepts the SHA-256 nonce of the native SDKs', async () => {
  const fake = await startFakeProvider();
  const apple = createProvider(
    'apple',
    { clientId: CLIENT_ID, clientSecret: 's', endpoints: fakeEndpoints(fake.url) },
    {
      baseURL: BASE_URL,
    },
  );
  const plain = createProvider('apple', { clientId: CLIENT_ID, clientSecret: 's' }, { baseURL: BASE_URL });
  expect(plain.definition.authorizationParams?.({ scopes: [], options: plain.options })).toEqual({});
  const hashed = createHash('sha256').update('raw-nonce').digest('hex');
  const token = await fake.signIdToken({ sub: 'u1', nonce: hashed });
  expect(await apple.verifyIdToken(token, { nonce: 'raw-nonce' })).toMatchObject({ id: 'u1' });
  expect(await apple.verifyIdToken(token, { nonce: 'other' })).toBeNull();
  await fake.close();
});
