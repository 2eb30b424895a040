/**
 * better-auth's security advisories about sessions that should not exist or should have
 * ended, replayed over HTTP against Latch: the password step of a two-factor sign-in with the
 * cookie cache on, a user removed by an admin, a forged cookie or another account's session id.
 *
 * docs/security-advisories.md lists every advisory found, where, and why the ones without
 * a test do not apply; test/advisories.ts holds the shared setup (the snapshot of the account
 * tables each test compares before and after its attack).
 */
import { expect, it } from 'vitest';
import { REPLAYED, REPLAYED_OPTIONS, sessionOf, snapshot } from '../test/advisories.ts';
import { describeOnDatabases, PASSWORD, signUpVerifiedUser } from '../test/harness.ts';
import { enrolledUser, toMidStep } from '../test/two-factor.ts';

await describeOnDatabases(REPLAYED, REPLAYED_OPTIONS, (t) => {
  it('GHSA-xg6x-h9c9-2m83 (CVE-2026-67337): with the cookie cache on, a password step of a two-factor account hands out no session cookie to replay', async () => {
    toMidStep(t.app);
    const victim = await enrolledUser(t.app);
    const res = await t.app.client().post('/sign-in/email', { email: victim.email, password: PASSWORD });
    expect(res.json.twoFactorRedirect).toBe(true);
    const sessionLines = res.setCookies.filter((line) => /\.session_(token|data)(\.\d+)?=/.test(line));
    expect(sessionLines.length).toBeGreaterThan(0);
    for (const line of sessionLines) expect(line).toMatch(/^[^=]+=;/);
    // an attacker who reads the raw response replays every cookie it carries
    const before = await snapshot(t.db);
    const replay = t.app.client();
    for (const line of res.setCookies) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (pair.slice(eq + 1)) replay.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    expect(await sessionOf(replay)).toBeNull();
    const disable = await replay.post('/two-factor/disable', { password: PASSWORD });
    expect(disable.status).toBe(401);
    expect((await replay.get('/list-sessions')).status).toBe(401);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('GHSA-2vg6-77g8-24mp (CVE-2026-67334): a user removed by an admin keeps no working session, cookie cache or not', async () => {
    const adminUser = await signUpVerifiedUser(t.app);
    await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', adminUser.userId).execute();
    // a session begun after the promotion (the cookie cache holds the role it was issued with)
    const admin = t.app.client();
    expect((await admin.post('/sign-in/email', { email: adminUser.email, password: PASSWORD })).status).toBe(200);
    const victim = await signUpVerifiedUser(t.app);
    const laptop = t.app.client();
    expect((await laptop.post('/sign-in/email', { email: victim.email, password: PASSWORD })).status).toBe(200);
    expect(await sessionOf(victim.client)).toBe(victim.userId);
    expect(await sessionOf(laptop)).toBe(victim.userId);

    const removed = await admin.post('/admin/remove-user', { userId: victim.userId });
    expect(removed.json).toEqual({ success: true });
    const before = await snapshot(t.db);
    for (const browser of [victim.client, laptop]) {
      expect(await sessionOf(browser)).toBeNull();
      expect((await browser.post('/update-user', { name: 'Still Here' })).status).toBe(401);
      expect((await browser.get('/list-sessions')).status).toBe(401);
    }
    const rows = await t.db.handle.db.selectFrom('session').select('id').where('userId', '=', victim.userId).execute();
    expect(rows).toEqual([]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it("GHSA-wmjr-v86c-m9jj (CVE-2025-71402), same class: a forged cookie or someone else's session id revokes nothing", async () => {
    const victim = await signUpVerifiedUser(t.app);
    const attacker = await signUpVerifiedUser(t.app);
    const victimSessions = await victim.client.get('/list-sessions');
    const victimToken = victimSessions.json[0].token as string;
    const before = await snapshot(t.db);
    // the victim's opaque session id, posted by another account
    const revoke = await attacker.client.post('/revoke-session', { token: victimToken });
    expect(revoke.status).toBeLessThan(500);
    // and as an unsigned cookie on sign-out, the way the multi-session hook was fooled
    const forged = t.app.client();
    const name = victim.client.cookie('session_token')?.name ?? '';
    forged.jar.set(name, victimToken);
    forged.jar.set(`${name.replace(/session_token$/, '')}session_token_multi-${victimToken}`, victimToken);
    const signOut = await forged.post('/sign-out', {});
    expect(signOut.status).toBeLessThan(500);
    expect(await snapshot(t.db)).toEqual(before);
    expect(await sessionOf(victim.client)).toBe(victim.userId);
    expect(await sessionOf(attacker.client)).toBe(attacker.userId);
  });
});
