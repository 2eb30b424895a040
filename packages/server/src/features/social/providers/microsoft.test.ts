import { expect, it } from 'vitest';
import { BASE_URL, CLIENT_ID, describeDialect, startFakeProvider } from '../../../test/oauth-provider.ts';
import { createProvider } from '../oauth-client.ts';
import {
  MICROSOFT_CONSUMERS as CONSUMERS,
  microsoftDialect,
  MICROSOFT_TENANT as TENANT,
} from './fixtures/microsoft.ts';

describeDialect(microsoftDialect);

it('microsoft: the multi-tenant issuer is checked against the token tid and the configured account class', async () => {
  const fake = await startFakeProvider();
  const make = (tenantId: string) =>
    createProvider(
      'microsoft',
      { clientId: CLIENT_ID, tenantId, endpoints: { jwks: `${fake.url}/jwks` } },
      {
        baseURL: BASE_URL,
      },
    );
  const work = await fake.signIdToken(
    { sub: 's1', oid: 'o1', tid: TENANT, email: 'a@contoso.com' },
    { issuer: `https://login.microsoftonline.com/${TENANT}/v2.0` },
  );
  const personal = await fake.signIdToken(
    { sub: 's2', oid: 'o2', tid: CONSUMERS },
    { issuer: `https://login.microsoftonline.com/${CONSUMERS}/v2.0` },
  );
  const forged = await fake.signIdToken(
    { sub: 's3', oid: 'o3', tid: TENANT },
    { issuer: 'https://login.microsoftonline.com/other/v2.0' },
  );
  expect(make('common').createAuthorizationURL({ state: 's', codeVerifier: 'v'.repeat(43) }).pathname).toBe(
    '/common/oauth2/v2.0/authorize',
  );
  expect(make(TENANT).endpoints.token).toBe(`https://login.microsoftonline.com/${TENANT}/oauth2/v2.0/token`);
  expect(await make('common').verifyIdToken(work)).toMatchObject({ id: 'o1', emailVerified: false });
  expect(await make('common').verifyIdToken(forged)).toBeNull();
  expect(await make('organizations').verifyIdToken(personal)).toBeNull();
  expect(await make('consumers').verifyIdToken(personal)).toMatchObject({ id: 'o2' });
  expect(await make(TENANT).verifyIdToken(personal)).toBeNull();
  await fake.close();
});
