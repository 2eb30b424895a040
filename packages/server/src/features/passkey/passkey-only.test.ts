/**
 * An account whose only way in is a passkey (issue 15 item 1): it signs in, sets a password
 * later through a reset, and the verification rule of the sign-in pipeline applies to a
 * passkey sign-in as to any other. On every database.
 */
import { expect, it } from 'vitest';
import { BASE_URL, createTestApp, describeOnDatabases, PASSWORD, signUpVerifiedUser } from '../../test/harness.ts';
import { lastLink } from '../../test/mail-links.ts';
import { SoftwareAuthenticator } from '../../test/passkey-authenticator.ts';
import { registerPasskey, signInWithPasskey } from '../../test/passkeys.ts';

const ORIGIN = new URL(BASE_URL).origin;

await describeOnDatabases('an account with only a passkey', { plugins: { passkey: {} } }, (t) => {
  async function passkeyOnlyPerson() {
    const person = await signUpVerifiedUser(t.app);
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
    const { res } = await registerPasskey(person.client, authenticator);
    expect(res.status).toBe(200);
    // the password is gone (an undo link cleared it): the passkey is the account's only credential
    await t.db.handle.db.deleteFrom('account').where('userId', '=', person.userId).execute();
    return { ...person, authenticator };
  }

  it('signs in with it, and sets a password later through a reset', async () => {
    const person = await passkeyOnlyPerson();
    const { res } = await signInWithPasskey(t.app.client(), person.authenticator);
    expect([res.status, res.json.user.id]).toEqual([200, person.userId]);
    const refused = await t.app.client().post('/sign-in/email', { email: person.email, password: PASSWORD });
    expect(refused.status).toBe(401);
    expect((await t.app.client().post('/request-password-reset', { email: person.email })).status).toBe(200);
    const token = new URL(lastLink(t.app, person.email, 'reset-password', '/reset-password/')).pathname
      .split('/')
      .pop();
    const newPassword = `${PASSWORD}-new`;
    expect((await t.app.client().post('/reset-password', { token, newPassword })).status).toBe(200);
    const signedIn = await t.app.client().post('/sign-in/email', { email: person.email, password: newPassword });
    expect([signedIn.status, signedIn.json.user.id]).toEqual([200, person.userId]);
  });

  it('with requireEmailVerification, an address no longer verified gets no session from a passkey', async () => {
    const person = await passkeyOnlyPerson();
    await t.db.handle.db.updateTable('user').set({ emailVerified: false }).where('id', '=', person.userId).execute();
    const sessions = (await t.db.handle.db.selectFrom('session').select('id').execute()).length;
    // the same database served by an instance that requires verified addresses
    const strict = createTestApp(t.db, {
      plugins: { passkey: {} },
      emailAndPassword: { requireEmailVerification: true },
    });
    const browser = strict.client();
    const { res } = await signInWithPasskey(browser, person.authenticator).finally(() => strict.close());
    expect([res.status, res.json.code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
    expect((await t.db.handle.db.selectFrom('session').select('id').execute()).length).toBe(sessions);
    expect(browser.cookie('session_token')).toBeUndefined();
  });
});
