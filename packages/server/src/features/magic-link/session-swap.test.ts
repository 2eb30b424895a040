/**
 * Login CSRF by magic link, on every database. A magic link is a GET: a hostile page can
 * send the browser to one (a top-level navigation carries SameSite=Lax cookies). An attacker
 * asks for a link to their own address and sends a signed-in victim's browser to it: the
 * victim's session ended and the browser was the attacker's, so what the victim did next
 * went into the attacker's account. A link is now refused in a browser signed in as another
 * account (as a verification link is), unspent and changing nothing; the person signs out
 * first. A browser signed in as the link's own account, or signed out, signs in as before.
 */
import { expect, it } from 'vitest';
import { describeOnDatabases, signUpVerifiedUser } from '../../test/harness.ts';
import { magicLinkOf, snapshot } from '../../test/mailbox-proof.ts';

await describeOnDatabases('magic link in a browser signed in as someone else', { plugins: { magicLink: {} } }, (t) => {
  async function linkFor(email: string, body: Record<string, unknown> = {}): Promise<string> {
    const res = await t.app.client().post('/sign-in/magic-link', { email, ...body });
    expect(res.status).toBe(200);
    return magicLinkOf(t.app, email);
  }

  const navigation = { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } };

  it("the attacker's own link does not swap a signed-in victim into the attacker's account", async () => {
    const attacker = await signUpVerifiedUser(t.app);
    const victim = await signUpVerifiedUser(t.app);
    const link = await linkFor(attacker.email, { callbackURL: '/dashboard', errorCallbackURL: '/sign-in' });
    const before = await snapshot(t.db);

    const res = await victim.client.get(link, navigation);
    expect([res.status, res.location]).toEqual([302, '/sign-in?error=UNAUTHORIZED']);
    expect((await victim.client.get('/get-session')).json.user.id).toBe(victim.userId);
    expect(await snapshot(t.db)).toBe(before);

    // as an API client: the same refusal, nothing spent
    const bare = new URL(link);
    for (const key of ['callbackURL', 'errorCallbackURL']) bare.searchParams.delete(key);
    const api = await victim.client.get(bare.href);
    expect([api.status, api.json?.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(await snapshot(t.db)).toBe(before);

    // the link still works for its owner's browser
    const own = t.app.client();
    expect((await own.get(link)).status).toBe(302);
    expect((await own.get('/get-session')).json.user.id).toBe(attacker.userId);
  });

  it("a link that would create an account does not sign out the browser's account either", async () => {
    const victim = await signUpVerifiedUser(t.app);
    const link = await linkFor(`new-${Math.random().toString(36).slice(2, 10)}@example.test`, { callbackURL: '/' });
    const before = await snapshot(t.db);
    const res = await victim.client.get(link, navigation);
    expect([res.status, res.location]).toEqual([302, '/?error=UNAUTHORIZED']);
    expect((await victim.client.get('/get-session')).json.user.id).toBe(victim.userId);
    expect(await snapshot(t.db)).toBe(before);
  });

  it("the link of the browser's own account signs in as before", async () => {
    const owner = await signUpVerifiedUser(t.app);
    const link = await linkFor(owner.email, { callbackURL: '/dashboard' });
    const res = await owner.client.get(link);
    expect([res.status, res.location]).toEqual([302, '/dashboard']);
    expect((await owner.client.get('/get-session')).json.user.id).toBe(owner.userId);
  });
});
