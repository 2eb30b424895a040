/**
 * The browser's half of passkeys (docs/passkeys.md), through @simplewebauthn/browser
 * (docs/decisions/passkeys.md): the options a row of the server answers become a
 * `navigator.credentials` call, and what the authenticator made becomes the JSON the next row
 * takes. One ceremony runs at a time: starting one cancels the one in progress (pressing "Sign in
 * with a passkey" ends the autofill's request), and that cancelled one ends as `aborted`, which no
 * screen reports.
 */
import type { passkey } from '@latch/contract';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type { Messages } from '../i18n/messages.ts';
import type { AnswerOf, InputOf } from './wire-types.ts';

/** GET /passkey/generate-register-options. */
export type RegistrationOptions = AnswerOf<typeof passkey.generateRegisterOptions>;
/** GET /passkey/generate-authenticate-options, and the second factor's POST /two-factor/generate-passkey-options. */
export type AuthenticationOptions = AnswerOf<typeof passkey.generateAuthenticateOptions>;
/** What POST /passkey/verify-registration takes as `response`. */
export type RegistrationResponse = InputOf<typeof passkey.verifyRegistration>['response'];
/** What POST /passkey/verify-authentication (and /two-factor/verify-passkey) take as `response`. */
export type AuthenticationResponse = InputOf<typeof passkey.verifyAuthentication>['response'];

/**
 * Why a ceremony ended without a credential: `aborted` (this app started another one, or left the
 * page: nothing to say), `cancelled` (the person closed the browser's prompt, or it timed out),
 * `unsupported` (no WebAuthn here), `already-registered` (the authenticator holds a passkey of this
 * account already), `failed` (anything else the browser or the device refused).
 */
export type CeremonyFailure = 'aborted' | 'cancelled' | 'unsupported' | 'already-registered' | 'failed';

/** A ceremony that the browser or the authenticator ended; the server was not asked. */
export class PasskeyCeremonyError extends Error {
  constructor(
    readonly reason: CeremonyFailure,
    cause?: unknown,
  ) {
    super(`passkey ceremony ${reason}`, cause === undefined ? undefined : { cause });
    this.name = 'PasskeyCeremonyError';
  }
}

function causeName(error: WebAuthnError): string | undefined {
  return error.cause instanceof Error ? error.cause.name : undefined;
}

/** Names what the browser threw (the library wraps the DOMException in a WebAuthnError with a code). */
export function classifyCeremonyError(error: unknown): CeremonyFailure {
  if (error instanceof PasskeyCeremonyError) return error.reason;
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_CEREMONY_ABORTED') return 'aborted';
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'already-registered';
    if (causeName(error) === 'NotAllowedError') return 'cancelled';
    return 'failed';
  }
  if (error instanceof Error && error.name === 'NotAllowedError') return 'cancelled';
  if (error instanceof Error && error.name === 'AbortError') return 'aborted';
  return 'failed';
}

/** What to tell the person about a ceremony that ended on their side; null when there is nothing to say. */
export function describeCeremonyFailure(reason: CeremonyFailure, t: Messages): string | null {
  switch (reason) {
    case 'aborted':
      return null;
    case 'cancelled':
      return t.passkeys.cancelled;
    case 'unsupported':
      return t.passkeys.unsupported;
    case 'already-registered':
      return t.passkeys.alreadyRegistered;
    case 'failed':
      return t.passkeys.failed;
  }
}

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/** Whether the browser's autofill can offer passkeys (conditional mediation). */
export async function autofillSupported(): Promise<boolean> {
  if (!browserSupportsWebAuthn()) return false;
  try {
    return await browserSupportsWebAuthnAutofill();
  } catch {
    return false;
  }
}

/** Ends the ceremony in progress, if any (a page that asked for one is leaving). */
export function cancelCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
}

// The contract's schemas are these JSON dictionaries with their enumerations widened to strings
// (`attestation`, `hints`, `userVerification`…): the browser judges the values, as it would from any
// server, and refuses what it does not know.
function creationOptions(options: RegistrationOptions): PublicKeyCredentialCreationOptionsJSON {
  return options as PublicKeyCredentialCreationOptionsJSON;
}

function requestOptions(options: AuthenticationOptions): PublicKeyCredentialRequestOptionsJSON {
  return options as PublicKeyCredentialRequestOptionsJSON;
}

async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError('unsupported');
  try {
    return await run();
  } catch (error) {
    throw new PasskeyCeremonyError(classifyCeremonyError(error), error);
  }
}

/** Asks the authenticator to create a passkey for these options (the browser's prompt). */
export async function createPasskey(options: RegistrationOptions): Promise<RegistrationResponse> {
  const made = await ceremony(() => startRegistration({ optionsJSON: creationOptions(options) }));
  const { response } = made;
  return {
    id: made.id,
    rawId: made.rawId,
    type: made.type,
    response: {
      clientDataJSON: response.clientDataJSON,
      attestationObject: response.attestationObject,
      authenticatorData: response.authenticatorData,
      transports: response.transports,
      publicKeyAlgorithm: response.publicKeyAlgorithm,
      publicKey: response.publicKey,
    },
    authenticatorAttachment: made.authenticatorAttachment,
    clientExtensionResults: { ...made.clientExtensionResults },
  };
}

/**
 * Asks for an assertion with one of the site's passkeys. `autofill`: a conditional request, which
 * waits until the person picks a passkey in the autofill of a field marked
 * `autocomplete="username webauthn"` (and is cancelled by any other ceremony).
 */
export async function requestPasskey(
  options: AuthenticationOptions,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<AuthenticationResponse> {
  const got = await ceremony(() =>
    startAuthentication({ optionsJSON: requestOptions(options), useBrowserAutofill: autofill }),
  );
  const { response } = got;
  return {
    id: got.id,
    rawId: got.rawId,
    type: got.type,
    response: {
      clientDataJSON: response.clientDataJSON,
      authenticatorData: response.authenticatorData,
      signature: response.signature,
      userHandle: response.userHandle,
    },
    authenticatorAttachment: got.authenticatorAttachment,
    clientExtensionResults: { ...got.clientExtensionResults },
  };
}
