/**
 * Passkeys (WebAuthn, issue 15) on the wire shapes of better-auth's passkey plugin
 * (`@better-auth/passkey` 1.7): the two ceremonies (registration in a session, sign-in
 * without one) as options + verification, and the list, rename and delete of a person's
 * passkeys. Where Latch refuses more than better-auth does (a recent sign-in to add one, the
 * last way in kept) the codes are its own; docs/passkeys.md has the differences.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { isoDate, sessionJson, userJson } from '../entities.ts';
import { statusAnswer } from './common.ts';

const tag = 'Passkeys';
const plugin = 'passkey';

/** base64url as WebAuthn's JSON encodings use it (padding tolerated). */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');
/** A credential id: at most 1 023 bytes (WebAuthn §5.8.3), 1 364 characters of base64url. */
const credentialId = base64url(1400).min(1);
const extensionResults = z.record(z.string(), z.unknown()).optional();

/**
 * What `navigator.credentials.create()` gave, as @simplewebauthn/browser encodes it
 * (RegistrationResponseJSON). better-auth's client leaves `clientExtensionResults` out.
 */
export const registrationResponse = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(65_536).optional(),
    /** Unknown transports are dropped, not refused: browsers add new ones. */
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});

/** What `navigator.credentials.get()` gave (AuthenticationResponseJSON). */
export const authenticationResponse = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});

/** A stored passkey as better-auth answers its rows, with Latch's last use. */
export const passkeyJson = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    /** The COSE public key, base64: public by nature. */
    publicKey: z.string(),
    userId: z.string(),
    credentialID: z.string(),
    counter: z.number(),
    deviceType: z.string().describe('singleDevice or multiDevice (synced)'),
    backedUp: z.boolean(),
    transports: z.string().nullable().describe('comma-separated'),
    createdAt: isoDate,
    aaguid: z.string().nullable(),
    lastUsedAt: isoDate.nullable(),
  })
  .meta({ id: 'Passkey' });
export type PasskeyJson = z.infer<typeof passkeyJson>;

const descriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** PublicKeyCredentialCreationOptionsJSON, for navigator.credentials.create(). */
export const registrationOptionsJson = z
  .object({
    challenge: z.string(),
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(descriptor).optional(),
    authenticatorSelection: z.record(z.string(), z.unknown()).optional(),
    hints: z.array(z.string()).optional(),
    attestation: z.string().optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'PasskeyRegistrationOptions' });

/** PublicKeyCredentialRequestOptionsJSON, for navigator.credentials.get() (and its autofill). */
export const authenticationOptionsJson = z
  .object({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(descriptor).optional(),
    userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
    hints: z.array(z.string()).optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'PasskeyAuthenticationOptions' });

const name = z.string().trim().min(1).max(256);
/** The refusals of the account-settings guard: a session of the owner, not of an admin acting as them. */
const ownerErrors = ['UNAUTHORIZED', 'NOT_ALLOWED_WHILE_IMPERSONATING'] as const;

export const generateRegisterOptions = endpoint({
  method: 'GET',
  path: '/passkey/generate-register-options',
  tag,
  summary:
    'Options to create a passkey for the signed-in person (a sign-in of the last session.reauthenticationAge seconds); sets the challenge cookie',
  query: z.object({
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    /** The user name the authenticator shows (better-auth's `name`); the account's address when absent. */
    name: z.string().max(256).optional(),
    /** better-auth's passkey-first registration context: accepted, unused (Latch registers in a session). */
    context: z.string().max(1024).optional(),
  }),
  response: registrationOptionsJson,
  errors: [...ownerErrors, 'REAUTHENTICATION_REQUIRED'],
  session: 'recent',
  plugin,
});

export const verifyRegistration = endpoint({
  method: 'POST',
  path: '/passkey/verify-registration',
  tag,
  summary:
    "Stores the passkey the authenticator created for the options' challenge (spent by this call); mails the owner an undo link",
  body: z.object({
    response: registrationResponse,
    name: name.optional(),
    /** better-auth's passkey-first registration: Latch registers in a session, so no new session is made. */
    createSession: z.boolean().optional(),
  }),
  response: passkeyJson,
  errors: [
    ...ownerErrors,
    'REAUTHENTICATION_REQUIRED',
    'CHALLENGE_NOT_FOUND',
    'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY',
    'FAILED_TO_VERIFY_REGISTRATION',
    'PREVIOUSLY_REGISTERED',
  ],
  session: 'recent',
  plugin,
});

export const generateAuthenticateOptions = endpoint({
  method: 'GET',
  path: '/passkey/generate-authenticate-options',
  tag,
  summary:
    "Options to sign in with a passkey: no allowCredentials (any discoverable passkey, the browser's autofill) unless signed in; user verification required; sets the challenge cookie",
  response: authenticationOptionsJson,
  errors: [],
  session: 'optional',
  plugin,
});

export const verifyAuthentication = endpoint({
  method: 'POST',
  path: '/passkey/verify-authentication',
  tag,
  summary:
    'Signs in with a passkey assertion (user verification required: it counts as two factors) through the sign-in checks',
  body: z.object({ response: authenticationResponse }),
  response: z.object({ token: z.string(), session: sessionJson, user: userJson }).meta({ id: 'PasskeySignIn' }),
  errors: [
    'CHALLENGE_NOT_FOUND',
    'PASSKEY_NOT_FOUND',
    'AUTHENTICATION_FAILED',
    'EMAIL_NOT_VERIFIED',
    'BANNED_USER',
    'FAILED_TO_CREATE_SESSION',
  ],
  session: 'optional',
  plugin,
});

export const listUserPasskeys = endpoint({
  method: 'GET',
  path: '/passkey/list-user-passkeys',
  tag,
  summary: "The signed-in person's passkeys, oldest first",
  response: z.array(passkeyJson),
  errors: ['UNAUTHORIZED'],
  session: 'session',
  plugin,
});

export const deletePasskey = endpoint({
  method: 'POST',
  path: '/passkey/delete-passkey',
  tag,
  summary:
    'Deletes one of the signed-in person’s passkeys, unless it is their only way to sign in (no password, no linked provider)',
  body: z.object({ id: z.string().min(1).max(255) }),
  response: statusAnswer,
  errors: [...ownerErrors, 'SESSION_NOT_FRESH', 'PASSKEY_NOT_FOUND', 'CANNOT_DELETE_THE_ONLY_WAY_TO_SIGN_IN'],
  session: 'fresh',
  plugin,
});

export const updatePasskey = endpoint({
  method: 'POST',
  path: '/passkey/update-passkey',
  tag,
  summary: "Renames one of the signed-in person's passkeys",
  body: z.object({ id: z.string().min(1).max(255), name }),
  response: z.object({ passkey: passkeyJson }),
  errors: [...ownerErrors, 'PASSKEY_NOT_FOUND'],
  session: 'sensitive',
  plugin,
});

export const passkeyEndpoints = [
  generateRegisterOptions,
  verifyRegistration,
  generateAuthenticateOptions,
  verifyAuthentication,
  listUserPasskeys,
  deletePasskey,
  updatePasskey,
] as const;
