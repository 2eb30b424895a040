/**
 * Wire compatibility: better-auth's own passkey client (`@better-auth/passkey/client` 1.7,
 * a devDependency used only in tests) registers a passkey and signs in with it against a
 * live Latch server over real HTTP, unchanged.
 *
 * Its browser half is @simplewebauthn/browser, which calls `navigator.credentials.create()`
 * and `.get()`. Node has no authenticator (nor, in Node 20, a `navigator`), so the test puts
 * a `navigator.credentials` on globalThis that hands the options to the software
 * authenticator (src/test/passkey-authenticator.ts) and returns its answer as a browser would: ArrayBuffers
 * in a PublicKeyCredential-shaped object. Everything from the client's options request to the
 * server's verification is the real code; the Chromium journey with a virtual authenticator
 * (issue 15, "Done when") covers the browser itself.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { passkeyClient } from '@better-auth/passkey/client';
import { createAuthClient } from 'better-auth/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, createAuth } from '../../app.ts';
import { createMemoryLogger } from '../../core/logger.ts';
import { createCapturingMailer } from '../../core/mail/transport.ts';
import { createNodeListener } from '../../node-adapter.ts';
import { openSharedDatabase, type SharedDatabase } from '../../test/harness.ts';
import { SoftwareAuthenticator } from '../../test/passkey-authenticator.ts';

let server: Server;
let auth: Auth;
let db: SharedDatabase;
let baseURL: string;
let authenticator: SoftwareAuthenticator;

const b64url = (buffer: ArrayBuffer | ArrayBufferView) =>
  Buffer.from(buffer instanceof ArrayBuffer ? buffer : buffer.buffer).toString('base64url');
const arrayBuffer = (value: string): ArrayBuffer => Uint8Array.from(Buffer.from(value, 'base64url')).buffer;

/** What the client asked the "browser" for, to check what it passed on. */
const calls: { kind: 'create' | 'get'; mediation?: string; allowCredentials?: number }[] = [];

interface CreationOptions {
  publicKey: { challenge: ArrayBuffer; rp: { id?: string; name: string }; user: { id: ArrayBuffer } };
}
interface RequestOptions {
  mediation?: string;
  publicKey: { challenge: ArrayBuffer; rpId?: string; allowCredentials?: { id: ArrayBuffer }[] };
}

const fakeCredentials = {
  async create({ publicKey }: CreationOptions) {
    calls.push({ kind: 'create' });
    const answer = authenticator.create({
      challenge: b64url(publicKey.challenge),
      rp: publicKey.rp,
      user: { id: b64url(publicKey.user.id) },
    });
    return {
      id: answer.id,
      rawId: arrayBuffer(answer.rawId),
      type: answer.type,
      authenticatorAttachment: answer.authenticatorAttachment,
      response: {
        clientDataJSON: arrayBuffer(answer.response.clientDataJSON),
        attestationObject: arrayBuffer(answer.response.attestationObject),
        getTransports: () => answer.response.transports,
      },
      getClientExtensionResults: () => ({}),
    };
  },
  async get(options: RequestOptions) {
    const { publicKey } = options;
    calls.push({
      kind: 'get',
      ...(options.mediation && { mediation: options.mediation }),
      allowCredentials: publicKey.allowCredentials?.length ?? 0,
    });
    const answer = authenticator.get({
      challenge: b64url(publicKey.challenge),
      rpId: publicKey.rpId,
      allowCredentials: publicKey.allowCredentials?.map((c) => ({ id: b64url(c.id) })),
    });
    return {
      id: answer.id,
      rawId: arrayBuffer(answer.rawId),
      type: answer.type,
      authenticatorAttachment: answer.authenticatorAttachment,
      response: {
        clientDataJSON: arrayBuffer(answer.response.clientDataJSON),
        authenticatorData: arrayBuffer(answer.response.authenticatorData),
        signature: arrayBuffer(answer.response.signature),
        userHandle: arrayBuffer(answer.response.userHandle),
      },
      getClientExtensionResults: () => ({}),
    };
  },
};

const globals = globalThis as Record<string, unknown>;
const saved = {
  navigator: globals.navigator,
  PublicKeyCredential: globals.PublicKeyCredential,
  document: globals.document,
};

beforeAll(async () => {
  // the browser's WebAuthn surface, as @simplewebauthn/browser looks for it
  Object.defineProperty(globalThis, 'navigator', {
    value: { credentials: fakeCredentials },
    configurable: true,
    writable: true,
  });
  globals.PublicKeyCredential = Object.assign(function PublicKeyCredential() {}, {
    isConditionalMediationAvailable: async () => true,
  });
  // the sign-in field the autofill attaches to (conditional UI)
  globals.document = { querySelectorAll: () => [{ autocomplete: 'username webauthn' }] };

  db = await openSharedDatabase('sqlite');
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // the relying party is the page's host: 127.0.0.1 here (a browser would need a domain name)
  authenticator = new SoftwareAuthenticator({ origin: baseURL });
  auth = createAuth(
    {
      baseURL,
      secret: 'compat-secret-that-is-long-enough-0123456789',
      rateLimit: { enabled: false },
      plugins: { passkey: {} },
    },
    { database: db.handle, mailer: createCapturingMailer(), logger: createMemoryLogger(), env: { test: true } },
  );
  server.on('request', createNodeListener(auth));
});

afterAll(async () => {
  Object.defineProperty(globalThis, 'navigator', { value: saved.navigator, configurable: true, writable: true });
  globals.PublicKeyCredential = saved.PublicKeyCredential;
  globals.document = saved.document;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await auth.close();
  await db.close();
});

/** Node has no cookie store: a tiny jar that behaves like the browser's for one origin. */
function browserFetch(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if ((init?.method ?? 'GET') !== 'GET') headers.set('origin', baseURL);
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (/Max-Age=0/.test(line)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
}

function betterAuthClient() {
  return createAuthClient({ baseURL, plugins: [passkeyClient()], fetchOptions: { customFetchImpl: browserFetch() } });
}

describe("better-auth's passkey client against Latch", () => {
  it('adds a passkey, lists and renames it, then signs in with it in another browser (button and autofill)', async () => {
    const owner = betterAuthClient();
    const email = `passkey-compat-${Date.now()}@example.test`;
    const up = await owner.signUp.email({ name: 'Compat', email, password: 'Correct-Horse-9' });
    expect(up.error).toBeNull();

    const added = await owner.passkey.addPasskey({ name: 'Test key' });
    expect(added.error).toBeNull();
    expect(added.data).toMatchObject({ name: 'Test key', userId: up.data?.user.id, deviceType: 'singleDevice' });
    expect(calls.at(-1)).toEqual({ kind: 'create' });

    const listed = await owner.passkey.listUserPasskeys();
    expect(listed.error).toBeNull();
    expect(listed.data?.map((p) => p.name)).toEqual(['Test key']);
    const id = listed.data?.[0]?.id ?? '';
    const renamed = await owner.passkey.updatePasskey({ id, name: 'Laptop' });
    expect(renamed.error).toBeNull();
    expect(renamed.data?.passkey.name).toBe('Laptop');

    // the sign-in button: no address typed, any passkey of the site
    const visitor = betterAuthClient();
    const signedIn = await visitor.signIn.passkey();
    expect(signedIn.error).toBeNull();
    expect(calls.at(-1)).toEqual({ kind: 'get', allowCredentials: 0 });
    const session = await visitor.getSession();
    expect(session.data?.user.email).toBe(email);

    // the autofill of the sign-in field (conditional mediation)
    const autofill = betterAuthClient();
    const viaAutofill = await autofill.signIn.passkey({ autoFill: true });
    expect(viaAutofill.error).toBeNull();
    expect(calls.at(-1)).toEqual({ kind: 'get', mediation: 'conditional', allowCredentials: 0 });
    expect((await autofill.getSession()).data?.user.email).toBe(email);

    // and the passkey goes; the password stays the account's way in
    const deleted = await owner.passkey.deletePasskey({ id });
    expect(deleted.error).toBeNull();
    const again = await betterAuthClient().signIn.passkey();
    expect(again.error?.status).toBe(401);
  });

  it("a refusal reaches better-auth's client with its code", async () => {
    const stranger = betterAuthClient();
    const res = await stranger.passkey.addPasskey({ name: 'nope' });
    expect(res.error?.status).toBe(401);
    expect(res.data).toBeNull();
  });
});
