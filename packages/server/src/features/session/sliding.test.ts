/**
 * Whether a session slides is read from its row, never from the dont_remember cookie that
 * the client holds: a client that keeps only the session_token cookie cannot turn a
 * one-hour impersonation or a one-day rememberMe:false session into a sliding seven-day
 * one, on the fast session check or the general endpoint.
 */
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';

const DAY = 86_400;

/** A client holding nothing but the session_token cookie of `from`. */
function tokenOnly(from: TestClient): TestClient {
  const client = from.fresh();
  const token = from.cookie('session_token');
  if (!token) throw new Error('no session_token cookie');
  client.jar.set(token.name, token.value);
  return client;
}

await describeOnDatabases('a session slides only as its kind allows', { plugins: { admin: {} } }, (t) => {
  const rowOf = (id: string) =>
    t.db.handle.db.selectFrom('session').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** get-session both ways: the fast check (when it answers) and the general endpoint. */
  async function bothAnswers(client: TestClient) {
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const fast = await t.app.auth.fastSessionCheck({ cookie, ip: '127.0.0.1' });
    const general = await client.get('/get-session');
    return { fast: fast ? JSON.parse(fast.body) : undefined, general };
  }

  it('rememberMe:false without the dont_remember cookie: one day, never refreshed', async () => {
    const { email } = await signUpUser(t.app);
    const browser = t.app.client();
    const signIn = await browser.post('/sign-in/email', { email, password: PASSWORD, rememberMe: false });
    expect(signIn.status).toBe(200);
    const attacker = tokenOnly(browser);
    expect(attacker.cookie('dont_remember')).toBeUndefined();
    const { session } = (await browser.get('/get-session')).json;
    const before = await rowOf(session.id);
    try {
      // to a minute, half a day and two minutes short of a day after the sign-in
      for (const step of [60, DAY / 2 - 60, DAY / 2 - 120]) {
        t.app.clock.advance(step);
        const { fast, general } = await bothAnswers(attacker);
        if (fast) expect(fast.session.expiresAt).toBe(session.expiresAt);
        expect(general.status).toBe(200);
        expect(general.json.session.expiresAt).toBe(session.expiresAt);
        expect(general.setCookies).toEqual([]);
        expect(await rowOf(session.id)).toEqual(before);
      }
      // and it ends a day after the sign-in, as granted
      t.app.clock.advance(121);
      expect((await attacker.get('/get-session')).json).toBeNull();
    } finally {
      t.app.clock.advance(-(DAY + 1));
    }
  });

  it('re-authenticating a rememberMe:false session without the dont_remember cookie gives another one-day session', async () => {
    const { email } = await signUpUser(t.app);
    const browser = t.app.client();
    expect((await browser.post('/sign-in/email', { email, password: PASSWORD, rememberMe: false })).status).toBe(200);
    const attacker = tokenOnly(browser);
    const res = await attacker.post('/verify-password', { password: PASSWORD });
    expect(res.status).toBe(200);
    const { session } = (await attacker.get('/get-session')).json;
    expect(Date.parse(session.expiresAt) - t.app.clock.now().getTime()).toBe(DAY * 1000);
    // the browser cookie of the new session is one for this browser session only
    expect(attacker.cookie('dont_remember')).toBeDefined();
  });

  it('change-password with revokeOtherSessions keeps a rememberMe:false session a one-day one', async () => {
    const { email } = await signUpUser(t.app);
    const browser = t.app.client();
    expect((await browser.post('/sign-in/email', { email, password: PASSWORD, rememberMe: false })).status).toBe(200);
    const res = await browser.post('/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Another-Long-Phrase-77',
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    const { session } = (await browser.get('/get-session')).json;
    expect(Date.parse(session.expiresAt) - t.app.clock.now().getTime()).toBe(DAY * 1000);
    expect(browser.cookie('dont_remember')).toBeDefined();
  });

  it('an impersonation without the dont_remember cookie: one hour, never refreshed', async () => {
    const admin = await signUpUser(t.app);
    await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    const person = await signUpUser(t.app);
    const res = await admin.client.post('/admin/impersonate-user', { userId: person.userId });
    expect(res.status).toBe(200);
    const { session } = res.json;
    expect(Date.parse(session.expiresAt) - t.app.clock.now().getTime()).toBe(3_600_000);
    const attacker = tokenOnly(admin.client);
    const before = await rowOf(session.id);
    try {
      for (const step of [1, 60, 3000]) {
        t.app.clock.advance(step);
        const { fast, general } = await bothAnswers(attacker);
        if (fast) expect(fast.session.expiresAt).toBe(session.expiresAt);
        expect(general.json.session).toMatchObject({ id: session.id, expiresAt: session.expiresAt });
        expect(general.setCookies).toEqual([]);
        expect(await rowOf(session.id)).toEqual(before);
      }
      t.app.clock.advance(540);
      expect((await attacker.get('/get-session')).json).toBeNull();
    } finally {
      t.app.clock.advance(-3601);
    }
  });

  it('a remembered session still slides, with or without its other cookies, again and again', async () => {
    const { client } = await signUpUser(t.app);
    const attacker = tokenOnly(client);
    try {
      for (let i = 0; i < 2; i++) {
        t.app.clock.advance(DAY + 1);
        const res = await attacker.get('/get-session');
        expect(Date.parse(res.json.session.expiresAt)).toBe(t.app.clock.now().getTime() + 7 * DAY * 1000);
      }
    } finally {
      t.app.clock.advance(-2 * (DAY + 1));
    }
  });
});
