/**
 * A new sign-in ends the session the browser held before (OWASP ASVS 5.0 7.2.4): a token
 * someone copied from that browser, or planted in it (session fixation), is worth nothing
 * once the person signs in, whether the sign-in completes at once or through a second
 * factor. An admin's impersonation keeps the admin's session (it waits for stop-impersonating).
 */
import { expect, it } from 'vitest';
import type { TestClient } from '../test/client.ts';
import { describeOnDatabases, PASSWORD, signUpUser } from '../test/harness.ts';
import { challenged, enrolledUser } from '../test/two-factor.ts';

function copyOf(client: TestClient): TestClient {
  const copy = client.fresh();
  for (const [name, value] of client.jar) copy.jar.set(name, value);
  return copy;
}

await describeOnDatabases("a sign-in ends the browser's earlier session", {}, (t) => {
  const sessionRows = async (userId: string) =>
    (await t.db.handle.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).map((r) => r.id);

  it('signing in again: the copy of the earlier cookie reads nothing, one session remains', async () => {
    const me = await signUpUser(t.app);
    const copied = copyOf(me.client);
    const res = await me.client.post('/sign-in/email', { email: me.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await copied.get('/get-session')).json).toBeNull();
    expect((await me.client.get('/get-session')).json.user.id).toBe(me.userId);
    expect(await sessionRows(me.userId)).toHaveLength(1);
  });

  it('a planted session (the attacker signed the browser in as themselves) ends when the victim signs in', async () => {
    const attacker = await signUpUser(t.app);
    const victim = await signUpUser(t.app);
    const planted = copyOf(attacker.client);
    const before = await sessionRows(attacker.userId);
    const res = await planted.post('/sign-in/email', { email: victim.email, password: PASSWORD });
    expect(res.status).toBe(200);
    // the attacker's copy of the planted cookie is dead; the attacker's own browser was that session
    expect((await attacker.client.get('/get-session')).json).toBeNull();
    expect(before).toHaveLength(1);
    expect(await sessionRows(attacker.userId)).toEqual([]);
    expect((await planted.get('/get-session')).json.user.id).toBe(victim.userId);
  });

  it('a sign-in that stops at the second factor ends the earlier session too', async () => {
    const me = await enrolledUser(t.app);
    const copied = copyOf(me.client);
    expect((await copied.get('/get-session')).json.user.id).toBe(me.userId);
    const browser = copyOf(me.client);
    const res = await browser.post('/sign-in/email', { email: me.email, password: PASSWORD });
    expect(res.json.twoFactorRedirect).toBe(true);
    expect((await copied.get('/get-session')).json).toBeNull();
    expect(await sessionRows(me.userId)).toEqual([]);
    // the challenge itself still works
    expect((await challenged(t.app, me.email)).cookie('two_factor')).toBeDefined();
  });
});
