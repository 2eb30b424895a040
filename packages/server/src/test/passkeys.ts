/** Helpers of the passkey tests: the two ceremonies over HTTP with the software authenticator. */
import type { TestClient, TestResponse } from './client.ts';
import type { SharedDatabase } from './harness.ts';
import type { CeremonyOptions, SoftwareAuthenticator } from './passkey-authenticator.ts';

/** Registration: the options, the authenticator's answer, the verification. */
export async function registerPasskey(
  client: TestClient,
  authenticator: SoftwareAuthenticator,
  o: CeremonyOptions = {},
  body: Record<string, unknown> = {},
): Promise<{ res: TestResponse; response: ReturnType<SoftwareAuthenticator['create']> }> {
  const options = await client.get('/passkey/generate-register-options');
  if (options.status !== 200) throw new Error(`register options: ${options.status} ${options.text}`);
  const response = authenticator.create(options.json, o);
  const res = await client.post('/passkey/verify-registration', { response, ...body });
  return { res, response };
}

/** A sign-in: the options, the authenticator's assertion, the verification. */
export async function signInWithPasskey(
  client: TestClient,
  authenticator: SoftwareAuthenticator,
  o: CeremonyOptions = {},
): Promise<{ res: TestResponse; options: TestResponse; assertion: ReturnType<SoftwareAuthenticator['get']> }> {
  const options = await client.get('/passkey/generate-authenticate-options');
  if (options.status !== 200) throw new Error(`authenticate options: ${options.status} ${options.text}`);
  const assertion = authenticator.get(options.json, o);
  const res = await client.post('/passkey/verify-authentication', { response: assertion });
  return { res, options, assertion };
}

/**
 * The rows a refusal must leave as they were: passkeys (counter, last use), sessions,
 * accounts, users and the one-time rows (challenges) by id. The audit log is append-only
 * and records refusals, so it is not part of it.
 */
export async function databaseState(db: SharedDatabase): Promise<string> {
  const h = db.handle.db;
  const [passkeys, sessions, accounts, users, verifications] = await Promise.all([
    h.selectFrom('passkey').selectAll().orderBy('id').execute(),
    h.selectFrom('session').select(['id', 'userId', 'expiresAt']).orderBy('id').execute(),
    h.selectFrom('account').select(['id', 'userId', 'providerId', 'password']).orderBy('id').execute(),
    h.selectFrom('user').select(['id', 'email', 'banned', 'updatedAt']).orderBy('id').execute(),
    h.selectFrom('verification').select(['id', 'identifier', 'value']).orderBy('id').execute(),
  ]);
  return JSON.stringify({ passkeys, sessions, accounts, users, verifications });
}
