/**
 * better-auth's security advisory about passkeys, replayed over HTTP against Latch: a
 * signed-in person cannot delete or rename another's passkey by its id.
 *
 * docs/security-advisories.md lists every advisory found, where, and why the ones without
 * a test do not apply; test/advisories.ts holds the shared setup (the snapshot of the account
 * tables each test compares before and after its attack).
 */
import { expect, it } from 'vitest';
import { snapshot } from '../test/advisories.ts';
import { BASE_URL, describeOnDatabases, signUpUser } from '../test/harness.ts';
import { SoftwareAuthenticator } from '../test/passkey-authenticator.ts';
import { registerPasskey, signInWithPasskey } from '../test/passkeys.ts';

await describeOnDatabases('better-auth passkey advisories replayed', { plugins: { passkey: {} } }, (t) => {
  it("GHSA-4vcf-q4xf-f48m (CVE-2025-71400): a signed-in person cannot delete or rename another's passkey by its id", async () => {
    const victim = await signUpUser(t.app);
    const authenticator = new SoftwareAuthenticator({ origin: new URL(BASE_URL).origin });
    const { res: added } = await registerPasskey(victim.client, authenticator, {}, { name: 'Victim key' });
    expect(added.status).toBe(200);
    const attacker = await signUpUser(t.app);
    const passkeys = () => t.db.handle.db.selectFrom('passkey').selectAll().orderBy('id').execute();
    const before = [await snapshot(t.db), await passkeys()];
    const deleted = await attacker.client.post('/passkey/delete-passkey', { id: added.json.id });
    expect([deleted.status, deleted.json.code]).toEqual([404, 'PASSKEY_NOT_FOUND']);
    const renamed = await attacker.client.post('/passkey/update-passkey', { id: added.json.id, name: 'mine' });
    expect([renamed.status, renamed.json.code]).toEqual([404, 'PASSKEY_NOT_FOUND']);
    expect([await snapshot(t.db), await passkeys()]).toEqual(before);
    // the victim's passkey still signs them in
    expect((await signInWithPasskey(t.app.client(), authenticator)).res.json.user.id).toBe(victim.userId);
  });
});
