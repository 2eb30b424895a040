/**
 * Passkey sign-in under load (issue 15): people who each hold one device-bound passkey, made
 * by the software authenticator the server's tests use (ES256 keys from node:crypto), and
 * the two-request ceremony a browser runs per sign-in: the options (a fresh challenge and
 * its cookie), then the assertion signed over that challenge with the counter one higher.
 *
 * The rows are written as verify-registration writes them (features/passkey/repo.ts's
 * insertPasskey, the columns of migration 0005-passkeys), so the load measures sign-ins
 * only, not registrations.
 */
import { randomBytes } from 'node:crypto';
import { type Agent, request } from 'node:http';
import { connectDatabase } from '../../packages/server/src/core/db/connect.ts';
import { insertPasskey } from '../../packages/server/src/features/passkey/repo.ts';
import {
  type AuthenticationOptionsLike,
  SoftwareAuthenticator,
} from '../../packages/server/src/test/passkey-authenticator.ts';
import type { Outcome } from './load.ts';

/** A person of the bench and the device that holds their passkey. */
export interface PasskeyHolder {
  userId: string;
  authenticator: SoftwareAuthenticator;
}

/**
 * One passkey for each of these users, bound to `rpID`, and their rows in the database.
 * Device-bound (not synced): backup-ineligible, a counter that starts at 0 and rises with
 * every use, as a security key's or a platform authenticator's without sync does.
 */
export async function seedPasskeys(databaseURL: string, userIds: string[], rpID: string): Promise<PasskeyHolder[]> {
  const holders: PasskeyHolder[] = [];
  const handle = connectDatabase(databaseURL);
  const now = new Date();
  try {
    await handle.db.transaction().execute(async (trx) => {
      for (const [i, userId] of userIds.entries()) {
        // the origin is given with each ceremony (the server's port is not known yet)
        const authenticator = new SoftwareAuthenticator({ origin: `http://${rpID}` });
        const userHandle = randomBytes(32).toString('base64url');
        const made = authenticator.create({
          challenge: randomBytes(32).toString('base64url'),
          rp: { id: rpID, name: 'Latch bench' },
          user: { id: userHandle },
        });
        const credential = authenticator.credentials[0];
        if (!credential) throw new Error('the software authenticator made no credential');
        await insertPasskey(trx, {
          id: `benchpasskey${String(i).padStart(9, '0')}`.padEnd(32, 'p'),
          name: 'Bench device',
          publicKey: credential.publicKeyCose.toString('base64'),
          userId,
          credentialID: made.id,
          counter: 0,
          deviceType: 'singleDevice',
          backedUp: false,
          transports: made.response.transports.join(','),
          createdAt: now,
          aaguid: '00000000-0000-0000-0000-000000000000',
          webauthnUserID: userHandle,
          lastUsedAt: null,
        });
        holders.push({ userId, authenticator });
      }
    });
  } finally {
    await handle.close();
  }
  return holders;
}

interface Answer {
  status: number;
  cookies: string[];
  body: string;
}

/** One HTTP request on a kept-alive connection of `agent`, its answer read whole. */
function send(
  agent: Agent,
  url: string,
  opts: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: opts.method, headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          cookies: res.headers['set-cookie'] ?? [],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The parts of generate-authenticate-options' answer the authenticator reads. */
function authenticationOptions(body: string): AuthenticationOptionsLike {
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`authenticate options: ${body.slice(0, 200)}`);
  const { challenge, rpId } = parsed as Record<string, unknown>;
  if (typeof challenge !== 'string' || (rpId !== undefined && typeof rpId !== 'string'))
    throw new Error(`authenticate options: ${body.slice(0, 200)}`);
  return { challenge, rpId };
}

export interface SignInAnswer {
  outcome: Outcome;
  /** The second request's answer (the first one's when it was refused). */
  answer: Answer;
}

/**
 * One sign-in as a browser makes it without a session (the button, or the autofill):
 * GET the options, which set the challenge cookie; the authenticator signs the challenge
 * with its counter one higher; POST the assertion with that cookie, from the service's
 * own origin.
 */
export async function passkeySignIn(agent: Agent, baseURL: string, holder: PasskeyHolder): Promise<SignInAnswer> {
  const options = await send(agent, `${baseURL}/api/auth/passkey/generate-authenticate-options`, { method: 'GET' });
  if (options.status !== 200) return { outcome: 'refused', answer: options };
  const cookie = options.cookies.map((c) => c.split(';')[0]).join('; ');
  const assertion = holder.authenticator.get(authenticationOptions(options.body), { origin: baseURL });
  const verified = await send(agent, `${baseURL}/api/auth/passkey/verify-authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: baseURL },
    body: JSON.stringify({ response: assertion }),
  });
  return { outcome: verified.status === 200 ? 'ok' : 'refused', answer: verified };
}

/**
 * The load's operation for `workers` loops: each loop signs in its own share of the
 * holders in turn (holder i belongs to loop i mod workers), so no passkey is in two
 * ceremonies at once and every counter the server sees rises.
 */
export function passkeySignInLoop(
  agent: Agent,
  baseURL: string,
  holders: PasskeyHolder[],
  workers: number,
): (worker: number) => Promise<Outcome> {
  if (holders.length < workers) throw new Error(`passkey load: ${holders.length} holders for ${workers} loops`);
  const next = Array.from({ length: workers }, (_, worker) => worker);
  return async (worker) => {
    const i = next[worker] ?? worker;
    next[worker] = i + workers < holders.length ? i + workers : worker;
    const holder = holders[i];
    if (!holder) throw new Error(`passkey load: no holder ${i}`);
    return (await passkeySignIn(agent, baseURL, holder)).outcome;
  };
}
