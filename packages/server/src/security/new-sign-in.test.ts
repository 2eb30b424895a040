/**
 * The optional notice of a sign-in from a new browser (security.newSignInNotification):
 * the first sign-in of an account in a browser mails its verified address, naming the
 * browser; the same browser signing in again does not; another browser does. Off by
 * default, and never for sign-up, a rotation or an admin acting as the person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  openSharedDatabase,
  PASSWORD,
  type SharedDatabase,
  signUpVerifiedUser,
  type TestApp,
} from '../test/harness.ts';

let db: SharedDatabase;
beforeAll(async () => {
  db = await openSharedDatabase('sqlite');
});
afterAll(() => db.close());

function noticesTo(app: TestApp, email: string) {
  return app.mailer.messages.filter((m) => m.to === email && m.kind === 'security-new-sign-in');
}

describe('with security.newSignInNotification', () => {
  let app: TestApp;
  beforeAll(() => {
    app = createTestApp(db, { security: { newSignInNotification: true } });
  });
  afterAll(() => app.close());

  it('mails the first sign-in of each browser, once, naming it', async () => {
    const me = await signUpVerifiedUser(app);
    // the browser that signed up is not announced to its own owner
    expect(noticesTo(app, me.email)).toHaveLength(0);

    const laptop = app.client();
    const res = await laptop.post(
      '/sign-in/email',
      { email: me.email, password: PASSWORD },
      { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' }, ip: '203.0.113.7' },
    );
    expect(res.status).toBe(200);
    const notices = noticesTo(app, me.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('Firefox/140.0');
    expect(notices[0]?.text).toContain('203.0.113.7');
    // the mark in the browser's cookie does not say whose it is
    expect(laptop.cookie('known_device')?.value).not.toContain(me.userId);

    await laptop.post('/sign-out', {});
    await laptop.post('/sign-in/email', { email: me.email, password: PASSWORD });
    expect(noticesTo(app, me.email)).toHaveLength(1);

    await app.client().post('/sign-in/email', { email: me.email, password: PASSWORD });
    expect(noticesTo(app, me.email)).toHaveLength(2);
  });

  it('a wrong password mails nothing', async () => {
    const me = await signUpVerifiedUser(app);
    const res = await app.client().post('/sign-in/email', { email: me.email, password: 'Not-The-Password-1' });
    expect(res.status).toBe(401);
    expect(noticesTo(app, me.email)).toHaveLength(0);
  });
});

it('is off by default', async () => {
  const app = createTestApp(db);
  try {
    const me = await signUpVerifiedUser(app);
    await app.client().post('/sign-in/email', { email: me.email, password: PASSWORD });
    expect(app.mailer.messages.filter((m) => m.kind === 'security-new-sign-in')).toHaveLength(0);
  } finally {
    await app.close();
  }
});
