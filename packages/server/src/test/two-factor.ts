/** Helpers of the two-factor tests: an authenticator app on the injected clock, an enrolled user. */

import { TOTP, URI } from 'otpauth';
import { TOTP_PERIOD_SECONDS } from '../features/two-factor/totp.ts';
import type { TestClient } from './client.ts';
import { PASSWORD, signUpUser, type TestApp } from './harness.ts';

/**
 * What an authenticator app shows for this URI now (plus `offset` steps) by the app's clock.
 * The URI is read as an app reads it (the library's parser, not the server's writer), so a
 * URI an app would misread fails here.
 */
export function codeFor(app: TestApp, uri: string, offset = 0): string {
  const otp = URI.parse(uri);
  if (!(otp instanceof TOTP)) throw new Error(`not a TOTP URI: ${uri}`);
  return otp.generate({ timestamp: app.clock.now().getTime() + offset * otp.period * 1000 });
}

/** Moves the clock to the middle of the next TOTP step, so that ±1 step is unambiguous. */
export function toMidStep(app: TestApp): void {
  const periodMs = TOTP_PERIOD_SECONDS * 1000;
  const now = app.clock.now().getTime();
  app.clock.set((Math.floor(now / periodMs) + 1) * periodMs + periodMs / 2);
}

export interface EnrolledUser {
  client: TestClient;
  email: string;
  userId: string;
  uri: string;
  backupCodes: string[];
}

/** A user with TOTP enabled and confirmed by a first code (in the settings session). */
export async function enrolledUser(app: TestApp, extra: Record<string, unknown> = {}): Promise<EnrolledUser> {
  const user = await signUpUser(app, extra);
  const enabled = await user.client.post('/two-factor/enable', { password: PASSWORD });
  if (enabled.status !== 200) throw new Error(`enable failed: ${enabled.status} ${enabled.text}`);
  const verified = await user.client.post('/two-factor/verify-totp', { code: codeFor(app, enabled.json.totpURI) });
  if (verified.status !== 200) throw new Error(`first verify-totp failed: ${verified.status} ${verified.text}`);
  return { ...user, uri: enabled.json.totpURI, backupCodes: enabled.json.backupCodes };
}

/** Signs in with the password in a new browser; throws unless the challenge answers. */
export async function challenged(app: TestApp, email: string, body: Record<string, unknown> = {}): Promise<TestClient> {
  const client = app.client();
  const res = await client.post('/sign-in/email', { email, password: PASSWORD, ...body });
  if (res.status !== 200 || res.json.twoFactorRedirect !== true)
    throw new Error(`expected the two-factor challenge: ${res.status} ${res.text}`);
  return client;
}
