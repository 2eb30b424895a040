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
  app = createTestApp(db, { session: { cookieCache: { enabled: true } } });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('the session-data cookie cache', () => {
  it('is set with the cache max-age and answers get-session without the database', async () => {
    const { email } = await signUpUser(app);
    const c = app.client();
    const res = await c.post('/sign-in/email', { email, password: PASSWORD });
    const line = res.setCookies.find((l) => l.includes('.session_data='));
    expect(line).toContain('Max-Age=60');
    expect(line).toContain('HttpOnly');
    // the row is gone, but within max-age the cache still answers (bounded staleness by design)
    const session = (await c.get('/get-session')).json.session;
    await db.handle.db.deleteFrom('session').where('id', '=', session.id).execute();
    expect((await c.get('/get-session')).json?.session.id).toBe(session.id);
    expect((await c.get('/get-session', { query: { disableCookieCache: 'true' } })).json).toBeNull();
  });

  it('expires after max-age and then reads the database', async () => {
    const me = await signUpUser(app);
    const session = (await me.client.get('/get-session')).json.session;
    await db.handle.db.deleteFrom('session').where('id', '=', session.id).execute();
    app.clock.advance(61);
    expect((await me.client.get('/get-session')).json).toBeNull();
    app.clock.advance(-61);
  });

  it('a tampered cache cookie is cleared and the database answers', async () => {
    const me = await signUpUser(app);
    const data = me.client.cookie('session_data');
    expect(data).toBeDefined();
    const value = data?.value ?? '';
    me.client.jar.set(data?.name ?? '', value.slice(0, 10) + (value[10] === 'A' ? 'B' : 'A') + value.slice(11));
    const res = await me.client.get('/get-session');
    expect(res.json.user.email).toBe(me.email);
    expect(res.setCookies.some((l) => l.includes('.session_data='))).toBe(true);
  });

  it('never writes a Set-Cookie line over 4093 characters and logs why', async () => {
    const me = await signUpUser(app);
    const res = await me.client.post('/update-user', {
      name: 'N'.repeat(3000),
      image: `https://img.example/${'i'.repeat(2500)}`,
    });
    expect(res.status).toBe(200);
    for (const line of res.setCookies) expect(line.length).toBeLessThanOrEqual(4093);
    expect(res.setCookies.some((l) => l.includes('.session_data=;') && l.includes('Max-Age=0'))).toBe(true);
    expect(app.logger.lines.some((l) => l.level === 'error' && l.line.includes('cookieCache'))).toBe(true);
    expect((await me.client.get('/get-session')).json.user.name).toBe('N'.repeat(3000));
  });

  it('sign-out clears the cache cookie', async () => {
    const me = await signUpUser(app);
    const res = await me.client.post('/sign-out', {});
    expect(res.setCookies.some((l) => l.includes('.session_data=;') && l.includes('Max-Age=0'))).toBe(true);
  });
});
