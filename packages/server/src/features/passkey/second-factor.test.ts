/**
 * A passkey as the second factor of a password sign-in (issue 15 item 1): the two-factor
 * challenge offers it beside the authenticator app and backup codes, and
 * /two-factor/verify-passkey completes it with the same tries, lockout and sign-in checks as
 * a code. On every database.
 */
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { BASE_URL, describeOnDatabases, PASSWORD, type TestApp } from '../../test/harness.ts';
import { SoftwareAuthenticator } from '../../test/passkey-authenticator.ts';
import { databaseState, registerPasskey } from '../../test/passkeys.ts';
import { type EnrolledUser, enrolledUser } from '../../test/two-factor.ts';

const ORIGIN = new URL(BASE_URL).origin;

/** A two-factor account that also registered a passkey. */
async function enrolledWithPasskey(app: TestApp): Promise<EnrolledUser & { authenticator: SoftwareAuthenticator }> {
  const user = await enrolledUser(app);
  const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
  const { res } = await registerPasskey(user.client, authenticator);
  if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${res.text}`);
  return { ...user, authenticator };
}

async function challengedBrowser(app: TestApp, email: string): Promise<{ browser: TestClient; methods: string[] }> {
  const browser = app.client();
  const res = await browser.post('/sign-in/email', { email, password: PASSWORD });
  expect(res.json.twoFactorRedirect).toBe(true);
  return { browser, methods: res.json.twoFactorMethods };
}

await describeOnDatabases('a passkey as the second factor', { plugins: { passkey: {} } }, (t) => {
  it('is offered beside the app, and its assertion completes the sign-in (user verification not needed)', async () => {
    const user = await enrolledWithPasskey(t.app);
    const { browser, methods } = await challengedBrowser(t.app, user.email);
    expect(methods).toEqual(['totp', 'otp', 'passkey']);
    const options = await browser.post('/two-factor/generate-passkey-options', {});
    expect(options.status).toBe(200);
    expect(options.json.userVerification).toBe('preferred');
    expect(options.json.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      user.authenticator.credentials[0]?.id.toString('base64url'),
    ]);
    const response = user.authenticator.get(options.json, { userVerified: false });
    const res = await browser.post('/two-factor/verify-passkey', { response });
    expect(res.status).toBe(200);
    expect(res.json.user.id).toBe(user.userId);
    expect((await browser.get('/get-session')).json.user.id).toBe(user.userId);
    expect(browser.cookie('two_factor')).toBeUndefined();
  });

  it('an account without a passkey is not offered one', async () => {
    const user = await enrolledUser(t.app);
    const { browser, methods } = await challengedBrowser(t.app, user.email);
    expect(methods).not.toContain('passkey');
    const res = await browser.post('/two-factor/generate-passkey-options', {});
    expect([res.status, res.json.code]).toEqual([404, 'PASSKEY_NOT_FOUND']);
  });

  it("another account's passkey, a wrong origin and a replay are refused; no session", async () => {
    const user = await enrolledWithPasskey(t.app);
    const other = await enrolledWithPasskey(t.app);
    const { browser } = await challengedBrowser(t.app, user.email);
    const otherId = other.authenticator.credentials[0]?.id.toString('base64url') ?? '';
    for (const answer of [
      (o: { challenge: string }) => other.authenticator.get(o, { credentialId: otherId }),
      (o: { challenge: string }) => user.authenticator.get(o, { origin: 'https://evil.example' }),
    ]) {
      const options = await browser.post('/two-factor/generate-passkey-options', {});
      const sessions = (await t.db.handle.db.selectFrom('session').select('id').execute()).length;
      const res = await browser.post('/two-factor/verify-passkey', { response: answer(options.json) });
      expect([res.status, res.json.code]).toEqual([401, 'AUTHENTICATION_FAILED']);
      expect((await t.db.handle.db.selectFrom('session').select('id').execute()).length).toBe(sessions);
    }
    const options = await browser.post('/two-factor/generate-passkey-options', {});
    const response = user.authenticator.get(options.json);
    const cookies = new Map(browser.jar);
    expect((await browser.post('/two-factor/verify-passkey', { response })).status).toBe(200);
    // the same challenge cookie and assertion again, in a browser still holding the old challenge
    const replay = t.app.client();
    for (const [k, v] of cookies) replay.jar.set(k, v);
    const again = await replay.post('/two-factor/verify-passkey', { response });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(['INVALID_TWO_FACTOR_COOKIE', 'CHALLENGE_NOT_FOUND']).toContain(again.json.code);
  });

  it('a passkey sign-in challenge is not a second-factor challenge, and without a challenge nothing changes', async () => {
    const user = await enrolledWithPasskey(t.app);
    const { browser } = await challengedBrowser(t.app, user.email);
    const signInOptions = await browser.get('/passkey/generate-authenticate-options');
    const response = user.authenticator.get(signInOptions.json);
    const res = await browser.post('/two-factor/verify-passkey', { response });
    expect([res.status, res.json.code]).toEqual([400, 'CHALLENGE_NOT_FOUND']);
    const stranger = t.app.client();
    const before = await databaseState(t.db);
    const none = await stranger.post('/two-factor/verify-passkey', { response });
    expect([none.status, none.json.code]).toEqual([401, 'INVALID_TWO_FACTOR_COOKIE']);
    expect(await databaseState(t.db)).toBe(before);
  });

  it('failed assertions count as tries of the challenge', async () => {
    const user = await enrolledWithPasskey(t.app);
    const other = await enrolledWithPasskey(t.app);
    const { browser } = await challengedBrowser(t.app, user.email);
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const options = await browser.post('/two-factor/generate-passkey-options', {});
      if (options.status !== 200) {
        codes.push(options.json.code);
        break;
      }
      const otherId = other.authenticator.credentials[0]?.id.toString('base64url');
      const stolen = other.authenticator.get(options.json, { credentialId: otherId });
      codes.push((await browser.post('/two-factor/verify-passkey', { response: stolen })).json.code);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('AUTHENTICATION_FAILED'));
    expect(codes[5]).toMatch(/TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE|INVALID_TWO_FACTOR_COOKIE/);
  });
});
