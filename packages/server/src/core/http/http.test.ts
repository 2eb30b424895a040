import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  openSharedDatabase,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';

let db: SharedDatabase;
let app: TestApp;
beforeAll(async () => {
  db = await openSharedDatabase('sqlite');
  app = createTestApp(db, { trustedOrigins: ['http://app.example.test:5173'] });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('routing and bodies', () => {
  it('answers 404 with a code for unknown paths, wrong methods, trailing slashes and //', async () => {
    const c = app.client();
    for (const res of [
      await c.get('/nope'),
      await c.request('PUT', '/sign-in/email', { body: {} }),
      await c.get('/get-session/'),
      await c.get('//get-session'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('NOT_FOUND');
    }
  });

  it('validates bodies and queries with messages naming the field', async () => {
    const res = await app.client().post('/sign-in/email', { email: 42 });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    expect(res.json.message).toContain('[body.email]');
    const missing = await app.client().request('POST', '/sign-in/email');
    expect(missing.json.code).toBe('VALIDATION_ERROR');
  });

  it('refuses malformed JSON with 400 and other media types with 415', async () => {
    const bad = await app.client().request('POST', '/sign-in/email', { rawBody: '{"email":' });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('BAD_REQUEST');
    const text = await app.client().request('POST', '/sign-in/email', { rawBody: 'a', contentType: 'text/plain' });
    expect(text.status).toBe(415);
    const none = await app.client().request('POST', '/sign-in/email', { rawBody: '{}', contentType: null });
    expect(none.status).toBe(415);
  });

  it('accepts form posts on sign-in', async () => {
    const { email } = await signUpUser(app);
    const c = app.client();
    const res = await c.request('POST', '/sign-in/email', {
      rawBody: new URLSearchParams({ email, password: PASSWORD }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(200);
    expect(c.cookie('session_token')).toBeDefined();
  });

  it('never answers 5xx for hostile bodies', async () => {
    const me = await signUpUser(app);
    const bodies: unknown[] = [
      null,
      [],
      'string',
      42,
      { email: { $gt: '' }, password: [] },
      { name: 'x'.repeat(100_000), email: 'a@b.co', password: PASSWORD },
      { email: 'ü@ß.de', password: '🙂'.repeat(10) },
      JSON.parse(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`),
      { __proto__: { admin: true }, token: 1 },
    ];
    const paths = [
      '/sign-up/email',
      '/sign-in/email',
      '/sign-in/username',
      '/update-user',
      '/change-password',
      '/revoke-session',
      '/is-username-available',
    ];
    for (const path of paths) {
      for (const body of bodies) {
        const res = await me.client.post(path, body);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)} -> ${res.text.slice(0, 200)}`).toBeLessThan(
          500,
        );
      }
    }
  });
});

describe('origin and redirect targets', () => {
  it('refuses cookie-bearing requests from untrusted or missing origins and changes nothing', async () => {
    const me = await signUpUser(app, { name: 'Original' });
    expect((await me.client.post('/update-user', { name: 'Evil' }, { origin: 'https://evil.com' })).json.code).toBe(
      'INVALID_ORIGIN',
    );
    expect((await me.client.post('/update-user', { name: 'Evil' }, { origin: null })).json.code).toBe(
      'MISSING_OR_NULL_ORIGIN',
    );
    expect((await me.client.post('/update-user', { name: 'Evil' }, { origin: 'null' })).json.code).toBe(
      'MISSING_OR_NULL_ORIGIN',
    );
    expect((await me.client.get('/get-session')).json.user.name).toBe('Original');
    const ok = await me.client.post('/update-user', { name: 'Trusted' }, { origin: 'http://app.example.test:5173' });
    expect(ok.status).toBe(200);
  });

  it('blocks a cross-site navigation sign-in and untrusted origins on first login', async () => {
    const { email } = await signUpUser(app);
    const nav = await app.client().post(
      '/sign-in/email',
      { email, password: PASSWORD },
      {
        origin: null,
        headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      },
    );
    expect(nav.json.code).toBe('CROSS_SITE_NAVIGATION_LOGIN_BLOCKED');
    const evil = await app
      .client()
      .post('/sign-in/email', { email, password: PASSWORD }, { origin: 'http://evil.com' });
    expect(evil.json.code).toBe('INVALID_ORIGIN');
    const server = await app.client().post('/sign-in/email', { email, password: PASSWORD }, { origin: null });
    expect(server.status).toBe(200);
  });

  it('refuses every open-redirect trick in callbackURL and signs nobody in', async () => {
    const { email } = await signUpUser(app);
    for (const target of [
      '//evil.com',
      '/\\evil.com',
      '/%2F%2Fevil.com',
      '/%5Cevil.com',
      'https://evil.com',
      'javascript:alert(1)',
      '/\t/evil.com',
      'http://localhost:3000.evil.com/x',
    ]) {
      const c = app.client();
      const res = await c.post('/sign-in/email', { email, password: PASSWORD, callbackURL: target });
      expect(res.status, target).toBe(403);
      expect(res.json.code).toBe('INVALID_CALLBACK_URL');
      expect(c.cookie('session_token')).toBeUndefined();
    }
    for (const target of [
      '/dashboard',
      '/a/b?c=d#e',
      'http://localhost:3000/home',
      'http://app.example.test:5173/app',
    ]) {
      const res = await app.client().post('/sign-in/email', { email, password: PASSWORD, callbackURL: target });
      expect(res.status, target).toBe(200);
      expect(res.json).toMatchObject({ redirect: true, url: target });
      expect(res.location).toBe(target);
    }
    const notString = await app
      .client()
      .post('/sign-in/email', { email, password: PASSWORD, callbackURL: { url: 'x' } });
    expect(notString.status).toBe(400);
  });
});

describe('GET /ok and /error', () => {
  it('answers ok', async () => {
    expect((await app.client().get('/ok')).json).toEqual({ ok: true });
  });

  it('shows an escaped code on a page titled Authentication Error with a link home', async () => {
    const res = await app.client().get('/error', { query: { error: 'state_not_found' } });
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('<title>Authentication Error</title>');
    expect(res.text).toMatch(/<a href="\/">Return to Application<\/a>/);
    expect(res.text).toContain('state_not_found');
    expect(res.text).toContain('start the sign-in again');
    const hostile = await app
      .client()
      .get('/error', { query: { error: '<script>x</script>', error_description: '<img src=x>' } });
    expect(hostile.text).not.toContain('<script>x</script>');
    expect(hostile.text).not.toContain('<img src=x>');
    expect(hostile.text).toContain('UNKNOWN');
  });
});
