import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTestApp, describeOnDatabases, openSharedDatabase, signUpUser } from '../../test/harness.ts';

await describeOnDatabases('the JWT issuer', {}, (t) => {
  it('publishes public keys only and signs /token with one of them (EdDSA, 3600 s)', async () => {
    const me = await signUpUser(t.app);
    const res = await me.client.get('/token');
    expect(res.status).toBe(200);
    const set = (await t.app.client().get('/jwks')).json;
    for (const key of set.keys)
      for (const m of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) expect(key).not.toHaveProperty(m);
    expect(decodeProtectedHeader(res.json.token).alg).toBe('EdDSA');
    const { payload } = await jwtVerify(res.json.token, createLocalJWKSet(set), {
      issuer: 'http://localhost:3000',
      audience: 'http://localhost:3000',
      currentDate: t.app.clock.now(),
    });
    expect(payload.sub).toBe(me.userId);
    expect(payload.email).toBe(me.email);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });

  it('stores the private key encrypted', async () => {
    await t.app.client().get('/jwks');
    const rows = await t.db.handle.db.selectFrom('jwks').select(['privateKey', 'publicKey']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.privateKey.startsWith('v1:')).toBe(true);
      expect(row.privateKey).not.toContain('"d"');
      expect(row.publicKey).not.toContain('"d"');
    }
  });

  it('a rotation retires the old key: published while its last tokens live, then gone', async () => {
    const admin = await signUpUser(t.app);
    await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    const before = (await admin.client.get('/token')).json.token as string;
    const oldKid = decodeProtectedHeader(before).kid;
    const rotated = await admin.client.post('/admin/rotate-jwt-keys', {});
    expect(rotated.status, rotated.text).toBe(200);
    const kids = async () => ((await t.app.client().get('/jwks')).json.keys as { kid: string }[]).map((k) => k.kid);
    // a token signed just before verifies for its whole hour
    t.app.clock.advance(3599);
    expect(await kids()).toEqual(expect.arrayContaining([oldKid, rotated.json.kid]));
    const set = createLocalJWKSet((await t.app.client().get('/jwks')).json);
    await jwtVerify(before, set, { currentDate: t.app.clock.now() });
    // past every token it may have signed (another instance may sign with it for a minute more): gone
    t.app.clock.advance(3 * 60);
    expect(await kids()).not.toContain(oldKid);
    expect(await kids()).toContain(rotated.json.kid);
    // new tokens carry the new key
    const after = (await admin.client.get('/token')).json.token as string;
    expect(decodeProtectedHeader(after).kid).toBe(rotated.json.kid);
  });

  it('hands out a token on get-session only when signed in', async () => {
    const me = await signUpUser(t.app);
    const res = await me.client.get('/get-session');
    const token = res.headers.get('set-auth-jwt');
    expect(token).toBeTruthy();
    expect(res.headers.get('access-control-expose-headers')).toContain('set-auth-jwt');
    expect((await t.app.client().get('/get-session')).headers.get('set-auth-jwt')).toBeNull();
    expect((await t.app.client().get('/token')).status).toBe(401);
  });
});

describe('RS256', () => {
  it('uses RSA keys of at least 2048 bits and the configured lifetime', async () => {
    const db = await openSharedDatabase('sqlite');
    const app = createTestApp(db, { plugins: { jwt: { algorithm: 'RS256', expirationTime: 600 } } });
    try {
      const me = await signUpUser(app);
      const token = (await me.client.get('/token')).json.token as string;
      const set = (await app.client().get('/jwks')).json;
      const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(set), {
        currentDate: app.clock.now(),
      });
      expect(protectedHeader.alg).toBe('RS256');
      expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);
      const rsa = set.keys.find((k: { kid: string }) => k.kid === protectedHeader.kid);
      expect(Buffer.from(rsa.n, 'base64url').length * 8).toBeGreaterThanOrEqual(2048);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
