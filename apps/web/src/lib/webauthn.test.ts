// @vitest-environment happy-dom
/**
 * The browser's half of passkeys against a stand-in `navigator.credentials` (happy-dom has no
 * WebAuthn): what the authenticator gives becomes exactly the JSON the contract's rows accept, the
 * autofill asks for a conditional request, and each way a ceremony can end is named.
 */
import { passkey } from '@latch/contract';
import { WebAuthnError } from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG } from '../i18n/catalog.ts';
import {
  type AuthenticationOptions,
  classifyCeremonyError,
  createPasskey,
  describeCeremonyFailure,
  PasskeyCeremonyError,
  type RegistrationOptions,
  requestPasskey,
} from './webauthn.ts';

const { en } = CATALOG;

const bytes = (...values: number[]) => Uint8Array.from(values).buffer;
const b64url = (buffer: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const registrationOptions: RegistrationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Acme', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'ada@example.com', displayName: 'Ada' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 300_000,
  excludeCredentials: [{ id: 'b2xk', type: 'public-key', transports: ['internal'] }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  attestation: 'none',
};

const authenticationOptions: AuthenticationOptions = {
  challenge: 'c2lnbg',
  timeout: 300_000,
  rpId: 'localhost',
  userVerification: 'required',
};

/** A credential as the browser hands it over: ArrayBuffers, not text. */
function credential(response: Record<string, unknown>) {
  return {
    id: b64url(bytes(1, 2, 3, 250)),
    rawId: bytes(1, 2, 3, 250),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response,
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
  };
}

/** WebAuthn is there (the library checks for the constructor)… */
class FakePublicKeyCredential {}
/** …and so is the autofill's conditional request. */
const ConditionalPublicKeyCredential = Object.assign(class {}, {
  isConditionalMediationAvailable: async () => true,
});

const create = vi.fn();
const get = vi.fn();

beforeEach(() => {
  create.mockReset();
  get.mockReset();
  vi.stubGlobal('PublicKeyCredential', FakePublicKeyCredential);
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create, get } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('creating a passkey', () => {
  it('passes the server’s options to the browser and returns what verify-registration accepts', async () => {
    create.mockResolvedValueOnce(
      credential({
        clientDataJSON: bytes(123, 125),
        attestationObject: bytes(160),
        getTransports: () => ['internal', 'hybrid'],
        getAuthenticatorData: () => bytes(9, 9),
        getPublicKey: () => bytes(7),
        getPublicKeyAlgorithm: () => -7,
      }),
    );
    const made = await createPasskey(registrationOptions);
    const asked = create.mock.calls[0]?.[0] as { publicKey: PublicKeyCredentialCreationOptions };
    expect(asked.publicKey.rp).toEqual({ name: 'Acme', id: 'localhost' });
    expect(new Uint8Array(asked.publicKey.challenge as ArrayBuffer)).toEqual(
      new Uint8Array([0x63, 0x68, 0x61, 0x6c, 0x6c, 0x65, 0x6e, 0x67, 0x65]),
    );
    expect(asked.publicKey.excludeCredentials?.[0]?.type).toBe('public-key');
    expect(made).toMatchObject({
      id: 'AQID-g',
      rawId: 'AQID-g',
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal', 'hybrid'] },
    });
    // the contract's own schema takes it as it is
    expect(passkey.registrationResponse.safeParse(made).success).toBe(true);
  });

  it('names an authenticator that already holds a passkey of this account', async () => {
    create.mockRejectedValueOnce(new DOMException('excluded', 'InvalidStateError'));
    const failure = await createPasskey(registrationOptions).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PasskeyCeremonyError);
    expect((failure as PasskeyCeremonyError).reason).toBe('already-registered');
  });

  it('says the browser cannot, without asking it, where there is no WebAuthn', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    const failure = await createPasskey(registrationOptions).catch((error: unknown) => error);
    expect((failure as PasskeyCeremonyError).reason).toBe('unsupported');
    expect(create).not.toHaveBeenCalled();
  });
});

describe('using a passkey', () => {
  const assertion = () =>
    credential({
      clientDataJSON: bytes(123, 125),
      authenticatorData: bytes(1),
      signature: bytes(48, 69),
      userHandle: bytes(117, 115, 101, 114),
    });

  it('returns what verify-authentication accepts, user handle included', async () => {
    get.mockResolvedValueOnce(assertion());
    const used = await requestPasskey(authenticationOptions);
    const asked = get.mock.calls[0]?.[0] as CredentialRequestOptions & { mediation?: string };
    expect(asked.mediation).toBeUndefined();
    expect(asked.publicKey?.userVerification).toBe('required');
    expect(used.response).toEqual({
      clientDataJSON: 'e30',
      authenticatorData: 'AQ',
      signature: 'MEU',
      userHandle: 'dXNlcg',
    });
    expect(passkey.authenticationResponse.safeParse(used).success).toBe(true);
  });

  it('asks for a conditional request, for the autofill, when a field is marked for passkeys', async () => {
    vi.stubGlobal('PublicKeyCredential', ConditionalPublicKeyCredential);
    document.body.innerHTML = '<input autocomplete="username webauthn">';
    get.mockResolvedValueOnce(assertion());
    await requestPasskey(authenticationOptions, { autofill: true });
    const asked = get.mock.calls[0]?.[0] as CredentialRequestOptions & { mediation?: string };
    expect(asked.mediation).toBe('conditional');
    // the browser offers any passkey of the site: no list of allowed ones
    expect(asked.publicKey?.allowCredentials).toEqual([]);
    document.body.innerHTML = '';
  });

  it('tells a cancelled prompt from one this app cancelled', async () => {
    get.mockRejectedValueOnce(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    const cancelled = await requestPasskey(authenticationOptions).catch((error: unknown) => error);
    expect((cancelled as PasskeyCeremonyError).reason).toBe('cancelled');

    get.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    const aborted = await requestPasskey(authenticationOptions).catch((error: unknown) => error);
    expect((aborted as PasskeyCeremonyError).reason).toBe('aborted');
  });
});

describe('what a person is told', () => {
  it('says nothing about a ceremony the app itself ended, and something plain about the rest', () => {
    expect(describeCeremonyFailure('aborted', en)).toBeNull();
    expect(describeCeremonyFailure('cancelled', en)).toBe(en.passkeys.cancelled);
    expect(describeCeremonyFailure('unsupported', en)).toBe(en.passkeys.unsupported);
    expect(describeCeremonyFailure('already-registered', en)).toBe(en.passkeys.alreadyRegistered);
    expect(describeCeremonyFailure('failed', en)).toBe(en.passkeys.failed);
  });

  it('classifies the library’s errors by their code and cause', () => {
    const wrapped = (code: WebAuthnError['code'], name: string) =>
      new WebAuthnError({ message: 'x', code, cause: new DOMException('x', name) });
    expect(classifyCeremonyError(wrapped('ERROR_CEREMONY_ABORTED', 'AbortError'))).toBe('aborted');
    expect(classifyCeremonyError(wrapped('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError'))).toBe('cancelled');
    expect(classifyCeremonyError(wrapped('ERROR_INVALID_RP_ID', 'SecurityError'))).toBe('failed');
    expect(classifyCeremonyError(new Error('anything else'))).toBe('failed');
  });
});
