import { expect, it } from 'vitest';
import { resolveConfig } from '../core/config/resolve.ts';
import { publicConfig } from './static.ts';

const secret = 'a-secret-that-is-long-enough-for-the-test-0123';

it("gives the web app the server's password lengths (and nothing of the blocklist or lockout)", () => {
  const ctx = { production: false, test: true };
  expect(publicConfig(resolveConfig({ secret }, ctx)).password).toEqual({ minLength: 8, maxLength: 128 });
  const nist = resolveConfig({ secret, emailAndPassword: { minPasswordLength: 15, maxPasswordLength: 64 } }, ctx);
  const exposed = publicConfig(nist);
  expect(exposed.password).toEqual({ minLength: 15, maxLength: 64 });
  expect(JSON.stringify(exposed)).not.toMatch(/lockout|breach|blocklist/);
});

it("gives the web app the username plugin's configured lengths, or null when it is off", () => {
  const ctx = { production: false, test: true };
  expect(publicConfig(resolveConfig({ secret }, ctx)).username).toEqual({ minLength: 3, maxLength: 30 });
  const tuned = resolveConfig({ secret, plugins: { username: { minUsernameLength: 5, maxUsernameLength: 12 } } }, ctx);
  expect(publicConfig(tuned).username).toEqual({ minLength: 5, maxLength: 12 });
  expect(publicConfig(resolveConfig({ secret, plugins: { username: false } }, ctx)).username).toBeNull();
});

it('tells the web app which passwordless ways in the operator turned on (all off by default)', () => {
  const ctx = { production: false, test: true };
  expect(publicConfig(resolveConfig({ secret }, ctx)).features).toMatchObject({
    passkey: false,
    magicLink: false,
    emailOTP: false,
  });
  const on = resolveConfig({ secret, plugins: { passkey: {}, magicLink: {}, emailOTP: {} } }, ctx);
  expect(publicConfig(on).features).toMatchObject({ passkey: true, magicLink: true, emailOTP: true });
  // only the switches: no relying-party id, origins, lifetimes or code lengths
  expect(JSON.stringify(publicConfig(on))).not.toMatch(/rpID|origins|expiresIn|otpLength|allowedAttempts/);
});
