/**
 * The WebAuthn work itself, through @simplewebauthn/server (docs/decisions/passkeys.md):
 * the options a browser passes to navigator.credentials, and the checks of what comes
 * back (challenge, origin, relying party id, flags, signature, counter). What it does not
 * decide, this module adds: the backup-eligibility flag must not change over a
 * credential's life (WebAuthn §6.1.3: BE is fixed at creation), and the user handle of a
 * discoverable sign-in must be the one given at registration. Failures come back as a
 * reason (for the audit log and the logs), never as a thrown library error.
 */
import type { passkey as rows } from '@latch/contract';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import type { ResolvedConfig } from '../../core/config/resolve.ts';
import { CHALLENGE_SECONDS } from './challenge.ts';
import type { Passkey } from './repo.ts';

/** What verify-registration's body carries, as the contract parsed it. */
export type RegistrationBody = z.output<typeof rows.registrationResponse>;
/** What an assertion's body carries, as the contract parsed it. */
export type AssertionBody = z.output<typeof rows.authenticationResponse>;

const TRANSPORTS: ReadonlySet<string> = new Set(['ble', 'hybrid', 'internal', 'nfc', 'usb']);

/** The library's types; client extension results are not used (better-auth's client does not send them). */
function toRegistrationResponse(body: RegistrationBody): RegistrationResponseJSON {
  const { transports, ...response } = body.response;
  return {
    ...body,
    response: {
      ...response,
      ...(transports && {
        transports: transports.filter((t): t is AuthenticatorTransport => TRANSPORTS.has(t)),
      }),
    },
    clientExtensionResults: {},
  };
}

function toAuthenticationResponse(body: AssertionBody): AuthenticationResponseJSON {
  return { ...body, clientExtensionResults: {} };
}

export type PasskeyOptions = Exclude<ResolvedConfig['plugins']['passkey'], false>;
export type RegistrationOptionsJSON = Awaited<ReturnType<typeof generateRegistrationOptions>>;
export type AuthenticationOptionsJSON = Awaited<ReturnType<typeof generateAuthenticationOptions>>;

/**
 * EdDSA, ES256, RS256: what Node 20's WebCrypto verifies. @simplewebauthn 14 would also
 * offer ML-DSA, which needs a newer Node.
 */
const ALGORITHMS = [-8, -7, -257];

/** Why an assertion or attestation was refused (recorded, never shown beyond its code). */
export type FailureReason =
  | 'wrong_challenge'
  | 'wrong_origin'
  | 'wrong_rp_id'
  | 'wrong_type'
  | 'user_not_verified'
  | 'user_not_present'
  | 'counter_not_increased'
  | 'backup_eligibility_changed'
  | 'wrong_user_handle'
  | 'bad_signature'
  | 'unsupported_algorithm'
  | 'malformed';

function reasonOf(err: unknown): FailureReason {
  const message = err instanceof Error ? err.message : String(err);
  if (/challenge/i.test(message)) return 'wrong_challenge';
  if (/origin/i.test(message)) return 'wrong_origin';
  if (/RP ID/i.test(message)) return 'wrong_rp_id';
  if (/response type/i.test(message)) return 'wrong_type';
  if (/User verification/i.test(message)) return 'user_not_verified';
  if (/not present/i.test(message)) return 'user_not_present';
  if (/counter/i.test(message)) return 'counter_not_increased';
  if (/alg/i.test(message)) return 'unsupported_algorithm';
  return 'malformed';
}

function descriptors(passkeys: readonly Passkey[]) {
  return passkeys.map((p) => ({
    id: p.credentialID,
    ...(p.transports ? { transports: p.transports.split(',').filter(Boolean) } : {}),
  }));
}

export function registrationOptions(
  options: PasskeyOptions,
  input: {
    userHandle: Uint8Array<ArrayBuffer>;
    userName: string;
    displayName: string;
    existing: readonly Passkey[];
    attachment?: 'platform' | 'cross-platform' | undefined;
  },
): Promise<RegistrationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: options.rpName,
    rpID: options.rpID,
    userID: input.userHandle,
    userName: input.userName,
    userDisplayName: input.displayName,
    timeout: CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    // the same authenticator twice for one account is refused by the browser itself
    excludeCredentials: descriptors(input.existing),
    authenticatorSelection: {
      // discoverable where the authenticator can (sign-in without typing anything, autofill)
      residentKey: 'preferred',
      // a key without a PIN can still be a second factor; a first-factor sign-in requires UV
      userVerification: 'preferred',
      ...(input.attachment && { authenticatorAttachment: input.attachment }),
    },
    supportedAlgorithmIDs: ALGORITHMS,
  });
}

export interface VerifiedRegistration {
  credentialID: string;
  publicKey: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  aaguid: string;
  transports: string | null;
}

export async function checkRegistration(
  options: PasskeyOptions,
  input: { response: RegistrationBody; expectedChallenge: string },
): Promise<{ ok: true; passkey: VerifiedRegistration } | { ok: false; reason: FailureReason }> {
  try {
    const result = await verifyRegistrationResponse({
      response: toRegistrationResponse(input.response),
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: options.origins,
      expectedRPID: options.rpID,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!result.verified) return { ok: false, reason: 'bad_signature' };
    const info = result.registrationInfo;
    const transports = toRegistrationResponse(input.response).response.transports?.join(',');
    return {
      ok: true,
      passkey: {
        credentialID: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64'),
        counter: info.credential.counter,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        aaguid: info.aaguid,
        transports: transports || null,
      },
    };
  } catch (err) {
    return { ok: false, reason: reasonOf(err) };
  }
}

export function authenticationOptions(
  options: PasskeyOptions,
  input: { allow: readonly Passkey[]; userVerification: 'required' | 'preferred' },
): Promise<AuthenticationOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: options.rpID,
    // empty: any discoverable passkey of this site, which is what the browser's autofill needs
    ...(input.allow.length > 0 && { allowCredentials: descriptors(input.allow) }),
    userVerification: input.userVerification,
    timeout: CHALLENGE_SECONDS * 1000,
  });
}

export interface VerifiedAssertion {
  counter: number;
  backedUp: boolean;
}

export async function checkAssertion(
  options: PasskeyOptions,
  input: {
    response: AssertionBody;
    expectedChallenge: string;
    passkey: Passkey;
    requireUserVerification: boolean;
  },
): Promise<{ ok: true; use: VerifiedAssertion } | { ok: false; reason: FailureReason }> {
  const { passkey, response } = input;
  // a discoverable credential names its account: it must be the one it was created for
  const handle = response.response.userHandle;
  if (handle && passkey.webauthnUserID && handle.replace(/=+$/, '') !== passkey.webauthnUserID)
    return { ok: false, reason: 'wrong_user_handle' };
  try {
    const result = await verifyAuthenticationResponse({
      response: toAuthenticationResponse(response),
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: options.origins,
      expectedRPID: options.rpID,
      credential: {
        id: passkey.credentialID,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64')),
        counter: passkey.counter,
        ...(passkey.transports && { transports: passkey.transports.split(',') }),
      },
      requireUserVerification: input.requireUserVerification,
    });
    if (!result.verified) return { ok: false, reason: 'bad_signature' };
    const info = result.authenticationInfo;
    // backup eligibility is fixed when the credential is made: a change means another authenticator
    if (info.credentialDeviceType !== passkey.deviceType) return { ok: false, reason: 'backup_eligibility_changed' };
    return { ok: true, use: { counter: info.newCounter, backedUp: info.credentialBackedUp } };
  } catch (err) {
    return { ok: false, reason: reasonOf(err) };
  }
}
