/**
 * The limits of this machine, measured in the same run: a bare node:http server answering
 * a fixed JSON body (the ceiling for any Node endpoint), the throughput of the password
 * hash on every core (the ceiling for sign-in), and of the ES256 signature verification
 * (the ceiling for passkey sign-in, which hashes no password).
 */
import { spawn } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes, sign, webcrypto } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { freePort } from './server.ts';

/** A bare server in its own process, as Latch runs in its own process. */
export async function startBareServer(
  root: string,
  script: 'bare-server.mjs' | 'bare-hash-server.mjs' = 'bare-server.mjs',
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'bench/src', script), String(port)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Latch's parameters (packages/server/src/core/crypto/password.ts): Argon2id, 19 MiB, t=2, p=1. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password verifications per second with every core busy: the library itself on libuv's
 * pool, twice as many in flight as cores, with nothing else to do. Latch's own pool
 * (hash-pool.ts) is not used, so the ceiling does not depend on it.
 */
export async function measureHashCeiling(seconds: number): Promise<{ perSecond: number; concurrency: number }> {
  const hash = await argon2Hash('Bench-Password-123', ARGON2);
  const concurrency = Math.max(2, availableParallelism() * 2);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  // warm-up
  await Promise.all(Array.from({ length: concurrency }, () => argon2Verify(hash, 'Bench-Password-123')));
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await argon2Verify(hash, 'Bench-Password-123');
        done++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), concurrency };
}

/**
 * In flight for the ES256 ceiling: more than the load's 50 connections. Each verification
 * is a key import on the main thread and a verification on libuv's pool; with few in
 * flight one waits for the other and the figure is lower (on the 2-core machine, 64 in
 * flight beat 4 and 16 in every trial).
 */
export const ES256_IN_FLIGHT = 64;

/**
 * ES256 (ECDSA on P-256 with SHA-256) verifications per second, each as
 * @simplewebauthn/server makes one for a passkey assertion (verifyEC2): the public key's x
 * and y imported through node:crypto's WebCrypto as a JWK (the library imports it again for
 * every assertion), then `subtle.verify` of an r ‖ s signature over authenticator data ‖
 * SHA-256(client data). What the library does around it in JavaScript (CBOR of the COSE
 * key, the DER signature unwrapped, the client data parsed) is left out: that is part of
 * what the passkey row pays, not of the machine's limit.
 */
export async function measureEs256Ceiling(seconds: number): Promise<{ perSecond: number; concurrency: number }> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  const jwk: JsonWebKey = { kty: 'EC', crv: 'P-256', x, y, ext: false };
  // authenticator data (RP ID hash, flags, counter: 37 bytes) ‖ SHA-256(clientDataJSON)
  const data = Buffer.concat([randomBytes(37), createHash('sha256').update(randomBytes(120)).digest()]);
  const signature = sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
  const verifyOnce = async () => {
    const key = await webcrypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    if (!(await webcrypto.subtle.verify({ name: 'ECDSA', hash: { name: 'SHA-256' } }, key, signature, data)))
      throw new Error('the ES256 ceiling: a valid signature did not verify');
  };
  const concurrency = ES256_IN_FLIGHT;
  // warm-up
  await Promise.all(Array.from({ length: concurrency }, verifyOnce));
  const started = performance.now();
  const until = started + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await verifyOnce();
        done++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), concurrency };
}
