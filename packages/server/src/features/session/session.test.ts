import { expect, it } from 'vitest';
import { hashToken } from '../../core/crypto/hash.ts';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';

await describeOnDatabases('sessions', {}, (t) => {
  it('stores only a SHA-256 hash of the session token', async () => {
    const { token, userId } = await signUpUser(t.app);
    const rows = await t.db.handle.db.selectFrom('session').select(['token']).where('userId', '=', userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token).not.toBe(token);
    expect(rows[0]?.token).toBe(hashToken(token));
  });

  it('get-session answers the session and user, never cacheable, and null when signed out', async () => {
    const { client, email } = await signUpUser(t.app);
    const res = await client.get('/get-session');
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe(email);
    expect(res.json.session.userAgent).toBe('latch-test/1');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const anonymous = await t.app.client().get('/get-session');
    expect(anonymous.text).toBe('null');
  });

  it('a forged signature reads as no session and leaves the cookie alone', async () => {
    const { client } = await signUpUser(t.app);
    const cookie = client.cookie('session_token');
    const token = decodeURIComponent(cookie?.value ?? '').split('.')[0];
    const forged = t.app.client();
    forged.jar.set(cookie?.name ?? '', encodeURIComponent(`${token}.${'A'.repeat(43)}=`));
    const res = await forged.get('/get-session');
    expect(res.json).toBeNull();
    expect(res.setCookies).toHaveLength(0);
  });

  it('slides the expiry once updateAge has passed, and not before', async () => {
    const { client } = await signUpUser(t.app);
    const first = (await client.get('/get-session')).json.session.expiresAt;
    t.app.clock.advance(3600);
    const early = await client.get('/get-session');
    expect(early.json.session.expiresAt).toBe(first);
    expect(early.setCookies).toHaveLength(0);
    t.app.clock.advance(86_400);
    const late = await client.get('/get-session');
    expect(Date.parse(late.json.session.expiresAt)).toBe(t.app.clock.now().getTime() + 604_800_000);
    expect(late.setCookies.some((c) => c.includes('session_token=') && c.includes('Max-Age=604800'))).toBe(true);
    const noRefresh = await client.get('/get-session', { query: { disableRefresh: 'true' } });
    expect(noRefresh.setCookies).toHaveLength(0);
  });

  it('an expired session is deleted and its cookies cleared', async () => {
    const { client, userId } = await signUpUser(t.app);
    t.app.clock.advance(604_801);
    const res = await client.get('/get-session');
    expect(res.json).toBeNull();
    expect(res.setCookies.some((c) => c.includes('session_token=;') && c.includes('Max-Age=0'))).toBe(true);
    const left = await t.db.handle.db.selectFrom('session').select('id').where('userId', '=', userId).execute();
    expect(left).toHaveLength(0);
    t.app.clock.advance(-604_801);
  });

  it('rememberMe:false gives a browser-session cookie, a one-day session and no sliding', async () => {
    const { email } = await signUpUser(t.app);
    const client = t.app.client();
    const res = await client.post('/sign-in/email', { email, password: PASSWORD, rememberMe: false });
    const line = res.setCookies.find((c) => c.includes('session_token='));
    expect(line).toBeDefined();
    expect(line).not.toContain('Max-Age');
    expect(client.cookie('dont_remember')).toBeDefined();
    const s = await client.get('/get-session');
    expect(Date.parse(s.json.session.expiresAt) - t.app.clock.now().getTime()).toBe(86_400_000);
    t.app.clock.advance(86_399);
    const later = await client.get('/get-session');
    expect(later.json.session.expiresAt).toBe(s.json.session.expiresAt);
    t.app.clock.advance(-86_399);
  });

  it("list-sessions shows opaque ids that revoke-session accepts; another user's are ignored", async () => {
    const me = await signUpUser(t.app);
    const second = t.app.client();
    await second.post('/sign-in/email', { email: me.email, password: PASSWORD });
    const list = await me.client.get('/list-sessions');
    expect(list.json).toHaveLength(2);
    const secondToken = decodeURIComponent(second.cookie('session_token')?.value ?? '').split('.')[0];
    expect(list.json.every((s: { token: string }) => s.token !== secondToken)).toBe(true);
    const target = list.json.find((s: { token: string }) => s.token === hashToken(secondToken ?? ''));
    const stranger = await signUpUser(t.app);
    await stranger.client.post('/revoke-session', { token: target.token });
    expect((await second.get('/get-session')).json).not.toBeNull();
    await me.client.post('/revoke-session', { token: target.token });
    expect((await second.get('/get-session')).json).toBeNull();
    expect((await me.client.get('/get-session')).json).not.toBeNull();
  });

  it('revoke-other-sessions keeps the current one, revoke-sessions ends all', async () => {
    const me = await signUpUser(t.app);
    const other = t.app.client();
    await other.post('/sign-in/email', { email: me.email, password: PASSWORD });
    expect((await me.client.post('/revoke-other-sessions', {})).json).toEqual({ status: true });
    expect((await other.get('/get-session')).json).toBeNull();
    expect((await me.client.get('/list-sessions')).json).toHaveLength(1);
    await me.client.post('/revoke-sessions', {});
    expect((await me.client.get('/get-session')).json).toBeNull();
  });

  it('list-sessions needs a fresh session', async () => {
    const me = await signUpUser(t.app);
    t.app.clock.advance(86_401);
    await me.client.get('/get-session');
    const res = await me.client.get('/list-sessions');
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('SESSION_NOT_FRESH');
    t.app.clock.advance(-86_401);
  });

  it('sign-out deletes the session, and the old cookie no longer works', async () => {
    const me = await signUpUser(t.app);
    const stolen = new Map(me.client.jar);
    const res = await me.client.post('/sign-out', {});
    expect(res.json).toEqual({ success: true });
    const replay = t.app.client();
    for (const [k, v] of stolen) replay.jar.set(k, v);
    expect((await replay.get('/get-session')).json).toBeNull();
  });
});
