/**
 * better-auth's security advisories about sign-in with a provider, replayed over HTTP
 * against Latch: a callback whose state another browser started, and a provider account
 * linked to a local account that only claims its address.
 *
 * docs/security-advisories.md lists every advisory found, where, and why the ones without
 * a test do not apply; test/advisories.ts holds the shared setup (the snapshot of the account
 * tables each test compares before and after its attack).
 */
import { expect, it } from 'vitest';
import { github, REPLAYED, REPLAYED_OPTIONS, sessionOf, snapshot, unique } from '../test/advisories.ts';
import { describeOnDatabases, signUpUser } from '../test/harness.ts';
import { beginSocial, errorOf, socialSignIn } from '../test/social-sign-in.ts';

await describeOnDatabases(REPLAYED, REPLAYED_OPTIONS, (t) => {
  it('GHSA-wxw3-q3m9-c3jr (CVE-2026-67335): a callback whose state another browser started is refused, and leaves that state alone', async () => {
    const attacker = t.app.client();
    const profile = github.profile();
    const callback = await github.authorize(await beginSocial(attacker), profile);
    // the victim's browser has a sign-in of its own under way: its state cookie does not match
    const victim = t.app.client();
    await beginSocial(victim);
    const before = await snapshot(t.db);
    const csrf = await victim.get(callback);
    expect(errorOf(csrf)).toBe('state_not_found');
    expect(await sessionOf(victim)).toBeNull();
    // and a browser with no state cookie at all
    const bare = t.app.client();
    expect(errorOf(await bare.get(callback))).toBe('state_not_found');
    expect(await snapshot(t.db)).toEqual(before);
    // the flow still belongs to the browser that started it
    expect((await attacker.get(callback)).location).toBe('/after');
    expect((await attacker.get('/get-session')).json.user.email).toBe(profile.email);
  });

  it('GHSA-g38m-r43w-p2q7 (CVE-2026-53516): a provider account is not linked to a local account that only claims its address', async () => {
    const email = unique('victim');
    // the attacker pre-registers the victim's address with a password and never verifies it
    const squatter = await signUpUser(t.app, { email });
    const before = await snapshot(t.db);
    const victim = t.app.client();
    const res = await socialSignIn(github, victim, github.profile({ email, emailVerified: true }));
    expect(errorOf(res)).toBe('account_not_linked');
    expect(await sessionOf(victim)).toBeNull();
    // the squatter's account gained no provider account and was not marked verified
    expect(await snapshot(t.db)).toEqual(before);
    const accounts = await squatter.client.get('/list-accounts');
    expect(accounts.json.map((a: { providerId: string }) => a.providerId)).toEqual(['credential']);
    expect(
      (await squatter.client.get('/get-session', { query: { disableCookieCache: 'true' } })).json.user.emailVerified,
    ).toBe(false);
  });
});
