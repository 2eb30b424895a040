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
  expect(await make(TENANT.toUpperCase()).verifyIdToken(work)).toMatchObject({ id: 'o1' });
  await fake.close();
});

const AUTHORITY = 'https://login.microsoftonline.com';
const OTHER = '0e3e1e7b-5b1c-4d55-9c55-3a1f3b9e0a66';

/** A local Microsoft at login.microsoftonline.com's paths, reached through the client's fetch. */
async function localMicrosoft() {
  const fake = await startFakeProvider({
    'GET /contoso.com/v2.0/.well-known/openid-configuration': () => ({
      json: { issuer: `${AUTHORITY}/${TENANT}/v2.0` },
    }),
    'GET /broken.example/v2.0/.well-known/openid-configuration': () => ({ status: 503, json: {} }),
    'GET /common/v2.0/.well-known/openid-configuration': () => ({ json: { issuer: `${AUTHORITY}/{tenantid}/v2.0` } }),
  });
  const fetchLocal: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    return fetch(url.origin === AUTHORITY ? `${fake.url}${url.pathname}` : url, init);
  };
  const make = (tenantId: string) =>
    createProvider(
      'microsoft',
      { clientId: CLIENT_ID, tenantId, endpoints: { jwks: `${fake.url}/jwks` } },
      { baseURL: BASE_URL, fetch: fetchLocal },
    );
  const token = (tid: string, claims: Record<string, unknown> = {}) =>
    fake.signIdToken({ sub: `s-${tid}`, oid: `o-${tid}`, tid, ...claims }, { issuer: `${AUTHORITY}/${tid}/v2.0` });
  const discoveries = () => fake.requests.filter((r) => r.path.endsWith('/openid-configuration')).length;
  return { fake, make, token, discoveries };
}

it('microsoft: a tenant named by its domain accepts only the issuer its discovery document names', async () => {
  const { fake, make, token, discoveries } = await localMicrosoft();
  const contoso = make('contoso.com');
  expect(await contoso.verifyIdToken(await token(OTHER))).toBeNull();
  expect(await contoso.verifyIdToken(await token(CONSUMERS))).toBeNull();
  expect(await contoso.verifyIdToken(await token(TENANT))).toMatchObject({ id: `o-${TENANT}` });
  // the answer is kept: one discovery for the provider's life (24 hours)
  expect(discoveries()).toBe(1);
  // discovery that fails refuses every token, and is asked again next time
  const broken = make('broken.example');
  expect(await broken.verifyIdToken(await token(TENANT))).toBeNull();
  expect(await broken.verifyIdToken(await token(TENANT))).toBeNull();
  expect(discoveries()).toBe(3);
  await fake.close();
});

it('microsoft: only xms_edov vouches for the address, verified_*_email only from a single configured tenant', async () => {
  const { fake, make, token } = await localMicrosoft();
  const email = 'megan@contoso.com';
  const cases: [tenant: string, claims: Record<string, unknown>, verified: boolean][] = [
    ['common', { email }, false],
    ['common', { email, email_verified: true }, false],
    ['common', { email, verified_primary_email: [email] }, false],
    ['organizations', { email, verified_secondary_email: [email] }, false],
    ['common', { email, xms_edov: true }, true],
    ['common', { email, xms_edov: false, email_verified: true }, false],
    [TENANT, { email, email_verified: true }, false],
    [TENANT, { email, verified_primary_email: [email] }, true],
    [TENANT, { email, verified_primary_email: ['other@contoso.com'] }, false],
    ['contoso.com', { email, verified_secondary_email: [email] }, true],
    [TENANT, { email, xms_edov: false, verified_primary_email: [email] }, false],
    ['common', { xms_edov: true }, false],
  ];
  for (const [tenant, claims, verified] of cases) {
    const profile = await make(tenant).verifyIdToken(await token(TENANT, claims));
    expect(profile?.emailVerified, `${tenant} ${JSON.stringify(claims)}`).toBe(verified);
  }
  await fake.close();
});
