/**
 * A software authenticator for the tests: real WebAuthn attestations ("none") and
 * assertions, signed with ES256 keys from node:crypto, so that the server's verification
 * runs on exactly what a browser would post. It does what a platform authenticator does
 * (W3C WebAuthn L3 §6.1, §6.3, §6.5): authenticator data with the RP ID hash, flags and
 * counter, the COSE public key in CBOR, a DER signature over authData ‖ SHA-256(clientDataJSON).
 * Every knob a test needs to forge a wrong one (origin, RP ID, flags, counter, challenge)
 * is an option of a single call.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// --- CBOR (RFC 8949), only what authenticators write: maps, byte and text strings, integers

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)])]);
}

// --- the authenticator

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKeyCose: Buffer;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** What a ceremony may be told to do wrong (or differently). */
export interface CeremonyOptions {
  origin?: string;
  rpId?: string;
  /** The client data's challenge instead of the options' one. */
  challenge?: string;
  /** `webauthn.create` / `webauthn.get` otherwise. */
  type?: string;
  userVerified?: boolean;
  userPresent?: boolean;
  backupEligible?: boolean;
  backedUp?: boolean;
  /** The counter to report instead of the next one (a cloned authenticator's). */
  counter?: number;
  /** Which credential answers (default: the first for the RP that the options allow). */
  credentialId?: string;
  /** The user handle to report instead of the stored one. */
  userHandle?: string;
}

export interface RegistrationOptionsLike {
  challenge: string;
  rp: { id?: string | undefined; name: string };
  user: { id: string };
}

export interface AuthenticationOptionsLike {
  challenge: string;
  rpId?: string | undefined;
  allowCredentials?: { id: string }[] | undefined;
}

/** A P-256 key pair and its public key as a COSE_Key (RFC 9053 §7.1). */
function newKey(): { privateKey: KeyObject; cose: Buffer } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = encodeCbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
  return { privateKey, cose };
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];
  /** Synced passkeys (iCloud, Google) are backup eligible and report a counter of 0. */
  constructor(
    readonly defaults: { origin: string; synced?: boolean; aaguid?: Buffer } = { origin: 'http://localhost:3000' },
  ) {}

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter >>> 0);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), c, ...(attested ? [attested] : [])]);
  }

  private flags(o: CeremonyOptions): number {
    const synced = this.defaults.synced ?? false;
    let flags = 0;
    if (o.userPresent ?? true) flags |= FLAG_UP;
    if (o.userVerified ?? true) flags |= FLAG_UV;
    if (o.backupEligible ?? synced) flags |= FLAG_BE;
    if (o.backedUp ?? synced) flags |= FLAG_BS;
    return flags;
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() with attestation "none", as @simplewebauthn/browser posts it. */
  create(options: RegistrationOptionsLike, o: CeremonyOptions = {}) {
    const rpId = o.rpId ?? options.rp.id ?? new URL(this.defaults.origin).hostname;
    // `credentialId`: the same credential again (an authenticator registered twice)
    const again = o.credentialId ? this.credentials.find((c) => b64url(c.id) === o.credentialId) : undefined;
    const { privateKey, cose } = again ? { privateKey: again.privateKey, cose: again.publicKeyCose } : newKey();
    const id = again?.id ?? randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([this.defaults.aaguid ?? Buffer.alloc(16), idLength, id, cose]);
    const counter = o.counter ?? 0;
    const authData = this.authData(rpId, this.flags(o) | FLAG_AT, counter, attested);
    const attestationObject = encodeCbor({ fmt: 'none', attStmt: {}, authData });
    const clientDataJSON = this.clientData(
      o.type ?? 'webauthn.create',
      o.challenge ?? options.challenge,
      o.origin ?? this.defaults.origin,
    );
    if (!again)
      this.credentials.push({ id, privateKey, publicKeyCose: cose, rpId, userHandle: options.user.id, counter });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** The credential that would answer these options (discoverable: any of the RP's). */
  pick(options: AuthenticationOptionsLike, o: CeremonyOptions = {}): StoredCredential {
    const rpId = options.rpId ?? new URL(this.defaults.origin).hostname;
    const allowed = options.allowCredentials?.length ? new Set(options.allowCredentials.map((c) => c.id)) : null;
    const found = this.credentials.find(
      (c) =>
        (o.credentialId ? b64url(c.id) === o.credentialId : true) &&
        (o.credentialId || c.rpId === rpId) &&
        (!allowed || o.credentialId || allowed.has(b64url(c.id))),
    );
    if (!found) throw new Error('the authenticator holds no credential for these options');
    return found;
  }

  /** navigator.credentials.get(), as @simplewebauthn/browser posts it. */
  get(options: AuthenticationOptionsLike, o: CeremonyOptions = {}) {
    const credential = this.pick(options, o);
    const rpId = o.rpId ?? options.rpId ?? credential.rpId;
    const synced = this.defaults.synced ?? false;
    // synced passkeys keep no counter; a device-bound one counts every use
    const counter = o.counter ?? (synced ? 0 : credential.counter + 1);
    if (o.counter === undefined && !synced) credential.counter = counter;
    const authData = this.authData(rpId, this.flags(o), counter);
    const clientDataJSON = this.clientData(
      o.type ?? 'webauthn.get',
      o.challenge ?? options.challenge,
      o.origin ?? this.defaults.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: o.userHandle ?? credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
